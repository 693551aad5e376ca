package editor_test

import (
	"strings"
	"testing"
)

// Keys the shell uses (q quits, ? shows help) are letters inside a field
// edited through its huh input.
func TestQuitAndHelpKeysAreTextWhileEditing(t *testing.T) {
	e := newEnv(t)
	tm, _ := e.run(t, 0)
	newDraft(t, tm, false, "Keys")
	keys(tm, "enter")
	typ(tm, " q?")
	keys(tm, "enter")
	waitFor(t, tm, "Keys q?")
	keys(tm, "ctrl+s")
	waitFor(t, tm, "Synced.") // the flush's own notice: the service has every edit
	find(t, e.client, "Keys q?")
}

// At 80 columns the footer is cut, but "? help" (the way to every key) is
// still on it.
func TestFooterNamesHelpIn80Columns(t *testing.T) {
	e := newEnv(t)
	tm, _ := e.runAt(t, 0, 80, 24)
	newDraft(t, tm, false, "Help")
	view := finalView(t, tm)
	lines := strings.Split(view, "\n")
	if footer := lines[len(lines)-1]; !strings.Contains(footer, "? help") {
		t.Fatalf("the footer lacks ? help: %q", footer)
	}
}
