package ui

import (
	"testing"

	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

func TestStopAfterConfirmation(t *testing.T) {
	t.Parallel()
	f, tm := inspect(t, nameOneTime, false)
	keys(tm, "a")
	waitFor(t, tm, "Actions for", "Stop")
	keys(tm, "s")
	waitFor(t, tm, "Stop “"+nameOneTime+"”", "cannot be resumed")
	r := final(t, tm)
	uitest.Golden(t, "stop_confirm", r.View())
	if got := f.status(t, nameOneTime); got != model.StatusScheduled {
		t.Fatalf("asking for confirmation already changed the campaign: %s", got)
	}
	for _, a := range r.inspector(t).Actions() {
		if a == model.ActionPause || a == model.ActionResume {
			t.Fatalf("a one-time campaign offers %s", a)
		}
	}

	tm = f.start(t)
	f.openByName(t, tm, nameOneTime, false)
	keys(tm, "a", "s", "y")
	waitFor(t, tm, "Stopped “"+nameOneTime+"”", "STOPPED")
	r = final(t, tm)
	if got := f.status(t, nameOneTime); got != model.StatusStopped {
		t.Fatalf("status %s after a confirmed stop", got)
	}
	if in := r.inspector(t); str(in.Campaign().Status) != model.StatusStopped {
		t.Fatal("the inspector did not re-read the campaign")
	}
}

func TestPauseCancelledThenPauseAndResume(t *testing.T) {
	t.Parallel()
	f, tm := inspect(t, namePeriodic, false)
	keys(tm, "a", "p")
	waitFor(t, tm, "Pause “"+namePeriodic+"”")
	keys(tm, "n")
	waitFor(t, tm, "Cancelled: nothing was changed")
	if got := f.status(t, namePeriodic); got != model.StatusScheduled {
		t.Fatalf("a cancelled pause changed the status to %s", got)
	}
	keys(tm, "a", "p", "y")
	waitFor(t, tm, "Paused “"+namePeriodic+"”", "PAUSED  ")
	if got := f.status(t, namePeriodic); got != model.StatusPaused {
		t.Fatalf("status %s after pause", got)
	}
	keys(tm, "a")
	waitFor(t, tm, "Resume", "enter run", "esc close") // the footer names the menu's keys
	keys(tm, "u")
	waitFor(t, tm, "starts sending to real users again")
	keys(tm, "esc") // esc cancels too
	waitFor(t, tm, "Cancelled")
	keys(tm, "a", "u", "y")
	waitFor(t, tm, "Resumed “"+namePeriodic+"”")
	final(t, tm)
	if got := f.status(t, namePeriodic); got != model.StatusScheduled {
		t.Fatalf("status %s after resume (start time ahead: SCHEDULED)", got)
	}
}

func TestValidateAndRefusedPublish(t *testing.T) {
	t.Parallel()
	f, tm := inspect(t, nameEmpty, true)
	keys(tm, "v")
	waitFor(t, tm, "Validate “"+nameEmpty+"”: ", "problems block publishing") // the service's verdict, not the checklist's
	r := final(t, tm)
	uitest.Golden(t, "validate_problems", r.View())
	in := r.inspector(t)
	if ch := in.Checks(); len(ch) != 1 || len(ch[0].Problems) == 0 {
		t.Fatalf("validation problems not listed: %+v", ch)
	}

	tm = f.start(t)
	f.openByName(t, tm, nameEmpty, true)
	keys(tm, "a", "p")
	waitFor(t, tm, "Publish “"+nameEmpty+"”", "goes live")
	keys(tm, "y")
	waitFor(t, tm, "Publish of “"+nameEmpty+"” refused")
	r = final(t, tm)
	in = r.inspector(t)
	if ch := in.Checks(); len(ch) != 1 || len(ch[0].Problems) == 0 || ch[0].OK {
		t.Fatalf("publish problems not listed: %+v", ch)
	}
	if in.Pane() != "Checks" {
		t.Fatal("the refusal's problems are not on screen")
	}
	if got := f.status(t, nameEmpty); got != model.StatusDraft {
		t.Fatalf("a refused publish left the campaign %s", got)
	}
}

func TestPublishAValidDraft(t *testing.T) {
	t.Parallel()
	f, tm := inspect(t, nameEmail, true)
	keys(tm, "v")
	waitFor(t, tm, "ready to publish")
	keys(tm, "a", "p", "y")
	waitFor(t, tm, "Published “"+nameEmail+"”")
	final(t, tm)
	if got := f.status(t, nameEmail); got == model.StatusDraft {
		t.Fatal("still a draft after publishing")
	}
}
