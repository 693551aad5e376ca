// Package preview draws what a draft will look like: push notifications as
// Android, iOS and Web show them, the email with its body rendered from HTML,
// the JSON of the next component PATCH and a diff against the service's copy.
//
// Everything heavy (personalisation, HTML to text, highlighting, diffing)
// runs in a tea.Cmd when the input changes and is cached by content hash;
// View only joins strings that are already computed.
//
// The message tab is drawn twice per change: at once from a local render
// (labelled "local preview"), then from the service's preview route for the
// chosen user (service.go) when a Previewer is set and the user has an
// identity there. The local draw stays when the service cannot answer, with
// a note saying why. Both renders use engine/personalize, the renderer the
// sandbox's preview route runs, so they cannot differ.
package preview

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/campaigns-cli/campaigns/api"
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
	// Who is the user on the service the preview route renders for (nil:
	// a sample profile, drawn locally only).
	Who *api.UserIdentification
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

	seq int
	// drawnWidth is the width the latest render was asked for: cards and
	// bodies are wrapped to it, so a wider or narrower pane needs another.
	drawnWidth int
	cancel     context.CancelFunc // the render under way, superseded by the next
	out        rendered           // the local render
	busy       bool
	// svc asks the service; svcOut is its answer for the current seq.
	svc    Service
	svcOut *serviceResult
	asking bool // the service request of the current seq is under way
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

// renderedMsg carries a finished render; owner and seq drop stale ones.
type renderedMsg struct {
	owner *Model
	seq   int
	out   rendered
	// asking: a service request for the same input follows.
	asking bool
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

// Stale reports that the pane's width changed since the latest render was
// asked for: its owner should refresh (the first draw, a resized window).
func (m *Model) Stale() bool { return m.seq > 0 && m.drawnWidth != m.width }

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

// setBody gives the viewport the current tab's lines: the message as drawn
// for the width (cut at it), the JSON and the diff wrapped at it (a long
// value, or "Nothing to send: …" at 120 columns, lost its end at the edge).
func (m *Model) setBody() {
	var lines []string
	wrap := false
	switch m.tab {
	case TabMessage:
		lines = append(m.note(), m.messageLines()...)
	case TabJSON:
		lines, wrap = strings.Split(m.out.json, "\n"), true
	case TabDiff:
		lines, wrap = strings.Split(m.out.diff, "\n"), true
	}
	cut := make([]string, 0, len(lines))
	for _, l := range lines {
		if wrap && m.width > 0 && ansi.StringWidth(l) > m.width {
			cut = append(cut, strings.Split(ansi.Wrap(l, m.width, ""), "\n")...)
			continue
		}
		cut = append(cut, common.Clip(l, m.width))
	}
	m.body.SetContent(strings.Join(cut, "\n")) // at the same line
	if m.body.PastBottom() {                   // a shorter text: its end
		m.body.GotoBottom()
	}
}

// Errors lists the personalisation errors of the last render: the service's
// when it answered, else the local render's.
func (m *Model) Errors() []string {
	if r := m.svcOut; r != nil && r.err == nil {
		return r.out.errors
	}
	return m.out.errors
}

// Refresh starts a render under ctx with a deadline of RenderTimeout; build
// runs with the render, off the UI goroutine, and returns its input. The
// render under way, if any, is cancelled: its answer, late, is dropped. The
// result arrives as a message for Update (the owner addresses the command).
func (m *Model) Refresh(ctx context.Context, build func() Input) tea.Cmd {
	if m.cancel != nil {
		m.cancel()
	}
	ctx, cancel := context.WithCancel(ctx)
	m.cancel = cancel
	m.seq++
	m.busy = true
	m.svcOut, m.asking = nil, false
	m.drawnWidth = m.width
	seq, width, styles, h, svc := m.seq, m.width, m.styles, m.highlight, m.svc
	in := sync.OnceValue(build)
	local := func() tea.Msg {
		rctx, rcancel := context.WithTimeout(ctx, RenderTimeout)
		defer rcancel()
		in := in()
		return renderedMsg{owner: m, seq: seq, out: render(rctx, in, width, styles, h), asking: svc.wants(in)}
	}
	if svc.P == nil {
		return func() tea.Msg {
			defer cancel()
			return local()
		}
	}
	// ctx ends when the next render starts or when both commands are done.
	var left atomic.Int32
	left.Store(2)
	done := func() {
		if left.Add(-1) == 0 {
			cancel()
		}
	}
	return tea.Batch(func() tea.Msg {
		defer done()
		return local()
	}, func() tea.Msg {
		defer done()
		return askService(ctx, m, seq, svc, in, width, styles)
	})
}

// Render is Refresh done at once (tests and the first frame).
func (m *Model) Render(in Input) {
	ctx, cancel := context.WithTimeout(context.Background(), RenderTimeout)
	defer cancel()
	m.seq++
	m.svcOut, m.asking = nil, false
	m.drawnWidth = m.width
	m.take(render(ctx, in, m.width, m.styles, m.highlight))
}

// Update takes finished renders and the service's answers; those of a
// superseded render, or of another pane, are dropped.
func (m *Model) Update(msg tea.Msg) tea.Cmd {
	switch r := msg.(type) {
	case renderedMsg:
		if r.owner == m && r.seq == m.seq {
			// The service may have answered first; it stays asked until then.
			m.asking = r.asking && m.svcOut == nil
			m.take(r.out)
		}
	case serviceMsg:
		if r.owner == m && r.seq == m.seq {
			m.svcOut, m.asking = &r.res, false
			m.setBody()
			m.version++
		}
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
	out.message = drawMessage(in, rmsg, out.errors, width, s)
	out.json, out.diff = patchViews(in.Patch, in.Base, in.Work, s, h)
	return out
}

// drawMessage draws a personalised message (rendered here or by the
// service) with the errors of its render under it.
func drawMessage(in Input, rmsg *model.Message, errs []string, width int, s themes.Styles) []string {
	sel := model.FixSelection(in.Work, in.Sel)
	head := fmt.Sprintf("%s · %s", sel.Locale, sel.Variation)
	if in.UserName != "" {
		head += " · as " + in.UserName
	}
	// Wrapped, not cut: at 120 columns the user's id fell off the pane.
	muted := s.Muted.Width(width)
	out := strings.Split(muted.Render(common.Clean(head)), "\n")
	out = append(out, strings.Split(muted.Render("keys: u user · e event · p tab"), "\n")...)
	out = append(out, "")
	switch model.Str(in.Work.Channel) {
	case model.ChannelEmail:
		out = append(out, emailLines(rmsg, width, s)...)
	case model.ChannelPush:
		out = append(out, pushLines(rmsg, model.Platforms(in.Work), sel.Platform, width, s)...)
	default:
		out = append(out, s.Muted.Render("No preview for this channel."))
	}
	if len(errs) > 0 {
		out = append(out, "")
		for _, e := range errs {
			wrapped := s.Error.Width(width).Render("✗ " + common.Clean(e))
			out = append(out, strings.Split(wrapped, "\n")...)
		}
	}
	return out
}
