// Package preview draws what a draft will look like: push notifications as
// Android, iOS and Web show them, the email with its body rendered from HTML,
// the JSON of the next component PATCH and a diff against the service's copy.
//
// Everything heavy (personalisation, HTML to text, highlighting, diffing)
// runs in a tea.Cmd when the input changes and is cached by content hash;
// View only joins strings that are already computed.
package preview

import (
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/campaigns-cli/campaigns/engine/personalize"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// Tab is one view of the preview pane.
type Tab int

const (
	TabMessage Tab = iota
	TabJSON
	TabDiff
)

var tabNames = []string{"Preview", "PATCH JSON", "Diff"}

// Input is everything a preview is drawn from. The caller hands over copies
// it will not change: the render runs on another goroutine.
type Input struct {
	// Work is the local working copy; Base the service's copy.
	Work, Base *model.Campaign
	Sel        model.Selection
	// Patch is the component PATCH the next sync will send (nil: none).
	Patch *model.Campaign
	// User and Event are the personalisation data.
	UserName string
	User     map[string]any
	Event    map[string]any
}

// Model is the preview pane.
type Model struct {
	styles        themes.Styles
	width, height int
	tab           Tab
	scroll        int

	seq  int
	out  rendered
	busy bool
	// version changes whenever View's output may change, so the editor can
	// cache the framed pane.
	version int
}

// Version identifies what View would draw now.
func (m *Model) Version() int { return m.version }

// rendered is the result of one render pass.
type rendered struct {
	message []string // lines of the message tab (unstyled widths known)
	errors  []string
	json    string
	diff    string
}

// renderedMsg carries a finished render; seq drops stale ones.
type renderedMsg struct {
	seq int
	out rendered
}

// New returns an empty preview pane.
func New(styles themes.Styles) *Model { return &Model{styles: styles} }

// SetSize sets the pane's inner size.
func (m *Model) SetSize(w, h int) {
	if w != m.width || h != m.height {
		m.width, m.height = w, h
		m.version++
	}
}

// Tab is the tab on show.
func (m *Model) Tab() Tab { return m.tab }

// NextTab cycles the tabs.
func (m *Model) NextTab() { m.tab = (m.tab + 1) % Tab(len(tabNames)); m.scroll = 0; m.version++ }

// Scroll moves the view by n lines.
func (m *Model) Scroll(n int) {
	m.scroll += n
	if m.scroll < 0 {
		m.scroll = 0
	}
	m.version++
}

// Errors lists the personalisation errors of the last render.
func (m *Model) Errors() []string { return m.out.errors }

// Refresh starts a render; build runs with the render, off the UI
// goroutine, and returns its input. The result arrives as a message for
// Update; an older render finishing late is dropped.
func (m *Model) Refresh(build func() Input) tea.Cmd {
	m.seq++
	m.busy = true
	seq, width, styles := m.seq, m.width, m.styles
	return func() tea.Msg {
		return renderedMsg{seq: seq, out: render(build(), width, styles)}
	}
}

// Render is Refresh done at once (tests and the first frame).
func (m *Model) Render(in Input) {
	m.seq++
	m.out = render(in, m.width, m.styles)
	m.busy = false
	m.version++
}

// Update takes finished renders.
func (m *Model) Update(msg tea.Msg) tea.Cmd {
	if r, ok := msg.(renderedMsg); ok && r.seq == m.seq {
		m.out = r.out
		m.busy = false
		m.version++
	}
	return nil
}

// View draws the pane: tabs, then the current tab's lines from the cache.
func (m *Model) View() string {
	s := m.styles
	var tabs []string
	for i, n := range tabNames {
		st := s.Tab
		if Tab(i) == m.tab {
			st = s.ActiveTab
		}
		tabs = append(tabs, st.Render(n))
	}
	head := lipgloss.JoinHorizontal(lipgloss.Top, tabs...)
	var body []string
	switch m.tab {
	case TabMessage:
		body = m.out.message
	case TabJSON:
		body = strings.Split(m.out.json, "\n")
	case TabDiff:
		body = strings.Split(m.out.diff, "\n")
	}
	h := m.height - 2
	if h < 1 {
		h = 1
	}
	start := min(m.scroll, max(0, len(body)-h))
	end := min(len(body), start+h)
	lines := make([]string, 0, h+2)
	lines = append(lines, head, "")
	for _, l := range body[start:end] {
		lines = append(lines, truncate(l, m.width))
	}
	return strings.Join(lines, "\n")
}

func truncate(s string, w int) string {
	if w <= 0 || lipgloss.Width(s) <= w {
		return s
	}
	return lipgloss.NewStyle().MaxWidth(w).Render(s)
}

// render computes every tab. It runs off the UI goroutine.
func render(in Input, width int, s themes.Styles) rendered {
	var out rendered
	if width < 20 {
		width = 20
	}
	if in.Work == nil {
		return out
	}
	data := personalize.Data{User: in.User, Event: in.Event}
	sel := model.FixSelection(in.Work, in.Sel)
	msg := model.MessageAt(in.Work, sel.Locale, sel.Variation)
	target := model.MessagePath(in.Work, sel.Locale, sel.Variation)
	rmsg, errs := personalize.RenderMessage(msg, target, data)
	for _, e := range errs {
		out.errors = append(out.errors, e.Error())
	}
	head := fmt.Sprintf("%s · %s", sel.Locale, sel.Variation)
	if in.UserName != "" {
		head += " · as " + in.UserName
	}
	out.message = append(out.message, s.Muted.Render(common.Clean(head)), s.Muted.Render("keys: u user · e event · p tab"), "")
	switch str(in.Work.Channel) {
	case model.ChannelEmail:
		out.message = append(out.message, emailLines(rmsg, width, s)...)
	case model.ChannelPush:
		out.message = append(out.message, pushLines(rmsg, model.Platforms(in.Work), sel.Platform, width, s)...)
	default:
		out.message = append(out.message, s.Muted.Render("No preview for this channel."))
	}
	if len(out.errors) > 0 {
		out.message = append(out.message, "")
		for _, e := range out.errors {
			wrapped := s.Error.Width(width).Render("✗ " + common.Clean(e))
			out.message = append(out.message, strings.Split(wrapped, "\n")...)
		}
	}
	out.json, out.diff = patchViews(in.Patch, in.Base, in.Work, s)
	return out
}

func str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
