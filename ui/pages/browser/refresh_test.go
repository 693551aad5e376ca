package browser

import (
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

func row(id, name, status string) *model.Campaign {
	return &model.Campaign{ID: sp(id), CampaignID: sp(id), Status: sp(status), Channel: sp("PUSH"), CampaignDeliveryType: sp("ONE_TIME"),
		BasicDetails: &model.BasicDetails{Name: sp(name)}}
}

// A refresh keeps the cursor on its campaign and tells a change of state
// as a notice; a refresh timer of a closed or superseded cycle does nothing.
func TestRefreshKeepsTheCursorAndTellsStateChanges(t *testing.T) {
	t.Parallel() // waits on a timer
	c := uitest.Common(80, 24)
	c.Refresh = time.Minute
	b := New(c)
	b.SetSize(80, 21)
	show(b, inOrder([]*model.Campaign{row("a", "Alpha", "SCHEDULED"), row("b", "Beta", "SENDING"), row("c", "Gamma", "ACTIVE")}))
	b.Update(uitest.Key("down"))
	b.Update(uitest.Key("down"))
	if b.Selected() == nil || *b.Selected().ID != "c" {
		t.Fatal("the cursor is not on Gamma")
	}
	b.scheduleRefresh()
	if cmd := b.refresh(refreshMsg{gen: b.refreshGen - 1}); cmd != nil {
		t.Fatal("a superseded timer refreshed")
	}
	if cmd := b.refresh(refreshMsg{gen: b.refreshGen}); cmd == nil || !b.loading {
		t.Fatal("the timer did not re-read the page")
	}
	// The service's answer: Beta went on to SENT, a new row came first.
	_, cmd := b.Update(searchResultMsg{seq: b.seq, page: 1, rows: inOrder([]*model.Campaign{row("z", "Zeta", "DRAFT"), row("a", "Alpha", "SCHEDULED"), row("b", "Beta", "SENT"), row("c", "Gamma", "ACTIVE")})})
	if b.Selected() == nil || *b.Selected().ID != "c" {
		t.Fatalf("the cursor moved off Gamma to %v", b.Selected())
	}
	var notice string
	for _, m := range uitest.RunBatch(cmd) {
		if n, ok := m.(common.NoticeMsg); ok {
			notice = n.Text
		}
	}
	if notice != "“Beta” is now SENT (was SENDING)" {
		t.Fatalf("notice %q", notice)
	}
	// Off screen (another screen on top), the timer only waits again.
	c.IsTop = func(common.Screen) bool { return false }
	b.loading = false
	seq := b.seq
	if cmd := b.refresh(refreshMsg{gen: b.refreshGen}); cmd == nil || b.seq != seq {
		t.Fatal("a hidden browser re-read, or stopped its timer")
	}
	// Refresh off: no timer at all.
	c.Refresh = 0
	if b.scheduleRefresh() != nil {
		t.Fatal("a timer with refresh off")
	}
}
