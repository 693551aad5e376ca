package themes

import "github.com/charmbracelet/lipgloss"

// Profile styles a profile's name in the header: in the profile's own
// colour (#rrggbb or an ANSI number), so staging and production look
// different at a glance; the accent when it has none; no colour in plain
// themes (NO_COLOR).
func (s Styles) Profile(color string) lipgloss.Style {
	st := s.Title
	if color != "" && !s.Theme.Plain {
		st = st.Foreground(lipgloss.Color(color))
	}
	return st
}
