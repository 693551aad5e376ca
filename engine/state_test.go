package engine

import (
	"errors"
	"slices"
	"testing"
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
