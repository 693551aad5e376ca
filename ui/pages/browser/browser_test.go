package browser

import (
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

func TestMain(m *testing.M) { uitest.Main(m) }

func sp(s string) *string { return &s }

// inOrder drops the rows' times, so the browser keeps them in the order
// given (it lists the most recently updated first).
func inOrder(rows []*model.Campaign) []*model.Campaign {
	for _, r := range rows {
		r.UpdatedAt, r.CreatedAt = nil, nil
	}
	return rows
}

// show hands the browser the answer to its current search.
func show(b *Browser, rows []*model.Campaign) {
	b.Update(searchResultMsg{seq: b.seq, page: 1, rows: rows})
}

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

func TestBrowserDropsLateAnswers(t *testing.T) {
	c := uitest.Common(80, 24)
	b := New(c)
	b.SetSize(80, 21)
	b.seq = 2
	b.loading = true
	b.Update(searchResultMsg{seq: 1, page: 1, rows: uitest.FakeRows(3)})
	if len(b.rows) != 0 || !b.loading {
		t.Fatal("an answer to an older request was applied")
	}
	// An answer addressed to another browser never reaches this one: the
	// root delivers by address (ui.TestAddressedAnswersReachTheirOwnerOnly).
	b.Update(searchResultMsg{seq: 2, page: 1, rows: uitest.FakeRows(3)})
	if len(b.rows) != 3 || b.loading {
		t.Fatal("the current answer was not applied")
	}
}

func TestBrowserShowsASpinnerWhileLoading(t *testing.T) {
	c := uitest.Common(80, 24)
	b := New(c)
	b.SetSize(80, 21)
	_ = b.load(1) // the request itself is not run
	if !strings.Contains(b.View(), "loading…") {
		t.Fatalf("no loading indicator:\n%s", b.View())
	}
	show(b, uitest.FakeRows(3))
	_ = b.load(1) // a refresh with rows on screen: the indicator moves to the page line
	if !strings.Contains(b.pageLine(), "loading…") || !strings.Contains(b.View(), "Campaign number 1") {
		t.Fatalf("refresh hides the rows or the indicator:\n%s", b.View())
	}
}

// A service that sends only id (no campaign_id) still gets its campaigns
// opened by that id.
func TestOpenByDocumentIDWhenCampaignIDIsMissing(t *testing.T) {
	b := New(uitest.Common(80, 24))
	b.SetSize(80, 21)
	rows := inOrder(uitest.FakeRows(2))
	rows[1].CampaignID = nil
	show(b, rows)
	b.move(1)
	msg := b.open()()
	open, ok := msg.(common.OpenInspectorMsg)
	if !ok {
		t.Fatalf("enter gave %T", msg)
	}
	if open.CampaignID != model.Str(rows[1].ID) {
		t.Fatalf("opened %q, want the document id %q", open.CampaignID, model.Str(rows[1].ID))
	}
}

func TestRefreshKeepsTheVersionRowSelected(t *testing.T) {
	b := New(uitest.Common(80, 24))
	b.SetSize(80, 21)
	rows := inOrder(uitest.FakeRows(3))
	for _, r := range rows {
		r.CampaignID = sp("same") // three versions of one campaign
	}
	show(b, rows)
	b.move(2)
	b.seq++
	show(b, append(inOrder([]*model.Campaign{uitest.FakeRows(4)[3]}), rows...))
	if sel := b.Selected(); model.Str(sel.ID) != model.Str(rows[2].ID) {
		t.Fatalf("cursor on %s, want the same version row %s", model.Str(sel.ID), model.Str(rows[2].ID))
	}
}

// Opening a row of an older version tells the inspector which version the
// row was (inspector.TestOpeningAnOlderVersionSaysTheNewestIsShown checks
// what it then says).
func TestOpeningAVersionRowNamesItsVersion(t *testing.T) {
	b := New(uitest.Common(80, 24))
	b.SetSize(80, 21)
	rows := uitest.FakeRows(1)
	v1 := int64(1)
	rows[0].VersionNumber = &v1
	show(b, rows)
	open, ok := b.open()().(common.OpenInspectorMsg)
	if !ok || open.Version == nil || *open.Version != 1 {
		t.Fatalf("enter gave %+v, want the inspector told of version 1", open)
	}
}

// Drafts the editor can edit open in the editor; i opens the inspector.
func TestDraftsOpenInTheEditor(t *testing.T) {
	b := New(uitest.Common(80, 24))
	b.SetSize(80, 21)
	rows := uitest.FakeRows(1)
	rows[0].Status = sp(model.StatusDraft)
	show(b, rows)
	if msg, ok := b.open()().(common.OpenEditorMsg); !ok || msg.CampaignID != common.CampaignKey(rows[0]) {
		t.Fatalf("enter on a draft gave %+v", msg)
	}
	_, cmd := b.Update(uitest.Key("i"))
	if msg, ok := cmd().(common.OpenInspectorMsg); !ok || msg.CampaignID != common.CampaignKey(rows[0]) {
		t.Fatalf("i on a draft gave %+v", msg)
	}
	_, cmd = b.Update(uitest.Key("n"))
	if msg, ok := cmd().(common.OpenEditorMsg); !ok || msg.CampaignID != "" {
		t.Fatalf("n gave %+v, want the editor's new draft", msg)
	}
}

// The browser's own lines stay inside the body the root gives it, and a
// narrow window drops columns before the name becomes unreadable.
func TestBrowserDrawsAFullPageInsideItsBody(t *testing.T) {
	for _, size := range [][2]int{{80, 21}, {200, 57}, {60, 17}, {40, 7}} {
		b := New(uitest.Common(size[0], size[1]+3))
		b.SetSize(size[0], size[1])
		show(b, uitest.FakeRows(15))
		view := b.View()
		checkFits(t, view, size[0], size[1])
		if size[1] >= 21 && !strings.Contains(view, "Campaign number 15") {
			t.Fatalf("%v: last row not drawn:\n%s", size, view)
		}
		if size[0] >= 60 && !strings.Contains(view, "Campaign number") {
			t.Fatalf("%v: names cut too short:\n%s", size, view)
		}
	}
}

// With colours on, an empty value still renders to escape codes: such rows
// must not appear as a label with nothing after it.
func TestEmptyValuesLeaveNoBareLabels(t *testing.T) {
	com := uitest.StyledCommon(120, 40)
	c := uitest.FakeRows(1)[0] // no parent, no flow, no tags
	b := New(com)
	b.SetSize(120, 37)
	show(b, []*model.Campaign{c})
	for _, l := range strings.Split(ansi.Strip(b.View()), "\n") {
		if f := strings.Fields(l); len(f) == 1 && (f[0] == "Parent" || f[0] == "Tags" || f[0] == "Flow") {
			t.Fatalf("bare label %q", l)
		}
	}
}

// Every piece of campaign text goes through Clean: with colours off, no
// escape or control byte at all may reach the view.
func TestNoControlBytesFromAnyCampaignField(t *testing.T) {
	e := `\u001b[31m\u001b]0;x\u0007\u009b2J`
	c, err := model.Decode([]byte(`{"id":"i` + e + `","campaign_id":"c","status":"STOPPED` + e + `","channel":"SMS` + e + `",
	  "campaign_delivery_type":"ODD` + e + `","created_by":"a` + e + `","created_at":"t` + e + `","flow_id":"f` + e + `","flow_name":"n` + e + `",
	  "parent_id":"p` + e + `","sender_name":"s` + e + `","connector":{"connector_type":"T` + e + `","connector_name":"N` + e + `"},
	  "basic_details":{"name":"N` + e + `","tags":["t` + e + `"],"platforms":["P` + e + `"],"k` + e + `":"v` + e + `"}}`))
	if err != nil {
		t.Fatal(err)
	}
	b := New(uitest.Common(120, 40))
	b.SetSize(120, 37)
	show(b, []*model.Campaign{c})
	for _, r := range b.View() {
		if r < 0x20 && r != '\n' || r == 0x7f || r >= 0x80 && r < 0xa0 {
			t.Fatalf("control character %U in the view:\n%q", r, b.View())
		}
	}
}

// Drafts are listed from the start, a page's most recently updated first,
// and the cursor stays on its campaign when drafts are hidden and
// shown again (it was left on the old row, so the wrong draft opened).
func TestDraftsFirstNewestFirstCursorKept(t *testing.T) {
	b := New(uitest.Common(80, 24))
	b.SetSize(80, 21)
	if !b.Filter().ShowsDrafts() || !strings.Contains(b.Filter().Summary(), "status: all") {
		t.Fatalf("drafts hidden at start: %s", b.Filter().Summary())
	}
	rows := uitest.FakeRows(4)
	times := []string{"2026-04-01 10:00:00.000000", "2026-04-01 12:00:00.000000", "2026-04-01 09:00:00.000000", "2026-04-01 11:00:00.000000"}
	for i, r := range rows {
		r.UpdatedAt = sp(times[i])
	}
	rows[1].Status, rows[3].Status = sp(model.StatusDraft), sp(model.StatusDraft)
	show(b, rows)
	var order []string
	for _, r := range b.Rows() {
		order = append(order, model.Str(r.ID))
	}
	want := []string{model.Str(rows[1].ID), model.Str(rows[3].ID), model.Str(rows[0].ID), model.Str(rows[2].ID)}
	if !slices.Equal(order, want) {
		t.Fatalf("order %v, want newest first %v", order, want)
	}
	// The cursor on a published campaign; hide the drafts, show them again.
	b.move(2)
	keep := model.Str(b.Selected().ID)
	_, _ = b.Update(uitest.Key("d"))
	if b.Filter().ShowsDrafts() {
		t.Fatal("d did not hide drafts")
	}
	show(b, []*model.Campaign{rows[0], rows[2]})
	if got := model.Str(b.Selected().ID); got != keep {
		t.Fatalf("after hiding drafts the cursor is on %s, want %s", got, keep)
	}
	_, _ = b.Update(uitest.Key("d"))
	show(b, rows)
	if got := model.Str(b.Selected().ID); got != keep {
		t.Fatalf("after showing drafts the cursor is on %s, want %s", got, keep)
	}
}

// A paused campaign's detail says who paused it and when, from its last
// change (a pause through the sandbox is the credential's); an active one
// says nothing of it.
func TestDetailSaysWhoPausedIt(t *testing.T) {
	rows := uitest.FakeRows(2)
	paused, active := rows[0], rows[1]
	paused.Status, active.Status = sp(model.StatusPaused), sp(model.StatusActive)
	paused.UpdatedBy = sp("api-key@sandbox.sandbox.local")
	paused.UpdatedAt = sp("2026-11-26T17:48:44Z")
	b := New(uitest.Common(120, 40))
	b.SetSize(120, 37)
	show(b, []*model.Campaign{paused, active})
	if v := b.View(); !strings.Contains(v, "Paused         by api-key@sandbox.sandbox.local on 2026-11-26 17:48 UTC (its last change)") {
		t.Fatalf("the paused campaign's detail does not say who paused it:\n%s", v)
	}
	b.Update(uitest.Key("down"))
	if v := b.View(); strings.Contains(v, "Paused ") || strings.Contains(v, "its last change") {
		t.Fatalf("an active campaign's detail speaks of a pause:\n%s", v)
	}
}
