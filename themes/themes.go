// Package themes holds the editor's colour themes. A Theme is data (adaptive
// colours); Styles turns it into lipgloss styles for one renderer, so that an
// SSH session gets styles for its own terminal, not the server's.
package themes

import (
	"github.com/charmbracelet/lipgloss"
)

// Theme is a palette. Adaptive colours pick their light or dark value from the
// terminal's background.
type Theme struct {
	Name string

	Text, Muted, Subtle lipgloss.TerminalColor
	Accent, AccentText  lipgloss.TerminalColor
	Border, Focus       lipgloss.TerminalColor
	Error, Warning, OK  lipgloss.TerminalColor
	Locked              lipgloss.TerminalColor
	SelectedBg          lipgloss.TerminalColor

	// Status colours mean the same on every screen.
	Status map[string]lipgloss.TerminalColor

	// Plain themes draw no colour and no bold (NO_COLOR).
	Plain bool
}

func ac(light, dark string) lipgloss.AdaptiveColor {
	return lipgloss.AdaptiveColor{Light: light, Dark: dark}
}

// Default is good on dark and light terminals alike.
func Default() Theme {
	return Theme{
		Name:       "default",
		Text:       ac("#1F2328", "#E6EDF3"),
		Muted:      ac("#59636E", "#9198A1"),
		Subtle:     ac("#D1D9E0", "#3D444D"),
		Accent:     ac("#6639BA", "#B392F0"),
		AccentText: ac("#FFFFFF", "#0D1117"),
		Border:     ac("#D1D9E0", "#3D444D"),
		Focus:      ac("#6639BA", "#B392F0"),
		Error:      ac("#D1242F", "#FF7B72"),
		Warning:    ac("#9A6700", "#D29922"),
		OK:         ac("#1A7F37", "#3FB950"),
		Locked:     ac("#8C959F", "#6E7681"),
		SelectedBg: ac("#EAE3F7", "#2D2640"),
		Status: map[string]lipgloss.TerminalColor{
			"DRAFT":     ac("#59636E", "#9198A1"),
			"SCHEDULED": ac("#0969DA", "#58A6FF"),
			"ACTIVE":    ac("#1A7F37", "#3FB950"),
			"SENDING":   ac("#0E8A8A", "#39C5CF"),
			"PAUSED":    ac("#9A6700", "#D29922"),
			"SENT":      ac("#6639BA", "#B392F0"),
			"STOPPED":   ac("#D1242F", "#FF7B72"),
			"ARCHIVED":  ac("#8C959F", "#6E7681"),
		},
	}
}

// HighContrast uses the terminal's strongest colours.
func HighContrast() Theme {
	return Theme{
		Name: "high-contrast",
		Text: ac("#000000", "#FFFFFF"),
		// Muted stays readable but is not the values' colour: an empty
		// field's hint must not look filled in.
		Muted:      ac("#4E4E4E", "#B4B4B4"),
		Subtle:     ac("#000000", "#FFFFFF"),
		Accent:     ac("#0000AA", "#FFFF00"),
		AccentText: ac("#FFFFFF", "#000000"),
		Border:     ac("#000000", "#FFFFFF"),
		Focus:      ac("#0000AA", "#FFFF00"),
		Error:      ac("#AA0000", "#FF5555"),
		Warning:    ac("#AA5500", "#FFFF55"),
		OK:         ac("#00AA00", "#55FF55"),
		Locked:     ac("#555555", "#AAAAAA"),
		SelectedBg: ac("#FFFF00", "#0000AA"),
		Status: map[string]lipgloss.TerminalColor{
			"DRAFT":     ac("#000000", "#FFFFFF"),
			"SCHEDULED": ac("#0000AA", "#55FFFF"),
			"ACTIVE":    ac("#00AA00", "#55FF55"),
			"SENDING":   ac("#00AAAA", "#55FFFF"),
			"PAUSED":    ac("#AA5500", "#FFFF55"),
			"SENT":      ac("#AA00AA", "#FF55FF"),
			"STOPPED":   ac("#AA0000", "#FF5555"),
			"ARCHIVED":  ac("#555555", "#AAAAAA"),
		},
	}
}

// Plain draws no colour at all, for NO_COLOR.
func Plain() Theme {
	none := lipgloss.NoColor{}
	return Theme{
		Name: "plain", Plain: true,
		Text: none, Muted: none, Subtle: none, Accent: none, AccentText: none,
		Border: none, Focus: none, Error: none, Warning: none, OK: none,
		Locked: none, SelectedBg: none,
		Status: map[string]lipgloss.TerminalColor{},
	}
}

// Names lists the themes --theme accepts.
var Names = []string{"default", "high-contrast", "plain"}

// ByName finds a theme by its --theme name.
func ByName(name string) (Theme, bool) {
	switch name {
	case "", "default":
		return Default(), true
	case "high-contrast":
		return HighContrast(), true
	case "plain":
		return Plain(), true
	}
	return Theme{}, false
}

// Select picks the theme for a --theme value and the NO_COLOR setting: NO_COLOR
// wins over any name.
func Select(name string, noColor bool) (Theme, bool) {
	if noColor {
		return Plain(), true
	}
	return ByName(name)
}

// Styles are the lipgloss styles of a theme for one renderer. Every style the
// screens use comes from here.
type Styles struct {
	Theme Theme

	App, Header, HeaderKey, Footer lipgloss.Style
	Title, Subtitle, Text, Muted   lipgloss.Style
	Accent, Key                    lipgloss.Style
	Error, Warning, OK             lipgloss.Style
	Locked                         lipgloss.Style
	// Placeholder draws an empty field's hint: never like a value (muted
	// and italic; a plain theme puts the hint in parentheses instead).
	Placeholder      lipgloss.Style
	Selected, Cursor lipgloss.Style
	// TypeOver is a selected text that typing replaces: reverse video,
	// an attribute, not a colour, so it shows under NO_COLOR too.
	TypeOver               lipgloss.Style
	Pane, FocusedPane      lipgloss.Style
	Tab, ActiveTab         lipgloss.Style
	Dialog                 lipgloss.Style
	TableHeader, TableCell lipgloss.Style
	Notification           lipgloss.Style
	Badge                  lipgloss.Style

	renderer *lipgloss.Renderer
	status   map[string]lipgloss.Style
}

// New builds the styles of theme t for renderer r (nil: the default renderer).
func New(t Theme, r *lipgloss.Renderer) Styles {
	if r == nil {
		r = lipgloss.DefaultRenderer()
	}
	ns := r.NewStyle
	bold := !t.Plain
	s := Styles{Theme: t, renderer: r}
	s.App = ns().Foreground(t.Text)
	s.Header = ns().Foreground(t.Text).Bold(bold).Padding(0, 1)
	s.HeaderKey = ns().Foreground(t.Muted)
	s.Footer = ns().Foreground(t.Muted).Padding(0, 1)
	s.Title = ns().Foreground(t.Accent).Bold(bold)
	s.Subtitle = ns().Foreground(t.Text).Bold(bold)
	s.Text = ns().Foreground(t.Text)
	s.Muted = ns().Foreground(t.Muted)
	s.Accent = ns().Foreground(t.Accent)
	s.Key = ns().Foreground(t.Accent).Bold(bold)
	s.Error = ns().Foreground(t.Error)
	s.Warning = ns().Foreground(t.Warning)
	s.OK = ns().Foreground(t.OK)
	s.Locked = ns().Foreground(t.Locked).Italic(!t.Plain)
	s.Placeholder = ns().Foreground(t.Muted).Italic(!t.Plain)
	s.Selected = ns().Foreground(t.Text).Background(t.SelectedBg).Bold(bold)
	s.Cursor = ns().Foreground(t.Accent).Bold(bold)
	s.TypeOver = ns().Reverse(true)
	s.Pane = ns().Border(lipgloss.RoundedBorder()).BorderForeground(t.Border).Padding(0, 1)
	s.FocusedPane = s.Pane.BorderForeground(t.Focus)
	s.Tab = ns().Foreground(t.Muted).Padding(0, 1)
	s.ActiveTab = ns().Foreground(t.Accent).Bold(bold).Underline(true).Padding(0, 1)
	s.Dialog = ns().Border(lipgloss.DoubleBorder()).BorderForeground(t.Focus).Padding(1, 2)
	s.TableHeader = ns().Foreground(t.Muted).Bold(bold)
	s.TableCell = ns().Foreground(t.Text)
	s.Notification = ns().Border(lipgloss.RoundedBorder()).BorderForeground(t.Subtle).Padding(0, 1)
	s.Badge = ns().Padding(0, 1)
	s.status = map[string]lipgloss.Style{}
	for name, c := range t.Status {
		s.status[name] = ns().Foreground(c).Bold(bold)
	}
	return s
}

// Hint is an empty input's hint as it is given to the input: in
// parentheses for a plain theme, where it can be neither muted nor italic
// and would read as a value typed in ("> you@example.com").
func (s Styles) Hint(h string) string {
	if s.Theme.Plain && h != "" {
		return "(" + h + ")"
	}
	return h
}

// Status styles a campaign status; unknown states are drawn muted.
func (s Styles) Status(status string) lipgloss.Style {
	if st, ok := s.status[status]; ok {
		return st
	}
	return s.Muted
}

// Renderer is the renderer the styles were built for.
func (s Styles) Renderer() *lipgloss.Renderer { return s.renderer }
