package ui

import (
	"bytes"
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/api/sandbox/sandboxtest"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
	"github.com/campaigns-cli/campaigns/ui/pages/browser"
	"github.com/campaigns-cli/campaigns/ui/pages/editor"
	"github.com/campaigns-cli/campaigns/ui/pages/inspector"
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

// Part 5: drafts are listed from the start; d hides them.
func TestBrowseListsDraftsUntilHidden(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tm := f.start(t)
	waitFor(t, tm, "status: all", nameEmpty)
	r := final(t, tm)
	drafts := 0
	for _, c := range r.browser().Rows() {
		if str(c.Status) == model.StatusDraft {
			drafts++
		}
	}
	if drafts == 0 {
		t.Fatal("no draft listed at start")
	}
	tm = f.startHidden(t)
	waitFor(t, tm, nameOneTime, namePeriodic, nameEvent, "last page")
	r = final(t, tm)
	uitest.Golden(t, "browse_default", r.View())
	for _, c := range r.browser().Rows() {
		if str(c.Status) == model.StatusDraft {
			t.Fatalf("a draft is listed once hidden: %s", campaignName(c))
		}
	}
	if len(r.browser().Rows()) != 3 {
		t.Fatalf("want the 3 published campaigns, got %d", len(r.browser().Rows()))
	}
}

func TestBrowsePagesWithDrafts(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tm := f.start(t)
	// Drafts are listed from the start.
	waitFor(t, tm, "status: all", "] next")
	keys(tm, "]")
	waitFor(t, tm, "page 2", "16–")
	keys(tm, "]") // a short page is the last: nothing to load
	waitFor(t, tm, "this is the last page")
	r := final(t, tm)
	uitest.Golden(t, "browse_page2", r.View())
	b := r.browser()
	if b.Page() != 2 || len(b.Rows()) == 0 || len(b.Rows()) >= browser.PageSize {
		t.Fatalf("page %d with %d rows", b.Page(), len(b.Rows()))
	}
	total := 3 + 2 + drafts // published + email and empty drafts + bulk drafts
	if got := browser.PageSize + len(b.Rows()); got != total {
		t.Fatalf("%d campaigns over two pages, want %d", got, total)
	}

	tm = f.start(t)
	waitFor(t, tm, "] next")
	keys(tm, "]")
	waitFor(t, tm, "page 2")
	keys(tm, "[")
	waitFor(t, tm, "page 1")
	if b := final(t, tm).browser(); b.Page() != 1 || len(b.Rows()) != browser.PageSize {
		t.Fatalf("back on page %d with %d rows", b.Page(), len(b.Rows()))
	}
}

func TestFilterByNameAndStatus(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tm := f.startHidden(t)
	waitFor(t, tm, nameOneTime)
	keys(tm, "/")
	waitFor(t, tm, "Filter campaigns")
	keys(tm, "q", "esc") // q typed into the name field does not quit
	waitFor(t, tm, "status: all but drafts")

	keys(tm, "/")
	waitFor(t, tm, "Filter campaigns")
	keys(tm, "draft 1") // name
	keys(tm, "tab", "tab", "tab")
	keys(tm, "space") // status DRAFT
	waitFor(t, tm, "[x] DRAFT")
	r := final(t, tm)
	uitest.Golden(t, "filter_form", r.View())

	tm = f.startHidden(t)
	waitFor(t, tm, nameOneTime)
	keys(tm, "/")
	waitFor(t, tm, "Filter campaigns")
	keys(tm, "draft 1", "tab", "tab", "tab", "space", "enter")
	waitFor(t, tm, `name: "draft 1"`, "Draft 14")
	r = final(t, tm)
	uitest.Golden(t, "filter_applied", r.View())
	rows := r.browser().Rows()
	if len(rows) != 5 { // Draft 10 … Draft 14
		t.Fatalf("want Draft 10–14, got %d rows", len(rows))
	}
	for _, c := range rows {
		if !strings.HasPrefix(campaignName(c), "Draft 1") || str(c.Status) != model.StatusDraft {
			t.Fatalf("unexpected row %s %s", campaignName(c), str(c.Status))
		}
	}
}

func TestFilterChannelAndTypeToggles(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tm := f.start(t)
	waitFor(t, tm, "status: all")
	// Drafts are shown; narrow to EMAIL by the channel row.
	keys(tm, "/")
	waitFor(t, tm, "Filter campaigns")
	keys(tm, "tab", "tab", "tab", "tab", "down", "space", "enter") // the channel list: EMAIL is the second
	waitFor(t, tm, "channel: email", nameEmail, "1–1 ")            // the answer, not the list before it
	r := final(t, tm)
	rows := r.browser().Rows()
	if len(rows) != 1 || campaignName(rows[0]) != nameEmail {
		t.Fatalf("EMAIL filter: %d rows", len(rows))
	}
	if f := r.browser().Filter(); len(f.Channels) != 1 || f.Channels[0] != model.ChannelEmail {
		t.Fatalf("filter %+v", f)
	}
}

func TestOpenInspectorPanes(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tm := f.startHidden(t)
	waitFor(t, tm, nameOneTime, "last page")
	keys(tm, "enter")                          // the first row
	waitFor(t, tm, "Summary", "Will it send?") // the Summary tab first
	keys(tm, "tab")
	waitFor(t, tm, "Overview", "Campaign ID", "not computed")
	r := final(t, tm)
	in := r.inspector(t)
	name := campaignName(in.Campaign())
	uitest.Golden(t, "inspect_overview", r.View())
	if r.browser().Selected() == nil || campaignName(r.browser().Selected()) != name {
		t.Fatal("the inspector shows another campaign than the one selected")
	}

	tm = f.startHidden(t)
	waitFor(t, tm, nameOneTime, "last page")
	keys(tm, "enter")
	waitFor(t, tm, "Will it send?")
	keys(tm, "tab")
	waitFor(t, tm, "Reachability")
	keys(tm, "tab")
	waitFor(t, tm, "basic_details: {")
	keys(tm, "space")
	waitFor(t, tm, "name: "+name)
	r = final(t, tm)
	uitest.Golden(t, "inspect_components", r.View())

	tm = f.startHidden(t)
	waitFor(t, tm, nameOneTime, "last page")
	keys(tm, "enter")
	waitFor(t, tm, "Will it send?")
	keys(tm, "tab", "tab", "tab")
	waitFor(t, tm, `"campaign_delivery_type":`)
	keys(tm, "shift+tab", "shift+tab", "shift+tab", "shift+tab", "shift+tab") // round past Summary and Versions
	waitFor(t, tm, "No checks yet")
	keys(tm, "esc")
	waitFor(t, tm, "browse")
	if r := final(t, tm); len(r.stack) != 1 {
		t.Fatal("esc did not return to the browser")
	}
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

func TestStopAfterConfirmation(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tm := f.start(t)
	f.openByName(t, tm, nameOneTime, false)
	keys(tm, "a")
	waitFor(t, tm, "Actions for", "Stop")
	keys(tm, "s")
	waitFor(t, tm, "Stop “"+nameOneTime+"”", "cannot be resumed")
	r := final(t, tm)
	uitest.Golden(t, "stop_confirm", r.View())
	if got := f.status(t, nameOneTime); got != model.StatusScheduled {
		t.Fatalf("asking for confirmation already changed the campaign: %s", got)
	}
	for _, a := range r.inspector(t).Actions() {
		if a == model.ActionPause || a == model.ActionResume {
			t.Fatalf("a one-time campaign offers %s", a)
		}
	}

	tm = f.start(t)
	f.openByName(t, tm, nameOneTime, false)
	keys(tm, "a", "s", "y")
	waitFor(t, tm, "Stopped “"+nameOneTime+"”", "STOPPED")
	r = final(t, tm)
	if got := f.status(t, nameOneTime); got != model.StatusStopped {
		t.Fatalf("status %s after a confirmed stop", got)
	}
	if in := r.inspector(t); str(in.Campaign().Status) != model.StatusStopped {
		t.Fatal("the inspector did not re-read the campaign")
	}
}

func TestPauseCancelledThenPauseAndResume(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tm := f.start(t)
	f.openByName(t, tm, namePeriodic, false)
	keys(tm, "a", "p")
	waitFor(t, tm, "Pause “"+namePeriodic+"”")
	keys(tm, "n")
	waitFor(t, tm, "Cancelled: nothing was changed")
	if got := f.status(t, namePeriodic); got != model.StatusScheduled {
		t.Fatalf("a cancelled pause changed the status to %s", got)
	}
	keys(tm, "a", "p", "y")
	waitFor(t, tm, "Paused “"+namePeriodic+"”", "PAUSED  ")
	if got := f.status(t, namePeriodic); got != model.StatusPaused {
		t.Fatalf("status %s after pause", got)
	}
	keys(tm, "a")
	waitFor(t, tm, "Resume", "enter run", "esc close") // the footer names the menu's keys
	keys(tm, "u")
	waitFor(t, tm, "starts sending to real users again")
	keys(tm, "esc") // esc cancels too
	waitFor(t, tm, "Cancelled")
	keys(tm, "a", "u", "y")
	waitFor(t, tm, "Resumed “"+namePeriodic+"”")
	final(t, tm)
	if got := f.status(t, namePeriodic); got != model.StatusScheduled {
		t.Fatalf("status %s after resume (start time ahead: SCHEDULED)", got)
	}
}

func TestValidateAndRefusedPublish(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tm := f.start(t)
	f.openByName(t, tm, nameEmpty, true)
	keys(tm, "v")
	waitFor(t, tm, "Validate “"+nameEmpty+"”: ", "problems block publishing") // the service's verdict, not the checklist's
	r := final(t, tm)
	uitest.Golden(t, "validate_problems", r.View())
	in := r.inspector(t)
	if ch := in.Checks(); len(ch) != 1 || len(ch[0].Problems) == 0 {
		t.Fatalf("validation problems not listed: %+v", ch)
	}

	tm = f.start(t)
	f.openByName(t, tm, nameEmpty, true)
	keys(tm, "a", "p")
	waitFor(t, tm, "Publish “"+nameEmpty+"”", "goes live")
	keys(tm, "y")
	waitFor(t, tm, "Publish of “"+nameEmpty+"” refused")
	r = final(t, tm)
	in = r.inspector(t)
	if ch := in.Checks(); len(ch) != 1 || len(ch[0].Problems) == 0 || ch[0].OK {
		t.Fatalf("publish problems not listed: %+v", ch)
	}
	if in.Pane() != "Checks" {
		t.Fatal("the refusal's problems are not on screen")
	}
	if got := f.status(t, nameEmpty); got != model.StatusDraft {
		t.Fatalf("a refused publish left the campaign %s", got)
	}
}

func TestPublishAValidDraft(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tm := f.start(t)
	f.openByName(t, tm, nameEmail, true)
	keys(tm, "v")
	waitFor(t, tm, "ready to publish")
	keys(tm, "a", "p", "y")
	waitFor(t, tm, "Published “"+nameEmail+"”")
	final(t, tm)
	if got := f.status(t, nameEmail); got == model.StatusDraft {
		t.Fatal("still a draft after publishing")
	}
}

func TestRefreshKeepsTheCursor(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tm := f.startHidden(t)
	rows := f.listed(t, false)
	waitFor(t, tm, nameOneTime, "last page")
	selectRow(t, tm, rows, namePeriodic)
	// Another user publishes a draft: the list changes under the cursor.
	if err := f.Client.Publish(context.Background(), f.IDs[nameEmail]); err != nil {
		t.Fatal(err)
	}
	keys(tm, "r")
	waitFor(t, tm, nameEmail)
	r := final(t, tm)
	if sel := r.browser().Selected(); sel == nil || campaignName(sel) != namePeriodic {
		t.Fatalf("cursor moved off %s after refresh", namePeriodic)
	}
	if len(r.browser().Rows()) != 4 {
		t.Fatalf("refresh did not pick up the new campaign: %d rows", len(r.browser().Rows()))
	}
}

func TestMouseWheelMovesTheCursor(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tm := f.startHidden(t)
	waitFor(t, tm, nameOneTime, "last page")
	tm.Send(tea.MouseMsg{Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
	tm.Send(tea.MouseMsg{Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
	keys(tm, "?") // something visible to wait for after the wheel events
	waitFor(t, tm, "Keys")
	r := final(t, tm)
	if b := r.browser(); len(b.Rows()) < 3 || b.Selected() != b.Rows()[2] {
		t.Fatal("the cursor is not on the third row after two wheel steps")
	}
	uitest.Golden(t, "help", r.View())
}

func TestCampaignTextWithEscapesRendersInert(t *testing.T) {
	t.Parallel()
	evil := "Evil \x1b]0;pwned\x07title\x1b[2J\x1b[31m red\u009b6n"
	f := newFixture(t, &model.Campaign{Channel: sp("PUSH"), CampaignDeliveryType: sp("ONE_TIME"), CreatedBy: sp("eve@example.com"),
		BasicDetails: &model.BasicDetails{Name: sp(evil), Tags: []string{"\x1b[5mblink"}}})
	tm := f.start(t) // drafts are listed: filter by name only
	keys(tm, "/")
	keys(tm, "evil", "enter")
	waitFor(t, tm, "Evil title red")
	keys(tm, "i") // the draft in the inspector
	waitFor(t, tm, "Will it send?")
	keys(tm, "tab", "tab", "tab") // JSON pane
	waitFor(t, tm, `"name": "Evil`)
	out := uitest.Written(t, tm)
	r := final(t, tm)
	// The JSON pane shows the escapes as JSON text (\u001b…), which is inert;
	// what must never reach the terminal is the control bytes themselves.
	for _, bad := range []string{"\x1b]0;", "\x07", "\x1b[2J", "\x1b[31m", "\x1b[5m", "\u009b"} {
		if bytes.Contains(out, []byte(bad)) {
			t.Errorf("the terminal received %q from campaign text", bad)
		}
		if strings.Contains(r.View(), bad) {
			t.Errorf("the view holds %q", bad)
		}
	}
}

func TestResizeReflows(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tm := f.startHidden(t)
	waitFor(t, tm, nameOneTime, "last page")
	tm.Send(tea.WindowSizeMsg{Width: 200, Height: 60})
	waitFor(t, tm, "EVENT_TRIGGERED") // the wide layout: full type names
	r := final(t, tm)
	view := r.View()
	if n := strings.Count(view, "\n") + 1; n != 60 {
		t.Fatalf("%d lines at 200×60", n)
	}
	uitest.Golden(t, "browse_200x60", view)
}

func TestServiceErrorsShowInTheStatusLine(t *testing.T) {
	t.Parallel()
	hs := httptest.NewServer(nil)
	url := hs.URL
	hs.Close() // nothing listens there any more
	client, err := api.New(api.Config{BaseURL: url, WorkspaceID: "W", APIKey: "k", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	m := New(Config{Client: client, Service: url, Workspace: "W", Theme: themes.Plain()})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(80, 24))
	// An unreachable service is said in words, not as a dial error cut off.
	waitFor(t, tm, "Offline", "connection refused")
	r := final(t, tm)
	if !strings.Contains(r.View(), "⚠ Offline") || !strings.Contains(r.View(), url) || strings.Contains(r.View(), "dial tcp") {
		t.Fatalf("offline banner or service not on screen:\n%s", r.View())
	}
}

func TestInspectorWideShowsOverviewBesidePanes(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tm := f.startHidden(t)
	waitFor(t, tm, "1–")
	tm.Send(tea.WindowSizeMsg{Width: 200, Height: 60})
	waitFor(t, tm, "EVENT_TRIGGERED")
	keys(tm, "enter")
	waitFor(t, tm, "Campaign ID", "│  Will it send?", "not computed") // the Summary beside the overview
	keys(tm, "tab")
	waitFor(t, tm, "│ ▌▸ basic_details")
	keys(tm, "tab") // JSON beside the overview
	uitest.WaitForHighlighted(t, tm, `"campaign_delivery_type": "EVENT_TRIGGERED"`)
	r := final(t, tm)
	view := r.View()
	if n := strings.Count(view, "\n") + 1; n != 60 {
		t.Fatalf("%d lines", n)
	}
	uitest.Golden(t, "inspect_200x60", view)
}

func TestCtrlCQuitsWhileTyping(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tm := f.start(t)
	waitFor(t, tm, "1–")
	keys(tm, "/", "abc")
	waitFor(t, tm, "abc")
	keys(tm, "ctrl+c")
	tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
}

func TestFilterByCampaignID(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tm := f.start(t)
	waitFor(t, tm, "1–")
	keys(tm, "/", "tab", "tab", f.IDs[namePeriodic], "enter")
	waitFor(t, tm, "ids: ", "1–1 ") // the answer, not the list before it
	r := final(t, tm)
	rows := r.browser().Rows()
	if len(rows) != 1 || campaignName(rows[0]) != namePeriodic {
		t.Fatalf("search by id gave %d rows", len(rows))
	}
}

// The demo seed has periodic children: open one from the browser with child
// campaigns shown, then its parent with p.
func TestChildCampaignLinksToItsParent(t *testing.T) {
	t.Parallel()
	s, err := sandbox.Open(sandbox.Config{Seed: true, NoRateLimits: true, Now: func() time.Time { return time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC) }})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() { hs.Close(); s.Close() })
	ws := sandbox.DefaultWorkspace()
	client, err := api.New(api.Config{BaseURL: hs.URL, WorkspaceID: ws.ID, APIKey: ws.Key})
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{&sandboxtest.Fixture{Client: client}}
	flt := browser.DefaultFilter()
	flt.Children = true
	res, err := client.Search(context.Background(), flt.Request(1))
	if err != nil {
		t.Fatal(err)
	}
	res.Campaigns = browser.NewestFirst(res.Campaigns)
	var rows []string
	var child *model.Campaign
	for _, c := range res.Campaigns {
		rows = append(rows, campaignName(c))
		if child == nil && str(c.ParentID) != "" {
			child = c
		}
	}
	if child == nil {
		t.Skip("the demo seed has no child campaign on the first page")
	}
	parent, err := client.Get(context.Background(), str(child.ParentID))
	if err != nil {
		t.Fatal(err)
	}
	tm := f.start(t)
	waitFor(t, tm, "1–")
	keys(tm, "c")
	waitFor(t, tm, "↳ ")
	selectRow(t, tm, rows, campaignName(child))
	keys(tm, "enter")
	waitFor(t, tm, "(p opens it)")
	keys(tm, "p")
	waitFor(t, tm, "Campaign ID     "+str(parent.CampaignID))
	r := final(t, tm)
	if in := r.inspector(t); str(in.Campaign().CampaignID) != str(parent.CampaignID) {
		t.Fatal("p did not open the parent")
	}
}

func TestProblemShownInTheTree(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tm := f.start(t)
	f.openByName(t, tm, nameEmpty, true)
	keys(tm, "v")
	waitFor(t, tm, "Validate “"+nameEmpty+"”: ", "problems block publishing") // the service's verdict, not the checklist's
	keys(tm, "down", "up", "enter")                                           // the first problem: basic_details.platforms
	waitFor(t, tm, "▌▸ basic_details")
	r := final(t, tm)
	in := r.inspector(t)
	if in.Pane() != "Components" || in.SelectedPath() != "basic_details" {
		t.Fatalf("pane %s, cursor on %s", in.Pane(), in.SelectedPath())
	}
}
