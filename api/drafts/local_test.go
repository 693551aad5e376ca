package drafts

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"
)

// A start with the service down still finds the drafts whose edits never
// reached it, from the journal alone, and they sync once it is back.
func TestUnsyncedListsJournaledDraftsAndTheySyncWhenTheServiceReturns(t *testing.T) {
	fx := parallelFixture(t)
	a := fx.create(draft)
	b := fx.create(strings.Replace(draft, "Spring sale", "Newsletter", 1))
	clean := fx.create(strings.Replace(draft, "Spring sale", "Untouched", 1))
	fx.load(a)
	fx.load(b)
	fx.load(clean)
	fx.down()
	fx.edit(a, setName("Spring sale (typed offline)"))
	fx.edit(b, setName("Newsletter (typed offline)"))
	fx.clock.Advance(time.Second) // the debounce: the sends fail, offline
	if st := fx.eng.Status(a); st.State != StateOffline {
		t.Fatalf("status %v, want offline", st)
	}
	// More typing, b first: the failed sends above wrote to the journals
	// too, in whatever order they ran; these edits are the last writes.
	fx.edit(b, setName("Newsletter (edited offline)"))
	time.Sleep(20 * time.Millisecond) // b's journal is the older
	fx.edit(a, setName("Spring sale (edited offline)"))
	fx.crash(fx.eng)

	// A new program, the service still down.
	fx.eng = fx.open()
	got, err := fx.eng.Unsynced(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, l := range got {
		names = append(names, nameOf(l.Campaign))
		if !slices.Equal(l.Status.Unsynced, []string{"basic_details"}) {
			t.Errorf("%s: unsynced %v, want basic_details", l.ID, l.Status.Unsynced)
		}
	}
	if want := []string{"Spring sale (edited offline)", "Newsletter (edited offline)"}; !slices.Equal(names, want) {
		t.Fatalf("unsynced drafts %q, want %q (most recently edited first, the untouched one left out)", names, want)
	}
	if got[1].Campaign.Channel == nil || *got[1].Campaign.Channel != "PUSH" {
		t.Errorf("channel of %s not kept", got[1].ID)
	}

	// The service returns: the background retry sends both.
	fx.up()
	for i := 0; i < 200; i++ {
		fx.clock.Advance(time.Second)
		if nameOf(fx.remote(a)) == "Spring sale (edited offline)" && nameOf(fx.remote(b)) == "Newsletter (edited offline)" {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	if n := nameOf(fx.remote(a)); n != "Spring sale (edited offline)" {
		t.Fatalf("service holds %q after it came back", n)
	}
	if n := nameOf(fx.remote(b)); n != "Newsletter (edited offline)" {
		t.Fatalf("service holds %q after it came back", n)
	}
	if got, err := fx.eng.Unsynced(context.Background()); err != nil || len(got) != 0 {
		t.Errorf("still unsynced after the sync: %d %v", len(got), err)
	}
	if ids, _ := fx.eng.Journaled(); len(ids) != 0 {
		t.Errorf("journals kept after the sync: %v", ids)
	}
}
