package rowform

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/muesli/termenv"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

func open(f forms.Field, text string) *Model {
	r := common.NewRenderer(&bytes.Buffer{})
	r.SetColorProfile(termenv.Ascii)
	m := New(themes.New(themes.Plain(), r), common.DefaultKeyMap().Editor, f, text, 24)
	m.SetSize(40, 24)
	return m
}

func press(m *Model, keys ...string) (last tea.Msg) {
	for _, k := range keys {
		last, _ = m.Update(uitest.Key(k))
	}
	return last
}

// The form answers what the editor must do and never does it: a value to
// apply, the end of editing with what follows, or the editor's own key.
func TestTheFormAnswersWhatToDo(t *testing.T) {
	choice := forms.Field{Path: "a.b", Label: "Kind", Kind: forms.Enum, Options: []string{"one", "two", "three"}}
	text := forms.Field{Path: "a.name", Label: "Name", Kind: forms.Text}
	ticks := forms.Field{Path: "a.platforms", Label: "Platforms", Kind: forms.Multi, Options: []string{"ANDROID", "IOS", "WEB"}}

	// A choice hovered is applied as it is hovered; esc puts the old one back.
	m := open(choice, "one")
	if got := press(m, "down"); got != (Changed{Value: "two"}) {
		t.Fatalf("down on a choice answered %#v", got)
	}
	if f, ok := press(m, "esc").(Finish); !ok || f.Set == nil || *f.Set != "one" {
		t.Fatalf("esc after a change answered %#v", f)
	}
	// enter keeps it, and tab goes on from there.
	m = open(choice, "one")
	press(m, "down")
	if f, ok := press(m, "enter").(Finish); !ok || !f.Flowing || f.Set != nil {
		t.Fatalf("enter on the choice applied already answered %#v", f)
	}

	// Typing is applied key by key; tab is the next field, ↑ a move.
	m = open(text, "")
	if got := press(m, "h", "i"); got != (Changed{Value: "hi"}) {
		t.Fatalf("typing answered %#v", got)
	}
	if f := press(m, "tab").(Finish); f.Flow != 1 {
		t.Fatalf("tab answered %#v", f)
	}
	if f := press(open(text, "x"), "up").(Finish); f.Move != -1 {
		t.Fatalf("up answered %#v", f)
	}
	// Reached by tab with its text selected, the first letter replaces it.
	m = open(text, "old")
	m.Replace = true
	if got := press(m, "n"); got != (Changed{Value: "n"}) {
		t.Fatalf("a letter on selected text answered %#v", got)
	}
	// ctrl+s is the editor's, and the form stays open.
	if c, ok := press(open(text, "x"), "ctrl+s").(Command); !ok || c.Key.String() != "ctrl+s" {
		t.Fatalf("ctrl+s answered %#v", c)
	}

	// A letter ticks the first choice it begins, in the list's order.
	m = open(ticks, "IOS")
	if got := press(m, "a"); got != (Changed{Value: "ANDROID, IOS"}) {
		t.Fatalf("a on the ticks answered %#v", got)
	}
	if got := press(m, "i"); got != (Changed{Value: "ANDROID"}) || m.Value() != "ANDROID" {
		t.Fatalf("i untick answered %#v, value %q", got, m.Value())
	}
}

// The box of a long text is as tall as its text, from 5 lines up to the
// room on the screen: it grows as lines are typed, every line typed stays
// in sight, and it keeps its height when lines are deleted (so nothing is
// left scrolled out of sight above an empty box).
func TestLongTextBoxGrowsWithItsText(t *testing.T) {
	long := forms.Field{Path: "a.message", Label: "Message", Kind: forms.LongText}
	r := common.NewRenderer(&bytes.Buffer{})
	r.SetColorProfile(termenv.Ascii)
	m := New(themes.New(themes.Plain(), r), common.DefaultKeyMap().Editor, long, "first", 60)
	m.SetSize(100, 60)
	boxLines := func() int { return strings.Count(m.View(), "┃") }
	if n := boxLines(); n != 5 {
		t.Fatalf("a one-line text opens in a box of %d lines, want 5", n)
	}
	press(m, "end")
	for i := range 12 {
		press(m, "enter")
		m.Update(uitest.Text(fmt.Sprintf("line %d", i+1)))
	}
	view := m.View()
	if n := boxLines(); n != 14 {
		t.Fatalf("13 lines typed: the box is %d lines, want 14 (one to type on)", n)
	}
	for _, want := range []string{"first", "line 1", "line 12"} {
		if !strings.Contains(view, want) {
			t.Fatalf("%q is out of sight:\n%s", want, view)
		}
	}
	for range 40 {
		press(m, "backspace")
	}
	if n := boxLines(); n != 14 || !strings.Contains(m.View(), "first") {
		t.Fatalf("after deleting, the box is %d lines and shows:\n%s", n, m.View())
	}
	// More than the screen holds: the box stops at its room (60-20 lines)
	// and follows the cursor.
	for i := range 35 {
		press(m, "enter")
		m.Update(uitest.Text(fmt.Sprintf("more %d", i+1)))
	}
	if n := boxLines(); n != 40 || !strings.Contains(m.View(), "more 35") {
		t.Fatalf("a text longer than the room: the box is %d lines, want 40, showing the cursor's line:\n%s", n, m.View())
	}
}
