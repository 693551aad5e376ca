package sandbox

// Reads on SQLite: the shared reads (store_reads.go) on the read pool; the
// two every request makes are prepared once.

import (
	"context"
	"database/sql"
	"time"
)

type sqliteReader struct{ s *sqliteStore }

func (r sqliteReader) query(ctx context.Context, q string, args ...any) (rowsIter, error) {
	rows, err := r.s.read.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	return sqlRows{rows}, nil
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
