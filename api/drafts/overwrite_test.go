package drafts

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"
)

// Item 6: a PATCH is applied but its answer is lost and its retries are
// refused; meanwhile the user types on. When the service is back, its copy
// holds the user's own earlier text: that is no conflict, and the newer
// text goes next.
func TestOwnLostPatchIsNoConflict(t *testing.T) {
	fx := parallelFixture(t)
	id := fx.lostAnswer("first draft of the name")
	fx.edit(id, setName("final name")) // typed while offline
	fx.up()
	if r := fx.remote(id); nameOf(r) != "first draft of the name" {
		t.Fatalf("the PATCH did not reach the service: %q", nameOf(r))
	}
	err := fx.eng.Flush(context.Background(), id)
	if errors.Is(err, ErrConflict) || len(fx.eng.Conflicts(id)) > 0 {
		t.Fatalf("own earlier edit reported as a conflict: %v %v", err, fx.eng.Conflicts(id))
	}
	if err != nil {
		t.Fatal(err)
	}
	fx.wantSynced(id, "final name")
}

// Item 7b: another client writes between the engine's read and its PATCH
// (a slow link). With ETags the PATCH carries If-Match, the service refuses
// it (412), and the engine reads again and shows the conflict: nothing of
// the other write is overwritten, nothing claims "synced".
func TestWriteBetweenReadAndPatchIsAConflict(t *testing.T) {
	fx := parallelFixture(t)
	id := fx.loaded()
	fx.edit(id, setName("mine"))
	var fired atomic.Bool // the other client's PATCH passes here too
	fx.f.beforePatch = func() {
		if fired.CompareAndSwap(false, true) {
			time.Sleep(20 * time.Millisecond) // the link is slow
			theirs := fx.remote(id)
			theirs.BasicDetails.Name = ptr("theirs")
			fx.patchRemote(id, theirs, "basic_details")
		}
	}
	fx.wantConflict(id, "theirs")
	cs := fx.eng.Conflicts(id)
	if len(cs) != 1 || cs[0].Component != "basic_details" {
		t.Fatalf("conflicts %v", cs)
	}
	if st := fx.eng.Status(id); st.State != StateConflict {
		t.Errorf("status %v, want conflict", st)
	}
	if w := fx.eng.Working(id); nameOf(w) != "mine" {
		t.Errorf("local text %q lost", nameOf(w))
	}
}

// Item 7c: against a service without ETags the same race cannot be
// detected: the engine reads right before it sends, but a write landing
// within that round trip is overwritten. This test pins down that limit
// (the README says so); it is what If-Match above closes.
func TestWithoutETagsTheRaceWindowStaysOpen(t *testing.T) {
	fx := parallelFixture(t)
	fx.f.noETag.Store(true)
	id := fx.loaded()
	fx.edit(id, setName("mine"))
	var fired atomic.Bool // the other client's PATCH passes here too
	fx.f.beforePatch = func() {
		if fired.CompareAndSwap(false, true) {
			theirs := fx.remote(id)
			theirs.BasicDetails.Name = ptr("theirs")
			fx.patchRemote(id, theirs, "basic_details")
		}
	}
	if err := fx.eng.Flush(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	if r := fx.remote(id); nameOf(r) != "mine" {
		t.Fatalf("service holds %q", nameOf(r))
	}
}

// Item 6 across a restart: the units sent are journaled before the PATCH,
// so a new process, too, knows the service's copy as its own earlier edit.
func TestOwnLostPatchIsNoConflictAfterARestart(t *testing.T) {
	fx := parallelFixture(t)
	id := fx.lostAnswer("sent before the crash")
	fx.edit(id, setName("typed after it"))
	fx.crash(fx.eng)
	fx.up()
	e2 := fx.open()
	if _, err := e2.Load(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	if err := e2.Flush(context.Background(), id); err != nil {
		t.Fatalf("flush after restart: %v (conflicts %v)", err, e2.Conflicts(id))
	}
	if r := fx.remote(id); nameOf(r) != "typed after it" {
		t.Errorf("service holds %q", nameOf(r))
	}
}
