package gitops_test

import (
	"slices"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/model"
)

// renameOnService is a colleague renaming the campaign in the editor.
func (e *env) renameOnService(id, name string) {
	e.t.Helper()
	e.clock.Advance(time.Minute)
	other := e.get(id)
	patch := &model.Campaign{BasicDetails: model.Clone(other.BasicDetails)}
	*patch.BasicDetails.Name = name
	if _, err := e.client.Patch(ctx, id, api.WithIdentity(patch, other)); err != nil {
		e.t.Fatal(err)
	}
}

// The example: a colleague renames the campaign on the service; the
// file changes basic_details.tags and utm_params. Only fields changed on
// both sides differently conflict, so nothing does: apply sends the merged
// basic_details (the colleague's name and the file's tags) and utm_params.
func TestThreeWayMergesChangesToDifferentFields(t *testing.T) {
	e := newEnv(t)
	id := e.find("June newsletter")["campaign_id"].(string)
	f := e.export(id)
	e.renameOnService(id, "June newsletter (legal approved)")

	bd := f.Tree["basic_details"].(map[string]any)
	bd["tags"] = []any{"newsletter", "q2"}
	f.Tree["utm_params"].(map[string]any)["utm_campaign"] = "june_2026_b"
	p := e.planner.Plan(ctx, f)
	if p.Action != gitops.ActionPatch || len(p.FieldConflicts) != 0 {
		t.Fatalf("plan: %s, conflicts %+v: %s", p.Action, p.FieldConflicts, p.Reason)
	}
	if got := gitops.Names(p.Changes); !slices.Equal(got, []string{"basic_details", "utm_params"}) {
		t.Fatalf("sends %v", got)
	}
	if out := e.planner.Apply(ctx, p); out.Err != nil || !out.Sent {
		t.Fatalf("apply: %v %s", out.Err, out.Reason)
	}
	c := e.get(id)
	if *c.BasicDetails.Name != "June newsletter (legal approved)" || !slices.Equal(c.BasicDetails.Tags, []string{"newsletter", "q2"}) {
		t.Fatalf("merged basic_details: name %q, tags %v", *c.BasicDetails.Name, c.BasicDetails.Tags)
	}
	if *c.UTMParams.UTMCampaign != "june_2026_b" {
		t.Fatalf("utm_campaign %q", *c.UTMParams.UTMCampaign)
	}
	// The base moved with the apply: a second run sends nothing.
	f, _ = gitops.Load(f.Path)
	if again := e.planner.Plan(ctx, f); again.Action != gitops.ActionNone {
		t.Fatalf("second run: %s %v", again.Action, gitops.Names(again.Changes))
	}
}

// A field changed on both sides differently is one conflict with its three
// values; --force takes the file's value for that field only and never
// reverts a field the file did not change.
func TestForceWinsOnlyOnConflictingFields(t *testing.T) {
	e := newEnv(t)
	id := e.find("June newsletter")["campaign_id"].(string)
	f := e.export(id)
	base := e.get(id)
	// The colleague renames and retags.
	e.clock.Advance(time.Minute)
	patch := &model.Campaign{BasicDetails: model.Clone(base.BasicDetails)}
	*patch.BasicDetails.Name = "Theirs"
	patch.BasicDetails.Tags = []string{"theirs"}
	if _, err := e.client.Patch(ctx, id, api.WithIdentity(patch, base)); err != nil {
		t.Fatal(err)
	}
	setName(f, "Mine")
	p := e.planner.Plan(ctx, f)
	if p.Action != gitops.ActionConflict || len(p.FieldConflicts) != 1 {
		t.Fatalf("plan: %s %+v", p.Action, p.FieldConflicts)
	}
	c := p.FieldConflicts[0]
	if c.Path != "basic_details.name" || c.Base != *base.BasicDetails.Name || c.File != "Mine" || c.Service != "Theirs" {
		t.Fatalf("conflict %+v", c)
	}
	if out := e.planner.Apply(ctx, p); out.Sent {
		t.Fatal("a conflict was sent")
	}
	e.planner.Force = true
	p = e.planner.Plan(ctx, f)
	if out := e.planner.Apply(ctx, p); out.Err != nil || !out.Sent {
		t.Fatalf("forced: %s %v", p.Action, out.Err)
	}
	got := e.get(id)
	if *got.BasicDetails.Name != "Mine" || !slices.Equal(got.BasicDetails.Tags, []string{"theirs"}) {
		t.Fatalf("forced apply: name %q tags %v (the colleague's tags must stay)", *got.BasicDetails.Name, got.BasicDetails.Tags)
	}
}

// Rewritten files need not be committed back: with the old base and the
// old (edited) file, a run after an apply sees the same change on both
// sides and sends nothing.
func TestUncommittedRewriteIsNotAConflict(t *testing.T) {
	e := newEnv(t)
	id := e.find("June newsletter")["campaign_id"].(string)
	f := e.export(id)
	baseRaw := readFile(t, gitops.BasePath(f.Path, id))
	setName(f, "Edited in git")
	if err := gitops.Save(f.Path, f.Tree); err != nil {
		t.Fatal(err)
	}
	fileRaw := readFile(t, f.Path)
	f, _ = gitops.Load(f.Path)
	e.clock.Advance(time.Second)
	if out := e.planner.Apply(ctx, e.planner.Plan(ctx, f)); out.Err != nil || !out.Sent {
		t.Fatalf("apply: %v", out.Err)
	}
	// A fresh checkout: the committed file and base, not the rewrites.
	writeFile(t, f.Path, fileRaw)
	writeFile(t, gitops.BasePath(f.Path, id), baseRaw)
	f, _ = gitops.Load(f.Path)
	if p := e.planner.Plan(ctx, f); p.Action != gitops.ActionNone {
		t.Fatalf("checkout after apply: %s %v %s", p.Action, p.FieldConflicts, p.Reason)
	}
}
