package editor_test

import (
	"strings"
	"testing"
	"time"
)

// Keys the shell uses (q quits, ? shows help) are letters inside a field
// edited through its huh input.
func TestQuitAndHelpKeysAreTextWhileEditing(t *testing.T) {
	e, tm := draftOpen(t, time.Hour, "Keys")
	syncNow(t, e, tm, rename(t, tm, "Keys", 0, " q?"))
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
