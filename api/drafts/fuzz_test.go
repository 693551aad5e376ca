package drafts

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/campaigns-cli/campaigns/model/fuzzseeds"

	"github.com/campaigns-cli/campaigns/model"
)

// validJournal is a snapshot and an edit as Edit writes them.
func validJournal(t testing.TB) []byte {
	name, other := "Spring sale", "Summer sale"
	base := &model.Campaign{BasicDetails: &model.BasicDetails{Name: &name}}
	snap, err := frame(snapOf(base, model.Clone(base)))
	if err != nil {
		t.Fatal(err)
	}
	edit, err := frame(record{T: "edit", Units: map[string]json.RawMessage{"basic_details": []byte(`{"name":` + strconv.Quote(other) + `}`)}})
	if err != nil {
		t.Fatal(err)
	}
	return append(snap, edit...)
}

// replayBytes writes data as a journal file and replays it, checking what
// holds for any file: no panic, the file left as it was (replay only
// reads; Load keeps a damaged file before it rewrites it), every byte
// either replayed or counted, and ok exactly when a snapshot survived.
func replayBytes(t *testing.T, dir string, data []byte) (base, working *model.Campaign, dropped int64, ok bool, err error) {
	t.Helper()
	path := filepath.Join(dir, "c"+journalExt)
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	base, working, dropped, ok, err = replay(path)
	after, rerr := os.ReadFile(path)
	if rerr != nil {
		t.Fatal(rerr)
	}
	if !bytes.Equal(after, data) {
		t.Fatalf("replay changed the journal on disk (%v)", err)
	}
	if err != nil {
		t.Fatalf("replay of %d bytes: %v", len(data), err)
	}
	if dropped < 0 || dropped > int64(len(data)) {
		t.Fatalf("dropped %d of %d bytes", dropped, len(data))
	}
	if ok != (base != nil) || (ok && working == nil) {
		t.Fatalf("ok %v with base %v working %v", ok, base != nil, working != nil)
	}
	return
}

// frameRaw frames any payload with a good length and checksum.
func frameRaw(payload []byte) []byte {
	buf := make([]byte, 8+len(payload))
	binary.BigEndian.PutUint32(buf[0:4], uint32(len(payload)))
	binary.BigEndian.PutUint32(buf[4:8], crc32.Checksum(payload, castagnoli))
	copy(buf[8:], payload)
	return buf
}

// FuzzJournalReplay reads arbitrary bytes three ways: as a whole journal
// file, as record payloads (split at newlines) behind good frames, and as
// damage between a valid journal and a later edit. Replay never panics,
// never changes the file, and damage loses none of the records around it.
func FuzzJournalReplay(f *testing.F) {
	fuzzseeds.Add(f, "FuzzJournalReplay")
	good := validJournal(f)
	dir := f.TempDir() // one file, rewritten by every run of this process
	f.Add(good)
	f.Add(good[:len(good)-3])
	f.Add([]byte(`{"t":"snap","base":{"basic_details":{"name":"x"}}}` + "\n" + `{"t":"edit","units":{"basic_details":null}}`))
	f.Add([]byte(`{"t":"edit","units":{"nope":1}}`))
	f.Add([]byte{0, 0, 0, 9, 1, 2, 3, 4, 'g', 'a', 'r', 'b', 'a', 'g', 'e'})
	damaged := slices.Clone(good) // issue 26: one flipped byte in the middle
	damaged[len(damaged)/3] ^= 0x40
	f.Add(damaged)
	later, err := frame(record{T: "edit", Units: map[string]json.RawMessage{"basic_details": []byte(`{"name":"Autumn sale"}`)}})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		replayBytes(t, dir, data)

		var framed []byte
		for p := range bytes.SplitSeq(data, []byte("\n")) {
			if len(p) > 0 {
				framed = append(framed, frameRaw(p)...)
			}
		}
		replayBytes(t, dir, framed)

		if containsRecord(data) {
			return // data may hold records of its own: nothing to compare
		}
		_, working, _, ok, _ := replayBytes(t, dir, append(append(slices.Clip(good), data...), later...))
		if !ok || nameOf(working) != "Autumn sale" {
			t.Fatalf("damage between records lost the edit after it: ok %v, name %q", ok, nameOf(working))
		}
	})
}

// containsRecord reports whether an intact frame starts anywhere in data.
func containsRecord(data []byte) bool {
	for i := range data {
		if startsWithRecord(data[i:]) {
			return true
		}
	}
	return false
}

// startsWithRecord reports whether data begins with a frame whose length and
// checksum are good.
func startsWithRecord(data []byte) bool {
	if len(data) < 8 {
		return false
	}
	n := binary.BigEndian.Uint32(data[0:4])
	if n == 0 || uint64(len(data)-8) < uint64(n) {
		return false
	}
	return crc32.Checksum(data[8:8+n], castagnoli) == binary.BigEndian.Uint32(data[4:8])
}
