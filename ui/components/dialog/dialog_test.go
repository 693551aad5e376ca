package dialog

import (
	"bytes"
	"testing"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/common"
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

// A box is placed exactly as lipgloss.Place places it, at any size, even
// one too small for it.
func TestBoxIsPlacedAsLipglossDoes(t *testing.T) {
	r := common.NewRenderer(&bytes.Buffer{})
	r.SetColorProfile(termenv.TrueColor)
	s := themes.New(themes.Default(), r)
	for _, sz := range [][2]int{{80, 24}, {81, 25}, {200, 60}, {63, 7}, {40, 3}} {
		box := s.Dialog.Width(Width(sz[0])).Render(s.Title.Render("Title") + "\n\nshort\na longer line of text\n" + s.Muted.Render("muted"))
		if got, want := center(box, sz[0], sz[1]), lipgloss.Place(sz[0], sz[1], lipgloss.Center, lipgloss.Center, box); got != want {
			t.Errorf("%dx%d:\n%q\nwant\n%q", sz[0], sz[1], got, want)
		}
	}
}
