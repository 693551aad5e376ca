package drafts

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"io"
	"os"

	"github.com/campaigns-cli/campaigns/model"
)

// replayed is what a journal file holds, read without changing it.
type replayed struct {
	base, working *model.Campaign
	sent          sentUnits

	records int   // records replayed
	lost    int   // records read but not replayed (an edit with no snapshot before it, a record that does not decode)
	damaged int   // stretches of bytes that are no record (a flipped bit, a bad sector), skipped
	skipped int64 // their bytes
	torn    int64 // bytes of a last record cut short (a crash while it was written)
	good    int64 // offset just past the last record read whole
}

// hurt reports a journal that lost something besides a torn last record:
// the file is then kept as *.corrupt and the loss reported.
func (r *replayed) hurt() bool { return r.damaged > 0 || r.lost > 0 }

// readFrame reads the record framed at off in data: its payload and length
// on disk, or ok false when no whole, intact frame starts there.
func readFrame(data []byte, off int64) (payload []byte, size int64, ok bool) {
	if int64(len(data))-off < 8 {
		return nil, 0, false
	}
	n := int64(binary.BigEndian.Uint32(data[off : off+4]))
	if n == 0 || n > maxRecord || int64(len(data))-off-8 < n {
		return nil, 0, false
	}
	payload = data[off+8 : off+8+n]
	if crc32.Checksum(payload, castagnoli) != binary.BigEndian.Uint32(data[off+4:off+8]) {
		return nil, 0, false
	}
	return payload, 8 + n, true
}

// nextFrame is the first offset after off where an intact frame starts, or
// -1. A false start needs a 32-bit checksum to match by chance.
func nextFrame(data []byte, off int64) int64 {
	for p := off + 1; p+8 < int64(len(data)); p++ {
		if _, _, ok := readFrame(data, p); ok {
			return p
		}
	}
	return -1
}

// isTorn reports a last record cut short: its header is whole or cut, and
// says it runs past the end of the file.
func isTorn(data []byte, off int64) bool {
	rest := int64(len(data)) - off
	if rest < 8 {
		return true
	}
	n := int64(binary.BigEndian.Uint32(data[off : off+4]))
	return n > 0 && n <= maxRecord && rest-8 < n
}

// readJournal replays the journal at path. Every intact record is replayed
// in order; a damaged stretch is skipped and replay resumes at the next
// intact record (edits are whole units, so the later ones still apply; a
// later snapshot restores everything). Edits that come before any intact
// snapshot cannot be applied and are counted as lost.
func readJournal(path string) (replayed, error) {
	var r replayed
	f, err := os.Open(path)
	if err != nil {
		return r, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return r, err
	}
	if st.Size() > 4*maxRecord {
		return r, fmt.Errorf("journal %s: %d bytes, more than a journal ever holds", path, st.Size())
	}
	data, err := io.ReadAll(f)
	if err != nil {
		return r, err
	}
	for off := int64(0); off < int64(len(data)); {
		payload, size, ok := readFrame(data, off)
		if !ok {
			next := nextFrame(data, off)
			if next < 0 {
				if isTorn(data, off) {
					r.torn = int64(len(data)) - off
				} else {
					r.damaged++
					r.skipped += int64(len(data)) - off
				}
				break
			}
			r.damaged++
			r.skipped += next - off
			off = next
			continue
		}
		if r.apply(payload) {
			r.records++
		} else {
			r.lost++
		}
		off += size
		r.good = off
	}
	return r, nil
}

// apply replays one record's payload; false when it cannot be.
func (r *replayed) apply(payload []byte) bool {
	var rec record
	if err := json.Unmarshal(payload, &rec); err != nil {
		return false
	}
	switch rec.T {
	case "snap":
		if rec.Base == nil {
			return false
		}
		r.base, r.working, r.sent = rec.Base, rec.Working, nil
		for u, vs := range rec.Sent {
			for _, v := range vs {
				r.sent = r.sent.add(u, v)
			}
		}
		if r.working == nil {
			r.working = model.Clone(r.base)
		}
		return true
	case "edit":
		if r.base == nil {
			return false
		}
		next := *r.working
		if err := applyUnits(&next, rec.Units); err != nil {
			return false
		}
		r.working = &next
		return true
	}
	return false
}

// replay reads the journal into base and working copy (tests and
// benchmarks): dropped is every byte not replayed.
func replay(path string) (base, working *model.Campaign, dropped int64, ok bool, err error) {
	r, err := readJournal(path)
	if err != nil {
		return nil, nil, 0, false, err
	}
	return r.base, r.working, r.skipped + r.torn, r.base != nil, nil
}
