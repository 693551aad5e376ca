package drafts

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/api/sandbox"
)

func TestServiceRateLimitReportsUntilAndRetries(t *testing.T) {
	t.Parallel()
	// Sandbox limits on; the engine's own limiter off, to meet the service's.
	fx := newFixtureWith(t, sandbox.Config{}, Options{Limits: []ops.Window{}})
	id := fx.create(draft)
	fx.load(id) // 1 read
	var err error
	for i := 0; i < 6 && err == nil; i++ { // each flush reads twice and writes once
		fx.edit(id, setName(string(rune('a'+i))))
		err = fx.eng.Flush(context.Background(), id)
	}
	if err == nil {
		t.Fatal("the sandbox never refused")
	}
	st := fx.eng.Status(id)
	if st.State != StateRateLimited || !st.RateLimitedUntil.Equal(t0.Add(time.Second)) || len(st.Pending) != 1 {
		t.Fatalf("status %v (%v)", st, err)
	}
	if want := "rate-limited until " + t0.Add(time.Second).Local().Format("15:04:05") + ", pending 1 component"; st.String() != want {
		t.Errorf("String() = %q, want %q", st.String(), want)
	}
	pending := nameOf(fx.eng.Working(id))
	fx.clock.Advance(time.Second) // Retry-After passes; the scheduled retry sends
	fx.wantSynced(id, pending)
}

func TestEditWhileSendingIsKeptAndSentNext(t *testing.T) {
	fx := parallelFixture(t)
	id := fx.loaded()
	fx.edit(id, setName("sent"))
	once := false
	fx.f.beforePatch = func() {
		if !once {
			once = true
			fx.edit(id, setName("typed while sending"))
		}
	}
	if err := fx.eng.Flush(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	if w := fx.eng.Working(id); nameOf(w) != "typed while sending" {
		t.Fatalf("the newer edit was lost: %q", nameOf(w))
	}
	if b := fx.eng.Base(id); nameOf(b) != "sent" {
		t.Errorf("base %q", nameOf(b))
	}
	if st := fx.eng.Status(id); !slices.Equal(st.Pending, []string{"basic_details"}) {
		t.Errorf("status %v", st)
	}
	fx.clock.Advance(time.Second) // its debounce
	fx.wantSynced(id, "typed while sending")
}

func TestFailedStateOnRefusal(t *testing.T) {
	fx := parallelFixture(t)
	id := fx.loaded()
	fx.edit(id, setName("x"))
	err := fx.eng.Flush(context.Background(), "not-loaded")
	if !errors.Is(err, ErrNotLoaded) {
		t.Errorf("flush of an unloaded campaign: %v", err)
	}
	if err := fx.eng.Edit("not-loaded", setName("x")); !errors.Is(err, ErrNotLoaded) {
		t.Errorf("edit of an unloaded campaign: %v", err)
	}
}

func TestFlushAllOnQuit(t *testing.T) {
	fx := parallelFixture(t)
	a, b := fx.create(draft), fx.create(draft)
	fx.load(a)
	fx.load(b)
	fx.edit(a, setName("a saved on quit"))
	fx.edit(b, setName("b saved on quit"))
	left, err := fx.eng.FlushAll(context.Background())
	if err != nil || len(left) != 0 {
		t.Fatalf("left %v, err %v", left, err)
	}
	if nameOf(fx.remote(a)) != "a saved on quit" || nameOf(fx.remote(b)) != "b saved on quit" {
		t.Error("not saved")
	}
	// Offline at quit: the edit stays journaled and is reported.
	fx.edit(a, setName("offline at quit"))
	fx.down()
	left, err = fx.eng.FlushAll(context.Background())
	if err == nil || !slices.Equal(left, []string{a}) {
		t.Errorf("left %v, err %v", left, err)
	}
	if ids, _ := fx.eng.Journaled(); !slices.Equal(ids, []string{a}) {
		t.Errorf("journaled %v", ids)
	}
}

// TestRealClockEndToEnd runs the engine on the wall clock against a sandbox
// on a real listener: typing, then the debounce fires by itself. It waits
// for the engine's event, not for time.
func TestRealClockEndToEnd(t *testing.T) {
	t.Parallel()
	url, _, stop, err := sandbox.StartLocal(sandbox.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	ws := sandbox.DefaultWorkspace()
	client, err := api.New(api.Config{BaseURL: url, WorkspaceID: ws.ID, APIKey: ws.Key})
	if err != nil {
		t.Fatal(err)
	}
	e, err := Open(t.TempDir(), client, Options{Debounce: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	fx := &fixture{t: t, other: client}
	id := fx.create(draft)
	if _, err := e.Load(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"R", "Re", "Real"} {
		if err := e.Edit(id, setName(n)); err != nil {
			t.Fatal(err)
		}
	}
	timeout := time.After(10 * time.Second)
	for {
		select {
		case ev := <-e.Events():
			// A slow machine may send "R" before "Real" is typed; wait for
			// the send that leaves nothing pending.
			if ev.Kind != EventSynced || len(ev.Status.Unsynced) > 0 {
				continue
			}
			if r := fx.remote(id); nameOf(r) != "Real" {
				t.Errorf("service name %q", nameOf(r))
			}
			return
		case <-timeout:
			t.Fatalf("never synced: %v", e.Status(id))
		}
	}
}
