package editor_test

import (
	"testing"

	"github.com/campaigns-cli/campaigns/model"
)

// D6: the author remembered from the last draft is cleared with one key
// (ctrl+u, shown in the dialog), not 22 ⌫.
func TestNewDraftAuthorClearsInOneKey(t *testing.T) {
	e := newEnv(t)
	e.author = "someone.before@example.com"
	tm, stop := e.runAt(t, 0, 80, 24)
	defer stop()
	waitFor(t, tm, "browse")
	keys(tm, "n")
	waitFor(t, tm, "New draft", "┃ Channel")
	keys(tm, "p")
	waitFor(t, tm, "┃ Delivery type")
	keys(tm, "o") // ONE_TIME
	waitFor(t, tm, "┃ Created by", "someone.before@example.com", "ctrl+u")
	keys(tm, "ctrl+u", "ana@example.com", "enter")
	waitFor(t, tm, "┃ Name")
	keys(tm, "Author cleared", "enter")
	waitFor(t, tm, "Author cleared", "DRAFT", "Basic details")
	c := findDraft(t, e.client, "Author cleared")
	if got := model.Str(c.CreatedBy); got != "ana@example.com" {
		t.Fatalf("created_by %q, want the author typed after ctrl+u", got)
	}
	if model.Str(c.Channel) != model.ChannelPush {
		t.Fatalf("channel %s", model.Str(c.Channel))
	}
}
