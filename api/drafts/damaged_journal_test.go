package drafts

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
)

// damagedJournal leaves a journal of three edits ("one", "two", "three")
// in the fixture's directory, with a byte flipped inside the record at
// (0: the snapshot, 1: the first edit …), after a crash of the engine that
// wrote it; it returns the journal's path and its bytes as damaged.
func damagedJournal(t *testing.T, fx *fixture, id string, at int) (string, []byte) {
	t.Helper()
	fx.load(id)
	path := journalPath(fx.dir, id)
	fx.down()      // nothing is sent: every edit stays in the journal
	var ends []int // where each record ends
	for _, name := range []string{"one", "two", "three"} {
		fx.edit(id, setName(name))
		b, _ := os.ReadFile(path)
		if len(ends) == 0 { // the first edit wrote the snapshot too
			ends = append(ends, snapshotEnd(t, b))
		}
		ends = append(ends, len(b))
	}
	fx.crash(fx.eng)
	b, _ := os.ReadFile(path)
	start := 0
	if at > 0 {
		start = ends[at-1]
	}
	b[start+(ends[at]-start)/2] ^= 0x5a
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	fx.up()
	return path, b
}

// snapshotEnd is where the first record of a journal ends.
func snapshotEnd(t *testing.T, b []byte) int {
	_, size, ok := readFrame(b, 0)
	if !ok {
		t.Fatal("no first record")
	}
	return int(size)
}

// TestDamagedRecordIsSkippedAndReported: one flipped byte in the middle of
// a journal loses only the record it is in: the edits after it are
// replayed, the file as it was is kept beside it as *.corrupt, and the
// recovery (what came back, what not, where the copy is) is reported by
// Unsynced, once.
func TestDamagedRecordIsSkippedAndReported(t *testing.T) {
	fx := parallelFixture(t)
	id := fx.create(draft)
	path, damaged := damagedJournal(t, fx, id, 2) // the edit "two"
	fx.eng = fx.open()
	ls, err := fx.eng.Unsynced(context.Background())
	if len(ls) != 1 || nameOf(ls[0].Campaign) != "three" {
		t.Fatalf("unsynced after the damage: %+v", ls)
	}
	var rec Recovery
	if !errors.As(err, &rec) || !rec.Recovered || rec.Lost != 1 || rec.ID != id {
		t.Fatalf("recovery not reported: %v", err)
	}
	kept, rerr := os.ReadFile(rec.Kept)
	if rerr != nil || string(kept) != string(damaged) || !strings.HasSuffix(rec.Kept, ".corrupt") {
		t.Fatalf("the damaged journal was not kept as it was at %q: %v", rec.Kept, rerr)
	}
	for _, want := range []string{id, "1 lost", rec.Kept} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the report does not say %q: %v", want, err)
		}
	}
	if r, _ := readJournal(path); r.hurt() || nameOf(r.working) != "three" {
		t.Errorf("the journal was not rewritten whole: %+v", r)
	}
	if _, err := fx.eng.Unsynced(context.Background()); err != nil {
		t.Errorf("reported twice: %v", err)
	}
	if ids, _ := fx.eng.Journaled(); len(ids) != 1 {
		t.Errorf("journals listed: %v (the kept copy is not one)", ids)
	}
}

// TestDamagedSnapshotKeepsTheFile: a flipped byte in the snapshot leaves
// no base for the edits: the draft is read from the service again, but the
// journal is kept as *.corrupt and the loss is reported, not silent.
func TestDamagedSnapshotKeepsTheFile(t *testing.T) {
	fx := parallelFixture(t)
	id := fx.create(draft)
	_, damaged := damagedJournal(t, fx, id, 0)
	fx.eng = fx.open()
	ls, err := fx.eng.Unsynced(context.Background())
	if len(ls) != 0 {
		t.Fatalf("unsynced: %+v", ls)
	}
	var rec Recovery
	if !errors.As(err, &rec) || rec.Recovered || rec.ID != id {
		t.Fatalf("loss not reported: %v", err)
	}
	if kept, _ := os.ReadFile(rec.Kept); string(kept) != string(damaged) {
		t.Errorf("the damaged journal was not kept")
	}
	if w := fx.load(id); nameOf(w) != "Spring sale" {
		t.Errorf("loaded %q from the service", nameOf(w))
	}
}

// TestTornTailIsCutSilently: a last record cut short (a crash while it was
// written) is the expected end of a crash: cut off, nothing kept, no report.
func TestTornTailIsCutSilently(t *testing.T) {
	fx := parallelFixture(t)
	id := fx.loaded()
	fx.down()
	fx.edit(id, setName("one"))
	path := journalPath(fx.dir, id)
	before, _ := os.ReadFile(path)
	fx.edit(id, setName("two"))
	fx.crash(fx.eng)
	b, _ := os.ReadFile(path)
	os.WriteFile(path, b[:len(before)+(len(b)-len(before))/2], 0o600)
	fx.up()
	fx.eng = fx.open()
	ls, err := fx.eng.Unsynced(context.Background())
	if err != nil || len(ls) != 1 || nameOf(ls[0].Campaign) != "one" {
		t.Fatalf("torn tail: %+v %v", ls, err)
	}
	if after, _ := os.ReadFile(path); len(after) != len(before) {
		t.Errorf("the torn record was not cut: %d bytes, want %d", len(after), len(before))
	}
	if _, err := os.Stat(path + ".corrupt"); err == nil {
		t.Errorf("a torn tail was kept as damage")
	}
}
