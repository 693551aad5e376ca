package api_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/internal/refcheck"
	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/api/sandbox/sandboxtest"
	"github.com/campaigns-cli/campaigns/model"
)

// Every route, over real HTTP on loopback, against the sandbox.

type env struct {
	t      testing.TB
	clock  *sandboxtest.Clock
	url    string
	client *api.Client
	waits  []time.Duration
}

// newEnv starts a sandbox on a fake clock behind wrap (nil: none). The
// client's retry waits advance that clock instead of sleeping.
func newEnv(t testing.TB, cfg sandbox.Config, wrap func(http.Handler) http.Handler) *env {
	t.Helper()
	e := &env{t: t, clock: sandboxtest.NewClock(time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC))}
	cfg.Now = e.clock.Now
	h := sandboxtest.Open(t, cfg).Handler()
	if _, bench := t.(*testing.B); !bench { // benchmarks measure the service alone
		h = refcheck.Wrap(t, h) // every exchange against the reference's schemas
	}
	if wrap != nil {
		h = wrap(h)
	}
	e.url = sandboxtest.Serve(t, h)
	e.client = e.newClient(api.Config{})
	return e
}

func (e *env) newClient(cfg api.Config) *api.Client {
	ws := sandbox.DefaultWorkspace()
	cfg.BaseURL = e.url
	if cfg.WorkspaceID == "" {
		cfg.WorkspaceID, cfg.APIKey = ws.ID, ws.Key
	}
	cfg.Sleep = func(ctx context.Context, d time.Duration) error {
		e.waits = append(e.waits, d)
		e.clock.Advance(d)
		return ctx.Err()
	}
	c, err := api.New(cfg)
	if err != nil {
		e.t.Fatal(err)
	}
	return c
}

func fixture(t testing.TB, name string) *model.Campaign {
	t.Helper()
	c := sandboxtest.Campaign(t, name+".json")
	c.RequestID = nil // each create gets its own
	return c
}

func (e *env) create(c *model.Campaign) string { return sandboxtest.Create(e.t, e.client, c) }

func (e *env) get(id string) *model.Campaign { return sandboxtest.Get(e.t, e.client, id) }

func TestRoundTripEveryRoute(t *testing.T) {
	e := newEnv(t, sandbox.Config{}, nil)
	ctx := context.Background()

	// Create, with unknown fields at two levels.
	body := fixture(t, "push_one_time")
	body.Extra.SetUnknown("x_origin", "import")
	body.BasicDetails.Extra.SetUnknown("x_owner", map[string]any{"team": "growth"})
	res, err := e.client.Create(ctx, body)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.ID) != 24 || res.Status != "DRAFT" {
		t.Fatalf("create: %+v", res)
	}
	if body.RequestID != nil {
		t.Error("Create changed the caller's body")
	}

	// Get returns what was created, unknown fields included.
	got := e.get(res.ID)
	if *got.ID != res.ID || *got.Status != "DRAFT" || got.CreatedAt == nil {
		t.Errorf("get: id %v status %v created_at %v", got.ID, got.Status, got.CreatedAt)
	}
	for _, u := range model.Components {
		a, b := model.Component(got, u), model.Component(body, u)
		if a == nil || b == nil {
			if (a == nil) != (b == nil) {
				t.Errorf("%s: sent %v, got %v", u, b != nil, a != nil)
			}
			continue
		}
		if !model.Equal(a, b) {
			t.Errorf("%s changed on the way:\n sent %s\n got  %s", u, model.Encode(model.Component(body, u)), model.Encode(model.Component(got, u)))
		}
	}
	if got.Extra.Unknown["x_origin"] != "import" {
		t.Errorf("top-level unknown field lost: %v", got.Extra.Unknown)
	}

	// Patch another field of basic_details: its unknown field survives.
	bd := model.Clone(got.BasicDetails)
	bd.Name = ptr("Summer sale, renamed")
	if p, err := e.client.Patch(ctx, res.ID, api.WithIdentity(&model.Campaign{BasicDetails: bd}, got)); err != nil || p.ID != res.ID {
		t.Fatalf("patch: %+v %v", p, err)
	}
	got = e.get(res.ID)
	if *got.BasicDetails.Name != "Summer sale, renamed" {
		t.Errorf("name %q", *got.BasicDetails.Name)
	}
	if owner, _ := got.BasicDetails.Extra.Unknown["x_owner"].(map[string]any); owner["team"] != "growth" {
		t.Errorf("unknown field of basic_details lost after patching its name: %s", model.Encode(got.BasicDetails))
	}

	// Validate: this draft is complete.
	if v, err := e.client.Validate(ctx, res.ID); err != nil || !v.Valid || len(v.Errors) != 0 {
		t.Errorf("validate: %+v %v", v, err)
	}
	// A bare draft is not, and says why by field.
	bare := e.create(&model.Campaign{Channel: ptr("PUSH"), CampaignDeliveryType: ptr("ONE_TIME"), CreatedBy: ptr("a@example.com")})
	v, err := e.client.Validate(ctx, bare)
	if err != nil || v.Valid || len(v.Errors) == 0 || v.Errors[0].Field == "" || v.Errors[0].Issue == "" {
		t.Errorf("validate bare: %+v %v", v, err)
	}

	// Search and meta find the draft.
	sr, err := e.client.Search(ctx, api.SearchRequest{CampaignFields: &api.SearchFields{Status: []string{"DRAFT"}, IDs: []string{res.ID}}, Limit: 15, Page: 1})
	if err != nil || len(sr.Campaigns) != 1 || *sr.Campaigns[0].ID != res.ID || sr.Campaigns[0].Extra.Unknown["x_origin"] != "import" {
		t.Errorf("search: %d campaigns, %v", len(sr.Campaigns), err)
	}
	mr, err := e.client.Meta(ctx, api.MetaRequest{CampaignFields: &api.MetaFields{ID: res.ID, Status: []string{"DRAFT"}}, Limit: 15, Page: 1})
	if err != nil || len(mr.Campaigns) != 1 || mr.Campaigns[0].CampaignID != res.ID || mr.Campaigns[0].CampaignStatus != "DRAFT" {
		t.Errorf("meta: %+v %v", mr, err)
	}

	// Publish through V1: the start time is ahead, so SCHEDULED.
	if err := e.client.Publish(ctx, res.ID); err != nil {
		t.Fatalf("publish: %v", err)
	}
	if st := *e.get(res.ID).Status; st != "SCHEDULED" {
		t.Errorf("after publish: %s", st)
	}
	// Publishing the bare draft fails with every problem in the details.
	err = e.client.Publish(ctx, bare)
	var ae *api.Error
	if !errors.As(err, &ae) || ae.Status != 400 || ae.Code != api.CodeValidationFailed || len(ae.Details) == 0 {
		t.Errorf("publish bare: %v", err)
	}

	// Status: STOP a scheduled one-time campaign; PAUSE is not for ONE_TIME.
	if sr, err := e.client.SetStatus(ctx, res.ID, "STOP"); err != nil || sr.ID != res.ID || sr.Action != "STOP" {
		t.Errorf("stop: %+v %v", sr, err)
	}
	if st := *e.get(res.ID).Status; st != "STOPPED" {
		t.Errorf("after stop: %s", st)
	}
	_, err = e.client.SetStatus(ctx, res.ID, "PAUSE")
	if !errors.As(err, &ae) || ae.Status != 422 || ae.Code != api.CodeUnprocessableEntity {
		t.Errorf("pause a stopped one-time: %v", err)
	}
	// A stopped campaign takes no edit: 409, not retried.
	_, err = e.client.Patch(ctx, res.ID, api.WithIdentity(&model.Campaign{BasicDetails: bd}, got))
	if !errors.As(err, &ae) || ae.Status != 409 {
		t.Errorf("patch stopped: %v", err)
	}

	// Unknown campaign: 404 NOT_FOUND.
	_, err = e.client.Get(ctx, "000000000000000000000000")
	if !errors.As(err, &ae) || ae.Status != 404 || ae.Code != api.CodeNotFound {
		t.Errorf("get unknown: %v", err)
	}
	// Wrong key: 401.
	bad := e.newClient(api.Config{WorkspaceID: "SANDBOX", APIKey: "wrong"})
	_, err = bad.Get(ctx, res.ID)
	if !errors.As(err, &ae) || ae.Status != 401 {
		t.Errorf("wrong key: %v", err)
	}
	if len(e.waits) != 0 {
		t.Errorf("client waited %v: a 4xx was retried", e.waits)
	}
}

// faulty passes requests to the service but spoils the first answer to a
// matching request: a 500 instead of the real answer, or no answer at all
// (the connection dropped), after the service has done the work.
type faulty struct {
	next  http.Handler
	match func(*http.Request) bool
	mode  string // "500" or "drop"
	later func() // runs after the spoilt answer: time passes
	mu    sync.Mutex
	keys  []string
}

func (f *faulty) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !f.match(r) {
		f.next.ServeHTTP(w, r)
		return
	}
	f.mu.Lock()
	f.keys = append(f.keys, r.Header.Get(api.HeaderIdempotencyKey))
	first := len(f.keys) == 1
	f.mu.Unlock()
	if !first {
		f.next.ServeHTTP(w, r)
		return
	}
	rec := httptest.NewRecorder()
	f.next.ServeHTTP(rec, r) // the service does the work…
	switch f.mode {          // …and the answer is lost
	case "500":
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(http.StatusInternalServerError)
		w.Write([]byte("<html><title>500 Internal Server Error</title></html>"))
	case "drop":
		conn, _, err := w.(http.Hijacker).Hijack()
		if err == nil {
			conn.Close()
		}
	}
	f.later()
}

func TestRetryReusesIdempotencyKeyAndChangesOnce(t *testing.T) {
	for _, mode := range []string{"500", "drop"} {
		t.Run("patch after "+mode, func(t *testing.T) {
			var f *faulty
			var e *env
			e = newEnv(t, sandbox.Config{}, func(h http.Handler) http.Handler {
				f = &faulty{next: h, mode: mode, match: func(r *http.Request) bool {
					return r.Method == http.MethodPatch && !strings.HasSuffix(r.URL.Path, "/status")
				}}
				f.later = func() { e.clock.Advance(time.Minute) }
				return f
			})
			id := e.create(fixture(t, "push_one_time"))
			before := e.clock.Now()
			stored := e.get(id)
			bd := stored.BasicDetails
			bd.Name = ptr("renamed once")
			if _, err := e.client.Patch(context.Background(), id, api.WithIdentity(&model.Campaign{BasicDetails: bd}, stored)); err != nil {
				t.Fatalf("patch: %v", err)
			}
			if len(f.keys) != 2 || f.keys[0] == "" || f.keys[0] != f.keys[1] {
				t.Fatalf("attempts sent keys %q; want the same key twice", f.keys)
			}
			// After a 500 the client backs off; after a drop on a reused
			// connection net/http may already replay the request itself (it
			// carries an Idempotency-Key), with the same key.
			if len(e.waits) > 1 || (mode == "500" && len(e.waits) != 1) {
				t.Errorf("waits %v", e.waits)
			}
			got := e.get(id)
			// The retry came later on the sandbox's clock; had it been applied
			// again, updated_at would be the retry's time.
			if *got.BasicDetails.Name != "renamed once" || *got.UpdatedAt != before.Format(sandbox.TimeLayout) {
				t.Errorf("name %q updated_at %s, want the first attempt's %s", *got.BasicDetails.Name, *got.UpdatedAt, before.Format(sandbox.TimeLayout))
			}
		})
		t.Run("create after "+mode, func(t *testing.T) {
			var f *faulty
			e := newEnv(t, sandbox.Config{}, func(h http.Handler) http.Handler {
				f = &faulty{next: h, mode: mode, match: func(r *http.Request) bool {
					return r.Method == http.MethodPost && r.URL.Path == api.PathCampaigns
				}, later: func() {}}
				return f
			})
			body := fixture(t, "push_one_time")
			body.BasicDetails.Name = ptr("created once")
			id := e.create(body)
			if len(f.keys) != 2 || f.keys[0] != f.keys[1] {
				t.Fatalf("keys %q", f.keys)
			}
			sr, err := e.client.Search(context.Background(), api.SearchRequest{
				CampaignFields: &api.SearchFields{Status: []string{"DRAFT"}, Name: "created once"}, Limit: 15, Page: 1})
			if err != nil {
				t.Fatal(err)
			}
			if len(sr.Campaigns) != 1 || *sr.Campaigns[0].ID != id {
				t.Errorf("%d campaigns created, want 1 with id %s", len(sr.Campaigns), id)
			}
		})
	}
}

func TestRateLimitWithRealLimits(t *testing.T) {
	e := newEnv(t, sandbox.Config{}, nil)
	ctx := context.Background()
	id := e.create(fixture(t, "push_one_time"))
	// The sandbox allows 10 reads a second; the 11th in the same instant is
	// refused with Retry-After, which the client waits (on the fake clock).
	for i := range 10 {
		if _, err := e.client.Get(ctx, id); err != nil {
			t.Fatalf("get %d: %v", i, err)
		}
	}
	if len(e.waits) != 0 {
		t.Fatalf("waited %v within the limit", e.waits)
	}
	if _, err := e.client.Get(ctx, id); err != nil {
		t.Fatalf("11th get: %v", err)
	}
	if !slices.Equal(e.waits, []time.Duration{time.Second}) {
		t.Errorf("waits %v, want the Retry-After of 1s", e.waits)
	}

	// A client that may not wait that long gets the 429 with its Retry-After.
	impatient := e.newClient(api.Config{MaxRetryWait: 500 * time.Millisecond})
	for range 10 {
		impatient.Get(ctx, id)
	}
	_, err := impatient.Get(ctx, id)
	var ae *api.Error
	if !errors.As(err, &ae) || ae.Status != 429 || ae.Code != api.CodeRateLimited || ae.RetryAfter != time.Second {
		t.Errorf("impatient: %#v", err)
	}
}

func ptr[T any](v T) *T { return &v }
