package forms

import (
	"strings"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

func checkOf(list []Check, name string) (Check, bool) {
	for _, c := range list {
		if c.Check == name {
			return c, true
		}
	}
	return Check{}, false
}

// The checklist answers "why didn't it send" from the record alone, one
// row per reason.
func TestChecklistSaysWhyItDidNotSend(t *testing.T) {
	now := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
	madrid, _ := time.LoadLocation("Europe/Madrid")
	zero, three, two := int64(0), int64(3), int64(2)
	rec := func(js string) *model.Campaign {
		t.Helper()
		c, err := model.Decode([]byte(js))
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	push := `"channel":"PUSH","campaign_delivery_type":"ONE_TIME","basic_details":{"name":"N","platforms":["ANDROID"]}`
	cases := []struct {
		name   string
		c      *model.Campaign
		opts   ChecklistOpts
		check  string
		ok     bool
		detail string
	}{
		{"window closed before it was published", rec(`{"status":"ACTIVE",` + push + `,"scheduling_details":{"delivery_type":"SCHEDULED","schedule_time":"2026-11-01T09:00:00","expiry_time":"2026-11-02T09:00:00","time_zone":"Europe/Madrid"}}`),
			ChecklistOpts{Local: time.UTC, LocalLabel: "your time"}, CheckWindow, false, "past: it closed Mon 2 Nov 2026 09:00 Europe/Madrid (08:00 your time, UTC), 24 days ago"},
		{"window ahead, in both zones", rec(`{"status":"SCHEDULED",` + push + `,"scheduling_details":{"delivery_type":"AT_FIXED_TIME","start_time":"2026-11-29T09:00:00","timezone":"America/New_York"}}`),
			ChecklistOpts{Local: madrid, LocalLabel: "your time"}, CheckWindow, true, "ahead: it opens Sun 29 Nov 2026 09:00 America/New_York (15:00 your time, Europe/Madrid), in 3 days"},
		{"window in progress", rec(`{"status":"ACTIVE",` + push + `,"scheduling_details":{"delivery_type":"AT_FIXED_TIME","start_time":"2026-11-20T09:00:00","expiry_time":"2026-12-20T09:00:00"}}`),
			ChecklistOpts{}, CheckWindow, true, "in progress: opened Fri 20 Nov 2026 09:00 UTC; closes Sun 20 Dec 2026 09:00 UTC"},
		{"paused by whom and when", rec(`{"status":"PAUSED",` + push + `,"updated_by":"ana@example.com","updated_at":"2026-11-25T17:02:11"}`),
			ChecklistOpts{}, CheckChanged, false, "paused by ana@example.com on 2026-11-25 17:02 UTC (its last change)"},
		{"stopped", rec(`{"status":"STOPPED",` + push + `}`), ChecklistOpts{}, CheckState, false, "STOPPED: it will not send again (messages already dispatched were delivered)"},
		{"draft problems block publishing", rec(`{"status":"DRAFT",` + push + `}`), ChecklistOpts{Problems: []engine.Problem{{Rule: "x", Target: "segmentation_details", Message: "m"}}}, CheckProblems, false, "1 problem blocks publishing: "},
		{"no problems", rec(`{"status":"ACTIVE",` + push + `}`), ChecklistOpts{}, CheckProblems, true, "none: every publish rule passes"},
		{"a live SMS campaign is not judged by V5's rules", rec(`{"status":"ACTIVE","channel":"SMS","campaign_delivery_type":"ONE_TIME"}`), ChecklistOpts{}, CheckProblems, true, "not checked: SMS campaigns are read-only in V5"},
		{"reach zero", rec(`{"status":"SCHEDULED",` + push + `}`), ChecklistOpts{Reach: &zero}, CheckReach, false, "the audience reaches nobody"},
		{"superseded version", rec(`{"status":"ACTIVE","version_number":2,` + push + `}`), ChecklistOpts{Newest: &three, NewestStatus: "PAUSED"}, CheckVersion, false, "version 2 is superseded: version 3 is the newest (PAUSED) and is the one that sends"},
		{"newest version", rec(`{"status":"ACTIVE","version_number":2,` + push + `}`), ChecklistOpts{Newest: &two}, CheckVersion, true, "version 2 is the newest"},
	}
	for _, tc := range cases {
		tc.opts.Now = now
		got, ok := checkOf(Checklist(tc.c, tc.opts), tc.check)
		if !ok {
			t.Errorf("%s: no %q check in %v", tc.name, tc.check, Checklist(tc.c, tc.opts))
			continue
		}
		if got.OK != tc.ok || !strings.Contains(got.Detail, tc.detail) {
			t.Errorf("%s:\n got %v %q\nwant %v %q", tc.name, got.OK, got.Detail, tc.ok, tc.detail)
		}
	}
}

// A start or expiry already past at publish is a warning, worded once.
func TestPublishWarnsOfAPastWindow(t *testing.T) {
	now := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
	s := func(v string) *string { return &v }
	c := &model.Campaign{SchedulingDetails: &model.Scheduling{DeliveryType: s("AT_FIXED_TIME"), StartTime: s("2026-11-01T09:00:00"), ExpiryTime: s("2026-11-02T09:00:00")}}
	if w := PublishWarnings(c, now, nil, ""); len(w) != 1 || !strings.Contains(w[0], "expiry, Mon 2 Nov 2026 09:00 UTC, is already past") {
		t.Fatalf("warnings %q", w)
	}
	c.SchedulingDetails.ExpiryTime = nil
	if w := PublishWarnings(c, now, nil, ""); len(w) != 1 || !strings.Contains(w[0], "sends at once") {
		t.Fatalf("warnings %q", w)
	}
	c.SchedulingDetails.StartTime = s("2026-12-01T09:00:00")
	if w := PublishWarnings(c, now, nil, ""); len(w) != 0 {
		t.Fatalf("a future start warns: %q", w)
	}
}

// The trigger says every condition: the event's attributes and its count.
func TestTriggerSaysEveryCondition(t *testing.T) {
	s := func(v string) *string { return &v }
	n := func(v int64) *int64 { return &v }
	got := TriggerText(&model.TriggerCondition{TriggerDelayType: s("DELAY"), TriggerDelayValue: n(1), TriggerDelayGranularity: s("HOURS"), TriggerRelation: s("AFTER"),
		IncludedFilters: &model.FilterGroup{Filters: []model.Filter{{FilterType: s("actions"), ActionName: s("cart_abandoned"),
			Execution:  &model.Execution{Type: s("atleast"), Count: n(2)},
			Attributes: &model.FilterGroup{FilterOperator: s("and"), Filters: []model.Filter{{Name: s("cart_value"), Operator: s("greaterThan"), Value: 20.0}}}}}}})
	if want := "1 hour after cart_abandoned with cart_value more than 20 at least 2 times"; got != want {
		t.Fatalf("got  %q\nwant %q", got, want)
	}
}

// A channel V5 only reads is summarised read-only, its content field by
// field, and its problems are not judged by push and email rules.
func TestSummaryOfAReadOnlyChannel(t *testing.T) {
	c, err := model.Decode([]byte(`{"status":"ACTIVE","channel":"SMS","campaign_delivery_type":"ONE_TIME","basic_details":{"name":"OTP"},
	  "campaign_content":{"content":{"sms":{"message":"Your code is {{code}}"}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	s := Summarize(c, SummaryOpts{Reach: -1})
	var content string
	for _, l := range s.Lines {
		if l.Head == "Content" {
			content = l.Text
		}
	}
	if !s.ReadOnlyContent || content != "SMS content (read-only in V5): sms.message: Your code is {{code}}" {
		t.Fatalf("content %q (read-only %v)", content, s.ReadOnlyContent)
	}
	plain := func(s ...string) string { return strings.Join(s, " ") }
	lines := strings.Join(s.Render(80, Paint{Head: plain, Text: plain, OK: plain, Bad: plain, Muted: plain}), "\n")
	if strings.Contains(lines, "choose the platforms") || !strings.Contains(lines, "sms.message") {
		t.Fatalf("rendered:\n%s", lines)
	}
}
