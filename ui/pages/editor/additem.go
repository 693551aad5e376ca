package editor

import (
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/forms"
)

// addAnother is + : another item in the list under the cursor (a second
// button, filter, slide or goal) without going down to its Add row, and
// typed into at once, as enter on that row.
func (m *Model) addAnother() tea.Cmd {
	l := &m.list
	if l.cur < 0 || l.cur >= len(l.rows) {
		return nil
	}
	i := addRowFor(l.rows, l.cur)
	if i < 0 {
		m.setNotice("No list here to add to: + adds a button, a filter, a slide or a goal where the step has one.", true)
		return nil
	}
	if reason := m.d.editReason(l.rows[i].Path); reason != "" {
		m.setNotice(reason, true)
		return nil
	}
	l.cur, m.pane = i, paneForm
	return m.runAction(l.rows[i])
}

// addRowFor is the Add row + uses from row cur: the innermost list the
// row is an item of, else the first list below it in its section (a
// button after a platform's image); -1 when there is none.
func addRowFor(rows []forms.Field, cur int) int {
	at, best := strings.TrimPrefix(rows[cur].Path, "@remove:"), -1
	for i, f := range rows {
		list, ok := strings.CutPrefix(f.Path, "@add:")
		if ok && f.Role == forms.RoleAddItem && strings.HasPrefix(at, list+"[") && (best < 0 || len(f.Path) > len(rows[best].Path)) {
			best = i
		}
	}
	if best >= 0 {
		return best
	}
	for i := cur + 1; i < len(rows); i++ {
		switch f := rows[i]; {
		case f.Role == forms.RoleAddItem:
			return i
		case f.Kind == forms.Heading && f.Item:
			for i+1 < len(rows) && rows[i+1].Depth > f.Depth {
				i++ // past the item's rows
			}
		case f.Kind == forms.Heading:
			return -1 // the next section
		}
	}
	return -1
}
