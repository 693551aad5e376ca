package cli

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/campaigns-cli/campaigns/api/sandbox"
)

// headerLog keeps the headers of every request the sandbox got.
type headerLog struct {
	mu   sync.Mutex
	reqs []*http.Request
	next http.Handler
}

func (h *headerLog) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.mu.Lock()
	h.reqs = append(h.reqs, r.Clone(r.Context()))
	h.mu.Unlock()
	h.next.ServeHTTP(w, r)
}

// campaigns api sends one request with the service's headers: auth,
// SVC-APPKEY, a request id, a fresh Idempotency-Key on each POST; the
// answer's body is printed, 2xx exits 0 and 4xx exits 1.
func TestAPIPassthroughAddsTheServiceHeaders(t *testing.T) {
	e := newScriptEnv(t)
	s, err := sandbox.Open(sandbox.Config{Seed: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	log := &headerLog{next: s.Handler()}
	srv := httptest.NewServer(log)
	defer srv.Close()
	ws := sandbox.DefaultWorkspace()
	t.Setenv("CAMPAIGNS_API_KEY", ws.Key)
	e.base = []string{"--base-url", srv.URL, "--workspace-id", ws.ID}

	for range 2 {
		code, out, errs := e.run("", "api", "POST", "/v5/campaigns/search", "-F", "limit=2", "-F", "page=1", "-F", `campaign_fields.status=["DRAFT"]`)
		if code != 0 || !strings.Contains(out, `"campaigns": [`) || !strings.Contains(out, `"status": "DRAFT"`) {
			t.Fatalf("search: exit %d\n%s\n%s", code, out, errs)
		}
	}
	keys := map[string]bool{}
	for _, r := range log.reqs {
		user, _, ok := r.BasicAuth()
		if !ok || user != ws.ID || r.Header.Get("SVC-APPKEY") != ws.ID || r.Header.Get("X-SVC-Request-Id") == "" {
			t.Fatalf("headers: %v", r.Header)
		}
		keys[r.Header.Get("Idempotency-Key")] = true
	}
	if len(keys) != 2 || keys[""] {
		t.Fatalf("Idempotency-Keys are not fresh per POST: %v", keys)
	}
	code, out, errs := e.run("", "api", "GET", "/v5/campaigns/000000000000000000000000")
	if code != 1 || !strings.Contains(out, `"code": "NOT_FOUND"`) || !strings.Contains(errs, "404") {
		t.Fatalf("404: exit %d\n%s\n%s", code, out, errs)
	}
	e.base = []string{"--base-url", "http://127.0.0.1:9", "--workspace-id", ws.ID}
	if code, _, errs := e.run("", "api", "GET", "/v5/campaigns/x"); code != 2 || !strings.Contains(errs, "127.0.0.1:9") {
		t.Fatalf("unreachable: exit %d %s", code, errs)
	}
}

// A read-only profile reads through campaigns api (a search is a POST that
// reads) and is refused a write before it is sent.
func TestAPIOnAReadOnlyProfile(t *testing.T) {
	freshHome(t)
	url := sandboxOnLoopback(t)
	if code, _, errs := cli(t, acmeKey, "auth", "login", "--profile", "ro", "--base-url", url, "--workspace-id", "ACME", "--read-only", "--with-key"); code != 0 {
		t.Fatal(errs)
	}
	if code, out, errs := cli(t, "", "api", "POST", "/v5/campaigns/search", "-F", "limit=1", "-F", "page=1", "--profile", "ro"); code != 0 || !strings.Contains(out, `"campaigns"`) {
		t.Fatalf("search: exit %d\n%s%s", code, out, errs)
	}
	code, _, errs := cli(t, "", "api", "POST", "/v5/campaigns", "-f", "channel=PUSH", "--profile", "ro")
	if code != 1 || !strings.Contains(errs, "read-only") {
		t.Fatalf("create on a read-only profile: exit %d %s", code, errs)
	}
}
