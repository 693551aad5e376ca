package ui

import (
	"slices"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/model"
)

func TestFilterRequest(t *testing.T) {
	var f Filter
	req := f.Request(1)
	if req.CampaignFields != nil || req.Limit != 15 || req.Page != 1 || req.IncludeArchiveCampaigns || req.IncludeChildCampaigns {
		t.Fatalf("empty filter: %+v", req)
	}
	f.ToggleDrafts()
	req = f.Request(2)
	if !slices.Contains(req.CampaignFields.Status, model.StatusDraft) || slices.Contains(req.CampaignFields.Status, model.StatusArchived) {
		t.Fatalf("drafts on: status %v", req.CampaignFields.Status)
	}
	if len(req.CampaignFields.Status) != 7 {
		t.Fatalf("drafts on must ask for every other state too, got %v", req.CampaignFields.Status)
	}
	f.ToggleDrafts()
	if f.Status != nil {
		t.Fatalf("drafts off again must return to the default, got %v", f.Status)
	}
	f = Filter{Name: "sale", Tags: []string{"q3"}, Channels: []string{"EMAIL"}, Types: []string{"PERIODIC"}, Children: true, Archived: true}
	req = f.Request(3)
	cf := req.CampaignFields
	if cf.Name != "sale" || cf.Tags[0] != "q3" || cf.Channels[0] != "EMAIL" || cf.CampaignDeliveryType[0] != "PERIODIC" || !req.IncludeChildCampaigns || !req.IncludeArchiveCampaigns || req.Page != 3 {
		t.Fatalf("request %+v fields %+v", req, cf)
	}
}

func TestBrowserDrawsAFullPageInsideTheWindow(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {200, 60}, {60, 20}, {40, 10}} {
		c := testCommon(size[0], size[1])
		r := New(Config{Service: "test", Workspace: "TEST"}).(*root)
		r.c.Styles = c.Styles
		r.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		b := r.stack[0].(*Browser)
		b.Update(searchResultMsg{owner: b, seq: b.seq, page: 1, rows: fakeRows(15)})
		view := r.View()
		lines := strings.Split(view, "\n")
		if len(lines) != size[1] {
			t.Fatalf("%v: %d lines", size, len(lines))
		}
		for i, l := range lines {
			if w := len([]rune(l)); w > size[0] {
				t.Fatalf("%v: line %d is %d wide: %q", size, i, w, l)
			}
		}
		if size[1] >= 24 && !strings.Contains(view, "Campaign number 15") {
			t.Fatalf("%v: last row not drawn:\n%s", size, view)
		}
		// Narrow windows drop columns before the name becomes unreadable.
		if size[0] >= 60 && !strings.Contains(view, "Campaign number") {
			t.Fatalf("%v: names cut too short:\n%s", size, view)
		}
	}
}

func TestBrowserDropsLateAnswers(t *testing.T) {
	c := testCommon(80, 24)
	b := NewBrowser(c)
	b.SetSize(80, 21)
	b.seq = 2
	b.loading = true
	b.Update(searchResultMsg{owner: b, seq: 1, page: 1, rows: fakeRows(3)})
	if len(b.rows) != 0 || !b.loading {
		t.Fatal("an answer to an older request was applied")
	}
	other := NewBrowser(c)
	b.Update(searchResultMsg{owner: other, seq: 2, page: 1, rows: fakeRows(3)})
	if len(b.rows) != 0 {
		t.Fatal("an answer addressed to another browser was applied")
	}
	b.Update(searchResultMsg{owner: b, seq: 2, page: 1, rows: fakeRows(3)})
	if len(b.rows) != 3 || b.loading {
		t.Fatal("the current answer was not applied")
	}
}

// BenchmarkBrowserKeypress is one key press (cursor down) through Update
// and View on the browser with a full page, at 80×24.
func BenchmarkBrowserKeypress(b *testing.B) {
	r := New(Config{Service: "embedded sandbox", Workspace: "SANDBOX"}).(*root)
	r.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	br := r.stack[0].(*Browser)
	br.Update(searchResultMsg{owner: br, seq: br.seq, page: 1, rows: fakeRows(PageSize)})
	keys := []tea.KeyMsg{{Type: tea.KeyDown}, {Type: tea.KeyUp}}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		r.Update(keys[(i/14)%2])
		_ = r.View()
	}
}

func TestBrowserShowsASpinnerWhileLoading(t *testing.T) {
	c := testCommon(80, 24)
	b := NewBrowser(c)
	b.SetSize(80, 21)
	_ = b.load(1) // the request itself is not run
	if !strings.Contains(b.View(), "loading…") {
		t.Fatalf("no loading indicator:\n%s", b.View())
	}
	b.Update(searchResultMsg{owner: b, seq: b.seq, page: 1, rows: fakeRows(3)})
	_ = b.load(1) // a refresh with rows on screen: the indicator moves to the page line
	if !strings.Contains(b.pageLine(), "loading…") || !strings.Contains(b.View(), "Campaign number 1") {
		t.Fatalf("refresh hides the rows or the indicator:\n%s", b.View())
	}
}

// A service that sends only id (no campaign_id) still gets its campaigns
// opened by that id.
func TestOpenByDocumentIDWhenCampaignIDIsMissing(t *testing.T) {
	b := NewBrowser(testCommon(80, 24))
	b.SetSize(80, 21)
	rows := fakeRows(2)
	rows[1].CampaignID = nil
	b.Update(searchResultMsg{owner: b, seq: b.seq, page: 1, rows: rows})
	b.move(1)
	msg := b.open()()
	push, ok := msg.(PushMsg)
	if !ok {
		t.Fatalf("enter gave %T", msg)
	}
	if in := push.Screen.(*Inspector); in.id != str(rows[1].ID) {
		t.Fatalf("opened %q, want the document id %q", in.id, str(rows[1].ID))
	}
}

func TestRefreshKeepsTheVersionRowSelected(t *testing.T) {
	b := NewBrowser(testCommon(80, 24))
	b.SetSize(80, 21)
	rows := fakeRows(3)
	for _, r := range rows {
		r.CampaignID = sp("same") // three versions of one campaign
	}
	b.Update(searchResultMsg{owner: b, seq: b.seq, page: 1, rows: rows})
	b.move(2)
	b.seq++
	b.Update(searchResultMsg{owner: b, seq: b.seq, page: 1, rows: append([]*model.Campaign{fakeRows(4)[3]}, rows...)})
	if sel := b.Selected(); str(sel.ID) != str(rows[2].ID) {
		t.Fatalf("cursor on %s, want the same version row %s", str(sel.ID), str(rows[2].ID))
	}
}

func TestOpeningAnOlderVersionSaysTheNewestIsShown(t *testing.T) {
	c := testCommon(80, 24)
	b := NewBrowser(c)
	b.SetSize(80, 21)
	rows := fakeRows(1)
	v1 := int64(1)
	rows[0].VersionNumber = &v1
	b.Update(searchResultMsg{owner: b, seq: b.seq, page: 1, rows: rows})
	in := b.open()().(PushMsg).Screen.(*Inspector)
	in.SetSize(80, 21)
	newest := model.Clone(rows[0])
	v2 := int64(2)
	newest.VersionNumber = &v2
	in.Update(campaignMsg{owner: in, seq: in.seq, c: newest})
	if !strings.Contains(in.View(), "showing version 2, the newest (the list row was version 1)") {
		t.Fatalf("no word about the version:\n%s", in.View())
	}
}
