package ui

import (
	"context"
	"fmt"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
	"github.com/campaigns-cli/campaigns/ui/pages/browser"
	"github.com/campaigns-cli/campaigns/ui/pages/editor"
)

func TestMain(m *testing.M) { uitest.Main(m) }

// recorder is a screen that notes every message it is given.
type recorder struct {
	name   string
	typing bool
	got    []tea.Msg
	drawn  int // times View was called
}

type ping struct{ n int }

func (s *recorder) Init() tea.Cmd                         { return nil }
func (s *recorder) Update(m tea.Msg) (tea.Model, tea.Cmd) { s.got = append(s.got, m); return s, nil }
func (s *recorder) View() string                          { s.drawn++; return s.name }
func (s *recorder) SetSize(int, int)                      {}
func (s *recorder) ShortHelp() []key.Binding              { return nil }
func (s *recorder) FullHelp() [][]key.Binding             { return nil }
func (s *recorder) Typing() bool                          { return s.typing }
func (s *recorder) pings() (n []int)                      { return pings(s.got) }
func (s *recorder) has(want tea.Msg) bool                 { return has(s.got, want) }
func pings(ms []tea.Msg) (out []int) {
	for _, m := range ms {
		if p, ok := m.(ping); ok {
			out = append(out, p.n)
		}
	}
	return out
}
func has(ms []tea.Msg, want tea.Msg) bool {
	for _, m := range ms {
		if reflect.DeepEqual(m, want) {
			return true
		}
	}
	return false
}

// stacked is a root with two recorders over the browser.
func stacked() (*root, *recorder, *recorder) {
	r := New(Config{Service: "test", Workspace: "T", Theme: themes.Plain()}).(*root)
	r.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	low, top := &recorder{name: "low"}, &recorder{name: "top"}
	r.Update(common.PushMsg{Screen: low})
	r.Update(common.PushMsg{Screen: top})
	return r, low, top
}

// The one routing contract: an addressed answer reaches the screen that
// asked and no other, is dropped once that screen is closed; keys and other
// messages go to the top screen; campaign changes go to every screen.
func TestAddressedAnswersReachTheirOwnerOnly(t *testing.T) {
	t.Parallel()
	r, low, top := stacked()
	uitest.Settle(r, common.Address(low, func() tea.Msg { return ping{1} }))
	uitest.Settle(r, common.Address(top, func() tea.Msg { return ping{2} }))
	if got := low.pings(); len(got) != 1 || got[0] != 1 {
		t.Fatalf("the lower screen got %v, want its own answer only", got)
	}
	if got := top.pings(); len(got) != 1 || got[0] != 2 {
		t.Fatalf("the top screen got %v, want its own answer only", got)
	}
	// A batch is addressed command by command.
	uitest.Settle(r, common.Address(low, tea.Batch(func() tea.Msg { return ping{3} }, func() tea.Msg { return ping{4} })))
	if got := low.pings(); len(got) != 3 || len(top.pings()) != 1 {
		t.Fatalf("a batch for the lower screen: low %v, top %v", got, top.pings())
	}

	// Unaddressed messages and keys: the top screen only.
	r.Update(ping{5})
	r.Update(uitest.Key("x"))
	if len(low.pings()) != 3 || len(top.pings()) != 2 || has(low.got, uitest.Key("x")) || !has(top.got, uitest.Key("x")) {
		t.Fatalf("unaddressed: low %v, top %v", low.got, top.got)
	}
	// Broadcast: every screen.
	r.Update(common.CampaignChangedMsg{CampaignID: "c"})
	if !low.has(common.CampaignChangedMsg{CampaignID: "c"}) || !top.has(common.CampaignChangedMsg{CampaignID: "c"}) {
		t.Fatal("a campaign change was not told to every screen")
	}

	// The top screen closes: its late answer is dropped, not given to the
	// screen now on top.
	r.Update(common.PopMsg{})
	n := len(low.got)
	uitest.Settle(r, common.Address(top, func() tea.Msg { return ping{6} }))
	if len(low.got) != n || len(top.pings()) != 2 {
		t.Fatalf("a closed screen's answer went astray: low %v", low.got[n:])
	}
	// Navigation and notices are the root's, never wrapped.
	uitest.Settle(r, common.Address(low, common.Notice("hello", false)))
	if !strings.Contains(r.View(), "hello") {
		t.Fatalf("an addressed notice was not shown:\n%s", r.View())
	}
}

// orphaned is the outcome of an action whose screen has closed.
type orphaned struct{}

func (orphaned) OrphanNotice() common.NoticeMsg {
	return common.NoticeMsg{Text: "Stopped “Summer”"}
}

func TestActionOutcomeToldAfterItsScreenClosed(t *testing.T) {
	t.Parallel()
	r, _, top := stacked()
	gone := &recorder{name: "gone"} // opened, an action confirmed, then esc
	uitest.Settle(r, common.Address(gone, func() tea.Msg { return orphaned{} }))
	if !strings.Contains(r.View(), "Stopped “Summer”") {
		t.Fatalf("the outcome of a confirmed stop was lost:\n%s", r.View())
	}
	if !top.has(common.CampaignChangedMsg{}) {
		t.Fatal("the screen on top was not told to re-read")
	}
	uitest.Settle(r, common.Address(gone, func() tea.Msg { return ping{1} })) // a read for the closed screen
	if len(r.stack) != 3 || len(top.pings()) != 0 {
		t.Fatal("a late read disturbed the open screens")
	}
}

// The focus gate: q and ? are commands only when no field or dialog has
// the keys.
func TestQuitAndHelpWaitForTheFocusedField(t *testing.T) {
	t.Parallel()
	r, _, top := stacked()
	top.typing = true
	if _, cmd := r.Update(uitest.Key("q")); cmd != nil {
		if _, quit := cmd().(tea.QuitMsg); quit {
			t.Fatal("q quit while a field had the keys")
		}
	}
	r.Update(uitest.Key("?"))
	if r.fullHelp || !has(top.got, uitest.Key("q")) || !has(top.got, uitest.Key("?")) {
		t.Fatal("q and ? did not reach the focused field")
	}
	top.typing = false
	_, cmd := r.Update(uitest.Key("q"))
	if cmd == nil {
		t.Fatal("q did not quit")
	}
	if _, quit := cmd().(tea.QuitMsg); !quit {
		t.Fatal("q did not quit")
	}
}

// q pressed inside the inspector's confirmation is not quit.
func TestQInsideTheInspectorsConfirmationDoesNotQuit(t *testing.T) {
	t.Parallel()
	f, tm := inspect(t, nameOneTime, false)
	keys(tm, "a", "s")
	waitFor(t, tm, "Stop “"+nameOneTime+"”")
	keys(tm, "q", "n")
	waitFor(t, tm, "Cancelled: nothing was changed")
	keys(tm, "esc")
	waitFor(t, tm, "browse")
	r := final(t, tm)
	if len(r.stack) != 1 || f.status(t, nameOneTime) != model.StatusScheduled {
		t.Fatal("q in the confirmation changed something")
	}
}

// n opens the editor's new-draft dialog; the draft it creates opens in the
// editor.
func TestNewDraftDialogCreatesAndOpens(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tm := f.start(t)
	waitFor(t, tm, "1–")
	keys(tm, "n")
	waitFor(t, tm, "New draft", "┃ Channel")
	keys(tm, "down", "enter") // EMAIL
	waitFor(t, tm, "┃ Delivery type")
	keys(tm, "enter")
	waitFor(t, tm, "┃ Created by")
	keys(tm, "enter") // created_by missing: refused, focus stays
	waitFor(t, tm, "author's email address")
	uitest.Type(tm, "qa@example.com") // q typed into a field does not quit
	keys(tm, "enter")
	waitFor(t, tm, "┃ Name")
	uitest.Type(tm, "Autumn letter")
	keys(tm, "enter")
	waitFor(t, tm, "┃ Connector type")
	keys(tm, "enter")
	waitFor(t, tm, "┃ Connector name")
	uitest.Type(tm, "ops")
	keys(tm, "enter")
	waitFor(t, tm, "Autumn letter", "DRAFT", "Basic details")
	r := final(t, tm)
	ed, ok := r.stack[len(r.stack)-1].(*editor.Model)
	if !ok {
		t.Fatalf("the new draft is not open in the editor: %T", r.stack[len(r.stack)-1])
	}
	c, err := f.Client.Get(context.Background(), ed.CampaignID())
	if err != nil {
		t.Fatal(err)
	}
	if campaignName(c) != "Autumn letter" || str(c.Channel) != model.ChannelEmail || str(c.CreatedBy) != "qa@example.com" ||
		c.Connector == nil || str(c.Connector.ConnectorName) != "ops" || str(c.Status) != model.StatusDraft {
		t.Fatalf("created %s", model.Encode(c))
	}
}

// enter opens a draft in the editor; i opens the inspector instead, where a
// draft is validated and published.
func TestInspectADraftWhenThereIsAnEditor(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tm := f.start(t)
	rows := f.listed(t, true)
	waitFor(t, tm, "1–", "status: all", "] next")
	selectRow(t, tm, rows, nameEmpty)
	keys(tm, "enter")
	waitFor(t, tm, "Basic details")
	r := final(t, tm)
	if ed, ok := r.stack[len(r.stack)-1].(*editor.Model); !ok || ed.CampaignID() != f.IDs[nameEmpty] {
		t.Fatalf("enter on a draft opened %T", r.stack[len(r.stack)-1])
	}

	tm = f.start(t)
	waitFor(t, tm, "1–", "status: all", "] next")
	selectRow(t, tm, rows, nameEmpty)
	keys(tm, "i")
	waitFor(t, tm, "Summary", "Will it send?")
	keys(tm, "a", "p", "y")
	waitFor(t, tm, "Publish of “"+nameEmpty+"” refused")
	r = final(t, tm)
	in := r.inspector(t)
	if in.Pane() != "Checks" {
		t.Fatal("the refused publish's problems are not on screen")
	}
	// At 80 columns the service's reason is wrapped whole in the pane, and
	// the status line shows that it goes on.
	view := ansi.Strip(r.View())
	words := strings.Fields(in.Checks()[0].Title)
	flat := strings.Join(strings.Fields(view), " ")
	if !strings.Contains(flat, strings.Join(words[len(words)-3:], " ")) {
		t.Fatalf("the refusal's reason is cut:\n%s", view)
	}
	lines := strings.Split(view, "\n")
	if status := strings.TrimSpace(lines[len(lines)-2]); !strings.HasSuffix(status, "…") && !strings.HasSuffix(status, in.Checks()[0].Title) {
		t.Fatalf("a cut status line does not end in …: %q", status)
	}
}

func TestTinyAndOddSizesStayInside(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	r := inline(Config{Client: f.Client, Service: "a very long service label https://api-01.example.com", Workspace: "W", Theme: themes.Plain()})
	uitest.Settle(r, r.Init())
	press := func(k string) {
		_, cmd := r.Update(uitest.Key(k))
		uitest.Settle(r, cmd)
	}
	press("d") // drafts are listed by default: hide them
	press("down")
	press("enter") // the second row, published: the inspector
	views := []struct {
		name string
		keys []string
	}{
		{"overview", nil},
		{"components", []string{"tab"}},
		{"menu", []string{"a"}},
		{"confirm", []string{"p"}}, // Pause, which asks first
	}
	for _, v := range views {
		for _, k := range v.keys {
			press(k)
		}
		for _, size := range [][2]int{{1, 1}, {20, 5}, {80, 24}, {81, 25}, {150, 40}, {200, 60}, {300, 100}} {
			r.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
			if lines := uitest.Fit(t, fmt.Sprint(v.name, size), r.View(), size[0]); len(lines) != size[1] {
				t.Fatalf("%s %v: %d lines", v.name, size, len(lines))
			}
		}
	}
	if !strings.Contains(r.View(), "Pause “") {
		t.Fatalf("the confirmation was never drawn:\n%s\n%T %d", r.View(), r.top(), len(r.stack))
	}
}

// loaded is a root whose browser shows rows (a service on loopback that
// answers every search with them), at w×h.
// inline is the root for tests that run its commands in line
// (uitest.Settle): a page's wait before asking for versions is short, as
// each command's wait holds the test.
func inline(cfg Config) *root {
	r := New(cfg).(*root)
	r.c.PageWait = time.Millisecond
	return r
}

func loaded(t testing.TB, rows []*model.Campaign, w, h int) *root {
	r := inline(Config{Client: uitest.SearchClient(t, rows), Service: "embedded sandbox", Workspace: "SANDBOX", Theme: themes.Plain()})
	r.Update(tea.WindowSizeMsg{Width: w, Height: h})
	uitest.Settle(r, r.Init())
	if len(r.browser().Rows()) != len(rows) {
		t.Fatalf("the browser shows %d rows, want %d", len(r.browser().Rows()), len(rows))
	}
	return r
}

func TestBrowserDrawsAFullPageInsideTheWindow(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{80, 24}, {200, 60}, {60, 20}, {40, 10}} {
		r := loaded(t, uitest.FakeRows(15), size[0], size[1])
		r.c.Styles = uitest.Common(size[0], size[1]).Styles // no colour
		r.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		view := r.View()
		if lines := uitest.Fit(t, fmt.Sprint(size), view, size[0]); len(lines) != size[1] {
			t.Fatalf("%v: %d lines", size, len(lines))
		}
		if size[1] >= 24 && !strings.Contains(view, "Campaign number 15") {
			t.Fatalf("%v: last row not drawn:\n%s", size, view)
		}
		// Narrow windows drop columns before the name becomes unreadable.
		if size[0] >= 60 && !strings.Contains(view, "Campaign number") {
			t.Fatalf("%v: names cut too short:\n%s", size, view)
		}
	}
}

// A message that changes nothing (a text field's replaced blink timer:
// one for each key typed) is not handed to the screens and draws no new
// screen; the next message does.
func TestAnInertMessageDrawsNoNewScreen(t *testing.T) {
	t.Parallel()
	r, _, top := stacked()
	c := cursor.New()
	c.Focus()
	replaced := c.BlinkCmd()
	c.BlinkCmd()
	inert := replaced()

	r.View()
	n, got := top.drawn, len(top.got)
	r.Update(inert)
	if r.View(); top.drawn != n || len(top.got) != got {
		t.Fatalf("an inert message was handed on (%d) or drew the screen again (%d)", len(top.got)-got, top.drawn-n)
	}
	r.Update(ping{1})
	if r.View(); top.drawn != n+1 {
		t.Fatal("the message after it did not draw the screen")
	}
}

// BenchmarkBrowserKeypress is one key press (cursor down) through Update
// and View on the browser with a full page, at 80×24.
func BenchmarkBrowserKeypress(b *testing.B) {
	r := loaded(b, uitest.FakeRows(browser.PageSize), 80, 24)
	keys := []tea.KeyMsg{uitest.Key("down"), uitest.Key("up")}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		r.Update(keys[(i/14)%2])
		_ = r.View()
	}
}

// titled is a screen with a title and nothing else.
type titled struct{ title string }

func (s titled) Init() tea.Cmd                       { return nil }
func (s titled) Update(tea.Msg) (tea.Model, tea.Cmd) { return s, nil }
func (s titled) View() string                        { return "" }
func (s titled) SetSize(int, int)                    {}
func (s titled) ShortHelp() []key.Binding            { return nil }
func (s titled) FullHelp() [][]key.Binding           { return nil }
func (s titled) Typing() bool                        { return false }
func (s titled) Title() string                       { return s.title }

// A title that nearly fills the header is cut rather than run into the
// service label with a single space.
func TestHeaderKeepsTheTitleApartFromTheService(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"Cart abandonment nudge", "Cart abandonment nudge!", "Cart abandonment nudg", "A very long campaign name indeed"} {
		r := New(Config{Service: "embedded sandbox", Workspace: "SANDBOX", Theme: themes.Plain()}).(*root)
		r.stack = append(r.stack, titled{name})
		h := r.header()
		i := strings.Index(h, "service")
		if i < 2 || h[i-2:i] != "  " {
			t.Errorf("%q: header %q runs the title into the service", name, h)
		}
		if lipgloss.Width(h) > 80 {
			t.Errorf("%q: header wider than the window: %q", name, h)
		}
	}
}

// Keys that arrive in one read (fast typing, tmux, a batching SSH link) are
// one key press each: "jj" moves two rows and "up" typed into a field is text,
// not the up arrow.
func TestKeysArrivingTogetherActEachOnce(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tm := f.startHidden(t)
	waitFor(t, tm, nameOneTime, namePeriodic, nameEvent, "last page")
	keys(tm, "jj")
	r := final(t, tm)
	b := r.browser()
	if len(b.Rows()) < 3 || b.Selected() != b.Rows()[2] {
		t.Fatalf("after jj the cursor is on %s, want the third row", campaignName(b.Selected()))
	}

	tm = f.startHidden(t)
	waitFor(t, tm, nameOneTime)
	keys(tm, "/")
	waitFor(t, tm, "Filter campaigns")
	keys(tm, "warm", "space")
	tm.Send(uitest.Text("up")) // keys("up") is the arrow
	keys(tm, "enter")
	waitFor(t, tm, `name: "warm up"`)
	if got := final(t, tm).browser().Filter().Name; got != "warm up" {
		t.Fatalf("filter name %q, want %q", got, "warm up")
	}

	// A whole phrase in one read, spaces included.
	tm = f.startHidden(t)
	waitFor(t, tm, nameOneTime)
	keys(tm, "/")
	waitFor(t, tm, "Filter campaigns")
	keys(tm, "sale up", "enter")
	waitFor(t, tm, `name: "sale up"`)
	_ = final(t, tm)
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

// At 80×24 the editor's help shows every key: its columns wrap onto more
// rows instead of ending in "…" ([ ], 1-8, ctrl+s, ctrl+t, alt+key and
// esc were cut off).
func TestEditorHelpFitsIn80x24(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	m := New(Config{Client: f.Client, Service: "embedded sandbox", Workspace: "SANDBOX", Theme: themes.Plain(), Editor: newEditor(t, f.Client)})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(80, 24))
	t.Cleanup(func() { _ = tm.Quit() })
	waitFor(t, tm, "status: all", "Empty draft")
	keys(tm, "enter")
	waitFor(t, tm, "Basic details")
	keys(tm, "?")
	waitFor(t, tm, "Keys", "ctrl+s", "ctrl+t", "1-8", "alt+key", "a/i/w", "alt+z", "leave editor")
	r := final(t, tm)
	v := r.View()
	if strings.Contains(v, "…") {
		t.Fatalf("the help is cut:\n%s", v)
	}
	for _, line := range strings.Split(v, "\n") {
		if w := len([]rune(line)); w > 80 {
			t.Fatalf("a line of %d columns:\n%s", w, v)
		}
	}
}
