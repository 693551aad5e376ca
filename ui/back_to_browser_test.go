package ui

import (
	"testing"
)

// D9: back in the browser from the editor, the cursor is on the campaign
// just edited: here a draft just created, which the list shows first,
// while the cursor was on another campaign before.
func TestBackInTheBrowserTheCursorIsOnTheCampaignEdited(t *testing.T) {
	f := newFixture(t)
	tm := f.start(t)
	waitFor(t, tm, "status: all", "page 1 · 1–15")
	keys(tm, "down")
	keys(tm, "n")
	waitFor(t, tm, "New draft", "┃ Channel")
	keys(tm, "p")
	waitFor(t, tm, "┃ Delivery type")
	keys(tm, "o")
	waitFor(t, tm, "┃ Created by")
	keys(tm, "ana@example.com", "enter")
	waitFor(t, tm, "┃ Name")
	keys(tm, "Edited just now", "enter")
	waitFor(t, tm, "Edited just now", "Basic details")
	keys(tm, "esc")
	waitFor(t, tm, "status: all", "Edited just now")
	r := final(t, tm)
	if sel := r.browser().Selected(); sel == nil || campaignName(sel) != "Edited just now" {
		t.Fatalf("back in the browser the cursor is on %v, want the draft just edited", campaignName(sel))
	}
}
