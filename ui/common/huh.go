package common

import (
	"github.com/charmbracelet/huh"
	"github.com/charmbracelet/lipgloss"

	"github.com/campaigns-cli/campaigns/themes"
)

// HuhTheme dresses huh in the session's theme. Every style comes from the
// session's renderer (never huh's themes, which use the process's renderer
// and so the wrong colours over SSH).
func HuhTheme(s themes.Styles) *huh.Theme {
	ns := s.Renderer().NewStyle
	if s.Renderer() == nil {
		ns = lipgloss.NewStyle
	}
	var t huh.Theme
	t.Form.Base, t.Group.Base = ns(), ns()
	t.Group.Title, t.Group.Description = s.Title, s.Muted
	t.FieldSeparator = ns().SetString("\n\n")
	f := &t.Focused
	f.Base = ns().PaddingLeft(1).BorderStyle(lipgloss.ThickBorder()).BorderLeft(true).BorderForeground(s.Theme.Focus)
	f.Card = f.Base
	f.Title, f.Description, f.NoteTitle = s.Title, s.Muted, s.Title
	f.ErrorIndicator, f.ErrorMessage = s.Error.SetString(" *"), s.Error
	f.SelectSelector, f.MultiSelectSelector = s.Cursor.SetString("▸ "), s.Cursor.SetString("▸ ")
	f.Option, f.UnselectedOption = s.Text, s.Text
	f.SelectedOption = s.Selected
	f.SelectedPrefix, f.UnselectedPrefix = s.Accent.SetString("[x] "), s.Muted.SetString("[ ] ")
	f.NextIndicator, f.PrevIndicator = s.Accent.SetString(" →"), s.Accent.SetString("← ")
	f.Directory, f.File = s.Accent, s.Text
	f.FocusedButton, f.BlurredButton, f.Next = s.Selected.Padding(0, 2), s.Muted.Padding(0, 2), s.Selected.Padding(0, 2)
	f.TextInput = huh.TextInputStyles{Cursor: s.Cursor, CursorText: s.Text, Placeholder: s.Placeholder, Prompt: s.Accent, Text: s.Text}
	t.Blurred = t.Focused
	t.Blurred.Base = f.Base.BorderStyle(lipgloss.HiddenBorder())
	t.Blurred.Card = t.Blurred.Base
	t.Blurred.Title = s.Subtitle
	// A list left behind keeps a mark on its choice: colour alone would not
	// show it without colour.
	t.Blurred.SelectSelector, t.Blurred.MultiSelectSelector = s.Accent.SetString("✓ "), ns().SetString("  ")
	t.Blurred.Option, t.Blurred.SelectedOption = s.Muted, s.Accent
	t.Blurred.NextIndicator, t.Blurred.PrevIndicator = ns(), ns()
	t.Help.Ellipsis, t.Help.ShortKey, t.Help.ShortDesc, t.Help.ShortSeparator = s.Muted, s.Key, s.Muted, s.Muted
	t.Help.FullKey, t.Help.FullDesc, t.Help.FullSeparator = s.Key, s.Muted, s.Muted
	return &t
}
