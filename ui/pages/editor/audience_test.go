package editor

import (
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

// A filter added to Include sets All users and opted-out users to no when
// they were not chosen.
func TestIncludeFilterMeansNotAllUsers(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	c.SegmentationDetails = nil
	m := openAt(t, c, forms.StepAudience)
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

// ← / → on an audience filter's type leaves no
// field of the old type (data_type "string" on an actions filter).
func TestFilterTypeKeysLeaveNoStrayFields(t *testing.T) {
	m := summerSale(t, 160, 48)
	press(m, runes("3"))
	p := "segmentation_details.included_filters.filters[0]"
	if got := forms.Get(m.d.work, p+".filter_type"); got != model.FilterUserAttributes {
		t.Fatalf("the fixture's first filter is %v", got)
	}
	focus(t, m, p+".filter_type")
	seen := map[any]bool{}
	for range 3 { // through every type and back
		press(m, kRight)
		js := string(model.Encode(m.d.work.SegmentationDetails.IncludedFilters.Filters[0]))
		typ := forms.Get(m.d.work, p+".filter_type")
		seen[typ] = true
		if typ != model.FilterUserAttributes {
			for _, stray := range []string{`"data_type"`, `"operator"`, `"negate"`} {
				if strings.Contains(js, stray) {
					t.Errorf("%v filter keeps %s: %s", typ, stray, js)
				}
			}
		}
		if typ != model.FilterActions && strings.Contains(js, `"action_name"`) {
			t.Errorf("%v filter keeps action_name: %s", typ, js)
		}
	}
	if !seen[model.FilterActions] || !seen[model.FilterCustomSegments] {
		t.Fatalf("→ went through %v only", seen)
	}
}

// The iOS audience list (a choice that must hold a value) opens
// on its first option, without a "(not set)" row; enter takes it.
func TestIOSAudienceOpensOnItsFirstChoice(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	c.BasicDetails.PlatformSpecificDetails = nil
	m, _ := newTestEditor(t, c, 120, 40)
	for i := 0; i < 20 && !strings.Contains(m.View(), "▸iOS audience"); i++ {
		m.Update(uitest.Key("down"))
	}
	m.Update(uitest.Key("enter"))
	v := m.View()
	if strings.Contains(v, "(not set)") || !strings.Contains(v, "▸ All eligible devices") {
		t.Fatalf("the list opened as:\n%s", v)
	}
	m.Update(uitest.Key("enter"))
	ios := m.d.work.BasicDetails.PlatformSpecificDetails.IOS
	if ios == nil || ios.SendToAllEligibleDevice == nil || !*ios.SendToAllEligibleDevice {
		t.Fatalf("enter did not take the first choice: %s", model.Encode(m.d.work.BasicDetails))
	}
}
