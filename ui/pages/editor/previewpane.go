package editor

import (
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/components/preview"
)

// previewPane is the preview beside the form: the component, who it
// personalises for, and the pane framed for the current size, drawn when
// the preview or the layout changes (never in View).
type previewPane struct {
	m *preview.Model
	// due is when the preview redraws: a pause in typing after the last
	// change. One tick at a time is on its way (ticking); a tick that comes
	// before due waits on, so typing costs one tick per pause, not one per
	// key, and each tick is a screen drawn.
	due     time.Time
	ticking bool
	users   []PreviewUser
	user    int
	event   map[string]any
	// resized: a redraw for a new pane width is scheduled.
	resized bool

	framedKey [4]int
	framed    []string
}

// schedulePreview redraws the preview after a pause in typing.
func (m *Model) schedulePreview() tea.Cmd {
	d := m.f.PreviewDelay
	if d <= 0 {
		d = 120 * time.Millisecond
	}
	m.prev.due = time.Now().Add(d)
	if m.prev.ticking {
		return nil
	}
	return m.previewTick(d)
}

func (m *Model) previewTick(d time.Duration) tea.Cmd {
	m.prev.ticking = true
	return m.own(setTimer(d, func(time.Time) tea.Msg { return previewTickMsg{} }))
}

// setTimer is tea.Tick; the tests count the timers set.
var setTimer = tea.Tick

// previewTicked redraws the preview, unless typing went on since the tick
// was set: then it waits for the pause.
func (m *Model) previewTicked() tea.Cmd {
	m.prev.ticking = false
	if !m.d.loaded {
		return nil // the load schedules a redraw
	}
	if wait := time.Until(m.prev.due); wait > 0 {
		return m.previewTick(wait)
	}
	return m.refreshPreview()
}

// refreshPreview renders the preview off the UI goroutine, under the
// session's context with a deadline (preview.Refresh).
func (m *Model) refreshPreview() tea.Cmd {
	m.sizePreview() // the first draw comes before any frame
	m.prev.resized = false
	in := m.previewInput()
	return m.own(m.prev.m.Refresh(m.c.Context(), func() preview.Input { return in }))
}

// previewInput snapshots what the preview needs.
func (m *Model) previewInput() preview.Input {
	work := model.Clone(m.d.work)
	base := model.Clone(m.d.base)
	u := m.prev.users[m.prev.user]
	ev := make(map[string]any, len(m.prev.event))
	for k, v := range m.prev.event {
		ev[k] = v
	}
	return preview.Input{Work: work, Base: base, Sel: m.sel, Patch: nextPatch(base, work, m.probs.invalid()), UserName: u.Name, User: u.Attrs, Event: ev, Who: u.Who}
}

// framePreview sizes the preview to its column and frames it, when the
// preview, the size or the focus changed.
func (m *Model) framePreview() {
	w, h, st := m.sizePreview()
	key := [4]int{m.prev.m.Version(), w, h, m.pane}
	if m.prev.framed != nil && m.prev.framedKey == key {
		return
	}
	out := st.Width(w - st.GetHorizontalBorderSize()).Height(h - st.GetVerticalBorderSize()).MaxHeight(h).Render(m.prev.m.View())
	m.prev.framed, m.prev.framedKey = column(strings.Split(out, "\n"), w, h), key
}

// sizePreview gives the component its inner size; it returns the column's
// size and frame style.
func (m *Model) sizePreview() (w, h int, st lipgloss.Style) {
	_, _, w, h = m.layout()
	st = m.c.Styles.Pane
	if m.pane == panePreview {
		st = m.c.Styles.FocusedPane
	}
	// lipgloss widths include padding, not borders.
	m.prev.m.SetSize(w-st.GetHorizontalFrameSize(), h-st.GetVerticalFrameSize())
	return w, h, st
}

// typedUser is a user named by what was typed: an email when it has an @,
// else a user id. The service has the profile; locally it is empty.
func typedUser(s string) PreviewUser {
	if strings.Contains(s, "@") {
		return PreviewUser{Name: s, Who: &api.UserIdentification{Type: "EMAIL", Value: s}}
	}
	return PreviewUser{Name: "user " + s, Who: &api.UserIdentification{Type: "USER_ATTRIBUTE_UNIQUE_ID", Value: s}}
}

// chooseUser makes u the preview's user (added to the list when typed).
func (m *Model) chooseUser(u PreviewUser) tea.Cmd {
	i := -1
	for j, o := range m.prev.users {
		if o.Name == u.Name && sameWho(o.Who, u.Who) {
			i = j
		}
	}
	if i < 0 {
		m.prev.users = append(m.prev.users, u)
		i = len(m.prev.users) - 1
	}
	m.prev.user = i
	return m.schedulePreview()
}

func sameWho(a, b *api.UserIdentification) bool {
	return (a == nil) == (b == nil) && (a == nil || *a == *b)
}

// plainProblem words a problem the service sent (a refused preview) as the
// editor's own problems read: the field by its label in the form, no JSON
// path (issue 12, Deliver 1).
func plainProblem(target, message string) string {
	return forms.Describe(engine.Problem{Target: target, Message: message}).Text
}
