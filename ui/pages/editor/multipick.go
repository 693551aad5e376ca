package editor

import (
	"slices"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/forms"
)

// tickByLetter: in a list of ticks (Platforms) a letter ticks, or unticks,
// the first choice it begins ("a" ANDROID, "i" IOS), as letters pick a
// choice on a choice row (pick.go). Other letters go to the list.
func (r *rowForm) tickByLetter(m *Model, msg tea.KeyMsg) (tea.Cmd, bool) {
	letter, ok := letterOf(msg)
	if r.field.Kind != forms.Multi || !ok {
		return nil, false
	}
	at := slices.IndexFunc(r.field.Options, func(o string) bool { return strings.HasPrefix(strings.ToLower(o), letter) })
	if at < 0 {
		return nil, false
	}
	opt := r.field.Options[at]
	ticked := slices.Clone(r.multi)
	if i := slices.Index(ticked, opt); i >= 0 {
		ticked = slices.Delete(ticked, i, i+1)
	} else {
		ticked = append(ticked, opt)
	}
	// In the list's order, as space leaves them.
	order := func(v string) int {
		if i := slices.Index(r.field.Options, v); i >= 0 {
			return i
		}
		return len(r.field.Options)
	}
	slices.SortStableFunc(ticked, func(a, b string) int { return order(a) - order(b) })
	v := strings.Join(ticked, ", ")
	// huh reads the bound ticks only when the list is built: build it
	// again, keeping what esc goes back to.
	nr := newRowForm(m, r.field, v)
	nr.orig = r.orig
	m.edit = nr
	return m.choose(r.field, v), true
}
