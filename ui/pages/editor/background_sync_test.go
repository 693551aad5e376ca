package editor_test

import (
	"context"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/model"
)

// TestBackgroundSyncShowsSynced: after a pause in typing the engine sends
// the edit on its own, and the status line says so without ctrl+s.
func TestBackgroundSyncShowsSynced(t *testing.T) {
	e := newEnv(t)
	tm, stop := e.run(t, 0)
	defer stop()
	newDraft(t, tm, false, "Background")
	keys(tm, "enter")
	tm.Type("X")
	keys(tm, "enter")
	waitFor(t, tm, "BackgroundX", "pending")
	waitFor(t, tm, "● synced")
	findDraft(t, e.client, "BackgroundX")
}

// otherMsg is a message the editor does not know (a cursor blink, say).
type otherMsg struct{}

// TestNewDraftIsCreatedOnce: messages arriving while the create request is
// on its way (the form is still complete) create no second draft, and the
// editor follows the one it opened: its background sync shows as synced.
func TestNewDraftIsCreatedOnce(t *testing.T) {
	e := newEnv(t)
	tm, stop := e.run(t, 0)
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
	tm.Type("Once")
	keys(tm, "enter")
	for range 20 {
		tm.Send(otherMsg{})
	}
	waitFor(t, tm, "Once", "DRAFT", "Basic details")
	keys(tm, "enter")
	tm.Type("!")
	keys(tm, "enter")
	waitFor(t, tm, "Once!", "pending")
	waitFor(t, tm, "● synced")
	time.Sleep(100 * time.Millisecond)
	r, err := e.client.Search(context.Background(), api.SearchRequest{Limit: 15, Page: 1,
		CampaignFields: &api.SearchFields{Status: []string{model.StatusDraft}}})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range r.Campaigns {
		if c.BasicDetails != nil && c.BasicDetails.Name != nil && (*c.BasicDetails.Name == "Once" || *c.BasicDetails.Name == "Once!") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d drafts created, want 1", n)
	}
}
