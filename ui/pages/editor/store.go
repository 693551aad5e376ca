package editor

import (
	"context"
	gosync "sync"

	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// SyncState is the headline of the sync status line.
type SyncState int

const (
	Synced SyncState = iota
	Pending
	RateLimited
	Offline
	Failed
	Invalid
	Conflict
)

// SyncStatus is what the status line shows.
type SyncStatus struct {
	State     SyncState
	Pending   int
	Unsynced  int
	Invalid   map[string][]engine.Problem
	Conflicts []string
	// Text is the sync engine's own one-line summary.
	Text string
}

// ConflictInfo is one component changed both here and on the service.
type ConflictInfo struct {
	Component     string
	Local, Remote any
}

// Resolution answers a conflict.
type Resolution int

const (
	KeepMine Resolution = iota + 1
	TakeTheirs
	MergeByHand
)

// StoreEvent is something the sync engine reports about a campaign.
type StoreEvent struct {
	ID string
	// Status is the new status (always set).
	Status SyncStatus
	// Remote lists components the service changed that had no local edit:
	// the editor takes them from Working.
	Remote []string
	// Conflict is set when a new conflict appeared.
	Conflict bool
	Err      error
}

// Store is the sync engine as the editor uses it: api/sync behind an adapter
// (syncstore.go). The editor never talks to the service for edits itself.
type Store interface {
	// Load reads a campaign (the journal's unsynced edits included).
	Load(ctx context.Context, id string) error
	Working(id string) *model.Campaign
	Base(id string) *model.Campaign
	// Edit journals a change to the working copy before returning.
	Edit(id string, fn func(*model.Campaign)) error
	Flush(ctx context.Context, id string) error
	Status(id string) SyncStatus
	Conflicts(id string) []ConflictInfo
	Resolve(id, component string, r Resolution, merged any) error
	// Subscribe opens a feed of one campaign's events for one editor;
	// cancel ends it.
	Subscribe(id string) (events <-chan StoreEvent, cancel func())
}

// opQueue journals the editor's changes in order on its own goroutine, so a
// key press never waits for an fsync or a deep copy of a large campaign.
// Consecutive edits of the same field coalesce: only the latest text matters.
type opQueue struct {
	mu      gosync.Mutex
	cond    *gosync.Cond
	ops     []op
	busy    bool
	closed  bool
	results chan opResult
}

type op struct {
	key string // coalescing key ("" = never coalesce)
	run func() opResult
}

type opResult struct {
	err  error
	done any // optional message for the editor once the op ran
}

func newQueue() *opQueue {
	q := &opQueue{results: make(chan opResult, 64)}
	q.cond = gosync.NewCond(&q.mu)
	go q.loop()
	return q
}

func (q *opQueue) push(o op) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return
	}
	if n := len(q.ops); n > 0 && o.key != "" && q.ops[n-1].key == o.key {
		q.ops[n-1] = o
	} else {
		q.ops = append(q.ops, o)
	}
	q.cond.Signal()
}

func (q *opQueue) loop() {
	for {
		q.mu.Lock()
		for len(q.ops) == 0 && !q.closed {
			q.busy = false
			q.cond.Broadcast()
			q.cond.Wait()
		}
		if len(q.ops) == 0 && q.closed {
			q.busy = false
			q.cond.Broadcast()
			q.mu.Unlock()
			close(q.results)
			return
		}
		o := q.ops[0]
		q.ops = q.ops[1:]
		q.busy = true
		q.mu.Unlock()
		r := o.run()
		if r.err != nil || r.done != nil {
			q.results <- r
		}
	}
}

// drain waits until every queued op has run.
func (q *opQueue) drain() {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.ops) > 0 || q.busy {
		q.cond.Wait()
	}
}

// close runs what is queued, then stops.
func (q *opQueue) close() {
	q.mu.Lock()
	q.closed = true
	q.cond.Signal()
	q.mu.Unlock()
}
