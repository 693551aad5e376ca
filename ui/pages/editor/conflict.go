package editor

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/charmbracelet/bubbles/textarea"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// conflictDialog shows each conflicting component side by side, mine and
// the service's, and resolves it: keep mine, take theirs, or edit by hand.
type conflictDialog struct {
	items  []ConflictInfo
	mine   [][]string // pretty JSON lines, computed once when opened
	theirs [][]string
	i      int
	scroll int
	err    string
}

func (m *Model) openConflicts() {
	m.stopEditing()
	items := m.f.Store.Conflicts(m.id)
	if len(items) == 0 {
		m.setNotice("No conflicts.", false)
		return
	}
	d := &conflictDialog{items: items}
	for _, it := range items {
		d.mine = append(d.mine, prettyLines(it.Local))
		d.theirs = append(d.theirs, prettyLines(it.Remote))
	}
	m.dialog = d
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
	id        string
	component string
	err       error
}

func (d *conflictDialog) resolve(m *Model, r Resolution, merged any) tea.Cmd {
	it := d.items[d.i]
	id, st := m.id, m.f.Store
	m.queue.push(op{run: func() opResult {
		err := st.Resolve(id, it.Component, r, merged)
		return opResult{done: resolvedMsg{id: id, component: it.Component, err: err}}
	}})
	m.dialog = nil
	return nil
}

func (d *conflictDialog) update(m *Model, msg tea.KeyMsg) tea.Cmd {
	switch msg.String() {
	case "esc":
		m.dialog = nil
	case "m":
		return d.resolve(m, KeepMine, nil)
	case "t":
		return d.resolve(m, TakeTheirs, nil)
	case "e":
		m.dialog = newMergeDialog(m, d.items[d.i].Component, strings.Join(d.mine[d.i], "\n"))
	case "left", "h":
		d.i, d.scroll = max(0, d.i-1), 0
	case "right", "l":
		d.i, d.scroll = min(len(d.items)-1, d.i+1), 0
	case "down", "j":
		d.scroll++
	case "up", "k":
		d.scroll = max(0, d.scroll-1)
	}
	return nil
}

func (d *conflictDialog) view(m *Model) string {
	s := m.c.Styles
	it := d.items[d.i]
	colW := max(20, (m.width-8)/2)
	h := max(4, m.height-10)
	col := func(title string, lines []string, st lipgloss.Style) string {
		start := min(d.scroll, max(0, len(lines)-1))
		end := min(len(lines), start+h)
		body := make([]string, 0, h+1)
		body = append(body, s.Subtitle.Render(title))
		for _, l := range lines[start:end] {
			body = append(body, truncate(l, colW-2))
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

func itoa(n int) string { return strings.TrimSpace(strings.Repeat(" ", 0) + fmtAny(n)) }

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
		cd := &conflictDialog{items: []ConflictInfo{{Component: d.component}}}
		return cd.resolve(m, MergeByHand, []byte(text))
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
