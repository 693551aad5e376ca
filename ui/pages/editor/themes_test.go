package editor

import (
	"bytes"
	"strings"
	"testing"

	"github.com/muesli/termenv"

	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

// With NO_COLOR (the plain theme) the cursor on a [ button ]
// row is visible; real key presses move it there.
func TestCursorVisibleOnButtonsWithoutColour(t *testing.T) {
	m := summerSale(t, 120, 40)
	m.Update(uitest.Key("2"))
	for i := 0; i < 10 && !strings.Contains(m.View(), "▸[ Add locale ]"); i++ {
		m.Update(uitest.Key("down"))
	}
	if !strings.Contains(m.View(), "▸[ Add locale ]") {
		t.Fatalf("no cursor on the focused button:\n%s", m.View())
	}
}

// With the high-contrast theme an empty Start shows
// its hint in the placeholder style, never in the style of a value; keys
// reach the Schedule step.
func TestEmptyStartLooksEmptyInHighContrast(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	c.SchedulingDetails.StartTime = nil
	m, _ := newTestEditor(t, c, 160, 48)
	r := common.NewRenderer(&bytes.Buffer{})
	r.SetColorProfile(termenv.TrueColor)
	r.SetHasDarkBackground(true)
	m.c.Styles = themes.New(themes.HighContrast(), r)
	m.list.drawn = nil
	press(m, runes("5"))
	focus(t, m, "scheduling_details.start_time")
	press(m, uitest.Key("up")) // the Start row is not under the cursor
	hint := "2026-12-01T09:00:00"
	s := m.c.Styles
	v := m.View()
	if !strings.Contains(v, s.Placeholder.Render(hint)) || strings.Contains(v, s.Text.Render(hint)) {
		t.Fatalf("the empty Start is not drawn as a placeholder:\n%q", v)
	}
}
