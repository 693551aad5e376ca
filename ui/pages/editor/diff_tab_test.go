package editor_test

import (
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest"
)

// Defect 7: after a sync the Diff tab compares with what the service now
// has, so a synced change leaves it.
func TestDiffTabForgetsASyncedChange(t *testing.T) {
	e := newEnv(t)
	tm, stop := e.run(t, time.Hour) // nothing is sent until ctrl+s
	defer stop()
	newDraft(t, tm, false, "Diff after sync")
	keys(tm, "enter", "backspace")
	tm.Type("C!")
	keys(tm, "enter")
	waitFor(t, tm, "pending")
	keys(tm, "p", "p") // Preview → PATCH JSON → Diff
	waitFor(t, tm, "mine/basic_details", "Diff after synC!")
	keys(tm, "ctrl+s")
	waitFor(t, tm, "synced", "No differences from the service's copy.")
}

// Defect 7, sent on its own after the typing pause, with the Diff tab open
// while typing.
func TestDiffTabForgetsAChangeSentAfterThePause(t *testing.T) {
	e := newEnv(t)
	tm, stop := e.run(t, 50*time.Millisecond)
	defer stop()
	newDraft(t, tm, false, "Diff auto")
	keys(tm, "p", "p")
	waitFor(t, tm, "No differences from the service's copy.")
	keys(tm, "down", "down", "enter")
	waitFor(t, tm, "enter done")
	tm.Type("Growth")
	keys(tm, "enter")
	waitFor(t, tm, `"team": "Growth"`)
	waitFor(t, tm, "synced", "No differences from the service's copy.")
}

// The leave dialog (esc with edits not yet sent) closes itself when the
// typing pause sends them while it is open: it says so and leaves.
func TestLeaveDialogClosesWhenTheEditsSync(t *testing.T) {
	e := newEnv(t)
	tm, stop := e.run(t, 3*time.Second) // the question comes before the send
	defer stop()
	newDraft(t, tm, false, "Leave after sync")
	keys(tm, "enter", "backspace")
	tm.Type("C!")
	keys(tm, "enter")
	waitFor(t, tm, "pending")
	keys(tm, "esc")
	waitFor(t, tm, "Leave the editor?", "Some edits have not reached the service")
	waitFor(t, tm, "All edits synced.", "Leave after synC!", "NAME")
	if got := findDraft(t, e.client, "Leave after synC!"); got == nil {
		t.Fatal("the edit is not on the service")
	}
}

// The quit dialog (q with edits not yet sent) quits once they are sent.
func TestQuitDialogQuitsWhenTheEditsSync(t *testing.T) {
	e := newEnv(t)
	tm, stop := e.run(t, 3*time.Second) // the question comes before the send
	defer stop()
	newDraft(t, tm, false, "Quit after sync")
	keys(tm, "enter", "backspace")
	tm.Type("C!")
	keys(tm, "enter")
	waitFor(t, tm, "pending")
	keys(tm, "q")
	waitFor(t, tm, "Quit campaigns?")
	tm.WaitFinished(t, teatest.WithFinalTimeout(20*time.Second))
	findDraft(t, e.client, "Quit after synC!")
}
