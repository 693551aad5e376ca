package mcpserver_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// publishedFixture creates testdata/campaigns/<name>.json through the tools
// and publishes it (it starts ahead: SCHEDULED); it returns the id and the
// GET's scheduling_details.
func publishedFixture(t *testing.T, h *harness, name string) (string, map[string]any) {
	t.Helper()
	id, _ := h.ok("create_draft", map[string]any{"campaign": fixtureBody(t, name+".json")})["campaign_id"].(string)
	if id == "" {
		t.Fatal("no campaign_id from create_draft")
	}
	if pub := h.ok("publish_campaign", map[string]any{"campaign_id": id}); pub["status"] != "SCHEDULED" {
		t.Fatalf("publish: %v", pub)
	}
	sd, _ := h.ok("get_campaign", map[string]any{"campaign_id": id})["scheduling_details"].(map[string]any)
	if sd["schedule_time"] == nil || sd["start_time"] != nil {
		t.Fatalf("GET without the read form to test with: %v", sd)
	}
	return id, sd
}

// sentSchedule is the scheduling_details of the last PATCH after before.
func sentSchedule(t *testing.T, h *harness, before int) map[string]any {
	t.Helper()
	ps := h.patches.all()[before:]
	if len(ps) != 1 {
		t.Fatalf("%d PATCHes, want 1", len(ps))
	}
	var body struct {
		SD      map[string]any `json:"scheduling_details"`
		Channel string         `json:"channel"`
	}
	json.Unmarshal(ps[0], &body)
	if body.Channel == "" {
		t.Errorf("PATCH without channel: %s", ps[0])
	}
	for _, k := range []string{"schedule_time", "time_zone", "frequency"} {
		if _, ok := body.SD[k]; ok {
			t.Errorf("PATCH carries the read-form %s: %s", k, ps[0])
		}
	}
	return body.SD
}

// An agent sends a published campaign's scheduling_details back as read:
// unchanged, it is not sent; with schedule_time moved, it is sent in the
// request form and the answer says which and why.
func TestUpdateSendsAMovedScheduleInTheRequestForm(t *testing.T) {
	h := start(t, false)
	id, sd := publishedFixture(t, h, "push_one_time")
	before := len(h.patches.all())
	res := h.ok("update_campaign", map[string]any{"campaign_id": id, "patch": map[string]any{"scheduling_details": sd,
		"utm_params": map[string]any{"utm_source": "a", "utm_medium": "b", "utm_campaign": "c"}}})
	if got := sentSchedule(t, h, before); got != nil {
		t.Errorf("an unchanged schedule was sent: %v (%v)", got, res)
	}
	sd["schedule_time"] = "2026-06-21T10:00:00"
	before = len(h.patches.all())
	res = h.ok("update_campaign", map[string]any{"campaign_id": id, "patch": map[string]any{"scheduling_details": sd}})
	got := sentSchedule(t, h, before)
	if got["delivery_type"] != "AT_FIXED_TIME" || got["start_time"] != "2026-06-21T10:00:00" || got["timezone"] != "Europe/Madrid" {
		t.Errorf("PATCH's scheduling_details %v", got)
	}
	if notes := fmt.Sprint(res["notes"]); !strings.Contains(notes, "AT_FIXED_TIME") || !strings.Contains(notes, "SCHEDULED at a schedule_time") {
		t.Errorf("update answer does not say which form it sent: %v", res)
	}
}

// A periodic schedule changed in the read form (its time of day only) is
// refused locally, naming start_time; with start_time it is sent.
func TestUpdateRefusesAPeriodicScheduleWithoutItsDate(t *testing.T) {
	h := start(t, false)
	id, sd := publishedFixture(t, h, "push_periodic")
	sd["expiry_time"] = "2026-12-30T10:00:00"
	before := len(h.patches.all())
	if e := h.fails("update_campaign", map[string]any{"campaign_id": id, "patch": map[string]any{"scheduling_details": sd}}); e["target"] != "scheduling_details.start_time" {
		t.Fatalf("refusal %v", e)
	}
	if n := len(h.patches.all()) - before; n != 0 {
		t.Fatalf("%d PATCHes sent", n)
	}
	delete(sd, "schedule_time")
	sd["start_time"] = "2026-07-06T10:00:00"
	h.ok("update_campaign", map[string]any{"campaign_id": id, "patch": map[string]any{"scheduling_details": sd}})
	if got := sentSchedule(t, h, before); got["delivery_type"] != "AT_FIXED_TIME" {
		t.Errorf("PATCH's delivery_type %v", got["delivery_type"])
	}
	after := h.ok("get_campaign", map[string]any{"campaign_id": id})
	if e := after["scheduling_details"].(map[string]any)["expiry_time"]; e != "2026-12-30T10:00:00" {
		t.Errorf("service's expiry_time %v", e)
	}
}
