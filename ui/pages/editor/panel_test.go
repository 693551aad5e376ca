package editor

import (
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

// The problems panel scrolls through its viewport: the item under the
// cursor is always on screen, wrapped whole, however many there are.
func TestProblemsPanelFollowsTheCursor(t *testing.T) {
	id, ch, dt, st := "c-empty", model.ChannelPush, model.DeliveryOneTime, model.StatusDraft
	c := &model.Campaign{ID: &id, CampaignID: &id, Channel: &ch, CampaignDeliveryType: &dt, Status: &st}
	m, _ := newTestEditor(t, c, 80, 20) // a panel of 3 rows
	if len(m.probs.items) < 4 {
		t.Fatalf("want more problems than rows, got %d", len(m.probs.items))
	}
	press(m, uitest.Key("tab")) // the problems pane
	if m.pane != paneProblems {
		t.Fatalf("tab went to pane %d", m.pane)
	}
	for i := range m.probs.items {
		if m.probs.cur != i {
			t.Fatalf("cursor on %d, want %d", m.probs.cur, i)
		}
		panel := m.panelView(m.width, m.panelHeight())
		target := m.probs.items[i].p.Target
		if !strings.Contains(panel, "▸") || !strings.Contains(strings.Join(strings.Fields(panel), " "), target) {
			t.Fatalf("item %d (%s) not on screen:\n%s", i, target, panel)
		}
		press(m, kDown)
	}
	// Back up to the first: the panel scrolls back with it.
	for range m.probs.items {
		press(m, uitest.Key("up"))
	}
	if panel := m.panelView(m.width, m.panelHeight()); !strings.Contains(panel, m.probs.items[0].p.Target) {
		t.Fatalf("the first item is not shown after going back:\n%s", panel)
	}
}
