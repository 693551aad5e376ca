package editor

import (
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
	"github.com/campaigns-cli/campaigns/ui/pages/editor/dialogs"
)

// } goes to the first field of the next section, { back to the first
// field of this section and then of the one before.
func TestSectionKeys(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	c.ConversionGoalDetails, c.ControlGroupDetails, c.UTMParams = nil, nil, nil
	m, _ := newTestEditor(t, c, 160, 48)
	m.goStep(forms.StepMore)
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

// A goal added is typed into at once (its name), and the first goal is the
// primary one.
func TestAddedGoalIsTypedInto(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	c.ConversionGoalDetails = nil
	m, _ := newTestEditor(t, c, 160, 48)
	m.goStep(forms.StepMore)
	focus(t, m, "@add:conversion_goal_details.goals")
	press(m, kEnter, runes("Purchase"), kTab, runes("order_completed"), kEnter)
	g := "conversion_goal_details.goals[0]."
	if got := get(t, m, g+"goal_name"); got != "Purchase" {
		t.Fatalf("goal name %q after adding a goal and typing", got)
	}
	if got := get(t, m, g+"goal_event_name"); got != "order_completed" {
		t.Fatalf("goal event %q after tab and typing", got)
	}
	if v, _ := forms.Get(m.d.work, g+"is_primary_goal").(bool); !v {
		t.Fatalf("the first goal is not primary: %v", forms.Get(m.d.work, g+"is_primary_goal"))
	}
}

// A filter added to Include sets All users and opted-out users to no when
// they were not chosen.
func TestIncludeFilterMeansNotAllUsers(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	c.SegmentationDetails = nil
	m, _ := newTestEditor(t, c, 160, 48)
	m.goStep(forms.StepAudience)
	focus(t, m, "@add:segmentation_details.included_filters.filters")
	press(m, kEnter)
	for _, p := range []string{"segmentation_details.is_all_user_campaign", "segmentation_details.send_campaign_to_opt_out_users"} {
		if v, ok := forms.Get(m.d.work, p).(bool); !ok || v {
			t.Fatalf("%s is %v after adding an include filter, want false", p, forms.Get(m.d.work, p))
		}
	}
	if f := m.list.rows[m.list.cur]; !strings.HasSuffix(f.Path, ".filter_type") {
		t.Fatalf("the cursor is on %s after adding a filter, want its type", f.Path)
	}
}

// A new locale (a copy of default) opens on its title, selected: typing
// replaces it.
func TestNewLocaleOpensOnItsTitle(t *testing.T) {
	m := blankPush(t)
	focus(t, m, contentPath(m, "android", "title"))
	press(m, kEnter, runes("Hello"), kEnter)
	focus(t, m, "@add-locale")
	press(m, kEnter, runes("es"), kEnter)
	if m.sel.Locale != "es" || m.edit == nil || !m.edit.replace {
		t.Fatalf("after adding es: locale %s, editing %v", m.sel.Locale, m.edit != nil)
	}
	press(m, runes("Hola"), kEnter)
	if got := get(t, m, contentPath(m, "android", "title")); got != "Hola" {
		t.Fatalf("es title %q after typing over it", got)
	}
	m.sel.Locale = "default"
	m.rebuild()
	if got := get(t, m, contentPath(m, "android", "title")); got != "Hello" {
		t.Fatalf("default title %q after translating es", got)
	}
}

// A letter typed on an empty text row starts typing into it; on a row
// that holds text it does nothing (no value is lost to a stray key).
func TestTypingStartsAnEmptyField(t *testing.T) {
	m := blankPush(t)
	title := contentPath(m, "android", "title")
	focus(t, m, title)
	press(m, runes("H"), runes("i"), kEnter)
	if got := get(t, m, title); got != "Hi" {
		t.Fatalf("title %q after typing Hi on the empty row", got)
	}
	press(m, runes("x"))
	if m.edit != nil || get(t, m, title) != "Hi" {
		t.Fatalf("a letter on a filled row started editing (%v) or changed it to %q", m.edit != nil, get(t, m, title))
	}
	// D3: every letter is text on an empty row, the command letters too
	// (j, e, p, u, c, n); digits too (2 is not step 2 here).
	msg := contentPath(m, "android", "message")
	focus(t, m, contentPath(m, "android", "notification_channel"))
	press(m, runes("j"), runes("e"), runes("p"), runes("u"), runes("c"), runes("n"), runes("2"), kEnter)
	if got := get(t, m, contentPath(m, "android", "notification_channel")); got != "jepucn2" || !m.dialogs.Empty() || m.step != forms.StepContent {
		t.Fatalf("typed %q on an empty row (dialog %T, step %s)", got, m.dialogs.Top(), m.step)
	}
	// Their commands are alt+key there: alt+2 is step 2's neighbour, alt+3.
	focus(t, m, msg)
	press(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("3"), Alt: true})
	if m.step != forms.StepAudience {
		t.Fatalf("alt+3 on an empty row went to %s", m.step)
	}
}

// tab from the field before it opens the time zone's search.
func TestTabOpensTheZoneSearch(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	m, _ := newTestEditor(t, c, 160, 48)
	m.goStep(forms.StepSchedule)
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

// Once a value is set (← → on a choice, enter on a text), tab goes on to
// the next field, typing into it when it is typed; otherwise tab is the
// next pane.
func TestTabGoesOnAfterAValue(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	c.DeliveryControls = nil
	m, _ := newTestEditor(t, c, 160, 48)
	m.goStep(forms.StepDelivery)
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
	if m.edit == nil || !typesText(m.edit.field) {
		t.Fatal("tab after tab never typed into a text row")
	}
	f := m.edit.field
	press(m, runes("6"), kEnter)
	if got := m.fieldText(f); got != "6" {
		t.Fatalf("%s holds %q after typing 6", f.Path, got)
	}
}

func helpKeys(bs []key.Binding) []string {
	var out []string
	for _, b := range bs {
		out = append(out, b.Help().Key+" "+b.Help().Desc)
	}
	return out
}
