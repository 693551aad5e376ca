package drafts

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/internal/refcheck"
	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/api/sandbox/sandboxtest"
	"github.com/campaigns-cli/campaigns/model"
)

var t0 = time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)

// faults wraps a service handler and misbehaves on cue: it drops the
// connection while "down", and records every request it passes on.
type faults struct {
	next http.Handler
	down atomic.Bool

	mu      sync.Mutex
	patches []map[string]json.RawMessage // bodies of PATCH /v5/campaigns/{id}
	refuse  func(body map[string]json.RawMessage) bool
	// beforePatch runs while a PATCH is in flight, before the service sees it.
	beforePatch func()
	// loseAnswer: the next PATCH reaches the service, but its answer is
	// dropped and the proxy goes down (retries are refused).
	loseAnswer atomic.Bool
	// noETag strips ETag and If-Match: a service without versions.
	noETag atomic.Bool
}

func (f *faults) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if f.down.Load() {
		hj, ok := w.(http.Hijacker)
		if ok {
			if conn, _, err := hj.Hijack(); err == nil {
				conn.Close()
				return
			}
		}
		panic(http.ErrAbortHandler)
	}
	if r.Method == http.MethodPatch && strings.Count(r.URL.Path, "/") == 3 {
		b, _ := io.ReadAll(r.Body)
		var m map[string]json.RawMessage
		json.Unmarshal(b, &m)
		f.mu.Lock()
		f.patches = append(f.patches, m)
		refuse, before := f.refuse, f.beforePatch
		f.mu.Unlock()
		if before != nil {
			before()
		}
		if refuse != nil && refuse(m) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(400)
			io.WriteString(w, `{"response_id":"r","error":{"code":"VALIDATION_FAILED","message":"utm_source is not allowed.","target":"utm_params.utm_source","details":[{"target":"utm_params.utm_source","message":"utm_source is not allowed."}]}}`)
			return
		}
		r.Body = io.NopCloser(strings.NewReader(string(b)))
		if f.loseAnswer.CompareAndSwap(true, false) {
			f.next.ServeHTTP(httptest.NewRecorder(), r) // applied...
			f.down.Store(true)                          // ...retries refused...
			if hj, ok := w.(http.Hijacker); ok {        // ...and the answer lost
				if conn, _, err := hj.Hijack(); err == nil {
					conn.Close()
					return
				}
			}
			panic(http.ErrAbortHandler)
		}
	}
	if f.noETag.Load() {
		r.Header.Del("If-Match")
		f.next.ServeHTTP(stripETag{w}, r)
		return
	}
	f.next.ServeHTTP(w, r)
}

// stripETag hides the service's ETag header.
type stripETag struct{ http.ResponseWriter }

func (s stripETag) WriteHeader(code int) {
	s.ResponseWriter.Header().Del("ETag")
	s.ResponseWriter.WriteHeader(code)
}

func (s stripETag) Write(b []byte) (int, error) {
	s.ResponseWriter.Header().Del("ETag")
	return s.ResponseWriter.Write(b)
}

func (f *faults) patchBodies() []map[string]json.RawMessage {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]map[string]json.RawMessage(nil), f.patches...)
}

// fixture is a service on loopback, a client for it, and an engine on a
// fake clock.
type fixture struct {
	t      testing.TB
	f      *faults
	url    string
	client *api.Client
	other  *api.Client // "another user" editing behind the engine's back
	clock  *FakeClock
	dir    string
	opts   Options
	eng    *Engine
}

// parallelFixture is newFixture for a test that runs beside the others
// (t.Parallel): each has its own sandbox, server and journal directory.
func parallelFixture(t *testing.T) *fixture {
	t.Parallel()
	return newFixture(t)
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	return newFixtureWith(t, sandbox.Config{NoRateLimits: true}, Options{})
}

// newFixtureWith runs the sandbox with cfg and the engine with opts, both on
// the fixture's fake clock.
func newFixtureWith(t testing.TB, cfg sandbox.Config, opts Options) *fixture {
	t.Helper()
	clock := NewFakeClock(t0)
	cfg.Now = clock.Now
	h, ws, key := newSandbox(t, cfg)
	if _, bench := t.(*testing.B); !bench {
		h = refcheck.Wrap(t, h) // every exchange against the reference's schemas
	}
	fx := &fixture{t: t, f: &faults{next: h}, clock: clock, dir: t.TempDir()}
	srv := httptest.NewServer(fx.f)
	t.Cleanup(srv.Close)
	fx.url = srv.URL
	mk := func() *api.Client {
		c, err := api.New(api.Config{BaseURL: srv.URL, WorkspaceID: ws, APIKey: key, MaxRetries: 1,
			Sleep: func(ctx context.Context, d time.Duration) error { return ctx.Err() }})
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	fx.client, fx.other = mk(), mk()
	fx.opts = opts
	fx.opts.Clock = clock
	fx.eng = fx.open()
	return fx
}

func (fx *fixture) open() *Engine {
	fx.t.Helper()
	e, err := Open(fx.dir, fx.client, fx.opts)
	if err != nil {
		fx.t.Fatal(err)
	}
	fx.t.Cleanup(func() { e.Close() })
	return e
}

// create makes a draft on the service from JSON and returns its id.
func (fx *fixture) create(body string) string {
	fx.t.Helper()
	c, err := model.Decode([]byte(body))
	if err != nil {
		fx.t.Fatal(err)
	}
	return sandboxtest.Create(fx.t, fx.other, c)
}

// loaded creates the draft on the service and loads it in the engine.
func (fx *fixture) loaded() (id string) {
	fx.t.Helper()
	id = fx.create(draft)
	fx.load(id)
	return id
}

// wantSynced fails unless the service holds the draft under name and the
// engine says it is synced.
func (fx *fixture) wantSynced(id, name string) {
	fx.t.Helper()
	if r := fx.remote(id); nameOf(r) != name {
		fx.t.Errorf("service name %q, want %q", nameOf(r), name)
	}
	if st := fx.eng.Status(id); st.State != StateSynced {
		fx.t.Errorf("status %v, want synced", st)
	}
}

// lostAnswer loads a draft, names it name and flushes it: the PATCH
// reaches the service, but its answer is lost and the link goes down.
func (fx *fixture) lostAnswer(name string) (id string) {
	fx.t.Helper()
	id = fx.loaded()
	fx.edit(id, setName(name))
	fx.f.loseAnswer.Store(true)
	if err := fx.eng.Flush(context.Background(), id); err == nil {
		fx.t.Fatal("the answer was lost, yet the flush succeeded")
	}
	return id
}

// wantConflict flushes id and fails unless the flush stops at a conflict
// and the service still holds the other client's name.
func (fx *fixture) wantConflict(id, name string) {
	fx.t.Helper()
	if err := fx.eng.Flush(context.Background(), id); !errors.Is(err, ErrConflict) {
		fx.t.Fatalf("flush: %v, want a conflict", err)
	}
	if r := fx.remote(id); nameOf(r) != name {
		fx.t.Fatalf("the other client's write was overwritten: the service holds %q", nameOf(r))
	}
}

func (fx *fixture) remote(id string) *model.Campaign {
	fx.t.Helper()
	return sandboxtest.Get(fx.t, fx.other, id)
}

func (fx *fixture) load(id string) *model.Campaign {
	fx.t.Helper()
	c, err := fx.eng.Load(context.Background(), id)
	if err != nil {
		fx.t.Fatal(err)
	}
	return c
}

func (fx *fixture) edit(id string, fn func(*model.Campaign)) {
	fx.t.Helper()
	if err := fx.eng.Edit(id, fn); err != nil {
		fx.t.Fatal(err)
	}
	// The test goes on as a user would after the durability window.
	if err := fx.eng.Commit(id); err != nil {
		fx.t.Fatal(err)
	}
}

// drain returns the events queued so far.
func drain(e *Engine) []Event {
	var out []Event
	for {
		select {
		case ev := <-e.Events():
			out = append(out, ev)
		case <-time.After(50 * time.Millisecond):
			return out
		}
	}
}

func setName(name string) func(*model.Campaign) {
	return func(c *model.Campaign) {
		if c.BasicDetails == nil {
			c.BasicDetails = &model.BasicDetails{}
		}
		c.BasicDetails.Name = &name
	}
}

func nameOf(c *model.Campaign) string {
	if c == nil || c.BasicDetails == nil || c.BasicDetails.Name == nil {
		return ""
	}
	return *c.BasicDetails.Name
}

func keys(m map[string]json.RawMessage) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func (fx *fixture) down() { fx.f.down.Store(true) }
func (fx *fixture) up()   { fx.f.down.Store(false) }

// patchRemote changes units of a campaign on the service as another user.
func (fx *fixture) patchRemote(id string, c *model.Campaign, units ...string) {
	fx.t.Helper()
	p := &model.Campaign{}
	for _, u := range units {
		copyUnit(p, c, u)
	}
	if _, err := fx.other.Patch(context.Background(), id, api.WithIdentity(p, c)); err != nil {
		fx.t.Fatal(err)
	}
}

// refuseUTM makes the service answer 400 to a PATCH whose utm_source is "bad".
func (fx *fixture) refuseUTM() {
	fx.f.refuse = func(body map[string]json.RawMessage) bool {
		return strings.Contains(string(body["utm_params"]), `"utm_source":"bad"`)
	}
}

// crash abandons an engine as a killed process would: no more timers, no
// Close, the journals left as they are on disk, the directory lock gone.
func (fx *fixture) crash(e *Engine) {
	e.closed.Store(true)
	e.cm.kill()
	e.stopTimers()
	e.unlock()
}

// startChild runs this test binary's test run as a child process with
// env=dir set, its output piped to the returned reader.
func startChild(run, env, dir string) (*exec.Cmd, io.Reader, error) {
	cmd := exec.Command(os.Args[0], "-test.run=^"+run+"$", "-test.v")
	cmd.Env = append(os.Environ(), env+"="+dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, nil, err
	}
	return cmd, out, cmd.Start()
}

// openOffline opens an engine on dir with no service to reach: what a
// killed child left in its journals.
func openOffline(dir string) (*Engine, error) {
	dead, _ := api.New(api.Config{BaseURL: "http://127.0.0.1:1", WorkspaceID: "WS", MaxRetries: -1})
	return Open(dir, dead, Options{Clock: NewFakeClock(t0)})
}

// stress says whether the stress tests run in full: CAMPAIGNS_STRESS=1, as
// .ci/run sets it. Otherwise they run a short form, so that go test ./...
// stays quick on a developer's machine.
func stress() bool { return os.Getenv("CAMPAIGNS_STRESS") == "1" }
