package editor_test

import (
	"fmt"
	"testing"
)

// The new-draft dialog at 80×24, 120×36 and 200×60, as a person sees it.

// The dialog is made at the editor's size: every delivery type a Push
// draft can be created with is listed without scrolling, and the keys'
// help is whole (it was 6 lines high and 40 wide, built before the editor
// knew its size).
func TestNewDraftDeliveryTypesWhole(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {120, 36}} {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			e := newEnv(t)
			tm, _ := e.runAt(t, 0, sz[0], sz[1])
			openNewDraft(t, tm)
			keys(tm, "enter")
			waitFor(t, tm, "┃ Delivery type", "ONE_TIME", "BUSINESS_EVENT_TRIGGERED", "DEVICE_TRIGGERED", "LOCATION_TRIGGERED", "shift+tab back • enter select")
			down(tm, 5)
			keys(tm, "enter")
			waitFor(t, tm, "┃ Created by")
			authorAndName(t, tm, "ana@example.com", "Geo")
			waitFor(t, tm, "LOCATION_TRIGGERED", "DRAFT", "Basic details")
		})
	}
}

// A new draft's preview refused by the service names the field by its
// label, as every problem in the editor does (it read "✗ campaign_content
// is required: … · in campaign_content", cut at 120 columns).
func TestRefusedPreviewInPlainWords(t *testing.T) {
	e := newEnv(t)
	tm, _ := e.runAt(t, 0, 120, 36)
	openNewDraft(t, tm)
	pushOneTime(t, tm)
	authorAndName(t, tm, "ana@example.com", "Refused")
	waitFor(t, tm, "Refused", "DRAFT", "local preview")
	keys(tm, "u") // a user of the service: the service is asked
	waitFor(t, tm, "Preview user")
	typ(tm, "user-004")
	waitFor(t, tm, "enter asks the service for user user-004")
	keys(tm, "enter")
	waitFor(t, tm, "service preview", "✗ Content is required")
}

// With NO_COLOR the dialog's hints are in parentheses, as the rows' hints
// are ("> you@example.com", "> optional" read as values typed in).
func TestPlainHintsAreMarked(t *testing.T) {
	e := newEnv(t)
	tm, _ := e.runAt(t, 0, 80, 24) // the plain theme
	openNewDraft(t, tm)
	pushOneTime(t, tm, "(you@example.com)")
	typ(tm, "ana@example.com")
	keys(tm, "enter")
	waitFor(t, tm, "┃ Name", "(optional)")
}

// At 80×24 the Email new-draft form is taller than the window: the field
// being filled in (the connector name, last) is still drawn.
func TestNewEmailDraftFitsIn80x24(t *testing.T) {
	e := newEnv(t)
	tm, _ := e.runAt(t, 0, 80, 24)
	newDraft(t, tm, true, "Small window")
}
