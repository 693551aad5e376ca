package editor

import (
	"github.com/charmbracelet/bubbles/textarea"
	tea "github.com/charmbracelet/bubbletea"

	"campaigns/forms"
	"campaigns/ui"
)

// textDialog edits a long field (an email's HTML, a message) in a
// multi-line editor. Every key press is applied and validated at once, as
// in the one-line fields.
type textDialog struct {
	field forms.Field
	area  textarea.Model
}

func newTextDialog(m *Model, f forms.Field) *textDialog {
	d := &textDialog{field: f}
	d.area = newArea(m.c.Styles)
	d.area.CharLimit = 0
	d.area.ShowLineNumbers = true
	d.area.SetWidth(max(30, m.width-8))
	d.area.SetHeight(max(5, m.height-10))
	d.area.SetValue(ui.CleanBlock(m.fieldText(f)))
	d.area.Focus()
	return d
}

func (d *textDialog) update(m *Model, msg tea.KeyMsg) tea.Cmd {
	switch msg.String() {
	case "esc", "ctrl+d":
		m.dialog = nil
		return nil
	case "ctrl+s":
		return m.flush()
	}
	before := d.area.Value()
	var cmd tea.Cmd
	d.area, cmd = d.area.Update(msg)
	if v := d.area.Value(); v != before {
		return tea.Batch(cmd, m.apply(d.field, v))
	}
	return cmd
}

func (d *textDialog) view(m *Model) string {
	s := m.c.Styles
	out := s.Title.Render(d.field.Label) + "  " + s.Muted.Render(d.field.Path) + "\n" + d.area.View() + "\n"
	// The field's problems, live.
	for i, f := range m.rows {
		if f.Path == d.field.Path {
			for _, p := range m.rowProblems[i] {
				out += s.Error.Render("✗ "+ui.Clean(p)) + "\n"
			}
		}
	}
	return out + s.Muted.Render("esc: done · ctrl+s: sync now")
}
