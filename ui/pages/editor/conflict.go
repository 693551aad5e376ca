package editor

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/textarea"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/campaigns-cli/campaigns/api/drafts"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// conflictDialog shows each conflicting component side by side, mine and
// the service's, and resolves it: keep mine, take theirs, or edit by hand.
type conflictDialog struct {
	items  []drafts.Conflict
	mine   [][]string // pretty JSON lines, computed once when opened
	theirs [][]string
	i      int
	// body scrolls both columns together; its content is the longer one.
	body viewport.Model
	err  string
}

func (m *Model) openConflicts() {
	m.stopEditing()
	if m.d.h == nil {
		return
	}
	items := m.d.h.Conflicts()
	if len(items) == 0 {
		m.setNotice("No conflicts.", false)
		return
	}
	d := &conflictDialog{items: items}
	for _, it := range items {
		d.mine = append(d.mine, prettyLines(it.Local))
		d.theirs = append(d.theirs, prettyLines(it.Remote))
	}
	d.fit(m)
	m.dialog = d
}

// fit sizes the scroll to the window and the conflict shown, from its top.
func (d *conflictDialog) fit(m *Model) {
	longer := d.mine[d.i]
	if len(d.theirs[d.i]) > len(longer) {
		longer = d.theirs[d.i]
	}
	d.body.Width, d.body.Height = max(20, (m.width-8)/2), max(4, m.height-10)
	d.body.SetContent(strings.Join(longer, "\n"))
	d.body.GotoTop()
}

func prettyLines(v any) []string {
	if v == nil {
		return []string{"(absent)"}
	}
	var b []byte
	if s, ok := v.(*string); ok {
		b, _ = json.Marshal(s)
	} else {
		b = model.Encode(v)
	}
	var out bytes.Buffer
	if err := json.Indent(&out, b, "", "  "); err != nil {
		return []string{common.Clean(string(b))}
	}
	return strings.Split(common.CleanBlock(out.String()), "\n")
}

type resolvedMsg struct {
	component string
	err       error
}

func (d *conflictDialog) resolve(m *Model, r drafts.Choice, merged any) tea.Cmd {
	it := d.items[d.i]
	h := m.d.h
	m.dialog = nil
	return m.own(func() tea.Msg {
		err := h.Resolve(it.Component, r, merged)
		return resolvedMsg{component: it.Component, err: err}
	})
}

func (d *conflictDialog) update(m *Model, msg tea.KeyMsg) tea.Cmd {
	switch msg.String() {
	case "esc":
		m.dialog = nil
	case "m":
		return d.resolve(m, drafts.KeepMine, nil)
	case "t":
		return d.resolve(m, drafts.TakeTheirs, nil)
	case "e":
		m.dialog = newMergeDialog(m, d.items[d.i].Component, strings.Join(d.mine[d.i], "\n"))
	case "left", "h":
		d.i = max(0, d.i-1)
		d.fit(m)
	case "right", "l":
		d.i = min(len(d.items)-1, d.i+1)
		d.fit(m)
	case "down", "j":
		d.body.ScrollDown(1)
	case "up", "k":
		d.body.ScrollUp(1)
	}
	return nil
}

func (d *conflictDialog) view(m *Model) string {
	s := m.c.Styles
	it := d.items[d.i]
	colW := max(20, (m.width-8)/2)
	h := max(4, m.height-10)
	col := func(title string, lines []string, st lipgloss.Style) string {
		start := min(d.body.YOffset, max(0, len(lines)-1))
		end := min(len(lines), start+h)
		body := make([]string, 0, h+1)
		body = append(body, s.Subtitle.Render(title))
		for _, l := range lines[start:end] {
			body = append(body, common.Truncate(l, colW-2))
		}
		return st.Width(colW).Render(strings.Join(body, "\n"))
	}
	left := col("Mine (local)", d.mine[d.i], s.Pane)
	right := col("Theirs (service)", d.theirs[d.i], s.Pane)
	head := s.Title.Render("Conflict in "+it.Component) + s.Muted.Render("  "+itoa(d.i+1)+" of "+itoa(len(d.items)))
	help := s.Key.Render("m") + " keep mine  " + s.Key.Render("t") + " take theirs  " + s.Key.Render("e") + " edit by hand  " + s.Key.Render("←/→") + " other conflict  " + s.Key.Render("esc") + " later"
	lines := []string{head, s.Muted.Render("Someone changed this component on the service after you loaded it."), lipgloss.JoinHorizontal(lipgloss.Top, left, " ", right), help}
	if d.err != "" {
		lines = append(lines, s.Error.Render(d.err))
	}
	return strings.Join(lines, "\n")
}

func itoa(n int) string { return strconv.Itoa(n) }

// resolved takes the answer to a resolution: the component as resolved.
func (m *Model) resolved(msg resolvedMsg) tea.Cmd {
	if msg.err != nil {
		m.setNotice("resolve "+msg.component+": "+msg.err.Error(), true)
		return nil
	}
	m.status = m.d.h.Status()
	m.d.refresh()
	m.setNotice("Conflict in "+msg.component+" resolved.", false)
	m.afterChange()
	cmd := m.schedulePreview()
	if m.status.State == drafts.StateConflict {
		m.openConflicts()
	} else if _, stale := m.dialog.(*conflictDialog); stale {
		// A conflict event that came while this answer was on its way (the
		// flush that found the conflict, told late) opened the dialog again
		// on the conflict now resolved.
		m.dialog = nil
	}
	return cmd
}

// mergeDialog edits a component's JSON by hand; ctrl+s resolves with it.
type mergeDialog struct {
	component string
	area      textarea.Model
	err       string
}

func newMergeDialog(m *Model, component, text string) *mergeDialog {
	d := &mergeDialog{component: component}
	d.area = newArea(m.c.Styles)
	d.area.SetWidth(max(30, m.width-8))
	d.area.SetHeight(max(5, m.height-8))
	d.area.CharLimit = 0
	d.area.SetValue(text)
	d.area.Focus()
	return d
}

func (d *mergeDialog) update(m *Model, msg tea.KeyMsg) tea.Cmd {
	switch msg.String() {
	case "esc":
		m.openConflicts()
		return nil
	case "ctrl+s":
		text := d.area.Value()
		if !json.Valid([]byte(text)) {
			if _, err := model.Parse([]byte(text)); err != nil {
				d.err = err.Error()
			}
			return nil
		}
		cd := &conflictDialog{items: []drafts.Conflict{{Component: d.component}}}
		return cd.resolve(m, drafts.Merge, []byte(text))
	}
	var cmd tea.Cmd
	d.area, cmd = d.area.Update(msg)
	return cmd
}

func (d *mergeDialog) view(m *Model) string {
	s := m.c.Styles
	lines := []string{s.Title.Render("Merge " + d.component + " by hand"), d.area.View(), s.Muted.Render("ctrl+s: use this version · esc: back")}
	if d.err != "" {
		lines = append(lines, s.Error.Render(common.Clean(d.err)))
	}
	return strings.Join(lines, "\n")
}
