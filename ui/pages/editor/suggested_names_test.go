package editor_test

import (
	"context"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest"

	"github.com/campaigns-cli/campaigns/api/suggest"
	"github.com/campaigns-cli/campaigns/model"
)

// withNames offers the workspace's names while typing, as main wires
// them (api/suggest, refreshed here once before the program starts), after
// creating the marketer's push, which uses the event product_viewed.
func withNames(t *testing.T, e *env) {
	t.Helper()
	create(t, e, "fixtures/marketer-push.json")
	names := suggest.New(e.client)
	if err := names.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	e.names = names
}

// typeEventName adds an include filter to the audience, makes it an event
// and types into its name.
func typeEventName(t *testing.T, tm *teatest.TestModel, typed string) {
	t.Helper()
	keys(tm, "3")
	waitFor(t, tm, "Who receives it", "[ Add filter ]")
	down(tm, 3)
	keys(tm, "enter")
	waitFor(t, tm, "filter 1", "‹ user_attributes ›")
	keys(tm, "right")
	waitFor(t, tm, "‹ actions ›", "Action")
	keys(tm, "down", "enter")
	typ(tm, typed)
}

// productOffered opens a new draft named name with the workspace's names
// offered, adds an event filter to its audience and types "prod" into the
// event's name: product_viewed is offered.
func productOffered(t *testing.T, name string) (*env, *teatest.TestModel) {
	t.Helper()
	e := newEnv(t)
	withNames(t, e)
	tm, _ := e.runAt(t, time.Hour, 120, 40)
	newDraft(t, tm, false, name)
	typeEventName(t, tm, "prod")
	waitFor(t, tm, "names in use", "▸ product_viewed")
	return e, tm
}

// wantAction fails unless c's first audience filter is the event
// product_viewed.
func wantAction(t *testing.T, c *model.Campaign) {
	t.Helper()
	if f := c.SegmentationDetails.IncludedFilters.Filters[0]; model.Str(f.ActionName) != "product_viewed" {
		t.Fatalf("action_name on the service: %s", model.Encode(c.SegmentationDetails))
	}
}

// A few letters in an event-name field offer the event another campaign
// of the workspace uses; tab takes it and the campaign has it.
func TestSuggestedEventName(t *testing.T) {
	e, tm := productOffered(t, "Suggest flow")
	waitFor(t, tm, "tab take suggestion")
	keys(tm, "tab")
	waitFor(t, tm, "Action              product_viewed")
	keys(tm, "enter")
	wantAction(t, syncNow(t, e, tm, "Suggest flow"))
}

// Tab that takes a suggestion goes on to the next field, so what is typed
// next is not added to the name taken; without colour the name offered is
// in the list under the row, marked ▸ (the Plain theme: no ghost text).
func TestTabAfterSuggestionMovesOn(t *testing.T) {
	e, tm := productOffered(t, "Tab moves on")
	keys(tm, "tab")
	waitFor(t, tm, "Action              product_viewed")
	keys(tm, "z", "z") // on the next row, not after the name
	wantAction(t, syncNow(t, e, tm, "Tab moves on"))
}
