package dialog

import (
	"testing"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

// echo is a dialog that records its keys: enter closes it with the keys
// typed, o opens another on top, c closes the one named "bottom".
type echo struct {
	id    string
	typed string
	w, h  int
}

type typedMsg struct{ from, text string }

func (e *echo) ID() string { return e.id }

func (e *echo) Update(msg tea.Msg) (tea.Msg, tea.Cmd) {
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return nil, nil
	}
	switch k.String() {
	case "enter":
		return Close(typedMsg{from: e.id, text: e.typed}), nil
	case "o":
		return OpenMsg{Dialog: &echo{id: "top"}}, nil
	case "c":
		return CloseMsg{ID: "bottom"}, nil
	}
	e.typed += k.String()
	return nil, nil
}

func (e *echo) View() string             { return e.id + ":" + e.typed }
func (e *echo) SetSize(w, h int)         { e.w, e.h = w, h }
func (e *echo) ShortHelp() []key.Binding { return []key.Binding{Hint("enter", e.id)} }

func TestTheTopDialogGetsTheKeysAndAnswers(t *testing.T) {
	var s Stack
	s.SetSize(80, 24)
	bottom := &echo{id: "bottom"}
	s.Open(bottom)
	if bottom.w != 80 || bottom.h != 24 {
		t.Fatalf("opened at %dx%d", bottom.w, bottom.h)
	}
	s.Update(uitest.Key("a"))
	s.Update(uitest.Key("o")) // opens "top" over it
	s.Update(uitest.Key("b"))
	if s.View() != "top:b" || bottom.typed != "a" || s.ShortHelp()[0].Help().Desc != "top" {
		t.Fatalf("top %q, bottom %q", s.View(), bottom.typed)
	}
	// The answer comes back from Update itself, and the dialog is gone.
	out, _ := s.Update(uitest.Key("enter"))
	if out != (typedMsg{from: "top", text: "b"}) || s.View() != "bottom:a" {
		t.Fatalf("answer %v, now %q", out, s.View())
	}
	// Closing a dialog closes the ones opened from it.
	s.Update(uitest.Key("o"))
	s.Update(uitest.Key("c"))
	if !s.Empty() || s.Has("top") {
		t.Fatalf("still open: %q", s.View())
	}
	if out, _ := s.Update(uitest.Key("x")); out != nil {
		t.Fatalf("an empty stack answered %v", out)
	}
}
