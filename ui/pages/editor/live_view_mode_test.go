package editor_test

import (
	"context"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest"

	"github.com/campaigns-cli/campaigns/api/drafts"
	"github.com/campaigns-cli/campaigns/model"
)

// openLive creates the marketer's push, publishes it (SCHEDULED: its start
// lies ahead) and opens it from the browser and the inspector (e), as support would.
func openLive(t *testing.T, e *env, tm *teatest.TestModel) string {
	t.Helper()
	id := create(t, e, "fixtures/marketer-push.json")
	if err := e.client.Publish(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	keys(tm, "esc", "r")
	waitFor(t, tm, "Viewed but not bought", "SCHEDULED")
	keys(tm, "g", "enter") // a live campaign opens in the inspector
	waitFor(t, tm, "Status          SCHEDULED", "e edit")
	keys(tm, "e")
	return id
}

// Support opens a PAUSED or SCHEDULED campaign to read it. It opens in view
// mode; a stray key changes nothing; E asks once, and then edits are sent
// only by ctrl+s, after the change is shown in words.
func TestLiveCampaignOpensInViewMode(t *testing.T) {
	e := newEnv(t)
	e.clock = drafts.NewFakeClock(time.Now())
	tm, _ := e.runAt(t, pause, 160, 48)
	id := openLive(t, e, tm)
	waitFor(t, tm, "View mode: SCHEDULED, read-only · E edits it", "E edit live campaign")

	keys(tm, "enter")
	typ(tm, "t")
	waitFor(t, tm, "View mode: this SCHEDULED campaign is live. E edits it.")

	keys(tm, "E")
	waitFor(t, tm, "Edit the live campaign 'Viewed but not bought'? Changes reach recipients.")
	keys(tm, "y")
	waitFor(t, tm, "Editing a live SCHEDULED campaign · nothing is sent until ctrl+s")

	rename(t, tm, "Viewed but not bought", 0, "t", "not sent (ctrl+s shows and sends)")
	e.clock.Advance(time.Hour) // a draft's edit would have been sent by now
	if c, _ := e.client.Get(context.Background(), id); model.Str(c.BasicDetails.Name) != "Viewed but not bought" {
		t.Fatalf("the edit reached the service before ctrl+s: %q", model.Str(c.BasicDetails.Name))
	}

	keys(tm, "ctrl+s")
	waitFor(t, tm, "Send to a live campaign", "Send these changes to the SCHEDULED campaign 'Viewed but not boughtt'",
		`basic_details.name: "Viewed but not bought" → "Viewed but not boughtt"`, "y send")
	keys(tm, "y")
	waitFor(t, tm, "● synced")
	if c, _ := e.client.Get(context.Background(), id); model.Str(c.BasicDetails.Name) != "Viewed but not boughtt" || model.Str(c.Status) != model.StatusScheduled {
		t.Fatalf("after y: name %q, status %s", model.Str(c.BasicDetails.Name), model.Str(c.Status))
	}
}
