package common_test

import (
	"testing"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

// Each key typed into a text field replaces the cursor's blink timer, and
// the timer replaced answers a message: that one is inert, so the screen
// is not drawn again for it. The blink itself is not.
func TestTheBlinkTimerAKeyReplacesIsInert(t *testing.T) {
	in := textinput.New()
	in.Focus()
	in, first := in.Update(uitest.Key("a"))
	_, _ = in.Update(uitest.Key("b")) // replaces the blink timer the first set
	var inert int
	for _, msg := range uitest.RunBatch(first) {
		if common.Inert(msg) {
			inert++
		}
	}
	if inert != 1 {
		t.Fatalf("the key's replaced blink timer answered %d inert messages, want 1", inert)
	}
	for _, msg := range []tea.Msg{cursor.BlinkMsg{}, uitest.Key("a"), tea.WindowSizeMsg{}, nil} {
		if common.Inert(msg) {
			t.Errorf("%T is taken as inert", msg)
		}
	}
}
