package gitops_test

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/api/sandbox/sandboxtest"
	"github.com/campaigns-cli/campaigns/model"
)

// patchRecorder is the wire under the real client, keeping a copy of every
// PATCH body it carries, with its If-Match.
type patchRecorder struct {
	mu        sync.Mutex
	patches   []*model.Campaign
	ifMatches []string
}

func (r *patchRecorder) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Method == http.MethodPatch && req.Body != nil {
		b, err := io.ReadAll(req.Body)
		if err != nil {
			return nil, err
		}
		req.Body = io.NopCloser(bytes.NewReader(b))
		if c, err := model.Decode(b); err == nil {
			r.mu.Lock()
			r.patches = append(r.patches, c)
			r.ifMatches = append(r.ifMatches, req.Header.Get("If-Match"))
			r.mu.Unlock()
		}
	}
	return http.DefaultTransport.RoundTrip(req)
}

// recording makes e's planner send through a patchRecorder.
func (e *env) recording() *patchRecorder {
	e.t.Helper()
	rs := &patchRecorder{}
	e.planner = e.plannerOver(rs)
	return rs
}

// An exported scheduled campaign whose schedule_time is moved in the file
// (read form, as GET wrote it): the plan says which request form it sends
// and why, apply sends scheduling_details in that form (start_time,
// timezone, AT_FIXED_TIME; nothing of the read form), the service takes
// it, and the file is the service's record again.
func TestApplySendsAMovedScheduleInTheRequestForm(t *testing.T) {
	e := newEnv(t)
	id := e.find("Weekend flash sale")["campaign_id"].(string) // ONE_TIME, SCHEDULED
	f := e.export(id)
	sd := f.Tree["scheduling_details"].(map[string]any)
	if sd["delivery_type"] != "SCHEDULED" || sd["start_time"] != nil || sd["schedule_time"] == nil {
		t.Fatalf("export is not in the read form: %v", sd)
	}
	at, err := time.Parse("2006-01-02T15:04:05", sd["schedule_time"].(string))
	if err != nil {
		t.Fatal(err)
	}
	moved := at.Add(time.Hour).Format("2006-01-02T15:04:05")
	sd["schedule_time"] = moved
	rs := e.recording()
	p := e.planner.Plan(ctx, f)
	if len(p.Notes) != 1 || !strings.Contains(p.Notes[0], "AT_FIXED_TIME") || !strings.Contains(p.Notes[0], "SCHEDULED at a schedule_time") {
		t.Fatalf("plan notes %q (%s %s %+v)", p.Notes, p.Action, p.Reason, p.Problems)
	}
	out := e.planner.Apply(ctx, p)
	if out.Err != nil || !out.Sent {
		t.Fatalf("apply: sent %v, %v (%s %s)", out.Sent, out.Err, out.Action, out.Reason)
	}
	if len(rs.patches) != 1 {
		t.Fatalf("%d PATCHes, want 1", len(rs.patches))
	}
	got := rs.patches[0].SchedulingDetails
	if got == nil || got.ScheduleTime != nil || got.TimeZone != nil || got.Frequency != nil ||
		*got.DeliveryType != model.ScheduleFixedTime || got.StartTime == nil || *got.StartTime != moved {
		t.Errorf("PATCH's scheduling_details: %s", model.Encode(&model.Campaign{SchedulingDetails: got}))
	}
	if st := e.get(id).SchedulingDetails.ScheduleTime; st == nil || *st != moved {
		t.Errorf("service's schedule_time %v", st)
	}
	// The service shows the schedule in its read form again: the file is
	// rewritten with the record read back, not with the request form sent.
	if f := e.writtenAsServed(f.Path, id); f.UpdatedAt() == "" {
		t.Error("a record read back lost its updated_at")
	}
}

// A periodic schedule changed in its read form (which gives only the time
// of day) is refused before sending, naming start_time; with start_time in
// the file it is sent.
func TestApplyRefusesAPeriodicScheduleWithoutItsDate(t *testing.T) {
	e := newEnv(t)
	c := sandboxtest.Campaign(t, "push_periodic.json")
	c.RequestID = nil
	res, err := e.client.Create(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	id := res.ID
	if err := e.client.Publish(ctx, id); err != nil { // starts ahead: SCHEDULED
		t.Fatal(err)
	}
	f := e.export(id)
	sd := f.Tree["scheduling_details"].(map[string]any)
	sd["expiry_time"] = "2026-12-30T10:00:00"
	p := e.planner.Plan(ctx, f)
	if p.Action != gitops.ActionRefused || len(p.Problems) != 1 || p.Problems[0].Target != "scheduling_details.start_time" {
		t.Fatalf("plan: %s %s %+v", p.Action, p.Reason, p.Problems)
	}
	delete(sd, "schedule_time")
	sd["start_time"] = "2026-07-06T10:00:00"
	rs := e.recording()
	out := e.planner.Apply(ctx, e.planner.Plan(ctx, f))
	if out.Err != nil || !out.Sent || len(rs.patches) != 1 {
		t.Fatalf("apply: sent %v, %v (%s %s %+v)", out.Sent, out.Err, out.Action, out.Reason, out.Problems)
	}
	if got := rs.patches[0].SchedulingDetails; got.TimeZone != nil || got.Frequency != nil || *got.DeliveryType != model.ScheduleFixedTime {
		t.Errorf("PATCH's scheduling_details: %s", model.Encode(&model.Campaign{SchedulingDetails: got}))
	}
	if exp := e.get(id).SchedulingDetails.ExpiryTime; exp == nil || *exp != "2026-12-30T10:00:00" {
		t.Errorf("service's expiry_time %v", exp)
	}
}
