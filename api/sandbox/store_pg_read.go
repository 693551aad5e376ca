package sandbox

import (
	"context"
	"time"
)

// Reads on PostgreSQL: the shared reads (store_reads.go), each under the
// store's deadline.

func (s *pgStore) read(ctx context.Context) (rowReader, context.Context, context.CancelFunc) {
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	return pgReader{s}, ctx, cancel
}

// closedRow is the answer of a read on a closed store: errClosed (a 500),
// not the pool's error, which would read as an unreachable database.
type closedRow struct{}

func (closedRow) Scan(...any) error { return errClosed }

func (s *pgStore) Latest(ctx context.Context, workspace, campaignID string) (*Record, error) {
	rd, ctx, cancel := s.read(ctx)
	defer cancel()
	return readLatest(rd, ctx, workspace, campaignID)
}

func (s *pgStore) Search(ctx context.Context, q Query) ([]*Record, error) {
	rd, ctx, cancel := s.read(ctx)
	defer cancel()
	return readSearch(rd, ctx, q)
}

func (s *pgStore) Due(ctx context.Context, now time.Time) ([]*Record, error) {
	rd, ctx, cancel := s.read(ctx)
	defer cancel()
	return readDue(rd, ctx, now)
}

func (s *pgStore) Count(ctx context.Context, workspace string) (int, error) {
	rd, ctx, cancel := s.read(ctx)
	defer cancel()
	return readCount(rd, ctx, workspace)
}

func (s *pgStore) ChildCounts(ctx context.Context, workspace string, parentIDs []string) (map[string]int64, error) {
	rd, ctx, cancel := s.read(ctx)
	defer cancel()
	return readChildCounts(rd, ctx, workspace, parentIDs)
}

func (s *pgStore) Outbox(ctx context.Context, workspace string, after int64, limit int) ([]OutboxMessage, error) {
	rd, ctx, cancel := s.read(ctx)
	defer cancel()
	return readOutbox(rd, ctx, workspace, after, limit)
}

func (s *pgStore) Idem(ctx context.Context, scope string) (*Idem, error) {
	rd, ctx, cancel := s.read(ctx)
	defer cancel()
	return readIdem(rd, ctx, scope)
}

func (s *pgStore) Idempotent(ctx context.Context, since time.Time) ([]Idem, error) {
	rd, ctx, cancel := s.read(ctx)
	defer cancel()
	return readIdempotent(rd, ctx, since)
}

func (s *pgStore) IdemUsage(ctx context.Context) (map[string]int64, error) {
	rd, ctx, cancel := s.read(ctx)
	defer cancel()
	return readIdemUsage(rd, ctx)
}
