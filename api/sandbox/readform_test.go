package sandbox

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api"
)

// searchRecord finds one campaign through the search route and returns its
// record as the service sent it.
func (e *env) searchRecord(id string, statuses ...string) map[string]any {
	e.t.Helper()
	f := map[string]any{"ids": []string{id}}
	if len(statuses) > 0 {
		f["status"] = statuses
	}
	r := e.do("POST", api.PathSearch, map[string]any{"limit": 15, "page": 1, "campaign_fields": f})
	want(e.t, r, http.StatusOK)
	var res struct{ Campaigns []map[string]any }
	r.data(e.t, &res)
	if len(res.Campaigns) != 1 {
		e.t.Fatalf("search for %s: %s", id, r.raw)
	}
	return res.Campaigns[0]
}

// TestReadFormPastDraft: GET and search of a published campaign carry
// scheduling_details in the reference's read form only (no start_time, no
// timezone); other stored scheduling fields as stored; a draft keeps the
// request form.
func TestReadFormPastDraft(t *testing.T) {
	e := parallelEnv(t, nil)
	start := e.clk.Now().Add(2 * time.Hour)
	one := e.create(withStart(fixture(t, "push_one_time"), start, "Europe/Madrid"))
	if sd := e.searchRecord(one, "DRAFT")["scheduling_details"].(map[string]any); sd["start_time"] == nil || sd["schedule_time"] != nil {
		t.Errorf("a draft's search record is not in the request form: %v", sd)
	}
	want(t, e.publish(one), http.StatusNoContent)
	wantOne := map[string]any{"delivery_type": "SCHEDULED", "schedule_time": start.Format("2006-01-02T15:04:05"), "time_zone": "Europe/Madrid"}
	for name, rec := range map[string]map[string]any{"GET": e.get(one), "search": e.searchRecord(one)} {
		if sd := rec["scheduling_details"].(map[string]any); !sameJSON(sd, wantOne) {
			t.Errorf("%s scheduling_details %v, want %v", name, sd, wantOne)
		}
	}

	per := periodicFrom(t, e.clk.Now().Add(-time.Hour), "America/New_York")
	pid := e.create(per)
	want(t, e.publish(pid), http.StatusNoContent)
	for name, rec := range map[string]map[string]any{"GET": e.get(pid), "search": e.searchRecord(pid)} {
		sd := rec["scheduling_details"].(map[string]any)
		if sd["delivery_type"] != "PERIODIC" || sd["schedule_time"] != e.clk.Now().Add(-time.Hour).Format("15:04:05") ||
			sd["time_zone"] != "America/New_York" || sd["frequency"] != "WEEKLY" || sd["periodic_details"] == nil ||
			sd["start_time"] != nil || sd["timezone"] != nil {
			t.Errorf("%s periodic scheduling_details %v", name, sd)
		}
	}
}

// TestReadFormCannotMoveASchedule: a read-form schedule_time sent back as
// read is the stored schedule; a changed one is refused naming the field
// (only start_time moves a schedule), so nothing is silently dropped.
func TestReadFormCannotMoveASchedule(t *testing.T) {
	e := parallelEnv(t, nil)
	start := e.clk.Now().Add(2 * time.Hour)
	id := e.create(withStart(fixture(t, "push_one_time"), start, "UTC"))
	want(t, e.publish(id), http.StatusNoContent)
	sd := e.get(id)["scheduling_details"].(map[string]any)
	want(t, e.do("PATCH", api.PathCampaigns+"/"+id, map[string]any{"scheduling_details": sd}), http.StatusOK)
	sd["schedule_time"] = start.Add(time.Hour).Format("2006-01-02T15:04:05")
	want(t, e.do("PATCH", api.PathCampaigns+"/"+id, map[string]any{"scheduling_details": sd}),
		http.StatusBadRequest, api.CodeValidationFailed, "scheduling_details.schedule_time")
	if got := e.get(id)["scheduling_details"].(map[string]any)["schedule_time"]; got != start.Format("2006-01-02T15:04:05") {
		t.Errorf("schedule moved to %v", got)
	}
	body := minimalPush()
	body["scheduling_details"] = map[string]any{"delivery_type": "SCHEDULED", "schedule_time": "2027-01-01T10:00:00"}
	want(t, e.do("POST", api.PathCampaigns, body), http.StatusBadRequest, api.CodeValidationFailed, "scheduling_details.schedule_time")
}

// TestCreatedByFiltersAreEmails: search and meta refuse a created_by entry
// that is not an email, naming the entry.
func TestCreatedByFiltersAreEmails(t *testing.T) {
	e := parallelEnv(t, nil)
	for _, path := range []string{api.PathSearch, api.PathMeta} {
		body := map[string]any{"limit": 15, "page": 1, "campaign_fields": map[string]any{"created_by": []string{"ana@example.com", "not-an-email"}}}
		want(t, e.do("POST", path, body), http.StatusBadRequest, api.CodeValidationFailed, "campaign_fields.created_by[1]")
		body["campaign_fields"] = map[string]any{"created_by": []string{"ana@example.com"}}
		want(t, e.do("POST", path, body), http.StatusOK)
	}
}

func sameJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}
