package drafts

import (
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"hash/crc32"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"

	"github.com/campaigns-cli/campaigns/model"
)

// The journal is one append-only file per campaign with unsynced local
// changes. Each record is framed as
//
//	uint32 length | uint32 CRC-32C of the payload | payload (JSON)
//
// so a record cut short by a crash (or a kill -9 mid-write) fails its length
// or checksum and is dropped on replay, with everything before it intact. A
// damaged record elsewhere (a flipped bit, a bad sector) is skipped and
// replay goes on with the records after it (journal_read.go): the file is
// first kept as it was, beside it as *.corrupt, and the loss reported.
// The first record is a snapshot of base and working copy; later records are
// edits (whole units) or newer snapshots. The committer appends the edits
// of a few milliseconds as one record with one fsync (commit.go). When the
// campaign is fully synced the file is removed.

const journalExt = ".journal"

// maxRecord bounds one record; campaigns are well under a MiB.
const maxRecord = 64 << 20

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

type record struct {
	T string `json:"t"` // "snap" or "edit"
	// snap
	Base    *model.Campaign `json:"base,omitempty"`
	Working *model.Campaign `json:"working,omitempty"` // absent: same as base
	// Sent holds units as last sent in a PATCH whose answer may be lost: the
	// service holding one of them holds our own edit, not someone else's.
	Sent map[string][]json.RawMessage `json:"sent,omitempty"`
	// edit: unit name → its whole new value (null removes it)
	Units map[string]json.RawMessage `json:"units,omitempty"`
}

type journal struct {
	path string
	f    *os.File // open for append once the file exists
}

var plainID = regexp.MustCompile(`^[A-Za-z0-9_-]{1,100}$`)

// journalPath names a campaign's file; ids that are not plain go hex so any
// id the service returns maps to a safe, unique file name.
func journalPath(dir, id string) string {
	name := id
	if !plainID.MatchString(id) {
		name = "x-" + hex.EncodeToString([]byte(id))
	}
	return filepath.Join(dir, name+journalExt)
}

// idOfJournal reverses journalPath for a file name.
func idOfJournal(name string) (string, bool) {
	name, ok := strings.CutSuffix(name, journalExt)
	if !ok {
		return "", false
	}
	if h, ok := strings.CutPrefix(name, "x-"); ok {
		b, err := hex.DecodeString(h)
		if err != nil {
			return "", false
		}
		return string(b), true
	}
	return name, plainID.MatchString(name)
}

func frame(r record) ([]byte, error) {
	payload, err := json.Marshal(r)
	if err != nil {
		return nil, err
	}
	buf := make([]byte, 8+len(payload))
	binary.BigEndian.PutUint32(buf[0:4], uint32(len(payload)))
	binary.BigEndian.PutUint32(buf[4:8], crc32.Checksum(payload, castagnoli))
	copy(buf[8:], payload)
	return buf, nil
}

// appendFramed writes one framed record and fsyncs it. The file must exist
// (rewriteFramed creates it).
func (j *journal) appendFramed(b []byte) error {
	if j.f == nil {
		f, err := os.OpenFile(j.path, os.O_WRONLY|os.O_APPEND, 0o600)
		if err != nil {
			return err
		}
		j.f = f
	}
	if _, err := j.f.Write(b); err != nil {
		return err
	}
	return j.f.Sync()
}

// rewriteFramed replaces the file with a single snapshot, atomically: a crash
// leaves either the old file or the new one, never a mix.
func (j *journal) rewriteFramed(b []byte) error {
	j.close()
	tmp := j.path + ".tmp"
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp, j.path); err != nil {
		return err
	}
	return syncDir(filepath.Dir(j.path))
}

// remove deletes the file: nothing is left that the service does not have.
func (j *journal) remove() error {
	j.close()
	err := os.Remove(j.path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	return syncDir(filepath.Dir(j.path))
}

func (j *journal) exists() bool {
	if j.f != nil {
		return true
	}
	_, err := os.Stat(j.path)
	return err == nil
}

func (j *journal) close() {
	if j.f != nil {
		j.f.Close()
		j.f = nil
	}
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	// Some file systems cannot fsync a directory; the rename is still atomic.
	if err := d.Sync(); err != nil && !errors.Is(err, syscall.EINVAL) && !errors.Is(err, os.ErrInvalid) {
		return err
	}
	return nil
}
