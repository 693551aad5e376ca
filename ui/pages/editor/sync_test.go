package editor_test

import (
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/drafts"
)

// After a pause in typing the engine sends the edit on its own, and the
// status line says so without ctrl+s.
func TestBackgroundSyncShowsSynced(t *testing.T) {
	e := newEnv(t)
	e.clock = drafts.NewFakeClock(time.Now())
	tm, _ := e.run(t, pause)
	newDraft(t, tm, false, "Background")
	name := rename(t, tm, "Background", 0, "X", "pending")
	e.clock.Advance(pause)
	waitFor(t, tm, "● synced")
	find(t, e.client, name)
}

// otherMsg is a message the editor does not know (a cursor blink, say).
type otherMsg struct{}

// Messages arriving while the create request is on its way (the form is
// still complete) create no second draft, and the editor follows the one
// it opened: its background sync shows as synced.
func TestNewDraftIsCreatedOnce(t *testing.T) {
	e := newEnv(t)
	e.clock = drafts.NewFakeClock(time.Now())
	// The first create is held on its way until the other messages are
	// sent; every create that reaches the service is counted.
	var creates atomic.Int32
	held := make(chan struct{})
	e.between(t, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodPost && r.URL.Path == api.PathCampaigns && creates.Add(1) == 1 {
				<-held
			}
			next.ServeHTTP(w, r)
		})
	})
	tm, _ := e.run(t, pause)
	openNewDraft(t, tm)
	pushOneTime(t, tm)
	authorAndName(t, tm, "ana@example.com", "Once")
	for range 20 {
		tm.Send(otherMsg{})
	}
	close(held)
	waitFor(t, tm, "Once", "DRAFT", "Basic details")
	name := rename(t, tm, "Once", 0, "!", "pending")
	e.clock.Advance(pause)
	// The later event: the edit reached the draft the editor opened, long
	// after any second create would have been sent.
	waitFor(t, tm, "● synced")
	find(t, e.client, name)
	if n := creates.Load(); n != 1 {
		t.Errorf("%d drafts created, want 1", n)
	}
}

// ctrl+s with an invalid field says what to do, once ("sync: sync: …"
// before).
func TestSyncOfAnInvalidFieldSaysWhatToDo(t *testing.T) {
	e := newEnv(t)
	tm, _ := e.run(t, time.Hour)
	newDraft(t, tm, true, "Invalid")
	keys(tm, "2")
	waitFor(t, tm, "Locales and variations")
	down(tm, 6)
	keys(tm, "enter")
	typ(tm, "bad")
	keys(tm, "enter")
	waitFor(t, tm, `"bad" is not an email address`)
	keys(tm, "ctrl+s")
	waitFor(t, tm, "not sent: fix the problems marked invalid first")
	if view := finalView(t, tm); strings.Contains(view, "sync: sync:") {
		t.Fatalf("the prefix is doubled:\n%s", view)
	}
}
