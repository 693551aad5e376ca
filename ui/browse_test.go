package ui

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/api/sandbox/sandboxtest"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
	"github.com/campaigns-cli/campaigns/ui/pages/browser"
)

// Drafts are listed from the start; d hides them.
func TestBrowseListsDraftsUntilHidden(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tm := f.start(t)
	waitFor(t, tm, "status: all", nameEmpty)
	r := final(t, tm)
	drafts := 0
	for _, c := range r.browser().Rows() {
		if str(c.Status) == model.StatusDraft {
			drafts++
		}
	}
	if drafts == 0 {
		t.Fatal("no draft listed at start")
	}
	tm = f.startHidden(t)
	waitFor(t, tm, nameOneTime, namePeriodic, nameEvent, "last page")
	r = final(t, tm)
	uitest.Golden(t, "browse_default", r.View())
	for _, c := range r.browser().Rows() {
		if str(c.Status) == model.StatusDraft {
			t.Fatalf("a draft is listed once hidden: %s", campaignName(c))
		}
	}
	if len(r.browser().Rows()) != 3 {
		t.Fatalf("want the 3 published campaigns, got %d", len(r.browser().Rows()))
	}
}

func TestBrowsePagesWithDrafts(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tm := f.start(t)
	// Drafts are listed from the start.
	waitFor(t, tm, "status: all", "] next")
	keys(tm, "]")
	waitFor(t, tm, "page 2", "16–")
	keys(tm, "]") // a short page is the last: nothing to load
	waitFor(t, tm, "this is the last page")
	r := final(t, tm)
	uitest.Golden(t, "browse_page2", r.View())
	b := r.browser()
	if b.Page() != 2 || len(b.Rows()) == 0 || len(b.Rows()) >= browser.PageSize {
		t.Fatalf("page %d with %d rows", b.Page(), len(b.Rows()))
	}
	total := 3 + 2 + drafts // published + email and empty drafts + bulk drafts
	if got := browser.PageSize + len(b.Rows()); got != total {
		t.Fatalf("%d campaigns over two pages, want %d", got, total)
	}

	tm = f.start(t)
	waitFor(t, tm, "] next")
	keys(tm, "]")
	waitFor(t, tm, "page 2")
	keys(tm, "[")
	waitFor(t, tm, "page 1")
	if b := final(t, tm).browser(); b.Page() != 1 || len(b.Rows()) != browser.PageSize {
		t.Fatalf("back on page %d with %d rows", b.Page(), len(b.Rows()))
	}
}

func TestFilterByNameAndStatus(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tm := f.startHidden(t)
	waitFor(t, tm, nameOneTime)
	keys(tm, "/")
	waitFor(t, tm, "Filter campaigns")
	keys(tm, "q", "esc") // q typed into the name field does not quit
	waitFor(t, tm, "status: all but drafts")

	keys(tm, "/")
	waitFor(t, tm, "Filter campaigns")
	keys(tm, "draft 1") // name
	keys(tm, "tab", "tab", "tab")
	keys(tm, "space") // status DRAFT
	waitFor(t, tm, "[x] DRAFT")
	r := final(t, tm)
	uitest.Golden(t, "filter_form", r.View())

	tm = f.startHidden(t)
	waitFor(t, tm, nameOneTime)
	keys(tm, "/")
	waitFor(t, tm, "Filter campaigns")
	keys(tm, "draft 1", "tab", "tab", "tab", "space", "enter")
	waitFor(t, tm, `name: "draft 1"`, "Draft 14")
	r = final(t, tm)
	uitest.Golden(t, "filter_applied", r.View())
	rows := r.browser().Rows()
	if len(rows) != 5 { // Draft 10 … Draft 14
		t.Fatalf("want Draft 10–14, got %d rows", len(rows))
	}
	for _, c := range rows {
		if !strings.HasPrefix(campaignName(c), "Draft 1") || str(c.Status) != model.StatusDraft {
			t.Fatalf("unexpected row %s %s", campaignName(c), str(c.Status))
		}
	}
}

func TestFilterChannelAndTypeToggles(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tm := f.start(t)
	waitFor(t, tm, "status: all")
	// Drafts are shown; narrow to EMAIL by the channel row.
	keys(tm, "/")
	waitFor(t, tm, "Filter campaigns")
	keys(tm, "tab", "tab", "tab", "tab", "down", "space", "enter") // the channel list: EMAIL is the second
	waitFor(t, tm, "channel: email", nameEmail, "1–1 ")            // the answer, not the list before it
	r := final(t, tm)
	rows := r.browser().Rows()
	if len(rows) != 1 || campaignName(rows[0]) != nameEmail {
		t.Fatalf("EMAIL filter: %d rows", len(rows))
	}
	if f := r.browser().Filter(); len(f.Channels) != 1 || f.Channels[0] != model.ChannelEmail {
		t.Fatalf("filter %+v", f)
	}
}

func TestFilterByCampaignID(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tm := f.start(t)
	waitFor(t, tm, "1–")
	keys(tm, "/", "tab", "tab", f.IDs[namePeriodic], "enter")
	waitFor(t, tm, "ids: ", "1–1 ") // the answer, not the list before it
	r := final(t, tm)
	rows := r.browser().Rows()
	if len(rows) != 1 || campaignName(rows[0]) != namePeriodic {
		t.Fatalf("search by id gave %d rows", len(rows))
	}
}

// The demo seed has periodic children: open one from the browser with child
// campaigns shown, then its parent with p.
func TestChildCampaignLinksToItsParent(t *testing.T) {
	t.Parallel()
	s, err := sandbox.Open(sandbox.Config{Seed: true, NoRateLimits: true, Now: func() time.Time { return time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC) }})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() { hs.Close(); s.Close() })
	ws := sandbox.DefaultWorkspace()
	client, err := api.New(api.Config{BaseURL: hs.URL, WorkspaceID: ws.ID, APIKey: ws.Key})
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{&sandboxtest.Fixture{Client: client}}
	flt := browser.DefaultFilter()
	flt.Children = true
	res, err := client.Search(context.Background(), flt.Request(1))
	if err != nil {
		t.Fatal(err)
	}
	res.Campaigns = browser.NewestFirst(res.Campaigns)
	var rows []string
	var child *model.Campaign
	for _, c := range res.Campaigns {
		rows = append(rows, campaignName(c))
		if child == nil && str(c.ParentID) != "" {
			child = c
		}
	}
	if child == nil {
		t.Skip("the demo seed has no child campaign on the first page")
	}
	parent, err := client.Get(context.Background(), str(child.ParentID))
	if err != nil {
		t.Fatal(err)
	}
	tm := f.start(t)
	waitFor(t, tm, "1–")
	keys(tm, "c")
	waitFor(t, tm, "↳ ")
	selectRow(t, tm, rows, campaignName(child))
	keys(tm, "enter")
	waitFor(t, tm, "(p opens it)")
	keys(tm, "p")
	waitFor(t, tm, "Campaign ID     "+str(parent.CampaignID))
	r := final(t, tm)
	if in := r.inspector(t); str(in.Campaign().CampaignID) != str(parent.CampaignID) {
		t.Fatal("p did not open the parent")
	}
}

func TestRefreshKeepsTheCursor(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tm := f.startHidden(t)
	rows := f.listed(t, false)
	waitFor(t, tm, nameOneTime, "last page")
	selectRow(t, tm, rows, namePeriodic)
	// Another user publishes a draft: the list changes under the cursor.
	if err := f.Client.Publish(context.Background(), f.IDs[nameEmail]); err != nil {
		t.Fatal(err)
	}
	keys(tm, "r")
	waitFor(t, tm, nameEmail)
	r := final(t, tm)
	if sel := r.browser().Selected(); sel == nil || campaignName(sel) != namePeriodic {
		t.Fatalf("cursor moved off %s after refresh", namePeriodic)
	}
	if len(r.browser().Rows()) != 4 {
		t.Fatalf("refresh did not pick up the new campaign: %d rows", len(r.browser().Rows()))
	}
}

func TestMouseWheelMovesTheCursor(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tm := f.startHidden(t)
	waitFor(t, tm, nameOneTime, "last page")
	tm.Send(tea.MouseMsg{Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
	tm.Send(tea.MouseMsg{Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
	keys(tm, "?") // something visible to wait for after the wheel events
	waitFor(t, tm, "Keys")
	r := final(t, tm)
	if b := r.browser(); len(b.Rows()) < 3 || b.Selected() != b.Rows()[2] {
		t.Fatal("the cursor is not on the third row after two wheel steps")
	}
	uitest.Golden(t, "help", r.View())
}

func TestResizeReflows(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tm := f.startHidden(t)
	waitFor(t, tm, nameOneTime, "last page")
	tm.Send(tea.WindowSizeMsg{Width: 200, Height: 60})
	waitFor(t, tm, "EVENT_TRIGGERED") // the wide layout: full type names
	r := final(t, tm)
	view := r.View()
	if n := strings.Count(view, "\n") + 1; n != 60 {
		t.Fatalf("%d lines at 200×60", n)
	}
	uitest.Golden(t, "browse_200x60", view)
}

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
