package sandbox

import (
	"net/http"
	"testing"

	"github.com/campaigns-cli/campaigns/api"
)

// TestIdempotencyFloodSparesOthers: one client filling the workspace's
// store of answers with refusals, then with large answers, loses its own
// before another client's earlier, small answers: those replay whole (a
// lost create answer is what turns a re-run apply into a duplicate).
func TestIdempotencyFloodSparesOthers(t *testing.T) {
	e := newEnv(t, func(c *Config) { c.IdempotencyQuotaBytes = 100 << 10 })
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
	check("after a flood of large answers")
}
