package editor

import (
	"testing"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

// With two variations, typing one share sets the other to the rest of
// 100 %.
func TestOtherShareFollows(t *testing.T) {
	m := blankPush(t)
	focus(t, m, "@add-variation")
	press(m, kEnter)
	share := "campaign_content.variation_details.manual_distribution_percentage.variation_1"
	focus(t, m, share)
	press(m, kBackspace, runes("70"), kEnter)
	if got := m.fieldText(m.list.rows[m.list.cur+1]); got != "30" {
		t.Fatalf("share of variation 2 is %q after typing 70", got)
	}
}

// An event-triggered campaign sent after its event gets the trigger
// attribute "If Action" when the relation is chosen.
func TestTriggerAttrFollowsRelation(t *testing.T) {
	c := fixture(t, "push_event_triggered.json")
	c.TriggerCondition.TriggerAttr, c.TriggerCondition.TriggerRelation = nil, nil
	d := model.DelayFixed
	c.TriggerCondition.TriggerDelayType = &d
	m := openAt(t, c, forms.StepTrigger)
	focus(t, m, "trigger_condition.trigger_relation")
	press(m, kRight)
	if got := m.d.work.TriggerCondition.TriggerAttr; got != "If Action" {
		t.Fatalf("trigger_attr %v after choosing AFTER", got)
	}
}

// A fallback (older devices) opens what the message opens: its click action
// and target follow the platform's own as they are edited, unless it has
// its own. The cursor stays on the field being filled while the fallback's
// target row appears above it (it once moved up a row and the target was
// typed into the wrong field).
func TestFallbackFollowsTheClickAndTheCursorKeepsItsField(t *testing.T) {
	k := uitest.Key
	m := blankThree(t)
	focus(t, m, forms.MessagePath(m.d.work, m.sel.Locale, m.sel.Variation)+".push.android.template_type")
	press(m, runes("s"), runes("t"), kEsc) // STYLIZED_BASIC: it has a fallback
	backup := forms.MessagePath(m.d.work, m.sel.Locale, m.sel.Variation) + ".push.android.template_backup."
	focus(t, m, contentPath(m, "android", "default_click_action"))
	press(m, runes("d")) // DEEPLINKING, on to its target
	press(m, runes("shop://coats"), kEnter)
	for path, want := range map[string]string{
		contentPath(m, "android", "default_click_action"):       "DEEPLINKING",
		contentPath(m, "android", "default_click_action_value"): "shop://coats",
		backup + "default_click_action":                         "DEEPLINKING",
		backup + "default_click_action_value":                   "shop://coats",
	} {
		if got := get(t, m, path); got != want {
			t.Errorf("%s = %q, want %q", path, got, want)
		}
	}

	// Its own target is kept.
	focus(t, m, backup+"default_click_action_value")
	press(m, k("backspace"), runes("shop://old"), kEnter)
	focus(t, m, contentPath(m, "android", "default_click_action_value"))
	press(m, kEnter, runes("?x=1"), kEnter)
	if got := get(t, m, backup+"default_click_action_value"); got != "shop://old" {
		t.Errorf("the fallback's own target became %q", got)
	}
}
