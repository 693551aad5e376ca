package drafts

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"github.com/campaigns-cli/campaigns/model/fuzzseeds"
	"hash/crc32"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

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
// holds for any file: no panic, an error that names the journal and leaves
// the file as it was, and otherwise a file cut to exactly the prefix kept.
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
	if err != nil {
		if !strings.Contains(err.Error(), "journal") {
			t.Fatalf("error without the journal's name: %v", err)
		}
		if !bytes.Equal(after, data) {
			t.Fatalf("a journal replay refused was changed on disk: %v", err)
		}
		return
	}
	if dropped < 0 || int64(len(after)) != int64(len(data))-dropped || !bytes.HasPrefix(data, after) {
		t.Fatalf("dropped %d of %d bytes but the file holds %d", dropped, len(data), len(after))
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
// garbage after a valid journal. Replay never panics, keeps the longest valid
// prefix or says what is wrong, and garbage after complete records loses
// none of them.
func FuzzJournalReplay(f *testing.F) {
	fuzzseeds.Add(f, "FuzzJournalReplay")
	good := validJournal(f)
	dir := f.TempDir() // one file, rewritten by every run of this process
	f.Add(good)
	f.Add(good[:len(good)-3])
	f.Add([]byte(`{"t":"snap","base":{"basic_details":{"name":"x"}}}` + "\n" + `{"t":"edit","units":{"basic_details":null}}`))
	f.Add([]byte(`{"t":"edit","units":{"nope":1}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		replayBytes(t, dir, data)

		var framed []byte
		for p := range bytes.SplitSeq(data, []byte("\n")) {
			if len(p) > 0 {
				framed = append(framed, frameRaw(p)...)
			}
		}
		replayBytes(t, dir, framed)

		wantBase, wantWorking, _, _, err := replayBytes(t, dir, good)
		if err != nil {
			t.Fatal(err)
		}
		base, working, dropped, ok, err := replayBytes(t, dir, append(slices.Clip(good), data...))
		if err != nil || !ok {
			// Only a complete record in data can change the outcome.
			if startsWithRecord(data) {
				return
			}
			t.Fatalf("garbage after a valid journal: ok %v, %v", ok, err)
		}
		if dropped > int64(len(data)) {
			t.Fatalf("dropped %d bytes of a %d-byte tail: complete records lost", dropped, len(data))
		}
		if !startsWithRecord(data) && (!model.Equal(base, wantBase) || !model.Equal(working, wantWorking)) {
			t.Fatalf("garbage changed the replay:\n%s\n%s", model.Encode(working), model.Encode(wantWorking))
		}
	})
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
