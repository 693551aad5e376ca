// Package preview draws what a draft will look like: push notifications as
// Android, iOS and Web show them, the email with its body rendered from HTML,
// the JSON of the next component PATCH and a diff against the service's copy.
//
// Everything heavy (personalisation, HTML to text, highlighting, diffing)
// runs in a tea.Cmd when the input changes and is cached by content hash;
// View only joins strings that are already computed.
package preview

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/viewport"
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

// RenderTimeout bounds one render: a template that runs longer is stopped
// and reported, the UI never waits for it.
const RenderTimeout = 2 * time.Second

// Model is the preview pane.
type Model struct {
	styles        themes.Styles
	highlight     *common.Highlighter
	width, height int
	tab           Tab
	// body scrolls the current tab's lines; its content is set when the
	// render, the tab or the size changes, never from View.
	body viewport.Model

	seq    int
	cancel context.CancelFunc // the render under way, superseded by the next
	out    rendered
	busy   bool
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

// New returns an empty preview pane drawn with the session's styles and
// highlighter (nil: no colour for JSON).
func New(styles themes.Styles, h *common.Highlighter) *Model {
	return &Model{styles: styles, highlight: h, body: viewport.New(0, 0)}
}

// SetSize sets the pane's inner size.
func (m *Model) SetSize(w, h int) {
	if w != m.width || h != m.height {
		m.width, m.height = w, h
		m.body.Width, m.body.Height = max(w, 0), max(h-2, 1)
		m.setBody()
		m.version++
	}
}

// Tab is the tab on show.
func (m *Model) Tab() Tab { return m.tab }

// NextTab cycles the tabs.
func (m *Model) NextTab() {
	m.tab = (m.tab + 1) % Tab(len(tabNames))
	m.setBody()
	m.body.GotoTop()
	m.version++
}

// Scroll moves the view by n lines.
func (m *Model) Scroll(n int) {
	if n < 0 {
		m.body.ScrollUp(-n)
	} else {
		m.body.ScrollDown(n)
	}
	m.version++
}

// setBody gives the viewport the current tab's lines, cut to the width.
func (m *Model) setBody() {
	var lines []string
	switch m.tab {
	case TabMessage:
		lines = m.out.message
	case TabJSON:
		lines = strings.Split(m.out.json, "\n")
	case TabDiff:
		lines = strings.Split(m.out.diff, "\n")
	}
	cut := make([]string, len(lines))
	for i, l := range lines {
		cut[i] = common.Clip(l, m.width)
	}
	off := m.body.YOffset
	m.body.SetContent(strings.Join(cut, "\n"))
	m.body.SetYOffset(off)
}

// Errors lists the personalisation errors of the last render.
func (m *Model) Errors() []string { return m.out.errors }

// Refresh starts a render under ctx with a deadline of RenderTimeout; build
// runs with the render, off the UI goroutine, and returns its input. The
// render under way, if any, is cancelled: its answer, late, is dropped. The
// result arrives as a message for Update (the owner addresses the command).
func (m *Model) Refresh(ctx context.Context, build func() Input) tea.Cmd {
	if m.cancel != nil {
		m.cancel()
	}
	ctx, cancel := context.WithTimeout(ctx, RenderTimeout)
	m.cancel = cancel
	m.seq++
	m.busy = true
	seq, width, styles, h := m.seq, m.width, m.styles, m.highlight
	return func() tea.Msg {
		defer cancel()
		return renderedMsg{seq: seq, out: render(ctx, build(), width, styles, h)}
	}
}

// Render is Refresh done at once (tests and the first frame).
func (m *Model) Render(in Input) {
	ctx, cancel := context.WithTimeout(context.Background(), RenderTimeout)
	defer cancel()
	m.seq++
	m.take(render(ctx, in, m.width, m.styles, m.highlight))
}

// Update takes finished renders.
func (m *Model) Update(msg tea.Msg) tea.Cmd {
	if r, ok := msg.(renderedMsg); ok && r.seq == m.seq {
		m.take(r.out)
	}
	return nil
}

func (m *Model) take(out rendered) {
	m.out = out
	m.busy = false
	m.setBody()
	m.version++
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
	return head + "\n\n" + m.body.View()
}

// render computes every tab. It runs off the UI goroutine, under ctx.
func render(ctx context.Context, in Input, width int, s themes.Styles, h *common.Highlighter) rendered {
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
	rmsg, errs := renderMessageCtx(ctx, msg, target, data)
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
	out.json, out.diff = patchViews(in.Patch, in.Base, in.Work, s, h)
	return out
}

func str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
