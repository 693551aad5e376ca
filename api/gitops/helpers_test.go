package gitops_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/api/internal/refcheck"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/api/sandbox/sandboxtest"
	"github.com/campaigns-cli/campaigns/model"
)

type env struct {
	t       testing.TB
	clock   *sandboxtest.Clock // the sandbox's, the client's waits' and the pacer's
	client  *api.Client
	planner *gitops.Planner
	waits   []string
	dir     string
	// gets and searches count the reads that reached the service.
	gets, searches atomic.Int64
}

// newEnv serves a seeded sandbox on loopback on a fake clock.
func newEnv(t testing.TB) *env {
	t.Helper()
	e := &env{t: t, clock: sandboxtest.NewClock(time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)), dir: t.TempDir()}
	s, err := sandbox.Open(sandbox.Config{Now: e.clock.Now, Seed: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	h := refcheck.Wrap(t, s.Handler()) // every exchange against the reference's schemas
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.Method == http.MethodGet: // every GET reads a campaign
			e.gets.Add(1)
		case r.URL.Path == api.PathSearch:
			e.searches.Add(1)
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	ws := sandbox.DefaultWorkspace()
	e.client, err = api.New(api.Config{BaseURL: srv.URL, WorkspaceID: ws.ID, APIKey: ws.Key, Sleep: e.clock.Sleep})
	if err != nil {
		t.Fatal(err)
	}
	pacer := ops.NewPacer(e.clock)
	pacer.OnWait = func(d time.Duration, why string) { e.waits = append(e.waits, d.String()+" "+why) }
	e.planner = &gitops.Planner{Core: ops.New(e.client, ops.Options{Pacer: pacer})}
	return e
}

// plannerOver is a planner on e's pacer and clock whose client sends
// through wire, a test's transport under the real client, and never
// retries: what the wire answers is the answer.
func (e *env) plannerOver(wire http.RoundTripper) *gitops.Planner {
	e.t.Helper()
	ws := sandbox.DefaultWorkspace()
	c, err := api.New(api.Config{BaseURL: e.client.BaseURL(), WorkspaceID: ws.ID, APIKey: ws.Key, MaxRetries: -1,
		HTTPClient: &http.Client{Transport: wire}, Sleep: e.clock.Sleep})
	if err != nil {
		e.t.Fatal(err)
	}
	return &gitops.Planner{Core: ops.New(c, ops.Options{Pacer: e.planner.Core.Pacer()})}
}

// find returns the first seeded campaign with this name.
func (e *env) find(name string) map[string]any {
	e.t.Helper()
	var found map[string]any
	err := gitops.SearchPages(context.Background(), e.client, e.planner.Core.Pacer(),
		api.SearchRequest{CampaignFields: &api.SearchFields{Name: name, Status: model.Statuses}, IncludeArchiveCampaigns: true},
		1, 0, func(_ int, recs []map[string]any) error {
			for _, r := range recs {
				if b, _ := r["basic_details"].(map[string]any); found == nil && b["name"] == name {
					found = r
				}
			}
			return nil
		})
	if err != nil || found == nil {
		e.t.Fatalf("seeded campaign %q: %v", name, err)
	}
	return found
}

// export writes a campaign into the env's folder and loads it back.
func (e *env) export(id string) *gitops.File {
	e.t.Helper()
	rec, err := e.planner.Fetch(context.Background(), id)
	if err != nil {
		e.t.Fatal(err)
	}
	path, err := gitops.Export(e.dir, rec)
	if err != nil {
		e.t.Fatal(err)
	}
	f, err := gitops.Load(path)
	if err != nil {
		e.t.Fatal(err)
	}
	return f
}

// writtenAsServed loads a file apply rewrote and fails unless it, and its
// base, are the service's record as GET returns it but for what only the
// service knows (updated_at; updated_by when no author was sent), which
// apply leaves out rather than guesses: a value it holds is the service's.
func (e *env) writtenAsServed(path, id string) *gitops.File {
	e.t.Helper()
	svc, err := e.planner.Fetch(context.Background(), id)
	if err != nil {
		e.t.Fatal(err)
	}
	f, err := gitops.Load(path)
	if err != nil {
		e.t.Fatal(err)
	}
	base, err := gitops.LoadBase(path, id)
	if err != nil {
		e.t.Fatal(err)
	}
	for _, k := range []string{"updated_at", "updated_by"} {
		if _, ok := f.Tree[k]; !ok {
			delete(svc, k)
		}
	}
	want := string(gitops.Marshal(svc))
	if got := string(gitops.Marshal(f.Tree)); got != want {
		e.t.Fatalf("%s is not the service's record:\n%s\nservice:\n%s", path, got, want)
	}
	if got := string(gitops.Marshal(base)); got != want {
		e.t.Fatalf("the base of %s is not the service's record:\n%s\nservice:\n%s", path, got, want)
	}
	return f
}

func (e *env) get(id string) *model.Campaign { return sandboxtest.Get(e.t, e.client, id) }

func writeFile(t *testing.T, path, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

func setName(f *gitops.File, name string) {
	f.Tree["basic_details"].(map[string]any)["name"] = name
}

func loadTree(t testing.TB, path string) map[string]any {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return mustParse(t, string(raw)).(map[string]any)
}

func mustParse(t testing.TB, s string) any {
	t.Helper()
	tree, err := model.Parse([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return tree
}

// clone copies a JSON tree.
func clone(v any) any {
	tree, _ := model.Parse(gitops.Marshal(v))
	return tree
}

func readFile(t testing.TB, path string) string {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(raw)
}
