package sandbox

import (
	"net/http"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/api"
)

// TestIdempotencyFloodSparesOthers: one client filling the workspace's
// store of answers with refusals loses its own refusals before another
// client's earlier create answers: those replay whole (a lost create answer
// is what turns a re-run apply into a duplicate). Successful answers past
// the quota go oldest first, as decisions.md §6 says: their replay keeps
// the original status and says the body is no longer kept.
func TestIdempotencyFloodSparesOthers(t *testing.T) {
	e := parallelEnv(t, func(c *Config) { c.IdempotencyQuotaBytes = 100 << 10 })
	type kept struct {
		key  string
		body map[string]any
		raw  []byte
	}
	var first []kept
	for range 5 {
		k, b := newUUID(), minimalPush()
		r := e.do("POST", api.PathCampaigns, b, api.HeaderIdempotencyKey, k)
		want(t, r, http.StatusCreated)
		first = append(first, kept{k, b, r.raw})
	}
	check := func(phase string) {
		t.Helper()
		for i, a := range first {
			r := e.do("POST", api.PathCampaigns, a.body, api.HeaderIdempotencyKey, a.key)
			if r.status != http.StatusCreated || string(r.raw) != string(a.raw) {
				t.Fatalf("%s: create answer %d not replayed whole: %d %.200s", phase, i, r.status, r.raw)
			}
		}
	}
	for range 30 { // refusals of about 13 KiB each: 390 KiB against 100 KiB
		want(t, e.do("POST", api.PathCampaigns, timeboundsBody(2000)), http.StatusBadRequest)
	}
	waitTrimmed(t, e, 100<<10)
	check("after a flood of refusals")
	for range 10 { // answers of 30 KiB each
		want(t, e.do("POST", api.PathPreview, previewBody(30<<10)), http.StatusOK)
	}
	waitTrimmed(t, e, 100<<10)
	oldest := first[0]
	r := e.do("POST", api.PathCampaigns, oldest.body, api.HeaderIdempotencyKey, oldest.key)
	if r.status != http.StatusCreated || !strings.Contains(string(r.raw), "no longer kept") {
		t.Fatalf("the oldest answer past the quota: %d %.200s", r.status, r.raw)
	}
}

// TestOversizedAnswerKeptWithoutItsBody: an answer over MaxStoredAnswer (a
// preview rendering two fields of nearly 1 MiB each) is sent whole, but
// stored with its status only: its replay says the answer is no longer
// kept, and the workspace's store does not grow by it.
func TestOversizedAnswerKeptWithoutItsBody(t *testing.T) {
	e := parallelEnv(t, nil)
	// 900,000 bytes rendered in 90 rounds: cheap enough to stay far inside
	// the 100 ms rendering budget under -race on a loaded machine.
	big := "{% for i in range(90) %}" + strings.Repeat("x", 10000) + "{% endfor %}"
	content := androidContent(big)
	bd := content["content"].(map[string]any)["push"].(map[string]any)["android"].(map[string]any)["basic_details"].(map[string]any)
	bd["message"] = big
	body := map[string]any{"channel": "PUSH", "user_identification": map[string]any{"type": "USER_ATTRIBUTE_UNIQUE_ID", "value": "user-001"},
		"campaign_content": content}
	key := newUUID()
	first := e.do("POST", api.PathPreview, body, api.HeaderIdempotencyKey, key)
	want(t, first, http.StatusOK)
	if len(first.raw) <= MaxStoredAnswer {
		t.Fatalf("the answer is only %d bytes", len(first.raw))
	}
	again := e.do("POST", api.PathPreview, body, api.HeaderIdempotencyKey, key)
	if again.status != http.StatusOK || again.header.Get("Idempotent-Replayed") != "true" || !strings.Contains(string(again.raw), "no longer kept") {
		t.Errorf("replay: %d %.200s", again.status, again.raw)
	}
	if kept, _ := e.s.store.IdemUsage(t.Context()); kept[DefaultWorkspaceID] > 0 {
		t.Errorf("%d bytes kept for an answer over the cap", kept[DefaultWorkspaceID])
	}
}
