package editor

import (
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

// + adds another item to the list under the cursor (another button, another
// filter), or to the first list below the cursor in its section, typed
// into at once; where the section has no list it says so and changes
// nothing.
func TestPlusAddsAnotherItem(t *testing.T) {
	k := uitest.Key
	m := blankThree(t)
	on(t, m, model.PlatformWeb)
	buttons := forms.MessagePath(m.d.work, m.sel.Locale, m.sel.Variation) + ".push.web.buttons"
	// On an empty text row + is text: alt++ adds.
	focus(t, m, contentPath(m, "web", "image_url"))
	press(m, runes("+"))
	if get(t, m, contentPath(m, "web", "image_url")) != "+" || forms.Len(m.d.work, buttons) != 0 {
		t.Fatalf("+ on an empty Image URL: %q", get(t, m, contentPath(m, "web", "image_url")))
	}
	press(m, k("backspace"), kEsc)
	// The buttons are below the cursor, in Web's section.
	focus(t, m, contentPath(m, "web", "auto_dismiss_notification"))
	press(m, runes("+"))
	press(m, runes("See coats"), k("alt++"), runes("Help"), kEnter)
	if n := forms.Len(m.d.work, buttons); n != 2 {
		t.Fatalf("%d Web buttons after + and alt++, want 2", n)
	}
	if a, b := get(t, m, buttons+"[0].title"), get(t, m, buttons+"[1].title"); a != "See coats" || b != "Help" {
		t.Fatalf("button labels %q, %q: each new button is typed into at once", a, b)
	}

	m.goStep(forms.StepAudience)
	const incl, excl = "segmentation_details.included_filters.filters", "segmentation_details.excluded_filters.filters"
	in, ex := forms.Len(m.d.work, incl), forms.Len(m.d.work, excl)
	focus(t, m, "segmentation_details.included_filters.filter_operator")
	press(m, runes("+"))
	focus(t, m, incl+"[0].filter_type")
	press(m, runes("+"))
	if a, b := forms.Len(m.d.work, incl), forms.Len(m.d.work, excl); a != in+2 || b != ex {
		t.Fatalf("%d included, %d excluded filters after + twice in Include", a, b)
	}

	m.goStep(forms.StepSchedule)
	before := model.Encode(m.d.work)
	_, cmd := m.Update(runes("+"))
	if notices := noticesOf(cmd); string(model.Encode(m.d.work)) != string(before) || !strings.Contains(strings.Join(notices, " "), "No list here") {
		t.Fatalf("+ where there is no list: notices %q", notices)
	}
}

// A goal added is typed into at once (its name), and the first goal is the
// primary one.
func TestAddedGoalIsTypedInto(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	c.ConversionGoalDetails = nil
	m := openAt(t, c, forms.StepMore)
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

// A new locale (a copy of default) opens on its title, selected: typing
// replaces it.
func TestNewLocaleOpensOnItsTitle(t *testing.T) {
	m := blankPush(t)
	focus(t, m, contentPath(m, "android", "title"))
	press(m, kEnter, runes("Hello"), kEnter)
	focus(t, m, "@add-locale")
	press(m, kEnter, runes("es"), kEnter)
	if m.sel.Locale != "es" || m.edit == nil || !m.edit.Replace {
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
