package gitops_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/api/gitops"
)

// apply --plan writes the exact bodies; confirming the plan sends exactly
// them, and refuses when the service changed since (unless forced).
func TestPlanFileSendsExactlyItsBodiesAndRefusesAfterAChange(t *testing.T) {
	e := newEnv(t)
	id := e.find("June newsletter")["campaign_id"].(string)
	f := e.export(id)
	setName(f, "From the plan")
	if err := gitops.Save(f.Path, f.Tree); err != nil {
		t.Fatal(err)
	}
	p := e.planner.Plan(ctx, f)
	planPath := filepath.Join(t.TempDir(), "changes.plan")
	if err := gitops.NewPlanFile("svc", "ws", []gitops.Plan{p}).Write(planPath); err != nil {
		t.Fatal(err)
	}
	pf, err := gitops.ReadPlan(planPath)
	if err != nil || len(pf.Entries) != 1 {
		t.Fatalf("read plan: %v %+v", err, pf)
	}
	en := pf.Entries[0]
	if en.Method != "PATCH" || en.UpdatedAt == "" || en.RequestID != p.RequestID || string(gitops.Marshal(en.Body)) != string(gitops.Marshal(p.Body)) {
		t.Fatalf("entry %+v", en)
	}

	// A colleague renames it after the plan was made.
	e.renameOnService(id, "Colleague")
	plans := e.planner.FromPlan(ctx, pf)
	if plans[0].Action != gitops.ActionConflict || !strings.Contains(plans[0].Reason, "after the plan was made") {
		t.Fatalf("changed since the plan: %s %s", plans[0].Action, plans[0].Reason)
	}
	if o := e.planner.ApplyAll(ctx, plans, nil)[0]; o.Sent || *e.get(id).BasicDetails.Name != "Colleague" {
		t.Fatal("a stale plan was sent")
	}
	e.planner.Force = true
	o := e.planner.ApplyAll(ctx, e.planner.FromPlan(ctx, pf), nil)[0]
	if !o.Sent || o.Err != nil || *e.get(id).BasicDetails.Name != "From the plan" {
		t.Fatalf("forced plan: %+v %v", o.Action, o.Err)
	}
}
