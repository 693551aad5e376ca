package clitest

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/model"
)

// Export writes every campaign of the sandbox whose status is one of
// statuses (all of them, archived included, when none is given) into dir
// as `campaigns export` does (the record as GET returns it, its base
// beside), and returns the campaign ids by name.
func (sb *Sandbox) Export(t testing.TB, dir string, statuses ...string) map[string]string {
	t.Helper()
	ctx := context.Background()
	if len(statuses) == 0 {
		statuses = model.Statuses
	}
	unpaced := ops.NewPacer(nil)
	unpaced.Limits = nil // the test's sandbox has no limits to keep
	req := api.SearchRequest{CampaignFields: &api.SearchFields{Status: statuses}, IncludeArchiveCampaigns: true}
	var found []map[string]any
	err := gitops.SearchPages(ctx, sb.Client, unpaced, req, 1, 0, func(_ int, page []map[string]any) error {
		found = append(found, page...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]string{}
	for _, r := range gitops.Latest(found) {
		id := fmt.Sprint(r["campaign_id"])
		rec := sb.Record(t, id)
		if _, err := gitops.Export(dir, rec); err != nil {
			t.Fatal(err)
		}
		ids[nameOf(rec)] = id
	}
	return ids
}

// ExportOne writes campaign id into dir as `campaigns export ID` does and
// returns the file's path.
func (sb *Sandbox) ExportOne(t testing.TB, dir, id string) string {
	t.Helper()
	path, err := gitops.Export(dir, sb.Record(t, id))
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// Record is campaign id as GET returns it, as a JSON tree.
func (sb *Sandbox) Record(t testing.TB, id string) map[string]any {
	t.Helper()
	c, err := sb.Client.Get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	rec, _ := model.ToTree(c).(map[string]any)
	return rec
}

// Edit replaces the first from in the file at path with to; the test
// fails when the file has no from.
func Edit(t testing.TB, path, from, to string) {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(raw, []byte(from)) {
		t.Fatalf("%s has no %s", path, from)
	}
	if err := os.WriteFile(path, bytes.Replace(raw, []byte(from), []byte(to), 1), 0o644); err != nil {
		t.Fatal(err)
	}
}

func nameOf(rec map[string]any) string {
	b, _ := rec["basic_details"].(map[string]any)
	return fmt.Sprint(b["name"])
}

// ChangeBasicDetails changes campaign id's basic_details on the service,
// as a colleague's edit would.
func (sb *Sandbox) ChangeBasicDetails(t testing.TB, id string, change func(*model.BasicDetails)) {
	t.Helper()
	ctx := context.Background()
	c, err := sb.Client.Get(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	bd := model.Clone(c).BasicDetails
	change(bd)
	if _, err := ops.New(sb.Client, ops.Options{}).Update(ctx, id, &model.Campaign{BasicDetails: bd}, ops.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
}

// RemovedFromRepo exports two campaigns into a folder and removes one's
// file (its base stays): a campaign on the service that is no longer in
// the repository. It returns the folder and the kept and removed ids.
func (sb *Sandbox) RemovedFromRepo(t testing.TB) (dir, kept, removed string) {
	t.Helper()
	dir = t.TempDir()
	kept, removed = sb.IDOf(t, "Summer sale kickoff"), sb.IDOf(t, "June newsletter")
	sb.ExportOne(t, dir, kept)
	if err := os.Remove(sb.ExportOne(t, dir, removed)); err != nil {
		t.Fatal(err)
	}
	return dir, kept, removed
}
