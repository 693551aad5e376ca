package sandbox

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/internal/refcheck"
)

// clock is the injectable clock of the tests.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)} }

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

func (c *clock) Advance(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

// env is a sandbox on a loopback port with a client for one workspace.
type env struct {
	t    *testing.T
	s    *Server
	srv  *httptest.Server
	clk  *clock
	user string
	key  string
}

func newEnv(t *testing.T, mod func(*Config)) *env {
	t.Helper()
	clk := newClock()
	cfg := Config{Now: clk.Now, NoRateLimits: true} // the rate-limit tests turn them on
	if mod != nil {
		mod(&cfg)
	}
	return serveEnv(t, cfg, clk)
}

// parallelEnv is newEnv for a test that runs beside the others
// (t.Parallel): each has its own sandbox and server.
func parallelEnv(t *testing.T, mod func(*Config)) *env {
	t.Parallel()
	return newEnv(t, mod)
}

// serveEnv opens a sandbox on cfg and serves it on a loopback port until
// the test ends.
func serveEnv(t *testing.T, cfg Config, clk *clock) *env {
	t.Helper()
	s, err := Open(cfg)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(refcheck.WrapAnswers(t, s.Handler())) // every answer against the reference's schemas
	t.Cleanup(func() { srv.Close(); s.Close() })
	return &env{t: t, s: s, srv: srv, clk: clk, user: DefaultWorkspaceID, key: DefaultWorkspaceKey}
}

// openOn opens a sandbox on the data directory dir, served on a loopback
// port, for a test that stops it and opens it again on the same data.
func openOn(t *testing.T, dir string, clk *clock, seed bool) *env {
	t.Helper()
	s, err := Open(Config{DataDir: dir, Now: clk.Now, NoRateLimits: true, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return &env{t: t, s: s, srv: newServer(s), clk: clk, user: DefaultWorkspaceID, key: DefaultWorkspaceKey}
}

// stop closes the server, then the sandbox.
func (e *env) stop() error {
	e.srv.Close()
	return e.s.Close()
}

// as returns a client of the same server for another workspace.
func (e *env) as(user, key string) *env {
	c := *e
	c.user, c.key = user, key
	return &c
}

type resp struct {
	status int
	header http.Header
	raw    []byte
	env    api.Envelope
}

// data decodes the success envelope's data.
func (r *resp) data(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal(r.env.Data, v); err != nil {
		t.Fatalf("data: %v in %s", err, r.raw)
	}
}

func (r *resp) String() string { return string(r.raw) }

// do sends a request with auth, SVC-APPKEY, a fresh Idempotency-Key and a
// fresh X-SVC-Request-Id; hdr pairs override them ("" deletes).
func (e *env) do(method, path string, body any, hdr ...string) *resp {
	e.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		j, err := json.Marshal(b)
		if err != nil {
			e.t.Fatal(err)
		}
		rd = bytes.NewReader(j)
	}
	req, err := http.NewRequest(method, e.srv.URL+path, rd)
	if err != nil {
		e.t.Fatal(err)
	}
	req.SetBasicAuth(e.user, e.key)
	req.Header.Set(api.HeaderAppKey, e.user)
	if method != http.MethodGet {
		req.Header.Set(api.HeaderIdempotencyKey, newUUID())
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set(api.HeaderRequestID, "req-"+newUUID())
	for i := 0; i+1 < len(hdr); i += 2 {
		if hdr[i+1] == "" {
			req.Header.Del(hdr[i])
		} else {
			req.Header.Set(hdr[i], hdr[i+1])
		}
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	out := &resp{status: res.StatusCode, header: res.Header, raw: raw}
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &out.env); err != nil {
			e.t.Fatalf("%s %s: answer is not JSON: %v: %q", method, path, err, raw)
		}
	}
	return out
}

// want fails unless the answer has the status (and, for errors, the code
// and target).
func want(t *testing.T, r *resp, status int, codeTarget ...string) {
	t.Helper()
	if r.status != status {
		t.Fatalf("status %d, want %d: %s", r.status, status, r.raw)
	}
	if len(codeTarget) > 0 {
		if r.env.Error == nil || r.env.Error.Code != codeTarget[0] {
			t.Fatalf("want error code %s: %s", codeTarget[0], r.raw)
		}
	}
	if len(codeTarget) > 1 && r.env.Error.Target != codeTarget[1] {
		t.Fatalf("want target %q, got %q: %s", codeTarget[1], r.env.Error.Target, r.raw)
	}
}

// fixture reads a publish-valid campaign of testdata/campaigns as a map.
func fixture(t *testing.T, name string) map[string]any {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "campaigns", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	delete(m, "request_id")
	return m
}

func minimalPush() map[string]any {
	return map[string]any{"channel": "PUSH", "campaign_delivery_type": "ONE_TIME", "created_by": "ana@example.com"}
}

// create makes a campaign and returns its id.
func (e *env) create(body map[string]any) string {
	e.t.Helper()
	r := e.do("POST", api.PathCampaigns, body)
	want(e.t, r, http.StatusCreated)
	var d api.CreateResult
	r.data(e.t, &d)
	return d.ID
}

// get returns the stored campaign as a map.
func (e *env) get(id string) map[string]any {
	e.t.Helper()
	r := e.do("GET", api.PathCampaigns+"/"+id, nil)
	want(e.t, r, http.StatusOK)
	var m map[string]any
	r.data(e.t, &m)
	return m
}

func (e *env) publish(id string) *resp {
	e.t.Helper()
	return e.do("PATCH", api.PathV1Publish+id, map[string]any{"status": "PUBLISH"})
}

func (e *env) action(id, action string) *resp {
	e.t.Helper()
	return e.do("PATCH", api.PathCampaigns+"/"+id+"/status", map[string]any{"action": action})
}

// withStart sets an AT_FIXED_TIME start (UTC) on a fixture-like body.
// periodicFrom is the push_periodic fixture starting at start (its wall
// time in tz), with no expiry.
func periodicFrom(t *testing.T, start time.Time, tz string) map[string]any {
	t.Helper()
	per := fixture(t, "push_periodic")
	sd := per["scheduling_details"].(map[string]any)
	sd["start_time"], sd["timezone"] = start.Format("2006-01-02T15:04:05"), tz
	delete(sd, "expiry_time")
	return per
}

func withStart(m map[string]any, start time.Time, tz string) map[string]any {
	sd := map[string]any{"delivery_type": "AT_FIXED_TIME", "start_time": start.Format("2006-01-02T15:04:05"), "timezone": tz}
	m["scheduling_details"] = sd
	return m
}
