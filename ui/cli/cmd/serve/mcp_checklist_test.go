package serve

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
)

// MCP's get_campaign_meta carries the will-it-send checklist beside the
// meta row: the one `campaigns status` prints.
func TestMCPMetaCarriesTheChecklist(t *testing.T) {
	t.Parallel()
	s := startMCP(clitest.New(t, nil))
	res := s.request("tools/call", map[string]any{"name": "search_campaigns", "arguments": map[string]any{"status": []string{"PAUSED"}, "name": "Weekly picks"}})
	var found struct {
		Campaigns []struct {
			CampaignID string `json:"campaign_id"`
		} `json:"campaigns"`
	}
	b, _ := json.Marshal(res["structuredContent"])
	if json.Unmarshal(b, &found) != nil || len(found.Campaigns) == 0 {
		t.Fatalf("no paused campaign found: %v", res)
	}
	res = s.request("tools/call", map[string]any{"name": "get_campaign_meta", "arguments": map[string]any{"campaign_id": found.Campaigns[0].CampaignID}})
	var got struct {
		CampaignStatus string `json:"campaign_status"`
		Checklist      []struct {
			Check, Detail string
			OK            bool
		} `json:"checklist"`
	}
	b, _ = json.Marshal(res["structuredContent"])
	text := string(b)
	if err := json.Unmarshal(b, &got); err != nil {
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
