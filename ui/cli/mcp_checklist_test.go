package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

// MCP's get_campaign_meta carries the will-it-send checklist beside the
// meta row: the one `campaigns status` prints.
func TestMCPMetaCarriesTheChecklist(t *testing.T) {
	freshHome(t)
	s := startMCP(t)
	res := s.request("tools/call", map[string]any{"name": "search_campaigns", "arguments": map[string]any{"status": []string{"PAUSED"}, "name": "Weekly picks"}})
	var id string
	for _, c := range res["content"].([]any) {
		text, _ := c.(map[string]any)["text"].(string)
		if i := strings.Index(text, `"campaign_id":"`); i >= 0 {
			id = text[i+len(`"campaign_id":"`):][:24]
		}
	}
	if id == "" {
		t.Fatalf("no paused campaign found: %v", res)
	}
	res = s.request("tools/call", map[string]any{"name": "get_campaign_meta", "arguments": map[string]any{"campaign_id": id}})
	var got struct {
		CampaignStatus string `json:"campaign_status"`
		Checklist      []struct {
			Check, Detail string
			OK            bool
		} `json:"checklist"`
	}
	text := res["content"].([]any)[0].(map[string]any)["text"].(string)
	if err := json.Unmarshal([]byte(text), &got); err != nil {
		t.Fatalf("%v: %s", err, text)
	}
	if got.CampaignStatus != "PAUSED" || len(got.Checklist) == 0 || got.Checklist[0].Check != "state" || got.Checklist[0].OK ||
		!strings.HasPrefix(got.Checklist[0].Detail, "PAUSED: it sends nothing") {
		t.Fatalf("meta with its checklist: %s", text)
	}
	if code := s.close(); code != 0 {
		t.Fatalf("exit %d", code)
	}
}
