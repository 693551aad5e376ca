package uitest

import (
	"testing"

	"github.com/charmbracelet/x/exp/teatest"
)

// Draft is what NewDraft gives the new-draft dialog.
type Draft struct {
	Email     bool // an EMAIL campaign; PUSH otherwise
	Author    string
	Name      string
	Connector string // EMAIL only: the connector's name (its first type)
}

// NewDraft goes through the editor's new-draft dialog from the browser (n),
// with the first delivery type, and waits for the draft to open in the
// editor. huh moves between fields with its own messages: each field is
// waited for before it is typed into.
func NewDraft(t testing.TB, tm *teatest.TestModel, d Draft) {
	t.Helper()
	Keys(tm, "n")
	WaitFor(t, tm, "New draft", "┃ Channel")
	if d.Email {
		Keys(tm, "down")
	}
	Keys(tm, "enter")
	WaitFor(t, tm, "┃ Delivery type")
	Keys(tm, "enter")
	WaitFor(t, tm, "┃ Created by")
	tm.Send(Key("ctrl+u")) // the author last used here, if any
	Type(tm, d.Author)
	Keys(tm, "enter")
	WaitFor(t, tm, "┃ Name")
	Type(tm, d.Name)
	Keys(tm, "enter")
	if d.Email {
		WaitFor(t, tm, "┃ Connector type")
		Keys(tm, "enter")
		WaitFor(t, tm, "┃ Connector name")
		Type(tm, d.Connector)
		Keys(tm, "enter")
	}
	WaitFor(t, tm, d.Name, "Basic details")
}
