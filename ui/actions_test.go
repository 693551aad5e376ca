package ui

import (
	"context"
	"testing"

	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
	"github.com/campaigns-cli/campaigns/ui/pages/browser"
	"github.com/charmbracelet/x/exp/teatest"
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

// Duplicate from the browser: D copies the campaign under the cursor (a
// published one here) into a new draft "NAME (copy)" by the person at the
// keyboard, and opens it in the editor; from the inspector too.
func TestDuplicateFromBrowserAndInspector(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ed := newEditor(t, f.Client)
	ed.SetAuthor("ana@example.com")
	m := New(Config{Client: f.Client, Service: "embedded sandbox", Workspace: "SANDBOX", Theme: themes.Plain(), Editor: ed})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(120, 36))
	t.Cleanup(func() { _ = tm.Quit() })
	waitFor(t, tm, "status: all", "page 1 · 1–15")
	keys(tm, "d") // published campaigns only
	rows := f.listed(t, false)
	waitFor(t, tm, "status: all but drafts", nameOneTime)
	selectRow(t, tm, rows, nameOneTime)
	keys(tm, "i")
	waitFor(t, tm, "Overview", "D duplicate") // the footer at 120 columns
	keys(tm, "D")
	waitFor(t, tm, nameOneTime+" (copy)", "DRAFT", "Basic details")
	keys(tm, "esc") // back to the inspector
	waitFor(t, tm, "Overview")
	keys(tm, "esc") // back to the browser, on the campaign inspected
	waitFor(t, tm, "status: all but drafts")
	keys(tm, "D")
	waitFor(t, tm, nameOneTime+" (copy)", "DRAFT", "Basic details")
	final(t, tm)
	res, err := f.Client.Search(context.Background(), browser.DefaultFilter().Request(1))
	if err != nil {
		t.Fatal(err)
	}
	copies := 0
	for _, c := range res.Campaigns {
		if campaignName(c) == nameOneTime+" (copy)" {
			copies++
			if model.Str(c.CreatedBy) != "ana@example.com" || model.Str(c.Status) != model.StatusDraft {
				t.Errorf("a copy on the service: %s by %s", model.Str(c.Status), model.Str(c.CreatedBy))
			}
		}
	}
	if copies != 2 {
		t.Fatalf("%d copies on the service, want 2 (inspector, browser)", copies)
	}
}
