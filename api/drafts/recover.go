package drafts

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"sync"

	"github.com/campaigns-cli/campaigns/api/ops"
)

// Recovery reports a journal that was damaged: what came back, what did
// not, and where the file is kept as it was.
type Recovery struct {
	ID   string // the campaign
	Kept string // the damaged journal, copied as it was (*.corrupt)
	// Recovered is false when no snapshot survived: the draft is read from
	// the service again and the journal's edits are only in Kept.
	Recovered bool
	Records   int   // records replayed
	Lost      int   // records skipped or that could not be applied
	Bytes     int64 // bytes of damage skipped
}

// Error makes a Recovery an error, so that it travels with Unsynced's.
func (r Recovery) Error() string {
	if !r.Recovered {
		return fmt.Sprintf("the journal of draft %s was damaged and nothing of it could be replayed (%d unreadable records, %d bytes); the draft is read from the service, and the journal is kept as it was in %s",
			r.ID, r.Lost, r.Bytes, r.Kept)
	}
	return fmt.Sprintf("the journal of draft %s was damaged: %d records replayed, %d lost (%d damaged bytes skipped); edits in the lost records may be missing; the journal is kept as it was in %s",
		r.ID, r.Records, r.Lost, r.Bytes, r.Kept)
}

// recoveries collects the reports of an engine until they are read.
type recoveries struct {
	mu   sync.Mutex
	list []Recovery
}

func (rs *recoveries) add(r Recovery) {
	rs.mu.Lock()
	rs.list = append(rs.list, r)
	rs.mu.Unlock()
}

// Recoveries returns the damaged journals found since the last call (each
// is reported once); Unsynced returns them in its error too.
func (e *Engine) Recoveries() []Recovery {
	e.recovered.mu.Lock()
	defer e.recovered.mu.Unlock()
	out := e.recovered.list
	e.recovered.list = nil
	return out
}

func recoveryErrors(rs []Recovery) error {
	errs := make([]error, len(rs))
	for i, r := range rs {
		errs[i] = r
	}
	return errors.Join(errs...)
}

// keepCorrupt copies the journal at path, as it is, to a new *.corrupt
// file beside it, and returns that file's path.
func keepCorrupt(path string) (string, error) {
	src, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer src.Close()
	for n := 1; ; n++ {
		kept := path + ".corrupt"
		if n > 1 {
			kept = path + "." + strconv.Itoa(n) + ".corrupt"
		}
		dst, err := os.OpenFile(kept, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, os.ErrExist) {
			continue
		}
		if err != nil {
			return "", err
		}
		_, err = io.Copy(dst, src)
		if err == nil {
			err = dst.Sync()
		}
		if cerr := dst.Close(); err == nil {
			err = cerr
		}
		return kept, err
	}
}

// replayJournal loads campaign id from its journal j: nil when no snapshot
// survived (the caller reads the service). A damaged journal is first kept
// as *.corrupt, then rewritten as one snapshot of what was recovered, and
// the recovery reported; a torn last record is cut off as before.
func (e *Engine) replayJournal(id string, j *journal) (*campaign, error) {
	r, err := readJournal(j.path)
	if err != nil {
		return nil, fmt.Errorf("sync: replaying the journal of %s: %w", id, err)
	}
	if r.hurt() {
		kept, err := keepCorrupt(j.path)
		if err != nil {
			return nil, fmt.Errorf("sync: keeping the damaged journal of %s: %w", id, err)
		}
		e.recovered.add(Recovery{ID: id, Kept: kept, Recovered: r.base != nil, Records: r.records, Lost: r.lost + r.damaged, Bytes: r.skipped})
	}
	if r.base == nil {
		// No snapshot: no edit can be replayed (a torn first snapshot
		// after a crash, or a damaged one, kept above).
		return nil, j.remove()
	}
	switch {
	case r.hurt():
		snap := snapOf(r.base, r.working)
		for u, vs := range r.sent {
			for _, v := range vs {
				if snap.Sent == nil {
					snap.Sent = map[string][]json.RawMessage{}
				}
				snap.Sent[u] = append(snap.Sent[u], v)
			}
		}
		b, err := frame(snap)
		if err == nil {
			err = j.rewriteFramed(b)
		}
		if err != nil {
			return nil, fmt.Errorf("sync: rewriting the recovered journal of %s: %w", id, err)
		}
	case r.torn > 0:
		if err := truncateSync(j.path, r.good); err != nil {
			return nil, err
		}
	}
	// A journal of an older version may hold the read form.
	base := ops.RequestForm(r.base, nil)
	working := ops.RequestForm(r.working, base)
	c, fresh := e.register(id, base, working, j)
	if fresh {
		c.mu.Lock()
		c.journaled, c.sent = c.workJSON(), r.sent
		e.publishLocked(c)
		c.retry = e.clock.AfterFunc(0, func() { e.runFlush(c) })
		c.mu.Unlock()
	}
	return c, nil
}

// truncateSync cuts the file at path to size, durably.
func truncateSync(path string, size int64) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := f.Truncate(size); err != nil {
		return err
	}
	return f.Sync()
}
