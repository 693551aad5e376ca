package ui

import (
	"testing"

	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

// Back in the browser from the editor, the cursor is on the campaign
// just edited: here a draft just created, which the list shows first,
// while the cursor was on another campaign before.
func TestBackInTheBrowserTheCursorIsOnTheCampaignEdited(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tm := f.start(t)
	waitFor(t, tm, "status: all", "page 1 · 1–15")
	keys(tm, "down")
	uitest.NewDraft(t, tm, uitest.Draft{Author: "ana@example.com", Name: "Edited just now"})
	keys(tm, "esc")
	waitFor(t, tm, "status: all", "Edited just now")
	r := final(t, tm)
	if sel := r.browser().Selected(); sel == nil || campaignName(sel) != "Edited just now" {
		t.Fatalf("back in the browser the cursor is on %v, want the draft just edited", campaignName(sel))
	}
}
