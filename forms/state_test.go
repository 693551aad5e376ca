package forms

import (
	"strings"
	"testing"
)

// The pause confirmation must not promise an editable audience.
func TestEditNoteFollowsTheStateTable(t *testing.T) {
	cases := []struct{ state, want string }{
		{"DRAFT", "Every field can be edited."},
		{"PAUSED", "While paused, content, delivery controls and the end of the schedule can still be edited; the trigger, the audience, the goals, how it is scheduled and the start time cannot."},
		{"SCHEDULED", "While scheduled, the audience, content, delivery controls and the end of the schedule can still be edited; how it is scheduled cannot."},
		{"SENT", "Nothing can be edited in this state."},
	}
	for _, tc := range cases {
		if got := EditNote(tc.state); got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.state, got, tc.want)
		}
	}
	if strings.Contains(EditNote("PAUSED"), "audience can") {
		t.Error("paused: the audience is said to be editable")
	}
}

// A missing action is explained by its real reason.
func TestActionReasons(t *testing.T) {
	cases := []struct{ ch, dt, st, action, want string }{
		{"PUSH", "EVENT_TRIGGERED", "ACTIVE", "STOP", "An event-triggered campaign cannot be stopped through V5; pause it instead."},
		{"PUSH", "ONE_TIME", "ACTIVE", "STOP", ""},
		{"PUSH", "PERIODIC", "PAUSED", "PAUSE", "A periodic campaign cannot be paused while paused; resume it instead."},
		{"SMS", "ONE_TIME", "ACTIVE", "STOP", "SMS campaigns can be read but not stopped, paused or resumed through V5."},
		{"PUSH", "ONE_TIME", "SENT", "STOP", "A sent campaign is finished: no action applies."},
		{"PUSH", "LOCATION_TRIGGERED", "ACTIVE", "PAUSE", "A location-triggered campaign cannot be stopped, paused or resumed through V5."},
		// The service can stop it; this tool leaves it out, and says so.
		{"EMAIL", "API_TRIGGERED", "ACTIVE", "STOP", "This tool leaves API-triggered campaigns out: stop it through the service's V5 status route or its dashboard."},
	}
	for _, tc := range cases {
		if got := ActionRefusal(tc.ch, tc.dt, tc.st, tc.action); got != tc.want {
			t.Errorf("%s %s %s %s:\n got %q\nwant %q", tc.ch, tc.dt, tc.st, tc.action, got, tc.want)
		}
	}
	if Count(1, "slide") != "1 slide" || Count(3, "slide") != "3 slides" {
		t.Error("Count")
	}
}
