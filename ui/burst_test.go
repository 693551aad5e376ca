package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

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
