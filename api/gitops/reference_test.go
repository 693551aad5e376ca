package gitops_test

import (
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/api/refserver"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// TestReferenceExamplesThroughGitops replays the real service's own GET
// examples (served verbatim): export writes them as read, the exported file
// validates without a scheduling problem (the read form's schedule is read,
// not reported as "start_time is required"), diff finds nothing and apply
// plans nothing.
func TestReferenceExamplesThroughGitops(t *testing.T) {
	ref := refserver.Start(t)
	pl := &gitops.Planner{Core: ops.New(ref.Client(t), ops.Options{})}
	dir := t.TempDir()
	for _, id := range []string{refserver.ScheduledPush, refserver.PeriodicEmail, refserver.APITriggered} {
		rec, err := pl.Fetch(ctx, id)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		path, err := gitops.Export(dir, rec)
		if err != nil {
			t.Fatal(err)
		}
		f, err := gitops.Load(path)
		if err != nil {
			t.Fatal(err)
		}
		if sd, _ := f.Tree["scheduling_details"].(map[string]any); sd != nil && (sd["schedule_time"] == nil || sd["start_time"] != nil) {
			t.Errorf("%s: export changed the read form: %v", id, sd)
		}
		c := new(model.Campaign)
		_ = model.FromTree(f.Tree, c)
		ps := ops.Validate(c, engine.PhasePublish, engine.Options{})
		for _, p := range ps {
			if strings.HasPrefix(p.Target, "scheduling_details") {
				t.Errorf("%s: validate of the export: %s: %s", id, p.Target, p.Message)
			}
		}
		if id == refserver.ScheduledPush {
			w, r := ops.Read(c, nil)
			if sd := w.SchedulingDetails; *sd.StartTime != "2024-11-28T12:00:00" || *sd.Timezone != "UTC" || *sd.DeliveryType != model.ScheduleFixedTime || r.Why == "" {
				t.Errorf("read as %s (%+v)", model.Encode(&model.Campaign{SchedulingDetails: sd}), r)
			}
		}
		if p := pl.Diff(ctx, f); p.Action != gitops.ActionNone {
			t.Errorf("%s: diff %s %v %s", id, p.Action, gitops.Names(p.Changes), p.Reason)
		}
		if p := pl.Plan(ctx, f); p.Action != gitops.ActionNone {
			t.Errorf("%s: apply plans %s %v %s", id, p.Action, gitops.Names(p.Changes), p.Reason)
		}
	}
	if n := ref.Served("GET /v5/campaigns/{id}"); n < 9 {
		t.Errorf("%d GETs served", n)
	}
}
