package editor_test

import (
	"strings"
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

// ctrl+t sends a test: the dialog names its keys and refuses no identifier
// or more than 10; a real send shows its outcome per payload, and the
// saved-draft mode narrows it to one platform and locale.
func TestTestSend(t *testing.T) {
	e, tm := draftOpen(t, 0, "Test send")
	keys(tm, "ctrl+t")
	// The footer names the dialog's own keys.
	waitFor(t, tm, "Send a test", "USER_ATTRIBUTE_UNIQUE_ID", "enter next/send", "esc close")
	keys(tm, "down", "down", "down", "enter")
	waitFor(t, tm, "identifier_values: enter at least one identifier")
	keys(tm, "up", "up")
	typ(tm, strings.Repeat("u,", 11)+"u")
	keys(tm, "down", "down", "enter")
	waitFor(t, tm, "at most 10 identifiers, not 12")
	keys(tm, "esc")

	// A real send of a publish-valid draft to one demo user.
	openFixture(t, e, tm, "push_one_time.json", "Summer sale kickoff")
	keys(tm, "ctrl+t", "down")
	typ(tm, "user-001")
	keys(tm, "down", "down", "enter")
	// The answer opens what was sent (TestTestResultsView); esc goes
	// back to the dialog and its outcome per payload.
	waitFor(t, tm, "What the test sent")
	keys(tm, "esc")
	waitFor(t, tm, "ANDROID_default_variation_1", "IOS_fr-FR_variation_1")

	// Saved-draft mode narrowed to one platform and locale.
	keys(tm, "up", "right")
	waitFor(t, tm, "Saved draft", "Platform")
	keys(tm, "down", "right", "down", "right", "right", "down", "down", "enter")
	waitFor(t, tm, "saved draft test", "user-001 · Android · es-ES · variation 1")
	keys(tm, "esc")
	waitFor(t, tm, "ANDROID_es-ES_variation_1")
}

// After a test send the results view lists each recipient and platform ×
// locale × variation with the message as the sandbox rendered it for them;
// esc closes it and ctrl+r shows it again from the editor.
func TestTestResultsView(t *testing.T) {
	e := newEnv(t)
	tm, _ := e.run(t, 0)
	openFixture(t, e, tm, "push_one_time.json", "Summer sale kickoff")

	keys(tm, "ctrl+t", "down")
	typ(tm, "user-001,user-002")
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
