package ui

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/muesli/termenv"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/themes"
)

// testClock is the sandbox's clock. It starts where every fixture's start
// time lies ahead, so a published campaign is SCHEDULED, and moves only when
// the fixture says: nothing moves on by itself and every campaign has its
// own updated_at, so the service's order is the same on every run.
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *testClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// fixture is a real sandbox on loopback with campaigns in several states.
type fixture struct {
	client *api.Client
	ids    map[string]string // campaign name → campaign_id
}

// Fixture names.
const (
	nameOneTime  = "Summer sale kickoff" // PUSH ONE_TIME, SCHEDULED
	namePeriodic = "Weekly picks"        // PUSH PERIODIC, SCHEDULED
	nameEvent    = "Cart abandonment nudge"
	nameEmpty    = "Empty draft" // PUSH ONE_TIME draft that cannot publish
	nameEmail    = "June newsletter"
	drafts       = 14 // "Draft 01"… : enough for a second page with drafts shown
)

func newFixture(t *testing.T, extra ...*model.Campaign) *fixture {
	t.Helper()
	clock := &testClock{now: time.Date(2026, 4, 1, 12, 0, 0, 0, time.UTC)}
	// No demo seed: the fixture's own campaigns keep counts and order exact.
	s, err := sandbox.Open(sandbox.Config{NoRateLimits: true, Now: clock.Now})
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
	f := &fixture{client: client, ids: map[string]string{}}
	ctx := context.Background()
	create := func(c *model.Campaign) string {
		t.Helper()
		c.RequestID = nil
		clock.Advance(time.Minute)
		res, err := client.Create(ctx, c)
		if err != nil {
			t.Fatalf("create %s: %v", campaignName(c), err)
		}
		f.ids[campaignName(c)] = res.ID
		return res.ID
	}
	load := func(file string) *model.Campaign {
		t.Helper()
		data, err := os.ReadFile(filepath.Join("..", "testdata", "campaigns", file))
		if err != nil {
			t.Fatal(err)
		}
		c, err := model.Decode(data)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	publish := func(id string) {
		t.Helper()
		clock.Advance(time.Minute)
		if err := client.Publish(ctx, id); err != nil {
			t.Fatalf("publish: %v", err)
		}
	}
	publish(create(load("push_one_time.json")))
	publish(create(load("push_periodic.json")))
	ev := create(load("push_event_triggered.json"))
	publish(ev)
	clock.Advance(time.Minute)
	if _, err := client.SetStatus(ctx, ev, model.ActionPause); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= drafts; i++ {
		create(&model.Campaign{Channel: sp("PUSH"), CampaignDeliveryType: sp("PERIODIC"), CreatedBy: sp("ana@example.com"),
			BasicDetails: &model.BasicDetails{Name: sp(fmt.Sprintf("Draft %02d", i)), Tags: []string{"bulk"}}})
	}
	create(load("email_one_time.json"))
	create(&model.Campaign{Channel: sp("PUSH"), CampaignDeliveryType: sp("ONE_TIME"), CreatedBy: sp("ana@example.com"),
		BasicDetails: &model.BasicDetails{Name: sp(nameEmpty)}})
	for _, c := range extra {
		create(c)
	}
	return f
}

func (f *fixture) status(t *testing.T, name string) string {
	t.Helper()
	c, err := f.client.Get(context.Background(), f.ids[name])
	if err != nil {
		t.Fatal(err)
	}
	return str(c.Status)
}

// start runs the whole program at 80×24 against the fixture.
func (f *fixture) start(t *testing.T) *teatest.TestModel {
	t.Helper()
	m := New(Config{Client: f.client, Service: "embedded sandbox", Workspace: "SANDBOX", Theme: themes.Plain()})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(80, 24))
	t.Cleanup(func() { _ = tm.Quit() })
	return tm
}

// waitFor reads the program's output until every part has appeared.
func waitFor(t *testing.T, tm *teatest.TestModel, parts ...string) {
	t.Helper()
	var seen bytes.Buffer
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		seen.Write(b)
		for _, p := range parts {
			if !bytes.Contains(seen.Bytes(), []byte(p)) {
				return false
			}
		}
		return true
	}, teatest.WithDuration(10*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
}

func keys(tm *teatest.TestModel, ks ...string) {
	for _, k := range ks {
		switch k {
		case "enter":
			tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
		case "esc":
			tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
		case "tab":
			tm.Send(tea.KeyMsg{Type: tea.KeyTab})
		case "shift+tab":
			tm.Send(tea.KeyMsg{Type: tea.KeyShiftTab})
		case "down":
			tm.Send(tea.KeyMsg{Type: tea.KeyDown})
		case "up":
			tm.Send(tea.KeyMsg{Type: tea.KeyUp})
		case "right":
			tm.Send(tea.KeyMsg{Type: tea.KeyRight})
		case "space":
			tm.Send(tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}})
		case "ctrl+c":
			tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
		default:
			tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)})
		}
	}
}

// final quits and returns the last model; its View is what was on screen.
func final(t *testing.T, tm *teatest.TestModel) *root {
	t.Helper()
	keys(tm, "ctrl+c")
	return tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*root)
}

func (r *root) browser() *Browser { return r.stack[0].(*Browser) }

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

func TestBrowseHidesDraftsUntilAsked(t *testing.T) {
	f := newFixture(t)
	tm := f.start(t)
	waitFor(t, tm, nameOneTime, namePeriodic, nameEvent, "last page")
	r := final(t, tm)
	golden(t, "browse_default", r.View())
	for _, c := range r.browser().Rows() {
		if str(c.Status) == model.StatusDraft {
			t.Fatalf("a draft is listed without being asked for: %s", campaignName(c))
		}
	}
	if len(r.browser().Rows()) != 3 {
		t.Fatalf("want the 3 published campaigns, got %d", len(r.browser().Rows()))
	}
}

func TestBrowsePagesWithDrafts(t *testing.T) {
	f := newFixture(t)
	tm := f.start(t)
	waitFor(t, tm, nameOneTime)
	keys(tm, "d")
	waitFor(t, tm, "status: all", "] next")
	keys(tm, "]")
	waitFor(t, tm, "page 2", "16–")
	keys(tm, "]") // a short page is the last: nothing to load
	waitFor(t, tm, "this is the last page")
	r := final(t, tm)
	golden(t, "browse_page2", r.View())
	b := r.browser()
	if b.page != 2 || len(b.rows) == 0 || len(b.rows) >= PageSize {
		t.Fatalf("page %d with %d rows", b.page, len(b.rows))
	}
	total := 3 + 2 + drafts // published + email and empty drafts + bulk drafts
	if got := PageSize + len(b.rows); got != total {
		t.Fatalf("%d campaigns over two pages, want %d", got, total)
	}

	tm = f.start(t)
	waitFor(t, tm, nameOneTime)
	keys(tm, "d")
	waitFor(t, tm, "] next")
	keys(tm, "]")
	waitFor(t, tm, "page 2")
	keys(tm, "[")
	waitFor(t, tm, "page 1")
	if b := final(t, tm).browser(); b.page != 1 || len(b.rows) != PageSize {
		t.Fatalf("back on page %d with %d rows", b.page, len(b.rows))
	}
}

func TestFilterByNameAndStatus(t *testing.T) {
	f := newFixture(t)
	tm := f.start(t)
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
	golden(t, "filter_form", r.View())

	tm = f.start(t)
	waitFor(t, tm, nameOneTime)
	keys(tm, "/")
	waitFor(t, tm, "Filter campaigns")
	keys(tm, "draft 1", "tab", "tab", "tab", "space", "enter")
	waitFor(t, tm, `name: "draft 1"`, "Draft 14")
	r = final(t, tm)
	golden(t, "filter_applied", r.View())
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
	f := newFixture(t)
	tm := f.start(t)
	waitFor(t, tm, nameOneTime)
	// Show drafts, then narrow to EMAIL by the channel row.
	keys(tm, "d", "/")
	waitFor(t, tm, "Filter campaigns")
	keys(tm, "tab", "tab", "tab", "tab", "right", "space", "enter")
	waitFor(t, tm, "channel: email", nameEmail)
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
	f := newFixture(t)
	tm := f.start(t)
	waitFor(t, tm, nameOneTime, "last page")
	keys(tm, "enter") // the first row
	waitFor(t, tm, "Overview", "Campaign ID", "not computed")
	r := final(t, tm)
	in := r.stack[1].(*Inspector)
	name := campaignName(in.Campaign())
	golden(t, "inspect_overview", r.View())
	if r.browser().Selected() == nil || campaignName(r.browser().Selected()) != name {
		t.Fatal("the inspector shows another campaign than the one selected")
	}

	tm = f.start(t)
	waitFor(t, tm, nameOneTime, "last page")
	keys(tm, "enter")
	waitFor(t, tm, "Reachability")
	keys(tm, "tab")
	waitFor(t, tm, "basic_details: {")
	keys(tm, "space")
	waitFor(t, tm, "name: "+name)
	r = final(t, tm)
	golden(t, "inspect_components", r.View())

	tm = f.start(t)
	waitFor(t, tm, nameOneTime, "last page")
	keys(tm, "enter")
	waitFor(t, tm, "Reachability")
	keys(tm, "tab", "tab")
	waitFor(t, tm, `"campaign_delivery_type":`)
	keys(tm, "shift+tab", "shift+tab", "shift+tab")
	waitFor(t, tm, "No checks yet")
	keys(tm, "esc")
	waitFor(t, tm, "browse")
	if r := final(t, tm); len(r.stack) != 1 {
		t.Fatal("esc did not return to the browser")
	}
}

// openByName opens a campaign from the browser (drafts shown) by pressing
// down until it is selected, then enter.
func (f *fixture) openByName(t *testing.T, tm *teatest.TestModel, name string, withDrafts bool) {
	t.Helper()
	rows := f.listed(t, withDrafts)
	waitFor(t, tm, "1–")
	if withDrafts {
		keys(tm, "d")
		waitFor(t, tm, "status: all", "] next")
	}
	selectRow(t, tm, rows, name)
	keys(tm, "enter")
	waitFor(t, tm, "Overview", "Campaign ID")
}

// listed is the first page the browser shows, in the service's order.
func (f *fixture) listed(t *testing.T, withDrafts bool) []string {
	t.Helper()
	var flt Filter
	if withDrafts {
		flt.ToggleDrafts()
	}
	res, err := f.client.Search(context.Background(), flt.Request(1))
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
	f := newFixture(t)
	tm := f.start(t)
	f.openByName(t, tm, nameOneTime, false)
	keys(tm, "a")
	waitFor(t, tm, "Actions for", "Stop")
	keys(tm, "s")
	waitFor(t, tm, "Stop “"+nameOneTime+"”", "cannot be resumed")
	r := final(t, tm)
	golden(t, "stop_confirm", r.View())
	if got := f.status(t, nameOneTime); got != model.StatusScheduled {
		t.Fatalf("asking for confirmation already changed the campaign: %s", got)
	}
	menu := r.stack[1].(*Inspector).menuItems()
	for _, it := range menu {
		if it.action == model.ActionPause || it.action == model.ActionResume {
			t.Fatalf("a one-time campaign offers %s", it.action)
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
	if in := r.stack[1].(*Inspector); str(in.Campaign().Status) != model.StatusStopped {
		t.Fatal("the inspector did not re-read the campaign")
	}
}

func TestPauseCancelledThenPauseAndResume(t *testing.T) {
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
	f := newFixture(t)
	tm := f.start(t)
	f.openByName(t, tm, nameEmpty, true)
	keys(tm, "v")
	waitFor(t, tm, "problem(s) block publishing")
	r := final(t, tm)
	golden(t, "validate_problems", r.View())
	in := r.stack[1].(*Inspector)
	if len(in.checks) != 1 || len(in.checks[0].problems) == 0 {
		t.Fatalf("validation problems not listed: %+v", in.checks)
	}

	tm = f.start(t)
	f.openByName(t, tm, nameEmpty, true)
	keys(tm, "a", "p")
	waitFor(t, tm, "Publish “"+nameEmpty+"”", "goes live")
	keys(tm, "y")
	waitFor(t, tm, "Publish of “"+nameEmpty+"” refused")
	r = final(t, tm)
	in = r.stack[1].(*Inspector)
	if len(in.checks) != 1 || len(in.checks[0].problems) == 0 || in.checks[0].ok {
		t.Fatalf("publish problems not listed: %+v", in.checks)
	}
	if in.pane != paneChecks {
		t.Fatal("the refusal's problems are not on screen")
	}
	if got := f.status(t, nameEmpty); got != model.StatusDraft {
		t.Fatalf("a refused publish left the campaign %s", got)
	}
}

func TestPublishAValidDraft(t *testing.T) {
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
	f := newFixture(t)
	tm := f.start(t)
	rows := f.listed(t, false)
	waitFor(t, tm, nameOneTime, "last page")
	selectRow(t, tm, rows, namePeriodic)
	// Another user publishes a draft: the list changes under the cursor.
	if err := f.client.Publish(context.Background(), f.ids[nameEmail]); err != nil {
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
	f := newFixture(t)
	tm := f.start(t)
	waitFor(t, tm, nameOneTime, "last page")
	tm.Send(tea.MouseMsg{Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
	tm.Send(tea.MouseMsg{Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
	keys(tm, "?") // something visible to wait for after the wheel events
	waitFor(t, tm, "Keys")
	r := final(t, tm)
	if r.browser().cursor != 2 {
		t.Fatalf("cursor at %d after two wheel steps", r.browser().cursor)
	}
	golden(t, "help", r.View())
}

func TestCampaignTextWithEscapesRendersInert(t *testing.T) {
	evil := "Evil \x1b]0;pwned\x07title\x1b[2J\x1b[31m red\u009b6n"
	f := newFixture(t, &model.Campaign{Channel: sp("PUSH"), CampaignDeliveryType: sp("ONE_TIME"), CreatedBy: sp("eve@example.com"),
		BasicDetails: &model.BasicDetails{Name: sp(evil), Tags: []string{"\x1b[5mblink"}}})
	tm := f.start(t)
	var out bytes.Buffer
	keys(tm, "/")
	keys(tm, "evil", "tab", "tab", "tab", "space", "enter")
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		out.Write(b)
		return bytes.Contains(out.Bytes(), []byte("Evil title red"))
	}, teatest.WithDuration(10*time.Second))
	keys(tm, "enter")
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		out.Write(b)
		return bytes.Contains(out.Bytes(), []byte("Campaign ID"))
	}, teatest.WithDuration(10*time.Second))
	keys(tm, "tab", "tab") // JSON pane
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		out.Write(b)
		return bytes.Contains(out.Bytes(), []byte(`"name": "Evil`))
	}, teatest.WithDuration(10*time.Second))
	r := final(t, tm)
	// The JSON pane shows the escapes as JSON text (\u001b…), which is inert;
	// what must never reach the terminal is the control bytes themselves.
	for _, bad := range []string{"\x1b]0;", "\x07", "\x1b[2J", "\x1b[31m", "\x1b[5m", "\u009b"} {
		if bytes.Contains(out.Bytes(), []byte(bad)) {
			t.Errorf("the terminal received %q from campaign text", bad)
		}
		if strings.Contains(r.View(), bad) {
			t.Errorf("the view holds %q", bad)
		}
	}
}

func TestReadOnlyCampaignShownComplete(t *testing.T) {
	data := []byte(`{"id":"aaaaaaaaaaaaaaaaaaaaaaaa","campaign_id":"aaaaaaaaaaaaaaaaaaaaaaaa","status":"ACTIVE",
	  "channel":"SMS","campaign_delivery_type":"API_TRIGGERED","sender_name":"ACME",
	  "basic_details":{"name":"OTP codes","sms_route":"premium"},
	  "connector":{"connector_type":"TWILIO","connector_name":"main"},
	  "campaign_content":{"content":{"sms":{"message":"Your code is {{code}}"}}},
	  "brand_new_component":{"x":1}}`)
	c, err := model.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	com := testCommon(80, 24)
	in := NewInspector(com, "aaaaaaaaaaaaaaaaaaaaaaaa")
	in.SetSize(80, 21)
	in.Update(campaignMsg{owner: in, seq: in.seq, c: c})
	in.Update(metaMsg{owner: in, seq: in.metaSeq})
	if in.readOnly == "" || !strings.Contains(in.readOnly, "SMS") {
		t.Fatalf("read-only reason %q", in.readOnly)
	}
	golden(t, "readonly_overview", in.View())
	in.Update(tea.KeyMsg{Type: tea.KeyTab})
	in.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'+'}})
	view := in.View()
	golden(t, "readonly_components", view)
	for _, want := range []string{"sms_route: premium", "brand_new_component", "[unknown field, kept]", "message: Your code is {{code}}"} {
		if !strings.Contains(view, want) {
			t.Errorf("components pane lacks %q", want)
		}
	}
	if items := in.menuItems(); len(items) != 1 || items[0].action != actValidate {
		t.Fatalf("a read-only API_TRIGGERED campaign offers %v", items)
	}
}

func TestLockedFieldsMarked(t *testing.T) {
	c, _ := model.Decode([]byte(`{"campaign_id":"b","status":"ACTIVE","channel":"PUSH","campaign_delivery_type":"PERIODIC",
	  "basic_details":{"name":"Live one"},"segmentation_details":{"is_all_user_campaign":true},
	  "scheduling_details":{"delivery_type":"ASAP","start_time":"2026-01-01T00:00:00"}}`))
	in := NewInspector(testCommon(80, 24), "b")
	in.SetSize(80, 21)
	in.Update(campaignMsg{owner: in, seq: in.seq, c: c})
	in.Update(tea.KeyMsg{Type: tea.KeyTab})
	in.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'+'}})
	view := in.View()
	for _, want := range []string{"▾ segmentation_details [locked]", "delivery_type: ASAP [locked]", "start_time: 2026-01-01T00:00:00 [locked]"} {
		if !strings.Contains(view, want) {
			t.Errorf("locked mark missing: %q in\n%s", want, view)
		}
	}
	if strings.Contains(view, "name: Live one [locked]") {
		t.Error("basic_details.name is editable while ACTIVE but shown locked")
	}
}

func TestResizeReflows(t *testing.T) {
	f := newFixture(t)
	tm := f.start(t)
	waitFor(t, tm, nameOneTime, "last page")
	tm.Send(tea.WindowSizeMsg{Width: 200, Height: 60})
	waitFor(t, tm, "EVENT_TRIGGERED") // the wide layout: full type names
	r := final(t, tm)
	view := r.View()
	if n := strings.Count(view, "\n") + 1; n != 60 {
		t.Fatalf("%d lines at 200×60", n)
	}
	golden(t, "browse_200x60", view)
}

func TestServiceErrorsShowInTheStatusLine(t *testing.T) {
	hs := httptest.NewServer(nil)
	url := hs.URL
	hs.Close() // nothing listens there any more
	client, err := api.New(api.Config{BaseURL: url, WorkspaceID: "W", APIKey: "k", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	m := New(Config{Client: client, Service: url, Workspace: "W", Theme: themes.Plain()})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(80, 24))
	waitFor(t, tm, "✗")
	r := final(t, tm)
	if r.browser().err == "" {
		t.Fatal("no error recorded")
	}
	if !strings.Contains(r.View(), "✗") || !strings.Contains(r.View(), url) {
		t.Fatalf("error or service not on screen:\n%s", r.View())
	}
}

func TestInspectorOfAMissingCampaign(t *testing.T) {
	f := newFixture(t)
	in := NewInspector(testCommon(80, 24), "000000000000000000000000")
	in.c.Client = f.client
	in.c.Ctx = context.Background()
	in.SetSize(80, 21)
	msg := in.Init()
	// Run the reads the inspector asked for and hand back their answers.
	for _, m := range runBatch(msg) {
		in.Update(m)
	}
	if !strings.Contains(in.View(), "Could not read campaign") {
		t.Fatalf("view:\n%s", in.View())
	}
}

// runBatch runs a command and the commands of any batch it returns, except
// ticks, and collects their messages.
func runBatch(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	switch m := cmd().(type) {
	case tea.BatchMsg:
		var out []tea.Msg
		for _, c := range m {
			if c == nil {
				continue
			}
			out = append(out, runBatch(c)...)
		}
		return out
	case spinner.TickMsg:
		return nil
	default:
		return []tea.Msg{m}
	}
}

func TestInspectorWideShowsOverviewBesidePanes(t *testing.T) {
	f := newFixture(t)
	tm := f.start(t)
	waitFor(t, tm, "1–")
	tm.Send(tea.WindowSizeMsg{Width: 200, Height: 60})
	waitFor(t, tm, "EVENT_TRIGGERED")
	keys(tm, "enter")
	waitFor(t, tm, "Campaign ID", "│ ▌▸ basic_details", "not computed")
	keys(tm, "tab") // JSON beside the overview
	waitFor(t, tm, `"campaign_delivery_type": "EVENT_TRIGGERED"`)
	r := final(t, tm)
	view := r.View()
	if n := strings.Count(view, "\n") + 1; n != 60 {
		t.Fatalf("%d lines", n)
	}
	golden(t, "inspect_200x60", view)
}

func TestNewDraftDialogCreatesAndOpens(t *testing.T) {
	f := newFixture(t)
	tm := f.start(t)
	waitFor(t, tm, "1–")
	keys(tm, "n")
	waitFor(t, tm, "New draft")
	keys(tm, "right") // channel EMAIL
	waitFor(t, tm, "Connector name")
	keys(tm, "enter") // created_by missing: refused locally, focus moves there
	waitFor(t, tm, "created_by is required")
	keys(tm, "qa@example.com", "tab") // q typed into a field does not quit
	keys(tm, "Autumn letter", "tab", "tab", "ops")
	waitFor(t, tm, "ops")
	keys(tm, "enter")
	waitFor(t, tm, "Draft created", "Autumn letter")
	r := final(t, tm)
	in, ok := r.stack[len(r.stack)-1].(*Inspector)
	if !ok || in.Campaign() == nil {
		t.Fatal("the new draft is not open")
	}
	c, err := f.client.Get(context.Background(), in.id)
	if err != nil {
		t.Fatal(err)
	}
	if campaignName(c) != "Autumn letter" || str(c.Channel) != model.ChannelEmail || str(c.CreatedBy) != "qa@example.com" ||
		c.Connector == nil || str(c.Connector.ConnectorName) != "ops" || str(c.Status) != model.StatusDraft {
		t.Fatalf("created %s", model.Encode(c))
	}
}

func TestNewDraftGoesToTheEditorWhenThereIsOne(t *testing.T) {
	f := newFixture(t)
	var asked []string
	m := New(Config{Client: f.client, Service: "embedded sandbox", Workspace: "SANDBOX", Theme: themes.Plain(),
		NewEditor: func(c *Common, id string) Screen {
			asked = append(asked, id)
			return NewInspector(c, f.ids[nameEmpty]) // any screen will do
		}})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(80, 24))
	waitFor(t, tm, "1–")
	keys(tm, "n")
	waitFor(t, tm, nameEmpty)
	final(t, tm)
	if len(asked) != 1 || asked[0] != "" {
		t.Fatalf("editor asked for %q, want one new draft (\"\")", asked)
	}
}

func TestCtrlCQuitsWhileTyping(t *testing.T) {
	f := newFixture(t)
	tm := f.start(t)
	waitFor(t, tm, "1–")
	keys(tm, "/", "abc")
	waitFor(t, tm, "abc")
	keys(tm, "ctrl+c")
	tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
}

func TestTinyAndOddSizesStayInside(t *testing.T) {
	f := newFixture(t)
	r := New(Config{Client: f.client, Service: "a very long service label https://api-01.example.com", Workspace: "W", Theme: themes.Plain()}).(*root)
	r.c.Ctx = context.Background()
	for _, m := range runBatch(r.Init()) {
		r.Update(m)
	}
	b := r.browser()
	b.cursor = 1
	for _, m := range runBatch(b.open()) {
		r.Update(m)
	}
	in := r.stack[1].(*Inspector)
	for _, m := range runBatch(in.Init()) {
		r.Update(m)
	}
	views := map[string]func(){
		"overview":   func() {},
		"components": func() { in.pane = paneComponents },
		"menu":       func() { in.menu = newMenu(in.menuItems()) },
		"confirm":    func() { in.menu = nil; in.confirm = &confirm{action: "STOP", text: in.consequence("STOP")} },
	}
	for name, setup := range views {
		setup()
		for _, size := range [][2]int{{1, 1}, {20, 5}, {80, 24}, {81, 25}, {150, 40}, {200, 60}, {300, 100}} {
			r.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
			lines := strings.Split(r.View(), "\n")
			if len(lines) != size[1] {
				t.Fatalf("%s %v: %d lines", name, size, len(lines))
			}
			for i, l := range lines {
				if w := lipglossWidth(l); w > size[0] {
					t.Fatalf("%s %v: line %d is %d cells: %q", name, size, i, w, l)
				}
			}
		}
	}
}

func TestFilterByCampaignID(t *testing.T) {
	f := newFixture(t)
	tm := f.start(t)
	waitFor(t, tm, "1–")
	keys(tm, "/", "tab", "tab", f.ids[namePeriodic], "enter")
	waitFor(t, tm, "ids: ")
	r := final(t, tm)
	rows := r.browser().Rows()
	if len(rows) != 1 || campaignName(rows[0]) != namePeriodic {
		t.Fatalf("search by id gave %d rows", len(rows))
	}
}

func TestLongValuesShownWhole(t *testing.T) {
	long := strings.Repeat("a long message that goes on ", 12) + "THE END"
	c, _ := model.Decode([]byte(`{"campaign_id":"c","status":"DRAFT","channel":"PUSH","campaign_delivery_type":"ONE_TIME",
	  "basic_details":{"name":"` + long + `"}}`))
	in := NewInspector(testCommon(80, 24), "c")
	in.SetSize(80, 21)
	in.Update(campaignMsg{owner: in, seq: in.seq, c: c})
	in.Update(tea.KeyMsg{Type: tea.KeyTab})                       // Components
	in.Update(tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}}) // unfold basic_details
	in.Update(tea.KeyMsg{Type: tea.KeyDown})                      // select name
	view := in.View()
	if !strings.Contains(view, "THE END") {
		t.Fatalf("the selected value is cut:\n%s", view)
	}
	in.Update(tea.KeyMsg{Type: tea.KeyTab}) // JSON
	if view := in.View(); !strings.Contains(view, "THE END") {
		t.Fatalf("the JSON pane cuts long lines:\n%s", view)
	}
	for _, l := range strings.Split(in.View(), "\n") {
		if lipglossWidth(l) > 80 {
			t.Fatalf("line wider than the window: %q", l)
		}
	}
}

// Every piece of campaign text in every pane goes through Clean: with
// colours off, no escape or control byte at all may reach the view.
func TestNoControlBytesFromAnyCampaignField(t *testing.T) {
	e := `\u001b[31m\u001b]0;x\u0007\u009b2J`
	c, err := model.Decode([]byte(`{"id":"i` + e + `","campaign_id":"c","status":"STOPPED` + e + `","channel":"SMS` + e + `",
	  "campaign_delivery_type":"ODD` + e + `","created_by":"a` + e + `","created_at":"t` + e + `","flow_id":"f` + e + `","flow_name":"n` + e + `",
	  "parent_id":"p` + e + `","sender_name":"s` + e + `","connector":{"connector_type":"T` + e + `","connector_name":"N` + e + `"},
	  "basic_details":{"name":"N` + e + `","tags":["t` + e + `"],"platforms":["P` + e + `"],"k` + e + `":"v` + e + `"}}`))
	if err != nil {
		t.Fatal(err)
	}
	in := NewInspector(testCommon(120, 40), "c")
	in.SetSize(120, 37)
	in.Update(campaignMsg{owner: in, seq: in.seq, c: c})
	in.Update(metaMsg{owner: in, seq: in.metaSeq, row: &api.MetaRow{CampaignID: "c", RejectionComment: "r" + "\x1b[31m\x07"}})
	b := NewBrowser(testCommon(120, 40))
	b.SetSize(120, 37)
	b.Update(searchResultMsg{owner: b, seq: b.seq, page: 1, rows: []*model.Campaign{c}})
	views := map[string]string{"browser": b.View()}
	for p := range paneCount {
		in.pane = p
		in.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'+'}})
		views[paneNames[p]] = in.View()
	}
	in.menu = newMenu(in.menuItems())
	views["menu"] = in.View()
	for name, v := range views {
		for _, r := range v {
			if r < 0x20 && r != '\n' || r == 0x7f || r >= 0x80 && r < 0xa0 {
				t.Fatalf("%s: control character %U in the view:\n%q", name, r, v)
			}
		}
	}
}

// The demo seed has periodic children: open one from the browser with child
// campaigns shown, then its parent with p.
func TestChildCampaignLinksToItsParent(t *testing.T) {
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
	f := &fixture{client: client}
	res, err := client.Search(context.Background(), Filter{Children: true}.Request(1))
	if err != nil {
		t.Fatal(err)
	}
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
	if in := r.stack[len(r.stack)-1].(*Inspector); str(in.Campaign().CampaignID) != str(parent.CampaignID) {
		t.Fatal("p did not open the parent")
	}
}

func TestInspectorDropsLateAnswersAndScrollsWithTheWheel(t *testing.T) {
	c, _ := model.Decode([]byte(`{"campaign_id":"c","status":"DRAFT","channel":"PUSH","campaign_delivery_type":"ONE_TIME","basic_details":{"name":"Now"}}`))
	old, _ := model.Decode([]byte(`{"campaign_id":"c","status":"DRAFT","channel":"PUSH","campaign_delivery_type":"ONE_TIME","basic_details":{"name":"Before"}}`))
	in := NewInspector(testCommon(80, 10), "c")
	in.SetSize(80, 7)
	in.seq = 2
	in.Update(campaignMsg{owner: in, seq: 2, c: c})
	in.Update(campaignMsg{owner: in, seq: 1, c: old}) // an earlier read answering late
	other := NewInspector(testCommon(80, 10), "c")
	in.Update(campaignMsg{owner: other, seq: 2, c: old}) // another inspector's read
	if campaignName(in.Campaign()) != "Now" {
		t.Fatalf("a late or misaddressed answer replaced the campaign: %s", campaignName(in.Campaign()))
	}
	in.Update(tea.KeyMsg{Type: tea.KeyTab}) // components
	in.Update(tea.KeyMsg{Type: tea.KeyTab}) // JSON, longer than 5 lines
	in.Update(tea.MouseMsg{Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
	if in.offset[paneJSON] == 0 {
		t.Fatal("the wheel did not scroll the JSON")
	}
	in.Update(tea.MouseMsg{Button: tea.MouseButtonWheelUp, Action: tea.MouseActionPress})
	if in.offset[paneJSON] != 0 {
		t.Fatal("the wheel did not scroll back")
	}
}

func TestReReadKeepsWhatWasUnfolded(t *testing.T) {
	c, _ := model.Decode([]byte(`{"campaign_id":"c","status":"DRAFT","channel":"PUSH","campaign_delivery_type":"ONE_TIME",
	  "basic_details":{"name":"N","platform_specific_details":{"ios":{"send_to_all_eligible_device":true}}}}`))
	in := NewInspector(testCommon(80, 24), "c")
	in.SetSize(80, 21)
	in.Update(campaignMsg{owner: in, seq: in.seq, c: c})
	in.Update(tea.KeyMsg{Type: tea.KeyTab})
	in.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'+'}})
	in.Update(tea.KeyMsg{Type: tea.KeyDown})
	in.Update(tea.KeyMsg{Type: tea.KeyDown})
	before := in.View()
	in.Update(campaignMsg{owner: in, seq: in.seq, c: model.Clone(c)}) // r: the same campaign read again
	if after := in.View(); after != before {
		t.Fatalf("a re-read changed the tree:\n%s\n---\n%s", before, after)
	}
	if !strings.Contains(before, "send_to_all_eligible_device: true") {
		t.Fatalf("nested field not unfolded:\n%s", before)
	}
}

func TestActionOutcomeToldAfterItsInspectorClosed(t *testing.T) {
	r := New(Config{Service: "test", Workspace: "T", Theme: themes.Plain()}).(*root)
	r.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	gone := NewInspector(r.c, "c") // opened, an action confirmed, then esc
	r.Update(actionDoneMsg{owner: gone, action: model.ActionStop, name: "Summer"})
	if !strings.Contains(r.View(), "Stopped “Summer”") {
		t.Fatalf("the outcome of a confirmed stop was lost:\n%s", r.View())
	}
	b := r.browser()
	b.Update(searchResultMsg{owner: b, seq: b.seq, page: 1, rows: fakeRows(2)})
	r.Update(campaignMsg{owner: gone, seq: 1}) // a read for the closed inspector
	if len(r.stack) != 1 || len(b.Rows()) != 2 {
		t.Fatal("a late read disturbed the browser")
	}
}

func TestProblemShownInTheTree(t *testing.T) {
	f := newFixture(t)
	tm := f.start(t)
	f.openByName(t, tm, nameEmpty, true)
	keys(tm, "v")
	waitFor(t, tm, "problem(s) block publishing")
	keys(tm, "down", "up", "enter") // the first problem: basic_details.platforms
	waitFor(t, tm, "▌▸ basic_details")
	r := final(t, tm)
	in := r.stack[1].(*Inspector)
	if in.pane != paneComponents || visible(in.roots)[in.tcursor].path != "basic_details" {
		t.Fatalf("pane %d, cursor on %s", in.pane, visible(in.roots)[in.tcursor].path)
	}
}

func TestJumpToADeepTargetUnfoldsItsAncestors(t *testing.T) {
	c, _ := model.Decode([]byte(`{"campaign_id":"c","status":"DRAFT","channel":"PUSH","campaign_delivery_type":"ONE_TIME",
	  "basic_details":{"name":"N","platform_specific_details":{"ios":{"send_to_all_eligible_device":true}}},
	  "campaign_content":{"content":{"push":{"android":{"buttons":[{"btn_name":"a"},{"btn_name":"b"}]}}}}}`))
	in := NewInspector(testCommon(80, 24), "c")
	in.SetSize(80, 21)
	in.Update(campaignMsg{owner: in, seq: in.seq, c: c})
	for target, want := range map[string]string{
		"basic_details.platform_specific_details.ios.send_to_all_eligible_device": "basic_details.platform_specific_details.ios.send_to_all_eligible_device",
		"campaign_content.content.push.android.buttons[1].click_action_type":      "campaign_content.content.push.android.buttons[1]",
		"scheduling_details": "", // absent: the tree opens without a move
	} {
		in.tcursor = 0
		in.jumpTo(target)
		got := visible(in.roots)[in.tcursor].path
		if want != "" && got != want {
			t.Errorf("jump to %s selected %s", target, got)
		}
		if in.pane != paneComponents {
			t.Errorf("jump to %s left the pane at %d", target, in.pane)
		}
	}
}

// With colours on, an empty value still renders to escape codes: such rows
// must not appear as a label with nothing after it.
func TestEmptyValuesLeaveNoBareLabels(t *testing.T) {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.TrueColor)
	com := testCommon(120, 40)
	com.Styles = themes.New(themes.Default(), r)
	c := fakeRows(1)[0] // no parent, no flow, no tags
	b := NewBrowser(com)
	b.SetSize(120, 37)
	b.Update(searchResultMsg{owner: b, seq: b.seq, page: 1, rows: []*model.Campaign{c}})
	in := NewInspector(com, "c")
	in.SetSize(120, 37)
	in.Update(campaignMsg{owner: in, seq: in.seq, c: c})
	for _, v := range []string{b.View(), in.View()} {
		for _, l := range strings.Split(ansi.Strip(v), "\n") {
			if f := strings.Fields(l); len(f) == 1 && (f[0] == "Parent" || f[0] == "Tags" || f[0] == "Flow") {
				t.Fatalf("bare label %q", l)
			}
		}
	}
}

// With an editor, enter opens a draft in it; i opens the inspector instead,
// where a draft is validated and published.
func TestInspectADraftWhenThereIsAnEditor(t *testing.T) {
	f := newFixture(t)
	var asked []string
	m := New(Config{Client: f.client, Service: "embedded sandbox", Workspace: "SANDBOX", Theme: themes.Plain(),
		NewEditor: func(c *Common, id string) Screen {
			asked = append(asked, id)
			return NewInspector(c, id)
		}})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(80, 24))
	rows := f.listed(t, true)
	waitFor(t, tm, "1–")
	keys(tm, "d")
	waitFor(t, tm, "status: all", "] next")
	selectRow(t, tm, rows, nameEmpty)
	keys(tm, "i")
	waitFor(t, tm, "Overview", "Campaign ID")
	keys(tm, "a", "p", "y")
	waitFor(t, tm, "Publish of “"+nameEmpty+"” refused")
	r := final(t, tm)
	if len(asked) != 0 {
		t.Fatalf("i opened the editor for %q", asked)
	}
	in, ok := r.stack[len(r.stack)-1].(*Inspector)
	if !ok || in.pane != paneChecks {
		t.Fatal("the refused publish's problems are not on screen")
	}
	// At 80 columns the service's reason is wrapped whole in the pane, and
	// the status line shows that it goes on.
	view := r.View()
	words := strings.Fields(in.checks[0].title)
	flat := strings.Join(strings.Fields(view), " ")
	if !strings.Contains(flat, strings.Join(words[len(words)-3:], " ")) {
		t.Fatalf("the refusal's reason is cut:\n%s", view)
	}
	lines := strings.Split(view, "\n")
	if status := strings.TrimSpace(lines[len(lines)-2]); !strings.HasSuffix(status, "…") {
		t.Fatalf("a cut status line does not end in …: %q", status)
	}
}
