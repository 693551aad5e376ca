package editor

import (
	"github.com/charmbracelet/bubbles/textarea"
	"github.com/charmbracelet/bubbles/textinput"

	"github.com/campaigns-cli/campaigns/themes"
)

// newInput is a one-line input drawn with the session's styles (bubbles'
// defaults would use the process's renderer, wrong over SSH).
func newInput(s themes.Styles) textinput.Model {
	ti := textinput.New()
	ti.PromptStyle, ti.TextStyle, ti.PlaceholderStyle = s.Accent, s.Text, s.Placeholder
	ti.Cursor.Style, ti.Cursor.TextStyle = s.Cursor, s.Text
	return ti
}

// newArea is a multi-line editor drawn with the session's styles.
func newArea(s themes.Styles) textarea.Model {
	ta := textarea.New()
	for _, st := range []*textarea.Style{&ta.FocusedStyle, &ta.BlurredStyle} {
		st.Base, st.Text, st.Placeholder = s.Text, s.Text, s.Placeholder
		st.LineNumber, st.CursorLineNumber = s.Muted, s.Accent
		st.CursorLine, st.EndOfBuffer, st.Prompt = s.Text, s.Muted, s.Accent
	}
	ta.Cursor.Style = s.Cursor
	return ta
}
