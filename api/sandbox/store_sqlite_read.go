package sandbox

// Reads on SQLite: the shared reads (store_reads.go) on the read pool; the
// two every request makes are prepared once, the queries of many rows
// (searches, lists) once per shape.

import (
	"context"
	"database/sql"
	"sync"
	"time"
)

type sqliteReader struct{ s *sqliteStore }

func (r sqliteReader) query(ctx context.Context, q string, args ...any) (rowsIter, error) {
	var rows *sql.Rows
	var err error
	if st := r.s.stmts.get(r.s.read, q); st != nil {
		rows, err = st.QueryContext(ctx, args...)
	} else {
		rows, err = r.s.read.QueryContext(ctx, q, args...)
	}
	if err != nil {
		return nil, err
	}
	return sqlRows{rows}, nil
}

// maxStmts bounds the statements kept: a search's SQL depends on its
// filters (and on how many ids or tags it names), so the shapes are many
// but the ones a person's screens repeat are few.
const maxStmts = 64

// stmtCache keeps the read pool's statements by their SQL, prepared on
// first use: SQLite's parser costs a search more than its rows do.
type stmtCache struct {
	mu sync.Mutex
	m  map[string]*sql.Stmt
}

// get is the prepared statement for q, or nil once maxStmts are kept (or
// when q does not prepare: the query then says why).
func (c *stmtCache) get(db *sql.DB, q string) *sql.Stmt {
	c.mu.Lock()
	defer c.mu.Unlock()
	if st, ok := c.m[q]; ok {
		return st
	}
	if len(c.m) >= maxStmts {
		return nil
	}
	st, err := db.Prepare(q)
	if err != nil {
		return nil
	}
	if c.m == nil {
		c.m = map[string]*sql.Stmt{}
	}
	c.m[q] = st
	return st
}

func (c *stmtCache) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, st := range c.m {
		st.Close()
	}
	c.m = nil
}

func (r sqliteReader) queryRow(ctx context.Context, q string, args ...any) scanner {
	switch q {
	case latestSQL:
		return r.s.latestRead.QueryRowContext(ctx, args...)
	case idemSQL:
		return r.s.idemRead.QueryRowContext(ctx, args...)
	}
	return r.s.read.QueryRowContext(ctx, q, args...)
}

// sqlRows is database/sql's rows as a rowsIter.
type sqlRows struct{ *sql.Rows }

func (r sqlRows) Close() { _ = r.Rows.Close() }

func (s *sqliteStore) rd() rowReader { return sqliteReader{s} }

func (s *sqliteStore) Latest(ctx context.Context, workspace, campaignID string) (*Record, error) {
	return readLatest(s.rd(), ctx, workspace, campaignID)
}

func (s *sqliteStore) Search(ctx context.Context, q Query) ([]*Record, error) {
	return readSearch(s.rd(), ctx, q)
}

func (s *sqliteStore) Due(ctx context.Context, now time.Time) ([]*Record, error) {
	return readDue(s.rd(), ctx, now)
}

func (s *sqliteStore) Count(ctx context.Context, workspace string) (int, error) {
	return readCount(s.rd(), ctx, workspace)
}

func (s *sqliteStore) ChildCounts(ctx context.Context, workspace string, parentIDs []string) (map[string]int64, error) {
	return readChildCounts(s.rd(), ctx, workspace, parentIDs)
}

func (s *sqliteStore) Outbox(ctx context.Context, workspace string, after int64, limit int) ([]OutboxMessage, error) {
	return readOutbox(s.rd(), ctx, workspace, after, limit)
}

func (s *sqliteStore) Idem(ctx context.Context, scope string) (*Idem, error) {
	return readIdem(s.rd(), ctx, scope)
}

func (s *sqliteStore) Idempotent(ctx context.Context, since time.Time) ([]Idem, error) {
	return readIdempotent(s.rd(), ctx, since)
}

func (s *sqliteStore) IdemUsage(ctx context.Context) (map[string]int64, error) {
	return readIdemUsage(s.rd(), ctx)
}
