package editor_test

import (
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api/drafts"
)

// After ctrl+s the Diff tab compares with what the service now has, so a
// synced change leaves it.
func TestDiffTabForgetsASyncedChange(t *testing.T) {
	_, tm := draftOpen(t, time.Hour, "Diff after sync") // nothing is sent until ctrl+s
	name := rename(t, tm, "Diff after sync", 1, "C!", "pending")
	keys(tm, "p", "p") // Preview → PATCH JSON → Diff
	waitFor(t, tm, "mine/basic_details", name)
	keys(tm, "ctrl+s")
	waitFor(t, tm, "synced", "No differences from the service's copy.")
}

// The same for a change sent on its own after the typing pause, with the
// Diff tab open while typing.
func TestDiffTabForgetsAChangeSentAfterThePause(t *testing.T) {
	e := newEnv(t)
	e.clock = drafts.NewFakeClock(time.Now())
	tm, _ := e.run(t, pause)
	newDraft(t, tm, false, "Diff auto")
	keys(tm, "p", "p")
	waitFor(t, tm, "No differences from the service's copy.")
	keys(tm, "down", "down", "enter")
	waitFor(t, tm, "enter done")
	typ(tm, "Growth")
	keys(tm, "enter")
	waitFor(t, tm, `"team": "Growth"`, "pending")
	e.clock.Advance(pause)
	waitFor(t, tm, "synced", "No differences from the service's copy.")
}
