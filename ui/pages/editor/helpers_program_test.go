package editor_test

import (
	"context"
	"flag"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	gosync "sync"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/muesli/termenv"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/drafts"
	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
	"github.com/campaigns-cli/campaigns/ui/pages/browser"
	"github.com/campaigns-cli/campaigns/ui/pages/editor"
)

// The tests of this file's package run the whole program (shell + editor)
// against the embedded sandbox on loopback, with real key presses. Each has
// its own sandbox (one starts in a few milliseconds) and data directory, so
// the drafts one creates are never another's and they run in parallel: most
// of their time is spent waiting on the program's frames and the service.

func TestMain(m *testing.M) {
	flag.Parse()
	// The tests wait on the program's frames and the service far more
	// than they compute; the longest (the marketer's key tests) should
	// not wait for a turn.
	uitest.ParallelUnlessSet(64)
	uitest.CollectLess()
	lipgloss.SetColorProfile(termenv.Ascii)
	// The browser asks the service again (and follows a journal's sync)
	// this often: a test need not wait the 5 s a person would.
	browser.OfflineRetry = 50 * time.Millisecond
	os.Exit(m.Run())
}

// env is the embedded sandbox on loopback, a client and a journal directory.
type env struct {
	client *api.Client
	dir    string
	stop   func() error
	author string // the profile's `author` (main passes it to SetAuthor)
	// clock drives the sync engine's timers when set: the typing pause has
	// passed only when the test says so (clock.Advance).
	clock *drafts.FakeClock
	// names are the workspace's names offered while typing, when set.
	names editor.NameSource
}

// newEnv starts a sandbox of the test's own; the test runs in parallel with
// the others from here on.
func newEnv(t *testing.T) *env {
	t.Helper()
	t.Parallel()
	url, _, stop, err := sandbox.StartLocal(sandbox.Config{NoRateLimits: true})
	if err != nil {
		t.Fatal(err)
	}
	c := clientOf(t, url)
	var once gosync.Once
	stopOnce := func() error {
		once.Do(func() {
			// A connection dialed for a request the program dropped as it
			// quit waits, never used, among the transport's idle ones; the
			// sandbox's graceful stop would wait 5 s for it.
			c.CloseIdleConnections()
			_ = stop()
		})
		return nil
	}
	t.Cleanup(func() { _ = stopOnce() })
	return &env{client: c, dir: t.TempDir(), stop: stopOnce}
}

// clientOf is a client of the sandbox's default workspace at url, which
// does not retry (a refused request is the test's to see).
func clientOf(t *testing.T, url string) *api.Client {
	t.Helper()
	ws := sandbox.DefaultWorkspace()
	c, err := api.New(api.Config{BaseURL: url, WorkspaceID: ws.ID, APIKey: ws.Key, MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// between puts h between the program and the sandbox: the program's client
// goes through it, and the client returned goes to the sandbox directly
// (for the test's own reads and writes).
func (e *env) between(t *testing.T, h func(next http.Handler) http.Handler) (direct *api.Client) {
	t.Helper()
	direct = e.client
	target, err := url.Parse(direct.BaseURL())
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h(httputil.NewSingleHostReverseProxy(target)))
	t.Cleanup(srv.Close)
	e.client = clientOf(t, srv.URL)
	return direct
}

// pause is the sync engine's typing pause in the tests that say when it
// has passed (env.clock).
const pause = time.Second

// run starts the whole program (shell + editor) on a fresh sync engine in
// a window of 160×48 cells. debounce is the typing pause before edits are
// sent on their own (0: the engine's; time.Hour: never, in a test).
func (e *env) run(t *testing.T, debounce time.Duration) (*teatest.TestModel, func()) {
	t.Helper()
	return e.runAt(t, debounce, 160, 48)
}

// runAt is run in a window of w×h cells.
func (e *env) runAt(t *testing.T, debounce time.Duration, w, h int) (*teatest.TestModel, func()) {
	t.Helper()
	opts := editor.Options{
		Validation: engine.Options{Features: engine.Features{AudienceLimit: true, Versioning: true}},
		Debounce:   debounce,
		Author:     e.author, // updated_by, as main passes the profile's author
	}
	if e.clock != nil {
		opts.Clock = e.clock
	}
	f, closeF, err := editor.Open(e.client, e.dir, opts)
	if err != nil {
		t.Fatal(err)
	}
	f.PreviewDelay = 25 * time.Millisecond
	f.SetAuthor(e.author)
	f.Names = e.names
	root := ui.New(ui.Config{Client: e.client, Service: "test sandbox", Workspace: "SANDBOX", Theme: themes.Plain(), DataDir: e.dir, Editor: f})
	tm := teatest.NewTestModel(t, root, teatest.WithInitialTermSize(w, h))
	stopped := false
	stop := func() {
		if !stopped {
			stopped = true
			_ = tm.Quit()
			tm.WaitFinished(t, finished)
			_ = closeF()
		}
	}
	t.Cleanup(stop)
	return tm, stop
}

// finished is how long a test waits for the program to end: generous, as
// WaitFor is, since a loaded machine is slow and a pass returns at once.
var finished = teatest.WithFinalTimeout(60 * time.Second)

// waitFor waits until the program's screen shows every string.
var waitFor = uitest.WaitFor

// keys sends named key presses (uitest.Key).
var keys = uitest.Keys

// typ types s, one key press per character, as a terminal sends them.
var typ = uitest.Type

func down(tm *teatest.TestModel, n int) {
	for range n {
		keys(tm, "down")
	}
}

// finalView quits and returns what was on screen.
func finalView(t *testing.T, tm *teatest.TestModel) string {
	t.Helper()
	_ = tm.Quit()
	return tm.FinalModel(t, finished).View()
}

// openNewDraft opens the new-draft dialog from the browser; the screen
// then shows every string of want too.
func openNewDraft(t *testing.T, tm *teatest.TestModel, want ...string) {
	t.Helper()
	waitFor(t, tm, "browse")
	keys(tm, "n")
	waitFor(t, tm, append([]string{"New draft", "┃ Channel"}, want...)...)
}

// pushOneTime chooses Push and its first delivery type, ONE_TIME, in the
// new-draft dialog; the author's field then shows every string of want.
func pushOneTime(t *testing.T, tm *teatest.TestModel, want ...string) {
	t.Helper()
	// huh moves between fields with its own messages: wait for each field
	// to take focus before typing into it.
	keys(tm, "enter")
	waitFor(t, tm, "┃ Delivery type")
	keys(tm, "enter")
	waitFor(t, tm, append([]string{"┃ Created by"}, want...)...)
}

// authorAndName types the author over the one offered and the draft's name.
func authorAndName(t *testing.T, tm *teatest.TestModel, author, name string) {
	t.Helper()
	keys(tm, "ctrl+u") // the author last used here, if any
	typ(tm, author)
	keys(tm, "enter")
	waitFor(t, tm, "┃ Name")
	typ(tm, name)
	keys(tm, "enter")
}

// newDraft goes through the new-draft dialog from the browser
// (uitest.NewDraft): a Push (or Email) ONE_TIME draft by ana@example.com
// named name, opened on Basic details with the cursor on its name.
func newDraft(t *testing.T, tm *teatest.TestModel, email bool, name string) {
	t.Helper()
	waitFor(t, tm, "browse")
	uitest.NewDraft(t, tm, uitest.Draft{Email: email, Author: "ana@example.com", Name: name, Connector: "main-sendgrid"})
	waitFor(t, tm, name, "DRAFT", "Basic details")
}

// draftOpen runs the program in a fresh env (debounce as in run) and opens
// a new Push ONE_TIME draft named name in it (newDraft).
func draftOpen(t *testing.T, debounce time.Duration, name string) (*env, *teatest.TestModel) {
	t.Helper()
	e := newEnv(t)
	tm, _ := e.run(t, debounce)
	newDraft(t, tm, false, name)
	return e, tm
}

// rename edits the name of the draft open on Basic details (the cursor on
// its row, as a new draft opens): cut letters go from its end, more is
// typed after them. It waits until the new name is shown with every string
// of want, and returns it.
func rename(t *testing.T, tm *teatest.TestModel, name string, cut int, more string, want ...string) string {
	t.Helper()
	keys(tm, "enter")
	for range cut {
		keys(tm, "backspace")
	}
	typ(tm, more)
	keys(tm, "enter")
	name = name[:len(name)-cut] + more
	waitFor(t, tm, append([]string{name}, want...)...)
	return name
}

// syncNow sends every edit with ctrl+s and reads the draft back over the
// API under name: the service has it.
func syncNow(t *testing.T, e *env, tm *teatest.TestModel, name string) *model.Campaign {
	t.Helper()
	keys(tm, "ctrl+s")
	waitFor(t, tm, "Synced.") // the flush's own notice: the service has every edit
	return find(t, e.client, name)
}

// find reads the campaign named name back over the API, whatever its
// status.
func find(t *testing.T, c *api.Client, name string) *model.Campaign {
	t.Helper()
	r, err := c.Search(context.Background(), api.SearchRequest{Limit: 15, Page: 1, CampaignFields: &api.SearchFields{Status: model.Statuses}})
	if err != nil {
		t.Fatal(err)
	}
	for _, camp := range r.Campaigns {
		if camp.BasicDetails != nil && model.Str(camp.BasicDetails.Name) == name {
			full, err := c.Get(context.Background(), *camp.CampaignID)
			if err != nil {
				t.Fatal(err)
			}
			return full
		}
	}
	t.Fatalf("no campaign named %q on the service", name)
	return nil
}

// nameOn is the name the service holds for campaign id.
func nameOn(t *testing.T, c *api.Client, id string) string {
	t.Helper()
	got, err := c.Get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if got.BasicDetails == nil {
		return ""
	}
	return model.Str(got.BasicDetails.Name)
}

// create creates a draft on the service from a testdata file and returns
// its campaign_id.
func create(t *testing.T, e *env, file string) string {
	t.Helper()
	body := uitest.Campaign(t, file)
	body.RequestID = nil
	res, err := e.client.Create(context.Background(), body)
	if err != nil {
		t.Fatal(err)
	}
	return res.ID
}

// openCreated reads the browser's list again (the program was on it when
// the campaign was created) and opens the newest campaign, named name,
// waiting for the editor to show want.
func openCreated(t *testing.T, tm *teatest.TestModel, name string, want ...string) {
	t.Helper()
	keys(tm, "esc", "r")
	waitFor(t, tm, "browse", name)
	keys(tm, "g", "enter") // the newest is listed first
	waitFor(t, tm, append([]string{name}, want...)...)
}

// openFixture creates a draft from testdata/campaigns/file through the
// client and opens it in the editor from the browser.
func openFixture(t *testing.T, e *env, tm *teatest.TestModel, file, name string) {
	t.Helper()
	create(t, e, "campaigns/"+file)
	openCreated(t, tm, name, "ready to publish")
}

// openMarketerPush creates testdata/fixtures/marketer-push.json on the
// sandbox and opens it from the browser.
func openMarketerPush(t *testing.T, e *env, tm *teatest.TestModel) *model.Campaign {
	t.Helper()
	create(t, e, "fixtures/marketer-push.json")
	openCreated(t, tm, "Viewed but not bought", "ready to publish")
	return find(t, e.client, "Viewed but not bought")
}
