package api

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
)

// The fields become the body (-F values parsed as JSON, dotted keys
// nested), or the query of a GET; --input reads the body; a method the
// service has no use for is refused before anything is sent.
func TestAPIFieldsBuildTheRequest(t *testing.T) {
	e := clitest.Reads(t, NewCmd)
	got, code, err := e.Parse("post", "v5/campaigns/search", "-F", "limit=2", "-f", "basic_details.name=12", "-F", `campaign_fields.status=["DRAFT"]`)
	if code != 0 {
		t.Fatal(err)
	}
	if got.Method != "POST" || got.Path != "/v5/campaigns/search" ||
		string(got.Body) != `{"basic_details":{"name":"12"},"campaign_fields":{"status":["DRAFT"]},"limit":2}` {
		t.Fatalf("POST: %s %s %s", got.Method, got.Path, got.Body)
	}
	if got, code, err = e.Parse("GET", "/v5/campaigns/x", "-f", "a=b c"); code != 0 || got.Path != "/v5/campaigns/x?a=b+c" || got.Body != nil {
		t.Fatalf("GET: %v %+v", err, got)
	}
	e.Stdin(`{"channel": "PUSH"}`)
	if got, code, err = e.Parse("PATCH", "/v5/campaigns/x", "--input", "-"); code != 0 || string(got.Body) != `{"channel": "PUSH"}` {
		t.Fatalf("--input -: %v %+v", err, got)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"FETCH", "/x"}, `unknown method "FETCH"`},
		{[]string{"GET"}, "METHOD and PATH"},
		{[]string{"POST", "/x", "-f", "novalue"}, `field "novalue": use key=value`},
		{[]string{"POST", "/x", "--input", "-"}, "is not JSON"},
	} {
		e.Stdin("not json")
		if got, code, err := e.Parse(tc.args...); code != 2 || got != nil || err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: exit %d %v", tc.args, code, err)
		}
	}
}

// headerLog keeps the headers of every request it passes on.
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
	t.Parallel()
	upstream, _ := url.Parse(clitest.Shared(t).URL)
	log := &headerLog{next: clitest.Proxy(upstream)}
	srv := httptest.NewServer(log)
	defer srv.Close()
	api := clitest.Runner(clitest.New(t, &clitest.Sandbox{URL: srv.URL}), NewCmd)
	for range 2 {
		code, out, errs := api("POST", "/v5/campaigns/search", "-F", "limit=2", "-F", "page=1", "-F", `campaign_fields.status=["DRAFT"]`)
		if code != 0 || !strings.Contains(out, `"campaigns": [`) || !strings.Contains(out, `"status": "DRAFT"`) {
			t.Fatalf("search: exit %d %s\n%s", code, errs, out)
		}
	}
	ws := sandbox.DefaultWorkspace()
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
	code, out, errs := api("GET", "/v5/campaigns/000000000000000000000000")
	if code != 1 || !strings.Contains(out, `"code": "NOT_FOUND"`) || !strings.Contains(errs, "404") {
		t.Fatalf("404: exit %d\n%s\n%s", code, out, errs)
	}
	unreachable := clitest.Runner(clitest.New(t, &clitest.Sandbox{URL: "http://127.0.0.1:9"}), NewCmd)
	if code, _, errs := unreachable("GET", "/v5/campaigns/x"); code != 2 || !strings.Contains(errs, "127.0.0.1:9") {
		t.Fatalf("unreachable: exit %d %s", code, errs)
	}
}
