package mcpserver_test

import (
	"encoding/json"
	"testing"
)

// An agent creates an event-triggered draft sent AFTER its event without
// naming the trigger attribute: the draft gets "If Action", as the editor
// gives it, and the other share of two variations follows from one.
func TestCreateDraftFillsInWhatFollows(t *testing.T) {
	h := start(t, false)
	fixture := fixtureBody(t, "push_event_triggered.json")
	tc := fixture["trigger_condition"].(map[string]any)
	tc["trigger_relation"] = "AFTER"
	delete(tc, "trigger_attr")
	vd := fixture["campaign_content"].(map[string]any)["variation_details"].(map[string]any)
	vd["distribution_type"] = "MANUAL"
	vd["manual_distribution_percentage"] = map[string]any{"variation_1": 30}
	id, _ := h.ok("create_draft", map[string]any{"campaign": fixture})["campaign_id"].(string)
	if id == "" {
		t.Fatal("no campaign_id from create_draft")
	}
	got := h.ok("get_campaign", map[string]any{"campaign_id": id})
	if attr := got["trigger_condition"].(map[string]any)["trigger_attr"]; attr != "If Action" {
		t.Errorf("trigger_attr %v, want If Action", attr)
	}
	shares := got["campaign_content"].(map[string]any)["variation_details"].(map[string]any)["manual_distribution_percentage"].(map[string]any)
	if shares["variation_2"] != float64(70) && shares["variation_2"] != json.Number("70") {
		t.Errorf("shares %v, want variation_2 70", shares)
	}
}
