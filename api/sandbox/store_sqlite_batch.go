package sandbox

// The single writer: queued writes are grouped into one transaction (a
// group commit) so that one fsync serves many requests.

import (
	"context"
	"fmt"
	"runtime"
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

// writer runs queued ops in batches: everything queued while the previous
// batch committed goes into the next transaction, each op inside its own
// savepoint so that one failing op leaves the others alone.
func (s *sqliteStore) writer() {
	defer close(s.done)
	const maxBatch = 256
	batch := make([]*writeOp, 0, maxBatch)
	last := 0
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
		// After a batch of several, writers are busy: yield a few times so
		// that those about to queue join this commit (one fsync for more
		// writes); a lone writer (the last batch was one op) waits for none.
		yields := 0
		if last > 1 {
			yields = 4
		}
	fill:
		for len(batch) < maxBatch {
			select {
			case op := <-s.ops:
				batch = append(batch, op)
			default:
				if yields == 0 {
					break fill
				}
				yields--
				runtime.Gosched()
			}
		}
		last = len(batch)
		s.runBatch(batch)
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
