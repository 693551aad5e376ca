package mcpserver_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/refserver"
	"github.com/campaigns-cli/campaigns/api/sandbox/sandboxtest"
)

// TestReferenceExamplesThroughTheTools replays the real service's own GET,
// search and meta examples (served verbatim) through the reading tools, and
// checks the read-form records the agent gets back validate without a
// scheduling problem.
func TestReferenceExamplesThroughTheTools(t *testing.T) {
	ref := refserver.Start(t)
	clk := sandboxtest.NewClock(time.Date(2024, 11, 1, 9, 0, 0, 0, time.UTC))
	h := connect(t, api.Config{BaseURL: ref.URL, WorkspaceID: refserver.Workspace, APIKey: refserver.Key, Sleep: clk.Sleep, MaxRetries: -1}, clk, true)
	for _, id := range []string{refserver.ScheduledPush, refserver.PeriodicEmail, refserver.APITriggered} {
		got := h.ok("get_campaign", map[string]any{"campaign_id": id})
		if got["id"] != id {
			t.Fatalf("get_campaign %s: %v", id, got)
		}
		v := h.ok("validate_campaign", map[string]any{"campaign": got, "phase": "publish"})
		if s := fmt.Sprint(v["problems"]); strings.Contains(s, "scheduling_details") {
			t.Errorf("%s: validate_campaign of the read form: %s", id, s)
		}
	}
	meta := h.ok("get_campaign_meta", map[string]any{"campaign_id": refserver.PeriodicEmail})
	if s := fmt.Sprint(meta); !strings.Contains(s, "Weekly Newsletter") || !strings.Contains(s, "total_child_campaigns:12") {
		t.Errorf("get_campaign_meta: %s", s)
	}
	found := h.ok("search_campaigns", map[string]any{"channel": []string{"EMAIL"}})
	if s := fmt.Sprint(found); !strings.Contains(s, "Summer Sale Email") {
		t.Errorf("search_campaigns: %s", s)
	}
	for _, route := range []string{"GET /v5/campaigns/{id}", "POST /v5/campaigns/meta", "POST /v5/campaigns/search"} {
		if ref.Served(route) == 0 {
			t.Errorf("%s never asked", route)
		}
	}
}
