package common

import (
	"reflect"

	"github.com/charmbracelet/bubbles/cursor"
	tea "github.com/charmbracelet/bubbletea"
)

// Inert reports a message that changes nothing anywhere, so the screen
// drawn before it still stands. Bubble Tea calls Update and View for every
// message, and bubbles' cursor sends one of these for each key typed into
// a text field: the key restarts the blink timer, and the timer it
// replaces answers with a message the cursor's own Update ignores. Taking
// them as inert halves the screens drawn while a person types (the root
// keeps its last frame for them).
func Inert(msg tea.Msg) bool {
	return reflect.TypeOf(msg) == blinkCanceledType
}

// blinkCanceledType is the type of bubbles' unexported blinkCanceled: what
// a blink command answers once a newer one has replaced it.
var blinkCanceledType = func() reflect.Type {
	c := cursor.New()
	c.Focus()
	replaced := c.BlinkCmd()
	c.BlinkCmd() // replaces it
	return reflect.TypeOf(replaced())
}()
