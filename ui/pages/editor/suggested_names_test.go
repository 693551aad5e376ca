package editor_test

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest"

	"github.com/campaigns-cli/campaigns/api/suggest"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui"
	"github.com/campaigns-cli/campaigns/ui/pages/editor"
)

// runNamed is runAt with the workspace's names offered, as main wires them
// (api/suggest, refreshed here once before the program starts).
func (e *env) runNamed(t *testing.T, w, h int) (*teatest.TestModel, func()) {
	t.Helper()
	names := suggest.New(e.client)
	if err := names.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	f, closeF, err := editor.Open(e.client, e.dir, editor.Options{
		Validation: engine.Options{Features: engine.Features{AudienceLimit: true, Versioning: true}},
	})
	if err != nil {
		t.Fatal(err)
	}
	f.PreviewDelay = time.Millisecond
	f.Names = names
	root := ui.New(ui.Config{Client: e.client, Service: "test sandbox", Workspace: "SANDBOX", Theme: themes.Plain(), DataDir: e.dir, Editor: f})
	tm := teatest.NewTestModel(t, root, teatest.WithInitialTermSize(w, h))
	return tm, func() {
		_ = tm.Quit()
		tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
		_ = closeF()
	}
}

// createFile creates a draft on the service from a testdata file.
func createFile(t *testing.T, e *env, path string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	c, err := model.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	c.RequestID = nil
	if _, err := e.client.Create(context.Background(), c); err != nil {
		t.Fatal(err)
	}
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
	tm.Type(typed)
}

// A few letters in an event-name field offer the event another campaign
// of the workspace uses; tab takes it and the campaign has it.
func TestSuggestedEventName(t *testing.T) {
	e := newEnv(t)
	createFile(t, e, "../../../testdata/fixtures/marketer-push.json") // uses product_viewed
	tm, stop := e.runNamed(t, 120, 40)
	defer stop()
	newDraft(t, tm, false, "Suggest flow")
	typeEventName(t, tm, "prod")
	waitFor(t, tm, "names in use", "▸ product_viewed", "tab take suggestion")
	keys(tm, "tab")
	waitFor(t, tm, "Action              product_viewed")
	keys(tm, "enter", "ctrl+s")
	waitFor(t, tm, "Synced.")

	c := findDraft(t, e.client, "Suggest flow")
	f := c.SegmentationDetails.IncludedFilters.Filters[0]
	if f.ActionName == nil || *f.ActionName != "product_viewed" {
		t.Fatalf("action_name on the service: %s", model.Encode(c.SegmentationDetails))
	}
}

// D4: tab that takes a suggestion goes on to the next field, so what is
// typed next is not added to the name taken; without colour the name
// offered is in the list under the row, marked ▸.
func TestTabAfterSuggestionMovesOn(t *testing.T) {
	e := newEnv(t)
	createFile(t, e, "../../../testdata/fixtures/marketer-push.json") // uses product_viewed
	tm, stop := e.runNamed(t, 120, 40)
	defer stop()
	newDraft(t, tm, false, "Tab moves on")
	typeEventName(t, tm, "prod")
	waitFor(t, tm, "names in use", "▸ product_viewed") // the Plain theme: no ghost text
	keys(tm, "tab")
	waitFor(t, tm, "Action              product_viewed")
	keys(tm, "z", "z", "ctrl+s") // on the next row, not after the name
	waitFor(t, tm, "Synced.")
	c := findDraft(t, e.client, "Tab moves on")
	if f := c.SegmentationDetails.IncludedFilters.Filters[0]; f.ActionName == nil || *f.ActionName != "product_viewed" {
		t.Fatalf("action_name on the service: %s", model.Encode(c.SegmentationDetails))
	}
}
