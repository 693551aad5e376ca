package drafts

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"testing"

	"github.com/campaigns-cli/campaigns/model"
)

func TestJournalNamesRoundTrip(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, id := range []string{"665f0a1b2c3d4e5f6a7b8c9d", "camp_abc123", "../../etc/passwd", "a b", "ü"} {
		p := journalPath(dir, id)
		if len(p) <= len(dir)+1 || p[:len(dir)+1] != dir+"/" || containsSep(p[len(dir)+1:]) {
			t.Errorf("%q → %q escapes the directory", id, p)
		}
		got, ok := idOfJournal(p[len(dir)+1:])
		if !ok || got != id {
			t.Errorf("%q → %q → %q", id, p, got)
		}
	}
}

func containsSep(s string) bool {
	for _, r := range s {
		if r == '/' || r == '\\' {
			return true
		}
	}
	return false
}

// A crash while the very first snapshot was written leaves no edit behind
// it: Load drops the stub and reads the service.
func TestTornFirstSnapshotFallsBackToTheService(t *testing.T) {
	fx := parallelFixture(t)
	id := fx.create(draft)
	rec, _ := frame(snapOf(&model.Campaign{}, &model.Campaign{}))
	if err := os.WriteFile(journalPath(fx.dir, id), rec[:len(rec)/2], 0o600); err != nil {
		t.Fatal(err)
	}
	w, err := fx.eng.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if nameOf(w) != "Spring sale" {
		t.Errorf("loaded %q", nameOf(w))
	}
	if ids, _ := fx.eng.Journaled(); len(ids) != 0 {
		t.Errorf("stub journal kept: %v", ids)
	}
}

func TestSecondEngineOnTheSameDirectoryIsRefused(t *testing.T) {
	fx := parallelFixture(t)
	if _, err := Open(fx.dir, fx.client, Options{}); !errors.Is(err, ErrDirInUse) {
		t.Errorf("second Open: %v", err)
	}
	fx.eng.Close()
	e, err := Open(fx.dir, fx.client, Options{})
	if err != nil {
		t.Fatalf("Open after Close: %v", err)
	}
	e.Close()
}

func TestSharedEngineIsOnePerDirectory(t *testing.T) {
	fx := parallelFixture(t)
	dir := t.TempDir()
	a, releaseA, err := Shared(dir, fx.client, Options{Clock: fx.clock})
	if err != nil {
		t.Fatal(err)
	}
	b, releaseB, err := Shared(dir+"/.", fx.client, Options{Clock: fx.clock})
	if err != nil || a != b {
		t.Fatalf("second Shared: %v (same engine: %v)", err, a == b)
	}
	releaseA()
	releaseA() // twice is harmless
	if _, err := a.Load(context.Background(), "x"); errors.Is(err, ErrClosed) {
		t.Fatal("closed while still in use")
	}
	releaseB()
	if _, err := a.Load(context.Background(), "x"); !errors.Is(err, ErrClosed) {
		t.Errorf("after the last release: %v", err)
	}
	c, releaseC, err := Shared(dir, fx.client, Options{Clock: fx.clock})
	if err != nil || c == a {
		t.Fatalf("reopen: %v", err)
	}
	releaseC()
}

// An edit record framed by hand reads back as frame's would.
func TestFrameEditMatchesFrame(t *testing.T) {
	t.Parallel()
	units := map[string]json.RawMessage{
		"basic_details":          json.RawMessage(`{"name":"N \"q\" é","platforms":["ANDROID"]}`),
		"campaign_delivery_type": json.RawMessage(`"ONE_TIME"`),
		"utm_params":             json.RawMessage(`null`),
	}
	a, err := frame(record{T: "edit", Units: units})
	if err != nil {
		t.Fatal(err)
	}
	if b := frameEdit(units); !bytes.Equal(a, b) {
		t.Fatalf("frameEdit\n%q\nframe\n%q", b, a)
	}
}

// Adopting a campaign that has a journal from an earlier run keeps the
// journaled edits: the copy given is older than them.
func TestAdoptKeepsAJournalOfAnEarlierRun(t *testing.T) {
	fx := parallelFixture(t)
	id := fx.loaded()
	fx.edit(id, setName("journaled"))
	fx.crash(fx.eng)
	e2 := fx.open()
	d, err := e2.Adopt(fx.remote(id))
	if err != nil {
		t.Fatal(err)
	}
	d.Lock()
	got := nameOf(d.Working())
	d.Unlock()
	if got != "journaled" {
		t.Errorf("adopted %q, want the journaled edit", got)
	}
}
