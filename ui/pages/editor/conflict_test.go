package editor_test

import (
	"context"
	"net/http"
	"path"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/model"
)

// draftWrittenElsewhere opens a new draft named name in the editor (edits
// wait for ctrl+s) and then has someone else write patch to it on the
// service.
func draftWrittenElsewhere(t *testing.T, name string, patch *model.Campaign) (*env, *teatest.TestModel) {
	t.Helper()
	e, tm := draftOpen(t, time.Hour, name)
	writeElsewhere(t, e.client, *find(t, e.client, name).CampaignID, patch)
	return e, tm
}

// writeElsewhere is another client's PATCH of campaign id.
func writeElsewhere(t *testing.T, c *api.Client, id string, patch *model.Campaign) {
	t.Helper()
	if _, err := c.Patch(context.Background(), id, patch); err != nil {
		t.Error(err)
	}
}

func named(name string) *model.Campaign {
	return &model.Campaign{BasicDetails: &model.BasicDetails{Name: &name}}
}

// The name changed here and on the service: ctrl+s shows both sides, t
// takes theirs, and the next sync keeps the service's name.
func TestConflictTakeTheirs(t *testing.T) {
	e, tm := draftWrittenElsewhere(t, "Conflict", named("Renamed elsewhere"))
	rename(t, tm, "Conflict", len("Conflict"), "Mine", "pending")
	keys(tm, "ctrl+s")
	waitFor(t, tm, "Conflict in basic_details", "Mine (local)", "Theirs (service)", `"name": "Renamed elsewhere"`)
	keys(tm, "t")
	// The status line, not the notice "resolved": the notice of the ctrl+s
	// that found the conflict may come after it (TestLateConflictAnswerAfterResolving
	// checks what is said).
	waitFor(t, tm, "Renamed elsewhere", "● synced")
	syncSettled(t, e, tm, "Renamed elsewhere")
}

// m keeps the name typed here, and the next sync sends it.
func TestConflictKeepMine(t *testing.T) {
	e, tm := draftWrittenElsewhere(t, "Conflict2", named("Theirs"))
	rename(t, tm, "Conflict2", 0, "X", "pending")
	keys(tm, "ctrl+s")
	waitFor(t, tm, "Conflict in basic_details")
	keys(tm, "m")
	waitFor(t, tm, "Conflict2X", "● 1 component pending") // mine, still to send
	syncSettled(t, e, tm, "Conflict2X")
}

// syncSettled is syncNow after a conflict: it waits for the status line to
// say every edit is on the service, not for the flush's notice "Synced.",
// which the notice of the conflict resolved can follow and replace before
// the screen is looked at.
func syncSettled(t *testing.T, e *env, tm *teatest.TestModel, name string) {
	t.Helper()
	keys(tm, "ctrl+s")
	waitFor(t, tm, "● synced")
	find(t, e.client, name) // fails unless the service has the name
}

// A change on the service to another component than the one edited here
// is no conflict: the sync takes it in (the schedule) and sends the name.
func TestRemoteChangeOfAnotherComponentIsTaken(t *testing.T) {
	asap := model.ScheduleASAP
	e, tm := draftWrittenElsewhere(t, "Remote", &model.Campaign{SchedulingDetails: &model.Scheduling{DeliveryType: &asap}})
	// Past the edit, so the "Synced." below cannot be a frame from before it.
	rename(t, tm, "Remote", 0, "!", "pending")
	syncNow(t, e, tm, "Remote!")
	keys(tm, "5")
	waitFor(t, tm, "‹ ASAP ›")
}

// The editor's link is slow, and another client renames the campaign after
// the editor's read, while its PATCH is on the way. The PATCH carries
// If-Match, the service refuses it, and the editor shows the conflict
// instead of "synced"; the other name stays.
func TestWriteDuringSendShowsConflict(t *testing.T) {
	e := newEnv(t)
	var armed atomic.Bool
	var direct *api.Client
	direct = e.between(t, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodPatch && strings.Count(r.URL.Path, "/") == 3 && armed.CompareAndSwap(true, false) {
				// The PATCH is on its way; meanwhile, before it arrives:
				writeElsewhere(t, direct, path.Base(r.URL.Path), named("Written meanwhile"))
			}
			next.ServeHTTP(w, r)
		})
	})
	tm, _ := e.run(t, time.Hour)
	newDraft(t, tm, false, "Race")
	rename(t, tm, "Race", 0, "X", "pending")
	armed.Store(true)
	keys(tm, "ctrl+s")
	waitFor(t, tm, "Conflict in basic_details", "Mine (local)", `"name": "RaceX"`, `"name": "Written meanwhile"`)
	find(t, direct, "Written meanwhile") // not overwritten
}
