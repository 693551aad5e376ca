package rowform

import (
	"slices"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/huh"
	"github.com/charmbracelet/lipgloss"

	"github.com/campaigns-cli/campaigns/ui/components/window"
)

// scrollSelect is a huh Select, for a list longer than the dialog has room
// for, whose window scrolls as a list does. huh 1.0 puts the chosen option
// at the top of its window on every message: the options before it go out
// of sight and blank rows follow the last one (at 80×24 "Operator" opened
// on "in" with "exists" and "is" below it, and went down to "is" above six
// blank rows). The keys stay huh's; the window is drawn here, with the
// same theme, around the option chosen.
type scrollSelect struct {
	*huh.Select[string]
	opts  []huh.Option[string]
	value *string
	theme *huh.Theme
	win   window.Model // the options shown
	width int
}

func newScrollSelect(opts []huh.Option[string], value *string, theme *huh.Theme, height int) *scrollSelect {
	s := &scrollSelect{Select: huh.NewSelect[string]().Options(opts...).Value(value), opts: opts, value: value, theme: theme}
	s.win.SetHeight(height)
	s.follow()
	return s
}

// cur is the index of the option chosen (huh keeps the bound value on it).
func (s *scrollSelect) cur() int {
	return max(0, slices.IndexFunc(s.opts, func(o huh.Option[string]) bool { return o.Value == *s.value }))
}

// follow scrolls the window just enough to show the option chosen.
func (s *scrollSelect) follow() { s.win.Follow(s.cur(), len(s.opts)) }

// Update hands the key to huh and keeps the window on its choice; it
// returns the wrapper, so the group keeps drawing it.
func (s *scrollSelect) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	_, cmd := s.Select.Update(msg)
	s.follow()
	return s, cmd
}

func (s *scrollSelect) WithWidth(w int) huh.Field {
	s.width = w
	s.Select.WithWidth(w)
	return s
}

func (s *scrollSelect) WithTheme(t *huh.Theme) huh.Field {
	s.theme = t
	s.Select.WithTheme(t)
	return s
}

// View draws the window as huh draws its options: the cursor before the
// chosen one, the theme's focused styles, its frame.
func (s *scrollSelect) View() string {
	st := s.theme.Focused
	cursor := st.SelectSelector.String()
	pad := strings.Repeat(" ", lipgloss.Width(cursor))
	c := s.cur()
	from, to := s.win.Range(len(s.opts))
	lines := make([]string, 0, to-from)
	for i := from; i < to; i++ {
		if i == c {
			lines = append(lines, cursor+st.SelectedOption.Render(s.opts[i].Key))
		} else {
			lines = append(lines, pad+st.UnselectedOption.Render(s.opts[i].Key))
		}
	}
	base := st.Base
	if s.width > 0 {
		base = base.Width(s.width)
	}
	return base.Render(strings.Join(lines, "\n"))
}
