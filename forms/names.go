package forms

import (
	"regexp"
	"strings"

	"github.com/campaigns-cli/campaigns/model"
)

// The field table's names column: which rows offer the workspace's names
// (events, attributes, segments …) as completions. One mapping, by the end
// of the row's path with list indexes dropped; a filter's name depends on
// its type (an attribute, or a custom segment's name).
var nameFields = []struct {
	suffix string
	kind   model.NameKind
}{
	{"basic_details.business_event", model.NameBusinessEvent},
	{"basic_details.tags", model.NameTag},
	{"basic_details.team", model.NameTeam},
	{"basic_details.subscription_category", model.NameSubscriptionCategory},
	{"basic_details.user_attribute_identifier", model.NameAttribute},
	{"connector.connector_name", model.NameConnector},
	{"android.basic_details.notification_channel", model.NameNotificationChannel},
	{"filters[].action_name", model.NameEvent},
	{"filters[].id", model.NameSegmentID},
	{"goals[].goal_event_name", model.NameEvent},
	{"goals[].revenue_attribute", model.NameAttribute},
	{"goal_event_attribute.name", model.NameAttribute},
}

var indexRe = regexp.MustCompile(`\[\d+\]`)

// NamesFor is the kind of names the field at path takes ("" for none);
// text reads a value of the campaign (the type of the filter a filter's
// name belongs to).
func NamesFor(path string, text func(path string) string) model.NameKind {
	p := indexRe.ReplaceAllString(path, "[]")
	if strings.HasSuffix(p, "filters[].name") {
		if text != nil && text(strings.TrimSuffix(path, ".name")+".filter_type") == model.FilterCustomSegments {
			return model.NameSegmentName
		}
		return model.NameAttribute
	}
	for _, r := range nameFields {
		if strings.HasSuffix(p, r.suffix) {
			return r.kind
		}
	}
	return ""
}
