package forms

import (
	"strings"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/model"
)

// Every user-attribute operator reads as an English sentence with its unit
// ("in the last 30" said no unit), negated too; one case per operator.
func TestEveryOperatorReadsAsEnglish(t *testing.T) {
	s := func(v string) *string { return &v }
	yes := true
	attr := func(name, dataType, op string, v any, neg bool) string {
		f := model.Filter{FilterType: s("user_attributes"), DataType: s(dataType), Name: s(name), Operator: s(op), Value: v}
		if neg {
			f.Negate = &yes
		}
		return AudienceText(&model.Segmentation{IncludedFilters: &model.FilterGroup{FilterOperator: s("and"), Filters: []model.Filter{f}}})
	}
	cases := []struct{ got, want string }{
		{attr("Last Seen", "datetime", "inTheLast", 30.0, false), "users whose Last Seen is in the last 30 days"},
		{attr("Last Seen", "datetime", "inTheLast", 1.0, false), "users whose Last Seen is in the last 1 day"},
		{attr("Last Seen", "datetime", "inTheLast", map[string]any{"value": 5.0, "unit": "hours"}, false), "users whose Last Seen is in the last 5 hours"},
		{attr("Last Seen", "datetime", "inTheLast", 30.0, true), "users whose Last Seen is not in the last 30 days"},
		{attr("Renewal", "datetime", "inTheNext", "7", false), "users whose Renewal is in the next 7 days"},
		{attr("Signup", "datetime", "on", "2027-03-01", false), "users whose Signup is on 2027-03-01"},
		{attr("Signup", "datetime", "before", "2027-03-01", false), "users whose Signup is before 2027-03-01"},
		{attr("Signup", "datetime", "after", "2027-03-01", true), "users whose Signup is not after 2027-03-01"},
		{attr("Signup", "datetime", "between", []any{"2027-01-01", "2027-02-01"}, false), "users whose Signup is between 2027-01-01 and 2027-02-01"},
		{attr("Birthday", "datetime", "today", nil, false), "users whose Birthday is today"},
		{attr("Age", "double", "between", []any{18.0, 30.0}, false), "users whose Age is between 18 and 30"},
		{attr("Age", "double", "lessThan", 18.0, false), "users whose Age is less than 18"},
		{attr("Age", "double", "greaterThan", 65.0, true), "users whose Age is not more than 65"},
		{attr("Premium", "bool", "is", true, false), "users whose Premium is true"},
		{attr("Name", "string", "contains", "ana", false), "users whose Name contains ana"},
		{attr("Name", "string", "containsInTheFollowing", []any{"ana", "eva"}, true), "users whose Name does not contain ana or eva"},
		{attr("Email", "string", "startWithInTheFollowing", []any{"info", "sales"}, false), "users whose Email starts with info or sales"},
		{attr("Email", "string", "endsWithInTheFollowing", []any{"@example.com"}, false), "users whose Email ends with @example.com"},
		{attr("City", "string", "in", []any{"Madrid", "Sevilla"}, false), "users in City Madrid or Sevilla"},
		{attr("City", "string", "exists", nil, true), "users without City"},
	}
	for _, tc := range cases {
		if tc.got != tc.want {
			t.Errorf("\n got %q\nwant %q", tc.got, tc.want)
		}
	}
	// Every operator the model allows has its own wording (none falls
	// back to the spelt-out operator name).
	for dt, ops := range model.OperatorsByDataType {
		for _, op := range ops {
			if op == "in" || op == "exists" {
				continue
			}
			got := comparison(op, 3.0, false)
			if strings.ToLower(op) != op && got == strings.ToLower(opWords(op))+" 3" { // camelCase spelt out
				t.Errorf("%s %s: %q spells the operator out", dt, op, got)
			}
		}
	}
}

// The user's own time zone is named ("UTC", "CET"), never "Local".
func TestScheduleNamesTheLocalZone(t *testing.T) {
	c := marketerPush(t)
	got := ScheduleText(c.SchedulingDetails, time.Local)
	if strings.Contains(got, "Local") || !strings.Contains(got, "your time, ") {
		t.Errorf("schedule %q", got)
	}
}

// Other sentences of the summary read as English: a location trigger's
// user filter, large numbers, days of the week.
func TestSummarySentences(t *testing.T) {
	s := func(v string) *string { return &v }
	n := func(v int64) *int64 { return &v }
	yes := true
	loc := TriggerText(&model.TriggerCondition{IncludedFilters: &model.FilterGroup{Filters: []model.Filter{
		{FilterType: s("user_attributes"), DataType: s("bool"), Name: s("loyalty_member"), Operator: s("is"), Value: true}}}})
	if loc != "when it fires, for users whose loyalty_member is true" {
		t.Errorf("location trigger: %q", loc)
	}
	ev := TriggerText(&model.TriggerCondition{TriggerDelayType: s("DELAY"), TriggerDelayValue: n(2), TriggerDelayGranularity: s("HOURS"),
		IncludedFilters: &model.FilterGroup{Filters: []model.Filter{
			{FilterType: s("actions"), ActionName: s("cart_abandoned")},
			{FilterType: s("user_attributes"), Name: s("Tier"), Operator: s("in"), Value: []any{"Gold"}}}}})
	if ev != "2 hours after cart_abandoned, for users in Tier Gold" {
		t.Errorf("event trigger with a condition: %q", ev)
	}
	if got := DeliveryText(&model.DeliveryControls{CampaignThrottleRPM: n(50000), QueuingEnabled: &yes, QueueDuration: n(1)}); got != "Queues blocked messages for up to 1 hour, at most 50,000 messages a minute" {
		t.Errorf("delivery: %q", got)
	}
	daily := "WEEKLY"
	got := ScheduleText(&model.Scheduling{DeliveryType: s("ASAP"), PeriodicDetails: &model.Periodic{SendingFrequency: &daily, RepeatOnDaysOfWeek: []string{"MONDAY", "WEDNESDAY", "FRIDAY"}}}, nil)
	if got != "as soon as it is published, every week on Monday, Wednesday and Friday" {
		t.Errorf("schedule: %q", got)
	}
}
