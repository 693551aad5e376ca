package editor_test

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest"

	"github.com/campaigns-cli/campaigns/api/drafts"
)

// pendingRename opens a new draft named name and types its last letter
// again as "C!", left pending: the sync engine's clock moves only when the
// test advances it (env.clock), so nothing is sent on its own until then.
func pendingRename(t *testing.T, name string) (*env, *teatest.TestModel, string) {
	t.Helper()
	e := newEnv(t)
	e.clock = drafts.NewFakeClock(time.Now())
	tm, _ := e.run(t, pause)
	newDraft(t, tm, false, name)
	return e, tm, rename(t, tm, name, 1, "C!", "pending")
}

// q in the editor with edits not yet on the service asks, as esc does,
// instead of quitting the program at once; esc stays, q again quits
// keeping the edits local.
func TestQAsksBeforeQuittingWithUnsentEdits(t *testing.T) {
	_, tm, _ := pendingRename(t, "Quit guard")
	keys(tm, "q")
	waitFor(t, tm, "Quit campaigns?", "Some edits have not reached the service", "sync now, then quit")
	keys(tm, "esc") // stay
	waitFor(t, tm, "Basic details")
	keys(tm, "q", "q") // ask, then quit keeping the edits local
	tm.WaitFinished(t, finished)
}

// The leave dialog (esc with edits not yet sent) closes itself when the
// typing pause sends them while it is open: it says so and leaves.
func TestLeaveDialogClosesWhenTheEditsSync(t *testing.T) {
	e, tm, name := pendingRename(t, "Leave after sync")
	keys(tm, "esc")
	waitFor(t, tm, "Leave the editor?", "Some edits have not reached the service")
	e.clock.Advance(pause) // the typing pause ends while the question is open
	waitFor(t, tm, "All edits synced.", name, "NAME")
	find(t, e.client, name)
}

// The quit dialog (q with edits not yet sent) quits once they are sent.
func TestQuitDialogQuitsWhenTheEditsSync(t *testing.T) {
	e, tm, name := pendingRename(t, "Quit after sync")
	keys(tm, "q")
	waitFor(t, tm, "Quit campaigns?")
	e.clock.Advance(pause)
	tm.WaitFinished(t, finished)
	find(t, e.client, name)
}

// Dialogs name their own keys in the footer, and the leave dialog shows the
// sync state whole on its own line.
func TestDialogFootersNameTheirKeys(t *testing.T) {
	e := newEnv(t)
	tm, _ := e.run(t, time.Hour) // edits stay pending
	openNewDraft(t, tm, "esc cancel")
	keys(tm, "esc")
	newDraft(t, tm, false, "Footers")
	rename(t, tm, "Footers", 0, " x", "pending")
	keys(tm, "esc")
	waitFor(t, tm, "Leave the editor?", "s sync, then leave", "l leave", "esc stay")
	view := finalView(t, tm)
	for _, l := range strings.Split(view, "\n") {
		if strings.Contains(l, "have not reached") && strings.Contains(l, "●") {
			t.Fatalf("the sync state runs on after the warning:\n%s", view)
		}
		if strings.TrimRight(strings.Trim(strings.TrimSpace(l), "║"), " ") == "●" {
			t.Fatalf("a lone ● in the leave dialog:\n%s", view)
		}
	}
	if !strings.Contains(view, "pending") {
		t.Fatalf("the leave dialog does not say what is pending:\n%s", view)
	}
}
