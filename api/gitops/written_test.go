package gitops_test

import (
	"fmt"
	"testing"

	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/api/ops"
)

// An update of a live campaign with versioning on writes a new version:
// apply rewrites the file and its base with the new document id, the next
// version_number and the author it sent, without reading the campaign back.
func TestApplyWritesTheNewVersionAndTheAuthorWithoutReadingBack(t *testing.T) {
	e := newEnv(t)
	id := str(e.find("Weekly picks")["campaign_id"]) // PAUSED
	f := e.export(id)
	oldDoc := f.Tree["id"]
	setName(f, "Weekly picks, v2")
	pl := &gitops.Planner{Core: ops.New(e.client, ops.Options{Pacer: e.planner.Core.Pacer(), Author: "ana@example.com"})}
	p := pl.Plan(ctx, f)
	if p.Action != gitops.ActionPatch {
		t.Fatalf("plan: %s %s %v", p.Action, p.Reason, p.Problems)
	}
	gets, searches := e.gets.Load(), e.searches.Load()
	if out := pl.Apply(ctx, p); !out.Sent || out.Err != nil {
		t.Fatalf("apply: %s %v", out.Action, out.Err)
	}
	if g, s := e.gets.Load()-gets, e.searches.Load()-searches; g+s != 0 {
		t.Fatalf("apply of a plan read by GET read %d times more", g+s)
	}
	f = e.writtenAsServed(f.Path, id)
	if f.Tree["id"] == oldDoc || str(f.Tree["version_number"]) != "2" || f.Tree["updated_by"] != "ana@example.com" {
		t.Fatalf("the new version: id %v (was %v), version %v, updated_by %v", f.Tree["id"], oldDoc, f.Tree["version_number"], f.Tree["updated_by"])
	}
	if p := pl.Plan(ctx, f); p.Action != gitops.ActionNone || len(p.Drift) > 0 {
		t.Fatalf("after apply: %s %v drift %v", p.Action, gitops.Names(p.Changes), p.Drift)
	}
}

func str(v any) string {
	if v == nil {
		return ""
	}
	return fmt.Sprint(v)
}
