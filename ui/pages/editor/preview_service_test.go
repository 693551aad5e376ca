package editor_test

import (
	"testing"
)

// The preview asks the service for the user chosen by id: the title then
// carries that sandbox user's real first name, and the pane says where the
// draw came from. A sample profile is drawn locally, labelled so.
func TestPreviewAsksTheServiceForTheChosenUser(t *testing.T) {
	e := newEnv(t)
	tm, _ := e.run(t, 0)
	openFixture(t, e, tm, "push_one_time.json", "Summer sale kickoff")
	keys(tm, "u")
	waitFor(t, tm, "Preview user", "Ada (sample)")
	typ(tm, "user-004") // Dmitri, not in the sample list: asked for by id
	waitFor(t, tm, "enter asks the service for user user-004")
	keys(tm, "enter")
	waitFor(t, tm, "service preview · from test sandbox", "Summer sale starts now, Dmitri", "as user user-004")

	// The list searches as you type; a sample profile is drawn locally.
	keys(tm, "u")
	typ(tm, "ada")
	keys(tm, "enter")
	waitFor(t, tm, "local preview · sample profile", "Summer sale starts now, Ada")
}
