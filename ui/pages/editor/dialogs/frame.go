// Package dialogs holds the editor's dialogs, each a dialog.Dialog (see
// ui/components/dialog): made with what it shows, it answers with a result
// message the editor acts on (results.go lists them) and never changes
// the editor. The editor keeps them on its dialog stack.
package dialogs

import (
	"github.com/charmbracelet/bubbles/textarea"
	"github.com/charmbracelet/bubbles/textinput"

	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/components/dialog"
)

// frame is what every dialog here shares: the session's styles and the
// screen's size.
type frame struct {
	s    themes.Styles
	w, h int
}

// SetSize gives the dialog the screen's size.
func (f *frame) SetSize(w, h int) { f.w, f.h = w, h }

// box draws the dialog's lines in its titled box, in the middle.
func (f *frame) box(title string, lines ...string) string {
	return dialog.Box(f.s, f.w, f.h, title, lines...)
}

// inner is the width inside the box.
func (f *frame) inner() int { return dialog.Width(f.w) - 6 }

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
