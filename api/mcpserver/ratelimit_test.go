package mcpserver_test

import (
	"fmt"
	"testing"
	"time"
)

// TestRateLimitsAreHonoured: past the service's 10 requests a second the
// client waits as Retry-After says and the tools keep answering; past the
// 100 a minute the wait is too long to block on, and the tool says so with
// the service's code and the time to wait.
func TestRateLimitsAreHonoured(t *testing.T) {
	t.Parallel()
	h := start(t, false)
	res := h.ok("search_campaigns", map[string]any{"limit": 1})
	id := res["campaigns"].([]any)[0].(map[string]any)["campaign_id"]
	t0 := h.clock.Now()
	for i := range 30 {
		if out, isErr := h.call("get_campaign", map[string]any{"campaign_id": id}); isErr {
			t.Fatalf("call %d: %v", i, out)
		}
	}
	if waited := h.clock.Now().Sub(t0); waited < 2*time.Second {
		t.Fatalf("31 requests within the 10/s limit took %v of service time: the client did not pace", waited)
	}
	var last map[string]any
	for range 100 {
		out, isErr := h.call("get_campaign", map[string]any{"campaign_id": id})
		if isErr {
			last = out["error"].(map[string]any)
			break
		}
	}
	if last == nil {
		t.Fatal("130 requests in a minute of service time were all answered")
	}
	if last["code"] != "RATE_LIMITED" || last["status"] != float64(429) || fmt.Sprint(last["retry_after_seconds"]) == "<nil>" {
		t.Fatalf("rate-limit error: %v", last)
	}
}
