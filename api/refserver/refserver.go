// Package refserver serves the real service's own response examples,
// verbatim: the GET, search and meta examples of the reference OpenAPI,
// copied into testdata/reference. Tests run every reader against it to
// prove that the client reads what the real service answers (its read form
// of scheduling included), not only what the sandbox answers. Test support
// only: linked into tests, never into the binary.
package refserver

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/campaigns-cli/campaigns/api"
)

// Workspace and key the server takes (it checks neither).
const (
	Workspace = "REFERENCE"
	Key       = "reference-key"
)

// Ids of the GET examples.
const (
	ScheduledPush = "64a1b2c3d4e5f6a7b8c9d0e1" // SCHEDULED ONE_TIME Push, schedule_time 2024-11-28T12:00:00 UTC
	PeriodicEmail = "64a1b2c3d4e5f6a7b8c9d0e2" // ACTIVE PERIODIC Email, 09:00:00 America/New_York, WEEKLY
	APITriggered  = "64a1b2c3d4e5f6a7b8c9d0e3" // ACTIVE API_TRIGGERED Email shell
)

// Server is the fixture server on loopback.
type Server struct {
	URL      string
	mu       sync.Mutex
	requests map[string]int
}

// Served is how many requests "METHOD route" got ("GET /v5/campaigns/{id}").
func (s *Server) Served(route string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.requests[route]
}

func (s *Server) count(route string) {
	s.mu.Lock()
	s.requests[route]++
	s.mu.Unlock()
}

// Client is a client of the server (no retries: every answer is final).
func (s *Server) Client(t testing.TB) *api.Client {
	t.Helper()
	c, err := api.New(api.Config{BaseURL: s.URL, WorkspaceID: Workspace, APIKey: Key, MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Dir is testdata/reference of the repository.
func Dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "testdata", "reference")
}

// Example is one example file, as copied.
func Example(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(Dir(), name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Start serves the examples until t ends: GET /v5/campaigns/{id} answers the
// GET example of that id; search answers the Email results when the body
// asks for EMAIL only, else the Push results; meta answers the example
// whose campaign_id is asked for (the scheduled Push one otherwise). Any
// write is refused with 405: the examples are read-only.
func Start(t testing.TB) *Server {
	t.Helper()
	get := map[string][]byte{
		ScheduledPush: Example(t, "get_scheduled_push_campaign"),
		PeriodicEmail: Example(t, "get_active_email_campaign"),
		APITriggered:  Example(t, "get_api_triggered_email_campaign"),
	}
	meta := map[string][]byte{
		ScheduledPush: Example(t, "meta_scheduled_push_with_reachability"),
		PeriodicEmail: Example(t, "meta_periodic_with_child_campaigns"),
	}
	searchPush, searchEmail := Example(t, "search_push_results"), Example(t, "search_email_results")
	s := &Server{requests: map[string]int{}}
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "application/json")
		var out []byte
		switch path := r.URL.Path; {
		case r.Method == http.MethodGet && strings.HasPrefix(path, "/v5/campaigns/"):
			s.count("GET /v5/campaigns/{id}")
			out = get[strings.TrimPrefix(path, "/v5/campaigns/")]
		case r.Method == http.MethodPost && path == "/v5/campaigns/search":
			s.count("POST /v5/campaigns/search")
			out = searchPush
			if bytes.Contains(body, []byte(`"EMAIL"`)) && !bytes.Contains(body, []byte(`"PUSH"`)) {
				out = searchEmail
			}
		case r.Method == http.MethodPost && path == "/v5/campaigns/meta":
			s.count("POST /v5/campaigns/meta")
			var req struct {
				F struct {
					ID string `json:"id"`
				} `json:"campaign_fields"`
			}
			_ = json.Unmarshal(body, &req)
			if out = meta[req.F.ID]; out == nil {
				out = meta[ScheduledPush]
			}
		default:
			w.WriteHeader(http.StatusMethodNotAllowed)
			io.WriteString(w, `{"response_id":"ref","error":{"code":"BAD_REQUEST","message":"the reference fixture serves its read examples only","target":"","details":[],"request_id":""}}`)
			return
		}
		if out == nil {
			w.WriteHeader(http.StatusNotFound)
			io.WriteString(w, `{"response_id":"ref","error":{"code":"NOT_FOUND","message":"Campaign not found.","target":"","details":[],"request_id":""}}`)
			return
		}
		w.Write(out)
	})
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	s.URL = srv.URL
	return s
}
