package editor_test

import (
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest"

	"github.com/campaigns-cli/campaigns/api"
)

// gate stands between the program and the sandbox: it refuses every
// connection while down, and answers 503 to every PATCH while noWrites.
type gate struct {
	down, noWrites atomic.Bool
	next           http.Handler
}

func (g *gate) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if g.down.Load() {
		if hj, ok := w.(http.Hijacker); ok {
			if conn, _, err := hj.Hijack(); err == nil {
				conn.Close()
				return
			}
		}
		panic(http.ErrAbortHandler)
	}
	if g.noWrites.Load() && r.Method == http.MethodPatch {
		http.Error(w, `{"error":{"code":"UNAVAILABLE","message":"down for maintenance"}}`, http.StatusServiceUnavailable)
		return
	}
	g.next.ServeHTTP(w, r)
}

// gated is an env whose program talks to the sandbox through a gate (the
// test itself reads the service directly, through direct).
func gated(t *testing.T) (*env, *gate, *api.Client) {
	t.Helper()
	e := newEnv(t)
	g := &gate{}
	direct := e.between(t, func(next http.Handler) http.Handler { g.next = next; return g })
	return e, g, direct
}

// eventually polls cond for a while (the sync runs in the background).
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(30 * time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("never: %s", what)
}

// leaveUnsynced runs the program, opens a draft with open, renames it (see
// rename) and quits with the edit unsent: the journal keeps it. It returns
// the new name.
func leaveUnsynced(t *testing.T, e *env, open func(*teatest.TestModel), name string, cut int, more string) string {
	t.Helper()
	tm, stop := e.run(t, time.Hour) // nothing is sent on its own
	open(tm)
	name = rename(t, tm, name, cut, more, "pending")
	stop()
	return name
}

// The summer sale fixture, left with " (kept)" or the like typed after its
// name and not sent.
func leaveSummerSale(t *testing.T, e *env, more string) string {
	t.Helper()
	return leaveUnsynced(t, e, func(tm *teatest.TestModel) {
		openFixture(t, e, tm, "push_one_time.json", "Summer sale kickoff")
	}, "Summer sale kickoff", 0, more)
}

// An edit not sent when the program ends is sent by the next one, at
// start, before the draft is opened: the list shows the name it carries
// once the service has it.
func TestUnsyncedEditSurvivesRestart(t *testing.T) {
	e := newEnv(t)
	name := leaveUnsynced(t, e, func(tm *teatest.TestModel) { newDraft(t, tm, false, "Journal") }, "Journal", len("Journal"), "Kept")
	find(t, e.client, "Journal") // the service has not seen the edit

	tm, _ := e.run(t, time.Hour)
	waitFor(t, tm, "browse", name, "Every edit kept on this computer is on the service now")
	keys(tm, "enter")
	waitFor(t, tm, name, "● synced")
	find(t, e.client, name)
}

// An edit made while the service is gone stays in the editor, which says
// it is offline.
func TestOfflineEditsKept(t *testing.T) {
	e, tm := draftOpen(t, time.Hour, "Offline")
	_ = e.stop() // the service goes away
	keys(tm, "enter")
	typ(tm, " kept")
	keys(tm, "enter", "ctrl+s")
	waitFor(t, tm, "offline", "Offline kept")
}

// A draft reopens where it was left. A field is edited in step 4 with the
// second variation chosen; the program ends; a new program on the same
// data directory opens the draft on that field, step and variation.
func TestDraftReopensWhereItWasLeft(t *testing.T) {
	e := newEnv(t)
	tm, stop := e.run(t, time.Hour)
	openFixture(t, e, tm, "push_event_triggered.json", "Cart abandonment nudge")
	keys(tm, "2")
	waitFor(t, tm, "Content  (2/8)", "‹ variation_1 ›")
	keys(tm, "down", "right") // Variation: variation_2
	waitFor(t, tm, "‹ variation_2 ›")
	keys(tm, "4")
	waitFor(t, tm, "Trigger  (4/8)", "▸  Match")
	down(tm, 13) // the event attribute's Value
	waitFor(t, tm, "▸        Value")
	keys(tm, "enter", "5", "enter")
	waitFor(t, tm, "205", "pending")
	stop() // quit without syncing: the journal keeps the edit

	tm2, _ := e.run(t, time.Hour)
	// The list itself (the name is in the announcement first).
	waitFor(t, tm2, "browse", "Cart abandonment nudge", "last page")
	keys(tm2, "g", "enter")
	waitFor(t, tm2, "Trigger  (4/8)", "▸        Value", "205")
	keys(tm2, "2") // the content cell chosen is the one left, in the form and the preview
	waitFor(t, tm2, "Content  (2/8)", "‹ variation_2 ›", "variation_2 · as")
}

// On start, drafts with edits the service does not have are announced and
// listed (u); the one opened continues from the journal's copy, and its
// edits sync.
func TestUnsyncedDraftsAreAnnouncedListedAndOpened(t *testing.T) {
	e, g, direct := gated(t)
	name := leaveSummerSale(t, e, " (kept)")
	id := *find(t, direct, "Summer sale kickoff").CampaignID

	g.noWrites.Store(true) // the service reads, but takes no edit yet
	tm, _ := e.run(t, time.Hour)
	waitFor(t, tm, "1 draft has edits not yet on the service", "“"+name+"”", "u lists them")
	keys(tm, "u")
	waitFor(t, tm, "NOT ON THE SERVICE YET", "● "+name, "details")
	keys(tm, "enter")
	waitFor(t, tm, name, "pending") // the journal's copy, still not sent
	if got := nameOn(t, direct, id); got != "Summer sale kickoff" {
		t.Fatalf("service holds %q before it takes edits", got)
	}
	g.noWrites.Store(false)
	keys(tm, "ctrl+s")
	// The status, not the notice: "Synced." may already have given way to
	// the journal's "every edit … is on the service now" on the screen.
	waitFor(t, tm, "● synced")
	if got := nameOn(t, direct, id); got != name {
		t.Fatalf("service holds %q, want %q", got, name)
	}
	keys(tm, "esc")
	waitFor(t, tm, "browse", "page 1")
	if view := finalView(t, tm); strings.Contains(view, "not yet on the service") {
		t.Fatalf("still announced after the sync:\n%s", view)
	}
}

// Started while the service cannot be reached, the browser lists the
// journal's drafts with an offline banner (not a dial error); one opens and
// takes edits; when the service returns the banner goes, every edit is
// sent and the list is read again.
func TestOfflineStartListsTheJournalAndSyncsWhenTheServiceReturns(t *testing.T) {
	e, g, direct := gated(t)
	name := leaveSummerSale(t, e, " (offline)")
	id := *find(t, direct, "Summer sale kickoff").CampaignID

	g.down.Store(true)
	tm, _ := e.run(t, time.Hour)
	waitFor(t, tm, "⚠ Offline: the service cannot be reached", "1 draft kept on this computer", "● "+name, "details")
	keys(tm, "enter")
	waitFor(t, tm, name, "Basic details")
	name = rename(t, tm, name, 0, "!")

	g.down.Store(false)
	eventually(t, "the service has both edits", func() bool { return nameOn(t, direct, id) == name })
	waitFor(t, tm, "● synced")
	keys(tm, "esc")
	waitFor(t, tm, "browse", "status: all", name)
	view := finalView(t, tm)
	if strings.Contains(view, "Offline") || strings.Contains(view, "dial") {
		t.Fatalf("still offline after the service returned:\n%s", view)
	}
	find(t, direct, name)
}
