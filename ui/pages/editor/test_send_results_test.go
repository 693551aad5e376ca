package editor_test

import (
	"testing"

	"github.com/charmbracelet/x/exp/teatest"

	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

// ctrlKeys sends named keys (uitest.Key) one message each.
func ctrlKeys(tm *teatest.TestModel, ks ...string) {
	for _, k := range ks {
		tm.Send(uitest.Key(k))
	}
}

// After a test send the results view lists each recipient and platform ×
// locale × variation with the message as the sandbox rendered it for them;
// esc closes it and ctrl+r shows it again from the editor.
func TestTestResultsView(t *testing.T) {
	e := newEnv(t)
	tm, stop := e.run(t, 0)
	defer stop()
	openFixture(t, e, tm, "push_one_time.json", "Summer sale kickoff")

	keys(tm, "ctrl+t", "down")
	tm.Type("user-001,user-002")
	keys(tm, "down", "down", "enter")
	// Ana and Ben each get the title with their own first name; Ben has no
	// iOS device, and the view says so.
	waitFor(t, tm, "What the test sent", "inline test", "user-001 · Android · default · variation 1", "Summer sale starts now, Ana",
		"opens shop://sale/summer", "user-002 · Android · default · variation 1", "Summer sale starts now, Ben")
	// Every locale's messages, further down.
	for range 6 {
		ctrlKeys(tm, "pgdown")
	}
	waitFor(t, tm, "user-002 · iOS · fr-FR · variation 1", "user user-002 has no IOS push token", "Les soldes d'été commencent")

	keys(tm, "esc") // back to the test dialog
	waitFor(t, tm, "Send a test", "ctrl+r: what was sent")
	keys(tm, "esc") // the editor
	waitFor(t, tm, "ready to publish")
	ctrlKeys(tm, "ctrl+r")
	waitFor(t, tm, "What the test sent", "Summer sale starts now, Ana", "esc close")
	keys(tm, "esc")
	waitFor(t, tm, "ready to publish")

	// Closed and opened again, the editor still has them.
	keys(tm, "esc")
	waitFor(t, tm, "browse", "Summer sale kickoff")
	keys(tm, "g", "enter")
	waitFor(t, tm, "ready to publish")
	ctrlKeys(tm, "ctrl+r")
	waitFor(t, tm, "What the test sent", "Summer sale starts now, Ana")
}
