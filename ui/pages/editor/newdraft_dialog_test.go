package editor_test

import (
	"fmt"
	"testing"
)

// The screens as a person sees them at 80×24, 120×36 and 200×60 (issue 12,
// "every part works at three sizes"): each test is a defect found by
// looking at the running program.

// TestNewDraftDeliveryTypesWhole: the new-draft dialog was built before the
// editor knew its size, so its form was 6 lines high and 40 wide: the
// delivery types showed four at a time with nothing saying more follow,
// the last one alone above blank rows when chosen, and the keys' help cut.
func TestNewDraftDeliveryTypesWhole(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {120, 36}} {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			e := newEnv(t)
			tm, stop := e.runAt(t, 0, sz[0], sz[1])
			defer stop()
			waitFor(t, tm, "browse")
			keys(tm, "n")
			waitFor(t, tm, "New draft", "┃ Channel")
			keys(tm, "enter")
			// Every type a Push draft can be created with, without scrolling.
			waitFor(t, tm, "┃ Delivery type", "ONE_TIME", "BUSINESS_EVENT_TRIGGERED", "DEVICE_TRIGGERED", "LOCATION_TRIGGERED", "shift+tab back • enter select")
			down(tm, 5)
			keys(tm, "enter")
			waitFor(t, tm, "┃ Created by")
			tm.Type("ana@example.com")
			keys(tm, "enter")
			waitFor(t, tm, "┃ Name")
			tm.Type("Geo")
			keys(tm, "enter")
			waitFor(t, tm, "LOCATION_TRIGGERED", "DRAFT", "Basic details")
		})
	}
}

// TestRefusedPreviewInPlainWords: a new draft's preview, refused by the
// service, read "✗ campaign_content is required: … · in campaign_content",
// cut at 120 columns. It names the field by its label, as every problem
// in the editor does (Deliver 1).
func TestRefusedPreviewInPlainWords(t *testing.T) {
	e := newEnv(t)
	tm, stop := e.runAt(t, 0, 120, 36)
	defer stop()
	waitFor(t, tm, "browse")
	keys(tm, "n")
	waitFor(t, tm, "New draft", "┃ Channel")
	keys(tm, "enter")
	waitFor(t, tm, "┃ Delivery type")
	keys(tm, "enter")
	waitFor(t, tm, "┃ Created by")
	tm.Type("ana@example.com")
	keys(tm, "enter")
	waitFor(t, tm, "┃ Name")
	tm.Type("Refused")
	keys(tm, "enter")
	waitFor(t, tm, "Refused", "DRAFT", "local preview")
	keys(tm, "u") // a user of the service: the service is asked
	waitFor(t, tm, "Preview user")
	tm.Type("user-004")
	waitFor(t, tm, "enter asks the service for user user-004")
	keys(tm, "enter")
	waitFor(t, tm, "service preview", "✗ Content is required")
}

// TestPlainHintsAreMarked: with NO_COLOR the new-draft dialog's hints
// ("> you@example.com", "> optional") read as values typed in; they are in
// parentheses, as the rows' hints are.
func TestPlainHintsAreMarked(t *testing.T) {
	e := newEnv(t)
	tm, stop := e.runAt(t, 0, 80, 24) // the plain theme
	defer stop()
	waitFor(t, tm, "browse")
	keys(tm, "n")
	waitFor(t, tm, "New draft", "┃ Channel")
	keys(tm, "enter")
	waitFor(t, tm, "┃ Delivery type", "(you@example.com)")
	keys(tm, "enter")
	waitFor(t, tm, "┃ Created by")
	tm.Type("ana@example.com")
	keys(tm, "enter")
	waitFor(t, tm, "┃ Name", "(optional)")
}
