package sandbox

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api"
)

// previewBody is a preview whose answer is about n bytes.
func previewBody(n int) map[string]any {
	msg := "Hi {{UserAttribute['First Name']}}. " + strings.Repeat("x", n)
	return map[string]any{"channel": "PUSH", "user_identification": map[string]any{"type": "USER_ATTRIBUTE_UNIQUE_ID", "value": "user-001"},
		"campaign_content": androidContent(msg)}
}

// TestIdempotencyQuota: past the workspace's quota the oldest stored
// answers lose their bodies (logged); replaying such a key answers the
// original status and says the answer is no longer kept, without running
// the request again; recent keys replay in full; other workspaces keep
// theirs.
func TestIdempotencyQuota(t *testing.T) {
	t.Parallel()
	logs, err := os.Create(filepath.Join(t.TempDir(), "sandbox.log")) // a file takes the writer goroutine's lines too
	if err != nil {
		t.Fatal(err)
	}
	defer logs.Close()
	e := newEnv(t, func(c *Config) {
		c.IdempotencyQuotaBytes = 100 << 10
		c.Logger = slog.New(slog.NewTextHandler(logs, nil))
		c.Workspaces = []Workspace{DefaultWorkspace(), {ID: "OTHER", Key: "k2"}}
	})
	other := e.as("OTHER", "k2")
	otherKey := newUUID()
	otherFirst := other.do("POST", api.PathPreview, previewBody(30<<10), api.HeaderIdempotencyKey, otherKey)
	want(t, otherFirst, http.StatusOK)

	var keys []string
	var firsts []*resp
	for range 10 { // ~300 KiB of answers against 100 KiB
		k := newUUID()
		r := e.do("POST", api.PathPreview, previewBody(30<<10), api.HeaderIdempotencyKey, k)
		want(t, r, http.StatusOK)
		keys, firsts = append(keys, k), append(firsts, r)
	}
	waitTrimmed(t, e, 100<<10)

	old := e.do("POST", api.PathPreview, previewBody(30<<10), api.HeaderIdempotencyKey, keys[0])
	want(t, old, http.StatusOK)
	if old.header.Get("Idempotent-Replayed") != "true" || !strings.Contains(string(old.raw), "no longer kept") || len(old.raw) > 1000 {
		t.Errorf("replay of a dropped answer: %s", old.raw)
	}
	recent := e.do("POST", api.PathPreview, previewBody(30<<10), api.HeaderIdempotencyKey, keys[9])
	if recent.status != http.StatusOK || string(recent.raw) != string(firsts[9].raw) {
		t.Errorf("the newest answer was not replayed whole: %d, %d bytes", recent.status, len(recent.raw))
	}
	// The same key with another body is still a conflict, dropped or not.
	want(t, e.do("POST", api.PathPreview, previewBody(10), api.HeaderIdempotencyKey, keys[0]), http.StatusConflict, api.CodeBadRequest, api.HeaderIdempotencyKey)
	if r := other.do("POST", api.PathPreview, previewBody(30<<10), api.HeaderIdempotencyKey, otherKey); string(r.raw) != string(otherFirst.raw) {
		t.Errorf("another workspace lost its answer: %s", r.raw[:min(len(r.raw), 200)])
	}
	kept, _ := e.s.store.IdemUsage(t.Context())
	if kept[DefaultWorkspaceID] > 100<<10 {
		t.Errorf("%d bytes kept, quota 100 KiB", kept[DefaultWorkspaceID])
	}
	if logged, _ := os.ReadFile(logs.Name()); !strings.Contains(string(logged), "idempotency quota") {
		t.Errorf("the drop was not logged: %s", logged)
	}

	// A dropped error answer replays its status, as an error envelope.
	bad := map[string]any{"channel": "PUSH"}
	bk := newUUID()
	want(t, e.do("POST", api.PathCampaigns, bad, api.HeaderIdempotencyKey, bk), http.StatusBadRequest)
	for range 5 {
		e.do("POST", api.PathPreview, previewBody(30<<10))
	}
	waitTrimmed(t, e, 100<<10)
	r := e.do("POST", api.PathCampaigns, bad, api.HeaderIdempotencyKey, bk)
	want(t, r, http.StatusBadRequest)
	if r.env.Error == nil || !strings.Contains(r.env.Error.Message, "no longer kept") {
		t.Errorf("dropped 400: %s", r.raw)
	}
	// Keys are kept 24 hours, then forgotten: the request runs again.
	e.clk.Advance(24*time.Hour + time.Second)
	r = e.do("POST", api.PathPreview, previewBody(30<<10), api.HeaderIdempotencyKey, keys[9])
	if r.status != http.StatusOK || r.header.Get("Idempotent-Replayed") != "" {
		t.Errorf("a key past 24 hours was replayed")
	}
}

// waitTrimmed waits until the workspace keeps at most quota bytes of
// answers (the trim is a queued write).
func waitTrimmed(t *testing.T, e *env, quota int64) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		e.s.store.Update(t.Context(), func(Tx) error { return nil })
		kept, err := e.s.store.IdemUsage(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		if kept[DefaultWorkspaceID] <= quota {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d bytes kept, quota %d", kept[DefaultWorkspaceID], quota)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestReplayKeepsHeadersAcrossRestart: the stored answer of a create is
// replayed after a restart with its Location and ETag.
func TestReplayKeepsHeadersAcrossRestart(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	clk := newClock()
	e := openOn(t, dir, clk, false)
	key := newUUID()
	first := e.do("POST", api.PathCampaigns, minimalPush(), api.HeaderIdempotencyKey, key, api.HeaderRequestID, "r1")
	want(t, first, http.StatusCreated)
	e.stop()
	e = openOn(t, dir, clk, false)
	defer e.stop()
	again := e.do("POST", api.PathCampaigns, minimalPush(), api.HeaderIdempotencyKey, key, api.HeaderRequestID, "r1")
	if again.status != http.StatusCreated || string(again.raw) != string(first.raw) ||
		again.header.Get("Location") != first.header.Get("Location") || again.header.Get("ETag") != first.header.Get("ETag") || first.header.Get("ETag") == "" {
		t.Errorf("replay after restart: %d %v %s\nfirst %v %s", again.status, again.header, again.raw, first.header, first.raw)
	}
}

func newServer(s *Server) *httptest.Server { return httptest.NewServer(s.Handler()) }
