package ui

import (
	"context"
	"testing"

	"github.com/charmbracelet/x/exp/teatest"

	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
	"github.com/campaigns-cli/campaigns/ui/pages/browser"
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
