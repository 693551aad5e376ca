package engine

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/model"
)

func TestCheckAction(t *testing.T) {
	for _, tc := range []struct {
		dt, state, action string
		startAhead        bool
		next              string // "" means refused
	}{
		{"ONE_TIME", "ACTIVE", "STOP", false, "STOPPED"},
		{"ONE_TIME", "SENDING", "STOP", false, "STOPPED"},
		{"ONE_TIME", "PAUSED", "STOP", false, "STOPPED"},
		{"ONE_TIME", "DRAFT", "STOP", false, ""},
		{"ONE_TIME", "ACTIVE", "PAUSE", false, ""},
		{"PERIODIC", "ACTIVE", "STOP", false, ""},
		{"EVENT_TRIGGERED", "SCHEDULED", "STOP", false, ""},
		{"PERIODIC", "SCHEDULED", "PAUSE", false, "PAUSED"},
		{"EVENT_TRIGGERED", "SENDING", "PAUSE", false, "PAUSED"},
		{"PERIODIC", "PAUSED", "PAUSE", false, ""},
		{"PERIODIC", "PAUSED", "RESUME", false, "ACTIVE"},
		{"PERIODIC", "PAUSED", "RESUME", true, "SCHEDULED"},
		{"PERIODIC", "ACTIVE", "RESUME", false, ""},
		{"BUSINESS_EVENT_TRIGGERED", "ACTIVE", "PAUSE", false, ""},
		{"ONE_TIME", "DRAFT", "PUBLISH", false, ""},
		{"ONE_TIME", "ACTIVE", "DELETE", false, ""},
	} {
		next, err := CheckAction(tc.dt, tc.state, tc.action, tc.startAhead)
		if next != tc.next {
			t.Errorf("%s %s %s: got %q (%v), want %q", tc.action, tc.dt, tc.state, next, err, tc.next)
		}
		var ae *ActionError
		if tc.next == "" && !errors.As(err, &ae) {
			t.Errorf("%s %s %s: a refusal must be an ActionError, got %v", tc.action, tc.dt, tc.state, err)
		}
	}
	if got := Actions("ONE_TIME", "SCHEDULED"); !slices.Equal(got, []string{"STOP"}) {
		t.Errorf("Actions(ONE_TIME, SCHEDULED) = %v", got)
	}
	if got := Actions("PERIODIC", "PAUSED"); !slices.Equal(got, []string{"RESUME"}) {
		t.Errorf("Actions(PERIODIC, PAUSED) = %v", got)
	}
}

func TestLocked(t *testing.T) {
	if l, all := Locked("DRAFT"); l != nil || all {
		t.Fatal("drafts lock nothing")
	}
	if l, _ := Locked("SCHEDULED"); !slices.Equal(l, []string{"scheduling_details.delivery_type"}) {
		t.Fatalf("SCHEDULED locks %v", l)
	}
	if l, _ := Locked("PAUSED"); !slices.Contains(l, "segmentation_details") {
		t.Fatal("PAUSED locks the audience like ACTIVE")
	}
	for _, s := range []string{"STOPPED", "ARCHIVED", "SENT"} {
		if _, all := Locked(s); !all {
			t.Fatalf("%s allows no edit", s)
		}
	}
}

// StartAhead is the one answer every door gives RESUME and publish: the
// start in its own zone, in the request or the read form; a zone that is not
// an IANA name reads as UTC.
func TestStartAhead(t *testing.T) {
	now := time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)
	sp := func(s string) *string { return &s }
	for _, tc := range []struct {
		name string
		sd   *model.Scheduling
		want bool
	}{
		{"no schedule", nil, false},
		{"no start", &model.Scheduling{}, false},
		{"ahead in UTC", &model.Scheduling{StartTime: sp("2026-06-01T10:00:00")}, true},
		{"past in UTC", &model.Scheduling{StartTime: sp("2026-06-01T08:00:00")}, false},
		{"10:00 in Madrid is 08:00 UTC: past", &model.Scheduling{StartTime: sp("2026-06-01T10:00:00"), Timezone: sp("Europe/Madrid")}, false},
		{"10:00 in New York is 14:00 UTC: ahead", &model.Scheduling{StartTime: sp("2026-06-01T10:00:00"), Timezone: sp("America/New_York")}, true},
		{"a zone that is not IANA reads as UTC", &model.Scheduling{StartTime: sp("2026-06-01T10:00:00"), Timezone: sp("Mars/Olympus")}, true},
		{"the read form", &model.Scheduling{ScheduleTime: sp("2026-06-01T10:00:00"), TimeZone: sp("Europe/Madrid")}, false},
		{"not a date-time", &model.Scheduling{StartTime: sp("tomorrow")}, false},
	} {
		if got := StartAhead(&model.Campaign{SchedulingDetails: tc.sd}, now); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
