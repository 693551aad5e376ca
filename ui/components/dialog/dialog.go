// Package dialog is the contract every modal of a screen keeps and the
// stack that holds them (crush's dialog overlay, in Bubble Tea v1 terms).
//
// A dialog is given what it needs when it is made and never reaches into
// the screen that opened it: it answers a message with a message for its
// opener (a result, or Close). The stack hands that answer back from its
// own Update at once, not through a command, so the key typed right after
// enter already finds the dialog closed and the result applied (a command's
// message would arrive after keys already queued).
package dialog

import (
	"math"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/campaigns-cli/campaigns/themes"
)

// Dialog is one modal.
type Dialog interface {
	// ID names the dialog on the stack (Close and Has find it by it).
	ID() string
	// Update takes a message (a key, or an answer addressed to the dialog)
	// and returns its answer for the opener (nil: nothing to say; a
	// CloseMsg closes it; an OpenMsg opens another dialog on top of it) and
	// a command.
	Update(msg tea.Msg) (tea.Msg, tea.Cmd)
	// View draws the dialog at the size last given.
	View() string
	// SetSize gives the dialog the screen's size.
	SetSize(w, h int)
	// ShortHelp names the dialog's keys for the footer.
	ShortHelp() []key.Binding
}

// OpenMsg puts a dialog on top of the stack.
type OpenMsg struct{ Dialog Dialog }

// CloseMsg takes a dialog off the stack: the one named by ID, or the one
// that answered with it when ID is "". Result, when set, is what the stack
// hands the opener in its place.
type CloseMsg struct {
	ID     string
	Result tea.Msg
}

// Close is a dialog's answer that closes it with result (nil: none).
func Close(result tea.Msg) tea.Msg { return CloseMsg{Result: result} }

// Stack holds the open dialogs; the top one gets the keys.
type Stack struct {
	dialogs []Dialog
	w, h    int
}

// Update opens and closes dialogs on their messages and hands any other
// message to the top dialog. It returns the message for the opener (a
// dialog's result) and a command.
func (s *Stack) Update(msg tea.Msg) (tea.Msg, tea.Cmd) {
	switch msg := msg.(type) {
	case OpenMsg:
		msg.Dialog.SetSize(s.w, s.h)
		s.dialogs = append(s.dialogs, msg.Dialog)
		return nil, nil
	case CloseMsg:
		s.Close(msg.ID)
		return msg.Result, nil
	}
	top := s.Top()
	if top == nil {
		return nil, nil
	}
	out, cmd := top.Update(msg)
	if o, ok := out.(OpenMsg); ok { // a dialog opened from this one
		s.Open(o.Dialog)
		return nil, cmd
	}
	if c, ok := out.(CloseMsg); ok {
		if c.ID == "" {
			c.ID = top.ID()
		}
		s.Close(c.ID)
		out = c.Result
	}
	return out, cmd
}

// Open puts d on top (Update with an OpenMsg).
func (s *Stack) Open(d Dialog) { s.Update(OpenMsg{Dialog: d}) }

// Close takes the topmost dialog named id off the stack, with the dialogs
// above it (they were opened from it).
func (s *Stack) Close(id string) {
	for i := len(s.dialogs) - 1; i >= 0; i-- {
		if s.dialogs[i].ID() == id {
			clear(s.dialogs[i:])
			s.dialogs = s.dialogs[:i]
			return
		}
	}
}

// Reset closes every dialog.
func (s *Stack) Reset() { s.dialogs = nil }

// Top is the dialog that gets the keys (nil when none is open).
func (s *Stack) Top() Dialog {
	if len(s.dialogs) == 0 {
		return nil
	}
	return s.dialogs[len(s.dialogs)-1]
}

// Has reports an open dialog named id.
func (s *Stack) Has(id string) bool {
	for _, d := range s.dialogs {
		if d.ID() == id {
			return true
		}
	}
	return false
}

// Empty reports that no dialog is open.
func (s *Stack) Empty() bool { return len(s.dialogs) == 0 }

// SetSize gives every open dialog the screen's size.
func (s *Stack) SetSize(w, h int) {
	s.w, s.h = w, h
	for _, d := range s.dialogs {
		d.SetSize(w, h)
	}
}

// View draws the top dialog ("" when none is open).
func (s *Stack) View() string {
	if top := s.Top(); top != nil {
		return top.View()
	}
	return ""
}

// ShortHelp is the top dialog's keys.
func (s *Stack) ShortHelp() []key.Binding {
	if top := s.Top(); top != nil {
		return top.ShortHelp()
	}
	return nil
}

// Width is a dialog's width on a screen w wide, with its border's padding:
// 60 at 80 columns, so that a choice and its label fit on one line.
func Width(w int) int { return min(w-4, max(60, w*2/3)) }

// Box draws a titled dialog in the middle of a w×h screen.
func Box(s themes.Styles, w, h int, title string, lines ...string) string {
	body := s.Title.Render(title) + "\n\n" + strings.Join(lines, "\n")
	return center(s.Dialog.Width(Width(w)).Render(body), w, h)
}

// center places a box in the middle of a w×h screen as lipgloss.Place
// does, measuring one line: a bordered box's lines are all as wide.
// lipgloss.Place measures every line twice, and was half the cost of a
// key typed into the time-zone search at 160×48.
func center(box string, w, h int) string {
	lines := strings.Split(box, "\n")
	gapW, gapH := w-lipgloss.Width(lines[0]), h-len(lines)
	left, right, top, bottom := 0, 0, 0, 0
	if gapW > 0 {
		right = int(math.Round(float64(gapW) * 0.5))
		left = gapW - right
	}
	if gapH > 0 {
		bottom = int(math.Round(float64(gapH) * 0.5))
		top = gapH - bottom
	}
	var b strings.Builder
	blank := strings.Repeat(" ", max(w, lipgloss.Width(lines[0])))
	for range top {
		b.WriteString(blank + "\n")
	}
	pl, pr := strings.Repeat(" ", left), strings.Repeat(" ", right)
	for i, l := range lines {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(pl + l + pr)
	}
	for range bottom {
		b.WriteString("\n" + blank)
	}
	return b.String()
}

// Hint is a footer entry that no key map holds.
func Hint(k, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(k), key.WithHelp(k, desc))
}
