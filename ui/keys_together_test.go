package ui

import (
	"testing"

	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

// Keys that arrive in one read (fast typing, tmux, a batching SSH link) are
// one key press each: "jj" moves two rows and "up" typed into a field is text,
// not the up arrow.
func TestKeysArrivingTogetherActEachOnce(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tm := f.startHidden(t)
	waitFor(t, tm, nameOneTime, namePeriodic, nameEvent, "last page")
	keys(tm, "jj")
	r := final(t, tm)
	b := r.browser()
	if len(b.Rows()) < 3 || b.Selected() != b.Rows()[2] {
		t.Fatalf("after jj the cursor is on %s, want the third row", campaignName(b.Selected()))
	}

	tm = f.startHidden(t)
	waitFor(t, tm, nameOneTime)
	keys(tm, "/")
	waitFor(t, tm, "Filter campaigns")
	keys(tm, "warm", "space")
	tm.Send(uitest.Text("up")) // keys("up") is the arrow
	keys(tm, "enter")
	waitFor(t, tm, `name: "warm up"`)
	if got := final(t, tm).browser().Filter().Name; got != "warm up" {
		t.Fatalf("filter name %q, want %q", got, "warm up")
	}

	// A whole phrase in one read, spaces included.
	tm = f.startHidden(t)
	waitFor(t, tm, nameOneTime)
	keys(tm, "/")
	waitFor(t, tm, "Filter campaigns")
	keys(tm, "sale up", "enter")
	waitFor(t, tm, `name: "sale up"`)
	_ = final(t, tm)
}
