package cli

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/campaigns-cli/campaigns/api/sandbox"
)

// A short 429 is waited out by the client; the command says so on stderr
// (so the pause is not taken for a hang) and stdout stays clean JSON.
func TestScriptCommandsAnnounceRateLimitWaits(t *testing.T) {
	e := newScriptEnv(t)
	s, err := sandbox.Open(sandbox.Config{Seed: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var n atomic.Int32
	h := s.Handler()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) == 1 {
			w.Header().Set("Retry-After", "1")
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusTooManyRequests)
			_, _ = w.Write([]byte(`{"error":{"code":"RATE_LIMITED","message":"Rate limit exceeded."}}`))
			return
		}
		h.ServeHTTP(w, r)
	}))
	defer srv.Close()
	ws := sandbox.DefaultWorkspace()
	t.Setenv("CAMPAIGNS_API_KEY", ws.Key)
	e.base = []string{"--base-url", srv.URL, "--workspace-id", ws.ID}
	code, out, errs := e.run("", "list", "--json")
	var page []map[string]any
	e.mustJSON(out, &page)
	if code != 0 || len(page) == 0 {
		t.Fatalf("exit %d, %d records; stderr %q", code, len(page), errs)
	}
	if !strings.Contains(errs, "rate limit: 429 on POST /v5/campaigns/search; retrying in 1s") {
		t.Errorf("the wait is not announced on stderr: %q", errs)
	}
	if n.Load() != 2 {
		t.Errorf("%d requests, want the refused one and its retry", n.Load())
	}
}
