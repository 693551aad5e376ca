package gitops_test

import (
	"bytes"
	"io"
	"net/http"
	"sync"
	"testing"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/api/sandbox"
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
	ws := sandbox.DefaultWorkspace()
	c, err := api.New(api.Config{BaseURL: e.client.BaseURL(), WorkspaceID: ws.ID, APIKey: ws.Key, HTTPClient: &http.Client{Transport: rs}})
	if err != nil {
		e.t.Fatal(err)
	}
	e.planner.Core = ops.New(c, ops.Options{Pacer: e.planner.Core.Pacer()})
	return rs
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
	rs := e.recording()
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
