package editor

import (
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/ui/pages/editor/dialogs"
)

// The time-zone picker opens on the zone set, so enter keeps it (it opened
// on Africa/Abidjan for a campaign in Europe/Madrid: the list shows the
// first 200 zones, and enter replaced the zone set with another).
func TestZonePickerOpensOnTheZoneSet(t *testing.T) {
	m := summerSale(t, 80, 21)
	m.goStep(forms.StepSchedule)
	focus(t, m, "scheduling_details.timezone")
	press(m, kEnter)
	if view := ansiStrip(m.View()); !strings.Contains(view, "▸ Europe/Madrid") {
		t.Fatalf("the picker does not open on the zone set:\n%s", view)
	}
	press(m, kEnter)
	if got := m.fieldText(m.list.rows[m.list.cur]); got != "Europe/Madrid" {
		t.Errorf("enter on the picker as opened set the zone to %q", got)
	}
}

// A zone no name matches is kept as typed and marked a problem; typed
// letters then find and pick a real zone.
func TestZonePickerWithNoMatch(t *testing.T) {
	m := openAt(t, fixture(t, "push_one_time.json"), forms.StepSchedule)
	focus(t, m, "scheduling_details.timezone")
	press(m, kEnter, runes("zzzz"), kDown, kEnter)
	if got := m.fieldText(m.list.rows[m.list.cur]); got != "zzzz" {
		t.Fatalf("typed zone = %q", got)
	}
	if len(m.list.problems[m.list.cur]) == 0 {
		t.Fatal("an unknown zone is not a problem")
	}
	press(m, kEnter, runes("kolk"), kEnter)
	if got := m.fieldText(m.list.rows[m.list.cur]); got != "Asia/Kolkata" {
		t.Fatalf("picked zone = %q", got)
	}
}

// tab from the field before it opens the time zone's search.
func TestTabOpensTheZoneSearch(t *testing.T) {
	m := openAt(t, fixture(t, "push_one_time.json"), forms.StepSchedule)
	var before string
	for i, f := range m.list.rows {
		if f.Kind == forms.Zone && i > 0 {
			before = m.list.rows[i-1].Path
		}
	}
	if before == "" {
		t.Skip("no time zone row in this schedule")
	}
	focus(t, m, before)
	if !typesText(m.list.rows[m.list.cur]) {
		t.Skipf("the row before the time zone is not typed: %s", before)
	}
	press(m, kEnter, kTab)
	if _, ok := m.dialogs.Top().(*dialogs.Zone); !ok {
		t.Fatalf("tab onto the time zone opened %T, want its search", m.dialogs.Top())
	}
}
