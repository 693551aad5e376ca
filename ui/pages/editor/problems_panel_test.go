package editor

import (
	"fmt"
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

// At 80×24 the problems panel has room for three lines: its title says
// how many there are and that ↓ shows the rest, and ↓ scrolls to the last.
func TestProblemsPanelSaysThereAreMore(t *testing.T) {
	m := blankThree(t)
	focus(t, m, contentPath(m, "android", "title"))
	press(m, runes("x"), kEnter) // judged again: the empty messages of every platform
	n := len(m.probs.items)
	if n < 4 {
		t.Fatalf("the blank draft has %d problems; the test needs 4 or more", n)
	}
	m.SetSize(80, 20)
	want := fmt.Sprintf("%d problems, tab, ↓ for more", n)
	if v := view(m); !strings.Contains(v, want) {
		t.Fatalf("the panel does not say %q:\n%s", want, v)
	}
	press(m, uitest.Key("tab")) // the panel
	for range n {
		press(m, kDown)
	}
	v := view(m)
	last := m.probs.items[n-1].plain.Text
	if !strings.Contains(v, last[:min(len(last), 30)]) {
		t.Fatalf("↓ did not scroll to the last problem %q:\n%s", last, v)
	}
	if strings.Contains(v, "↓ for more") {
		t.Fatalf("at the last problem the title still says ↓ for more:\n%s", v)
	}
}
