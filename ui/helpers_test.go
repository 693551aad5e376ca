package ui

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/sandbox/sandboxtest"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
	"github.com/campaigns-cli/campaigns/ui/pages/browser"
	"github.com/campaigns-cli/campaigns/ui/pages/editor"
	"github.com/campaigns-cli/campaigns/ui/pages/inspector"
	"github.com/charmbracelet/x/exp/teatest"
)

// Fixture names (sandboxtest.NewFixture).
const (
	nameOneTime  = sandboxtest.NameOneTime
	namePeriodic = sandboxtest.NamePeriodic
	nameEvent    = sandboxtest.NameEvent
	nameEmpty    = sandboxtest.NameEmpty
	nameEmail    = sandboxtest.NameEmail
	drafts       = sandboxtest.Drafts
)

var (
	str          = model.Str
	campaignName = common.CampaignName
	waitFor      = uitest.WaitFor
	keys         = uitest.Keys
)

func sp(s string) *string { return &s }

// fixture is the sandbox of sandboxtest.NewFixture.
type fixture struct{ *sandboxtest.Fixture }

func newFixture(t *testing.T, extra ...*model.Campaign) *fixture {
	return &fixture{sandboxtest.NewFixture(t, extra...)}
}

func (f *fixture) status(t *testing.T, name string) string { return f.Status(t, name) }

// newEditor is the draft editor as main wires it, journaling under a
// temporary directory.
func newEditor(t *testing.T, client *api.Client) *editor.Factory {
	t.Helper()
	ed, closeEd, err := editor.Open(client, t.TempDir(), editor.Options{
		Validation: engine.Options{Features: engine.Features{AudienceLimit: true, Versioning: true}},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = closeEd() })
	return ed
}

// start runs the whole program at 80×24 against the fixture, in the
// default theme's colours on a dark background whatever terminal runs the
// tests: its goldens keep colour, so a change of colour alone fails them.
func (f *fixture) start(t *testing.T) *teatest.TestModel {
	t.Helper()
	return f.startIn(t, themes.Default(), uitest.ColourRenderer())
}

func (f *fixture) startIn(t *testing.T, theme themes.Theme, r *common.Renderer) *teatest.TestModel {
	t.Helper()
	m := New(Config{Client: f.Client, Service: "embedded sandbox", Workspace: "SANDBOX", Theme: theme, Renderer: r,
		Editor: newEditor(t, f.Client), Now: uitest.Clock, Local: time.UTC})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(80, 24))
	t.Cleanup(func() { _ = tm.Quit() })
	return tm
}

// startHidden starts the program and hides the drafts (listed by default),
// for tests about the published campaigns.
func (f *fixture) startHidden(t *testing.T) *teatest.TestModel {
	t.Helper()
	tm := f.start(t)
	waitFor(t, tm, "status: all", "page 1 · 1–15")
	keys(tm, "d") // the caller waits for what it needs to see
	return tm
}

// final quits and returns the last model; its View is what was on screen.
func final(t *testing.T, tm *teatest.TestModel) *root {
	t.Helper()
	keys(tm, "ctrl+c")
	return tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*root)
}

func (r *root) browser() *browser.Browser { return r.stack[0].(*browser.Browser) }

// inspector is the inspector on top of the stack.
func (r *root) inspector(t *testing.T) *inspector.Inspector {
	t.Helper()
	in, ok := r.stack[len(r.stack)-1].(*inspector.Inspector)
	if !ok {
		t.Fatalf("the top screen is %T, not the inspector", r.stack[len(r.stack)-1])
	}
	return in
}

// selectRow moves the browser's cursor to the named campaign with real key
// presses (the cursor starts at the top after a load).
func selectRow(t *testing.T, tm *teatest.TestModel, rows []string, name string) {
	t.Helper()
	for i, r := range rows {
		if r == name {
			for range i {
				keys(tm, "down")
			}
			return
		}
	}
	t.Fatalf("%s not among %v", name, rows)
}

// inspect starts the program on a fixture of its own and opens the named
// campaign in the inspector (see openByName).
func inspect(t *testing.T, name string, withDrafts bool) (*fixture, *teatest.TestModel) {
	t.Helper()
	f := newFixture(t)
	tm := f.start(t)
	f.openByName(t, tm, name, withDrafts)
	return f, tm
}

// openByName opens a campaign in the inspector from the browser (drafts
// shown) by pressing down until it is selected, then i (enter would open a
// draft in the editor).
func (f *fixture) openByName(t *testing.T, tm *teatest.TestModel, name string, withDrafts bool) {
	t.Helper()
	rows := f.listed(t, withDrafts)
	waitFor(t, tm, "1–")
	if !withDrafts {
		keys(tm, "d") // drafts are listed by default: hide them
		// The summary changes before the search answers: wait for the
		// answer's own range, or keys would move through the old rows.
		if all := f.listed(t, true); len(all) == len(rows) {
			t.Fatalf("the first page is as long with drafts as without (%d rows): the wait below cannot tell them apart", len(rows))
		}
		waitFor(t, tm, "status: all but drafts", fmt.Sprintf("1–%d ", len(rows)))
	}
	selectRow(t, tm, rows, name)
	keys(tm, "i")
	waitFor(t, tm, "Summary", "Will it send?")
}

// listed is the first page the browser shows, in the service's order.
func (f *fixture) listed(t *testing.T, withDrafts bool) []string {
	t.Helper()
	flt := browser.DefaultFilter()
	if !withDrafts {
		flt.ToggleDrafts()
	}
	res, err := f.Client.Search(context.Background(), flt.Request(1))
	res.Campaigns = browser.NewestFirst(res.Campaigns)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, c := range res.Campaigns {
		out = append(out, campaignName(c))
	}
	return out
}
