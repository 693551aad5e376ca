package sandbox

// The single writer: queued writes are grouped into one transaction (a
// group commit) so that one fsync serves many requests.

import (
	"context"
	"fmt"
	"sync"
	"time"
)

func (s *sqliteStore) Update(ctx context.Context, fn func(Tx) error) error {
	wait, err := s.Queue(fn)
	if err != nil {
		return err
	}
	// The op runs even if ctx ends: a client that hangs up does not undo a
	// write the service has accepted.
	return wait()
}

func (s *sqliteStore) Queue(fn func(Tx) error) (wait func() error, err error) {
	op, err := s.enqueue(fn, true)
	if err != nil {
		return nil, err
	}
	return func() error { return <-op.err }, nil
}

func (s *sqliteStore) UpdateLater(fn func(Tx) error) {
	_, _ = s.enqueue(fn, false)
}

func (s *sqliteStore) enqueue(fn func(Tx) error, wait bool) (*writeOp, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.closed.Load() {
		return nil, errClosed
	}
	op := &writeOp{fn: fn, err: make(chan error, 1), wait: wait}
	s.ops <- op
	return op, nil
}

// Expect says that a write is on its way: a request is working out what it
// will queue. Until done is called (once it is queued, or will not come),
// the writer holds its next commit briefly for it.
func (s *sqliteStore) Expect() (done func()) {
	s.coming.Add(1)
	var once sync.Once
	return func() {
		once.Do(func() {
			if s.coming.Add(-1) == 0 {
				select { // wake a writer holding for nobody now
				case s.nudge <- struct{}{}:
				default:
				}
			}
		})
	}
}

// maxHold bounds how long the writer holds a commit for writes it expects:
// every op in the batch waits that long at most, to share one fsync with
// those that join it. On a busy machine clients take a millisecond or two
// to come back with their next write; a shorter hold commits without them
// and pays an fsync and a set of pages for a few writes each time
// (BenchmarkPatch: 7 writes per commit with 500µs, 13 with 2ms, and a
// quarter less CPU per PATCH).
const maxHold = 2 * time.Millisecond

// writer runs queued ops in batches, a leader/follower group commit: the
// first op of an idle writer starts a batch at once (unless other writes
// are being worked out right now, Expect); while it commits, the next
// ones queue and make the next batch. A busy writer (its last commit just
// ended) also holds a batch, up to maxHold, for as many writes as the last
// batch had: their clients are likely sending their next one. Under
// steady load the batches grow to the number of clients, one fsync and
// one set of pages for all of them; a lone client never waits.
func (s *sqliteStore) writer() {
	defer close(s.done)
	const maxBatch = 256
	batch := make([]*writeOp, 0, maxBatch)
	hold := time.NewTimer(time.Hour)
	hold.Stop()
	last, lastEnd := 0, time.Time{}
	for {
		var first *writeOp
		select {
		case first = <-s.ops:
		case <-s.stop:
			// Drain what was queued before Close.
			for {
				select {
				case op := <-s.ops:
					s.runBatch([]*writeOp{op})
				default:
					return
				}
			}
		}
		batch = append(batch[:0], first)
		start := time.Now()
		until := start.Add(maxHold)
		want := 0
		if start.Sub(lastEnd) < maxHold {
			want = last
		}
	fill:
		for len(batch) < maxBatch {
			select {
			case op := <-s.ops:
				batch = append(batch, op)
				continue
			default:
			}
			if s.coming.Load() <= 0 && len(batch) >= want {
				break
			}
			now := time.Now()
			if !now.Before(until) {
				break
			}
			hold.Reset(until.Sub(now))
			select {
			case op := <-s.ops:
				batch = append(batch, op)
			case <-s.nudge:
			case <-hold.C:
				break fill
			}
			hold.Stop()
		}
		s.runBatch(batch)
		last, lastEnd = len(batch), time.Now()
	}
}

func (s *sqliteStore) runBatch(batch []*writeOp) {
	// Most ops succeed: first the whole batch without savepoints (three
	// statements fewer per op); only if an op fails is it rolled back and
	// run again with each op in its own savepoint. Ops are functions of
	// the database, so running one twice is running it once.
	errs, ok := s.tryBatch(batch, false)
	if !ok {
		errs, _ = s.tryBatch(batch, true)
	}
	s.batches.Add(1)
	s.batched.Add(int64(len(batch)))
	for i, op := range batch {
		op.err <- errs[i]
	}
}

// tryBatch runs the batch in one transaction. Without savepoints it gives
// up at the first failing op that someone waits for (ok false, nothing
// written), except for a batch of one, whose failure is its answer.
func (s *sqliteStore) tryBatch(batch []*writeOp, savepoints bool) (errs []error, ok bool) {
	errs = make([]error, len(batch))
	fail := func(err error) ([]error, bool) {
		for i := range errs {
			if errs[i] == nil {
				errs[i] = err
			}
		}
		return errs, true
	}
	tx, err := s.write.Begin()
	if err != nil {
		return fail(err)
	}
	t := &sqlTx{tx: tx, s: s}
	for i, op := range batch {
		if !op.wait {
			// Nobody waits for these (trimming, pruning): a failure
			// costs only their own work, never the batch.
			errs[i] = safeRun(op.fn, t)
			continue
		}
		if !savepoints {
			if errs[i] = safeRun(op.fn, t); errs[i] != nil {
				_ = tx.Rollback()
				if len(batch) == 1 {
					return errs, true
				}
				return nil, false
			}
			continue
		}
		if err := t.exec(sqlSavepoint); err != nil {
			errs[i] = err
			continue
		}
		errs[i] = safeRun(op.fn, t)
		if errs[i] != nil {
			_ = t.exec(sqlRollbackTo)
		}
		if err := t.exec(sqlRelease); err != nil && errs[i] == nil {
			errs[i] = err
		}
	}
	if err := tx.Commit(); err != nil {
		return fail(err)
	}
	return errs, true
}

// safeRun keeps a panicking op from taking the writer (and every later
// write) down with it.
func safeRun(fn func(Tx) error, t Tx) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("sandbox: write panicked: %v", r)
		}
	}()
	return fn(t)
}
