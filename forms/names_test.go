package forms

import (
	"sort"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/model"
)

// Every row that offers names, over every conditional row of the form, and
// nothing else: the table is the one mapping the editor reads.
func TestNamesMarkTheRowsThatTakeNames(t *testing.T) {
	want := map[string]model.NameKind{
		"basic_details.business_event":                                                           model.NameBusinessEvent,
		"basic_details.tags":                                                                     model.NameTag,
		"basic_details.team":                                                                     model.NameTeam,
		"basic_details.subscription_category":                                                    model.NameSubscriptionCategory,
		"connector.connector_name":                                                               model.NameConnector,
		"basic_details.user_attribute_identifier":                                                model.NameAttribute,
		"*.push.android.basic_details.notification_channel":                                      model.NameNotificationChannel,
		"segmentation_details.included_filters.filters[].name@user_attributes":                   model.NameAttribute,
		"segmentation_details.included_filters.filters[].name@custom_segments":                   model.NameSegmentName,
		"segmentation_details.included_filters.filters[].id@custom_segments":                     model.NameSegmentID,
		"segmentation_details.excluded_filters.filters[].id@custom_segments":                     model.NameSegmentID,
		"trigger_condition.included_filters.filters[].action_name@actions":                       model.NameEvent,
		"trigger_condition.included_filters.filters[].attributes.filters[].name@user_attributes": model.NameAttribute,
		"conversion_goal_details.goals[].goal_event_name":                                        model.NameEvent,
		"conversion_goal_details.goals[].revenue_attribute":                                      model.NameAttribute,
		"conversion_goal_details.goals[].goal_event_attribute.name":                              model.NameAttribute,
	}
	got := map[string]model.NameKind{}
	for _, x := range labelContexts() {
		for _, fs := range All(x) {
			for _, f := range fs {
				if f.Names == "" {
					continue
				}
				k := indexRe.ReplaceAllString(f.Path, "[]")
				if i := strings.Index(k, ".push."); strings.HasPrefix(k, "campaign_content.") && i > 0 {
					k = "*" + k[i:]
				}
				if strings.Contains(k, "filters[].") && !strings.HasSuffix(k, "_name") && !strings.HasSuffix(k, "revenue_attribute") {
					k += "@" + x.text(strings.TrimSuffix(strings.TrimSuffix(f.Path, ".name"), ".id")+".filter_type")
				} else if strings.HasSuffix(k, ".action_name") {
					k += "@" + x.text(strings.TrimSuffix(f.Path, ".action_name")+".filter_type")
				}
				if f.Kind != Text && f.Kind != List {
					t.Errorf("%s offers names but is a %v row", f.Path, f.Kind)
				}
				if old, ok := got[k]; ok && old != f.Names {
					t.Errorf("%s: %s and %s", k, old, f.Names)
				}
				got[k] = f.Names
			}
		}
	}
	for k, kind := range want {
		if got[k] != kind {
			t.Errorf("%s offers %q, want %q", k, got[k], kind)
		}
	}
	var extra []string
	for k, kind := range got {
		if _, ok := want[k]; !ok && !strings.Contains(k, "filters[].") {
			extra = append(extra, k+"="+string(kind))
		}
	}
	sort.Strings(extra)
	if len(extra) > 0 {
		t.Errorf("rows offering names not in the table: %v", extra)
	}
	// A field without names: none offered.
	for _, p := range []string{"basic_details.name", "campaign_content.content.push.android.basic_details.title", "segmentation_details.included_filters.filters[0].value"} {
		if k := NamesFor(p, nil); k != "" {
			t.Errorf("NamesFor(%s) = %q", p, k)
		}
	}
}

// A trigger's new filter starts as an event (its action name then offers
// the workspace's events); an audience's as a user attribute.
func TestNewFilterStartsAsAnEventInATrigger(t *testing.T) {
	cases := []struct {
		step  Step
		group string
		want  string
		names model.NameKind
		row   string
	}{
		{StepTrigger, "trigger_condition.included_filters", model.FilterActions, model.NameEvent, ".action_name"},
		{StepTrigger, "trigger_condition.secondary_included_filters", model.FilterActions, model.NameEvent, ".action_name"},
		{StepAudience, "segmentation_details.included_filters", model.FilterUserAttributes, model.NameAttribute, ".name"},
	}
	for _, tc := range cases {
		c := campaign(model.ChannelPush, model.DeliveryEventTriggered)
		x := NewCtx(c, Selection{}, false)
		var add *Field
		for _, f := range Fields(tc.step, x) {
			if f.Path == "@add:"+tc.group+".filters" {
				add = &f
			}
		}
		if add == nil {
			t.Fatalf("%s: no Add filter row", tc.group)
		}
		if err := add.Do(c, ""); err != nil {
			t.Fatal(err)
		}
		if got := Get(c, tc.group+".filters[0].filter_type"); got != tc.want {
			t.Errorf("%s: new filter is %v, want %s", tc.group, got, tc.want)
		}
		found := false
		for _, f := range Fields(tc.step, NewCtx(c, Selection{}, false)) {
			if f.Path == tc.group+".filters[0]"+tc.row {
				found = f.Names == tc.names
			}
		}
		if !found {
			t.Errorf("%s: the new filter's %s row does not offer %s names", tc.group, tc.row, tc.names)
		}
	}
}
