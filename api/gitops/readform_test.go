package gitops_test

import (
	"context"
	"sync"
	"testing"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/model"
)

// recordingService is the real client, keeping a copy of every PATCH body.
type recordingService struct {
	*api.Client
	mu      sync.Mutex
	patches []*model.Campaign
}

func (r *recordingService) keep(p *model.Campaign) {
	r.mu.Lock()
	r.patches = append(r.patches, model.Clone(p))
	r.mu.Unlock()
}

func (r *recordingService) Patch(ctx context.Context, id string, p *model.Campaign) (api.PatchResult, error) {
	r.keep(p)
	return r.Client.Patch(ctx, id, p)
}

func (r *recordingService) PatchTagged(ctx context.Context, id string, p *model.Campaign, ifMatch string) (api.PatchResult, string, error) {
	r.keep(p)
	return r.Client.PatchTagged(ctx, id, p, ifMatch)
}

// An exported published campaign whose schedule is edited in the file (its
// scheduling_details in the response form, as GET wrote it): apply sends
// scheduling_details in the request form, and the service takes it.
func TestApplySendsNoResponseOnlySchedulingFields(t *testing.T) {
	e := newEnv(t)
	rec := e.find("Weekly picks") // PERIODIC, PAUSED
	id := rec["campaign_id"].(string)
	f := e.export(id)
	sd := f.Tree["scheduling_details"].(map[string]any)
	sd["delivery_type"], sd["schedule_time"], sd["time_zone"], sd["frequency"] = "PERIODIC", "10:00:00", "Asia/Singapore", "WEEKLY"
	sd["expiry_time"] = "2026-12-30T10:00:00"
	rs := &recordingService{Client: e.client}
	e.planner.Service = rs
	out := e.planner.Apply(ctx, e.planner.Plan(ctx, f))
	if out.Err != nil || !out.Sent {
		t.Fatalf("apply: sent %v, %v (%s %s)", out.Sent, out.Err, out.Action, out.Reason)
	}
	if len(rs.patches) != 1 {
		t.Fatalf("%d PATCHes, want 1", len(rs.patches))
	}
	got := rs.patches[0].SchedulingDetails
	if got == nil || got.ScheduleTime != nil || got.TimeZone != nil || got.Frequency != nil || *got.DeliveryType != model.ScheduleFixedTime {
		t.Errorf("PATCH's scheduling_details: %s", model.Encode(&model.Campaign{SchedulingDetails: got}))
	}
	if exp := e.get(id).SchedulingDetails.ExpiryTime; exp == nil || *exp != "2026-12-30T10:00:00" {
		t.Errorf("service's expiry_time %v", exp)
	}
}
