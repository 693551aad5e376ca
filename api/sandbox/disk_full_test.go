package sandbox

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/api"
)

// TestDiskFullIs503: when the database cannot grow (SQLite's "database or
// disk is full"), a write is a 503 INTERNAL_ERROR saying the disk is full,
// with Retry-After, and nothing is written; once there is room again the
// same request succeeds without a restart.
func TestDiskFullIs503(t *testing.T) {
	e := parallelEnv(t, func(c *Config) { c.DataDir = t.TempDir() })
	st := e.s.store.(*sqliteStore)
	var pages int
	if err := st.write.QueryRow("PRAGMA page_count").Scan(&pages); err != nil {
		t.Fatal(err)
	}
	if _, err := st.write.Exec("PRAGMA max_page_count = " + strconv.Itoa(pages)); err != nil {
		t.Fatal(err)
	}
	body := minimalPush()
	body["basic_details"] = map[string]any{"name": strings.Repeat("n", 200_000)}
	key := newUUID()
	r := e.do("POST", api.PathCampaigns, body, api.HeaderIdempotencyKey, key)
	want(t, r, http.StatusServiceUnavailable, api.CodeInternalError)
	if !strings.Contains(r.env.Error.Message, "disk is full") || r.header.Get(api.HeaderRetryAfter) == "" {
		t.Errorf("%s (Retry-After %q)", r.raw, r.header.Get(api.HeaderRetryAfter))
	}
	if _, err := st.write.Exec("PRAGMA max_page_count = 1073741823"); err != nil {
		t.Fatal(err)
	}
	want(t, e.do("POST", api.PathCampaigns, body, api.HeaderIdempotencyKey, key), http.StatusCreated)
}
