package gitops_test

import (
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/model"
)

// A change on the service between the plan's read and the PATCH: the PATCH
// carries If-Match, the service refuses, apply reports a conflict and the
// other change stays.
func TestIfMatchTurnsARaceIntoAConflict(t *testing.T) {
	e := newEnv(t)
	svc := e.recording()
	rec := e.find("Summer sale kickoff")
	id := rec["campaign_id"].(string)
	f := e.export(id)
	setName(f, "Summer sale, mine")
	p := e.planner.Plan(ctx, f)
	if p.Action != gitops.ActionPatch || p.ETag == "" {
		t.Fatalf("plan: %s etag %q", p.Action, p.ETag)
	}

	e.clock.Advance(time.Second)
	other := e.get(id)
	*other.BasicDetails.Name = "Summer sale, theirs"
	if _, err := e.client.Patch(ctx, id, api.WithIdentity(&model.Campaign{BasicDetails: other.BasicDetails}, other)); err != nil {
		t.Fatal(err)
	}

	out := e.planner.Apply(ctx, p)
	if out.Sent || out.Action != gitops.ActionConflict || len(svc.ifMatches) != 1 || svc.ifMatches[0] != p.ETag {
		t.Fatalf("apply: sent %v action %s if-match %v: %s", out.Sent, out.Action, svc.ifMatches, out.Reason)
	}
	if n := *e.get(id).BasicDetails.Name; n != "Summer sale, theirs" {
		t.Fatalf("overwritten: %q", n)
	}

	// Without a race the same path sends.
	e.clock.Advance(time.Second)
	f = e.export(id)
	setName(f, "Summer sale, mine")
	if out := e.planner.Apply(ctx, e.planner.Plan(ctx, f)); !out.Sent || out.Err != nil {
		t.Fatalf("apply without a race: %v %s", out.Err, out.Reason)
	}
}
