package editor

import (
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/key"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

// } goes to the first field of the next section, { back to the first
// field of this section and then of the one before.
func TestSectionKeys(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	c.ConversionGoalDetails, c.ControlGroupDetails, c.UTMParams = nil, nil, nil
	m := openAt(t, c, forms.StepMore)
	label := func() string { return m.list.rows[m.list.cur].Label }
	focus(t, m, "conversion_goal_details.attribution_window_in_hours")
	for _, want := range []string{"Campaign control group", "Source"} {
		press(m, runes("}"))
		if got := label(); got != want {
			t.Fatalf("} went to %q, want %q", got, want)
		}
	}
	press(m, kDown, runes("{"))
	if got := label(); got != "Source" {
		t.Fatalf("{ inside UTM went to %q, want its first field Source", got)
	}
	press(m, runes("{"), runes("{"))
	if got := label(); got != "Attribution window (h)" {
		t.Fatalf("{ { from Source went to %q", got)
	}
	var help []string
	for _, col := range m.FullHelp() {
		for _, b := range col {
			help = append(help, b.Help().Key+" "+b.Help().Desc)
		}
	}
	if h := strings.Join(help, " · "); !strings.Contains(h, "} next section") || !strings.Contains(h, "{ previous section") {
		t.Fatalf("the help does not show { and }: %s", h)
	}
}

// Once a value is set (← → on a choice, enter on a text), tab goes on to
// the next field, typing into it when it is typed; otherwise tab is the
// next pane.
func TestTabGoesOnAfterAValue(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	c.DeliveryControls = nil
	m := openAt(t, c, forms.StepDelivery)
	for i, f := range m.list.rows {
		if f.Kind == forms.Bool || f.Kind == forms.Enum {
			m.list.cur = i
			break
		}
	}
	start := m.list.cur
	press(m, kTab)
	if m.pane != paneProblems || m.list.cur != start {
		t.Fatalf("tab with no value set: pane %d, row %d (want the problems pane)", m.pane, m.list.cur)
	}
	press(m, uitest.Key("shift+tab"))
	press(m, kRight)
	if !strings.Contains(strings.Join(helpKeys(m.ShortHelp()), " · "), "tab next field") {
		t.Fatalf("the footer does not say tab goes to the next field: %v", helpKeys(m.ShortHelp()))
	}
	press(m, kTab)
	if m.pane != paneForm || m.list.cur <= start {
		t.Fatalf("tab after a choice: pane %d, row %d (want the next row after %d)", m.pane, m.list.cur, start)
	}
	// On to the first typed row: it is typed into.
	for range 10 {
		if m.edit != nil {
			break
		}
		press(m, kTab)
	}
	if m.edit == nil || !typesText(m.edit.Field) {
		t.Fatal("tab after tab never typed into a text row")
	}
	f := m.edit.Field
	press(m, runes("6"), kEnter)
	if got := m.fieldText(f); got != "6" {
		t.Fatalf("%s holds %q after typing 6", f.Path, got)
	}
}

// n goes to the next field that needs a value: here the missing template.
// On the Locale row (a choice row, where n would pick a choice) it is
// alt+n.
func TestNextToFill(t *testing.T) {
	m := blankPush(t)
	press(m, uitest.Key("alt+n"))
	if f := m.list.rows[m.list.cur]; !strings.HasSuffix(f.Path, ".push.android.template_type") {
		t.Fatalf("n went to %s", f.Path)
	}
}

func helpKeys(bs []key.Binding) []string {
	var out []string
	for _, b := range bs {
		out = append(out, b.Help().Key+" "+b.Help().Desc)
	}
	return out
}
