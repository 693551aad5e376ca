package editor_test

import (
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest"
)

// Defect 1: q in the editor with edits not yet on the service asks, as esc
// does, instead of quitting the program at once.
func TestQAsksBeforeQuittingWithUnsentEdits(t *testing.T) {
	e := newEnv(t)
	tm, stop := e.run(t, time.Hour) // nothing is sent on its own
	defer stop()
	newDraft(t, tm, false, "Quit guard")
	keys(tm, "enter", "backspace")
	tm.Type("d!")
	keys(tm, "enter")
	waitFor(t, tm, "pending")
	keys(tm, "q")
	waitFor(t, tm, "Quit campaigns?", "Some edits have not reached the service", "sync now, then quit")
	keys(tm, "esc") // stay
	waitFor(t, tm, "Basic details")
	keys(tm, "q", "q") // ask, then quit keeping the edits local
	tm.WaitFinished(t, teatest.WithFinalTimeout(20*time.Second))
}
