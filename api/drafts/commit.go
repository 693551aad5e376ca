package drafts

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"slices"
	"strconv"
	"sync"
	"time"
)

// Group commit: Edit only changes memory; the committer gathers the edits
// of DefaultGroupWindow and writes them with one fsync per journal. A key
// press never waits for a disk, and a burst of typing costs one fsync per
// window instead of one per key.
const (
	// DefaultGroupWindow is how long the committer waits for more edits
	// after the first one before it writes.
	DefaultGroupWindow = 5 * time.Millisecond
	// DurabilityWindow bounds how long after Edit returns the edit is on
	// disk: the group window plus one append and fsync (≤ 10 ms in 178 to
	// 189 of 200 kills on a local disk), with room for a starved machine
	// (230 ms was the slowest seen, at a load of 10 to 16 on two cores). A crash or
	// kill loses at most the edits of this window before it.
	// TestKillLosesNothingOlderThanTheWindow checks it.
	DurabilityWindow = time.Second
)

type committer struct {
	mu      sync.Mutex
	pending map[*campaign]bool
	wake    chan struct{}
	quit    chan struct{}
	done    chan struct{}
}

func (cm *committer) start(e *Engine) {
	cm.pending = map[*campaign]bool{}
	cm.wake = make(chan struct{}, 1)
	cm.quit = make(chan struct{})
	cm.done = make(chan struct{})
	go cm.loop(e)
}

// schedule asks for c's edits to be written within the window.
func (cm *committer) schedule(c *campaign) {
	cm.mu.Lock()
	cm.pending[c] = true
	cm.mu.Unlock()
	select {
	case cm.wake <- struct{}{}:
	default:
	}
}

func (cm *committer) loop(e *Engine) {
	defer close(cm.done)
	for {
		select {
		case <-cm.wake:
		case <-cm.quit:
			return
		}
		// Real time, not the engine's Clock: this is about the disk.
		t := time.NewTimer(e.opts.GroupWindow)
		select {
		case <-t.C:
		case <-cm.quit:
			t.Stop()
			return
		}
		cm.mu.Lock()
		batch := cm.pending
		cm.pending = map[*campaign]bool{}
		cm.mu.Unlock()
		for c := range batch {
			e.commit(c)
			c.mu.Lock()
			// Edited since: that edit's own round publishes, so the status is
			// not computed (all units encoded) twice per round while typing.
			if c.wgen == c.gen {
				e.publishLocked(c)
			}
			c.mu.Unlock()
		}
	}
}

// stop ends the loop; Close then commits what is left itself.
func (cm *committer) stop() {
	select {
	case <-cm.quit:
	default:
		close(cm.quit)
	}
	<-cm.done
}

// commit brings c's journal up to date with memory: a new snapshot when
// the base changed (or no journal exists yet), else one record with the
// units edited since the last commit, or the file's removal when the
// service has everything. The record is built under c.mu, written after it
// is released, under c.jmu, so commits reach the file in the order built.
func (e *Engine) commit(c *campaign) error {
	c.jmu.Lock()
	defer c.jmu.Unlock()
	c.mu.Lock()
	w := c.workJSON()
	var (
		rec    record
		write  bool
		remove bool
	)
	switch {
	case c.needSnap || c.journaled == nil:
		if !e.anyDirtyLocked(c) {
			remove = c.journaled != nil || c.needSnap
		} else {
			rec, write = snapOf(c.base, c.working), true
			for u, vs := range c.sent {
				if rec.Sent == nil {
					rec.Sent = map[string][]json.RawMessage{}
				}
				for _, v := range vs {
					rec.Sent[u] = append(rec.Sent[u], v)
				}
			}
		}
	default:
		units := map[string]json.RawMessage{}
		for _, u := range Units {
			if !bytes.Equal(w[u], c.journaled[u]) {
				units[u] = w[u]
			}
		}
		if len(units) > 0 {
			rec, write = record{T: "edit", Units: units}, true
		}
	}
	if !write && !remove {
		c.mu.Unlock()
		return nil
	}
	var payload []byte
	var err error
	if write && rec.T == "snap" {
		payload, err = frame(rec) // encodes the working copy: under the lock
	}
	c.needSnap = false
	c.mu.Unlock()
	if write && rec.T == "edit" {
		payload = frameEdit(rec.Units) // unit JSON never changes: no lock
	}

	if err == nil {
		switch {
		case remove:
			err = c.j.remove()
		case rec.T == "snap":
			err = c.j.rewriteFramed(payload)
		default:
			err = c.j.appendFramed(payload)
		}
	}

	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case err != nil:
		// The file's state is unknown now: start over from a snapshot.
		c.journaled, c.needSnap, c.jerr = nil, true, err
		e.emitLocked(Event{ID: c.id, Kind: EventError, Err: err})
	case remove:
		c.journaled, c.jerr = nil, nil
	default:
		c.journaled, c.jerr = w, nil
	}
	return err
}

// anyDirtyLocked reports whether some unit differs from the base.
func (e *Engine) anyDirtyLocked(c *campaign) bool {
	w, b := c.workJSON(), c.baseJSON()
	for _, u := range Units {
		if !bytes.Equal(w[u], b[u]) {
			return true
		}
	}
	return false
}

// kill stops the loop without writing what is pending, as a killed process
// would (tests of crashes).
func (cm *committer) kill() {
	cm.mu.Lock()
	clear(cm.pending)
	cm.mu.Unlock()
	cm.stop()
}

// frameEdit frames an edit record like frame, without re-encoding the unit
// JSON (already canonical, from unitJSON).
func frameEdit(units map[string]json.RawMessage) []byte {
	names := make([]string, 0, len(units))
	n := 32
	for u, raw := range units {
		names = append(names, u)
		n += len(u) + len(raw) + 4
	}
	slices.Sort(names)
	p := make([]byte, 8, 8+n)
	p = append(p, `{"t":"edit","units":{`...)
	for i, u := range names {
		if i > 0 {
			p = append(p, ',')
		}
		p = strconv.AppendQuote(p, u)
		p = append(p, ':')
		p = append(p, units[u]...)
	}
	p = append(p, "}}"...)
	binary.BigEndian.PutUint32(p[0:4], uint32(len(p)-8))
	binary.BigEndian.PutUint32(p[4:8], crc32.Checksum(p[8:], castagnoli))
	return p
}
