package sandbox

// Writes on PostgreSQL inside one transaction. Where a check and the write
// it guards cannot be one statement (a create request_id, seeding, the
// idempotency quota), the transaction first takes an advisory lock on what
// it checks, held until it ends, so that two instances take turns.

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
)

type pgTx struct {
	ctx context.Context
	tx  pgx.Tx
}

func (t *pgTx) execN(q string, args ...any) (int64, error) {
	tag, err := t.tx.Exec(t.ctx, pgSQL(q), args...)
	if err != nil {
		return 0, pgFail(err)
	}
	return tag.RowsAffected(), nil
}

func (t *pgTx) row(q string, args ...any) scanner {
	return pgRow{t.tx.QueryRow(t.ctx, pgSQL(q), args...)}
}

func (t *pgTx) query(ctx context.Context, q string, args ...any) (rowsIter, error) {
	rows, err := t.tx.Query(t.ctx, pgSQL(q), args...)
	if err != nil {
		return nil, pgFail(err)
	}
	return pgRows{rows}, nil
}

func (t *pgTx) queryRow(_ context.Context, q string, args ...any) scanner { return t.row(q, args...) }

// lock takes the transaction-level advisory lock of a name.
func (t *pgTx) lock(name string) error {
	_, err := t.execN("SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", name)
	return err
}

func (t *pgTx) Latest(workspace, campaignID string) (*Record, error) {
	return readLatest(t, t.ctx, workspace, campaignID)
}

func (t *pgTx) Put(r *Record) error            { return putRecord(t, r, true) }
func (t *pgTx) Replace(was, out *Record) error { return replaceRecord(t, was, out) }

// CreateRequestUntil locks the request_id until the transaction ends: a
// create with the same id on another instance waits, then sees this one's.
func (t *pgTx) CreateRequestUntil(workspace, requestID string) (time.Time, error) {
	if err := t.lock("create\n" + workspace + "\n" + requestID); err != nil {
		return time.Time{}, err
	}
	return createRequestUntil(t, workspace, requestID)
}

func (t *pgTx) RememberCreateRequest(workspace, requestID string, until time.Time) error {
	_, err := t.execN(sqlRemember, workspace, requestID, until.UnixMicro())
	return err
}

// PutIdem: a second instance storing the same scope waits on the unique
// index for the first one's transaction, then finds its answer there.
func (t *pgTx) PutIdem(i Idem, expiredBefore time.Time) error { return putIdem(t, i, expiredBefore) }

func (t *pgTx) DropIdemBodies(workspace string, quota int64) (int, int64, error) {
	if err := t.lock("idem-quota\n" + workspace); err != nil {
		return 0, 0, err
	}
	// As on SQLite: the oldest first, refusals before successes, until what
	// is kept fits: a body is kept when it and every one dropped after it
	// fit together.
	n, err := t.execN(`UPDATE idem SET body = NULL, size = 0, dropped = true WHERE id IN (
		SELECT id FROM (SELECT id, SUM(size) OVER (ORDER BY status < 400 DESC, created DESC, id DESC) AS newer
			FROM idem WHERE workspace = ? AND NOT dropped) k WHERE newer > ?)`, workspace, quota)
	if err != nil {
		return 0, 0, err
	}
	var kept int64
	if err := t.row("SELECT CAST(COALESCE(SUM(size), 0) AS BIGINT) FROM idem WHERE workspace = ? AND NOT dropped", workspace).Scan(&kept); err != nil {
		return 0, 0, err
	}
	return int(n), kept, nil
}

// PruneIdem also forgets rate-limit events older than any window (a day):
// a bucket nobody uses any more is never checked, which would drop them.
func (t *pgTx) PruneIdem(before time.Time) error {
	if err := pruneIdem(t, before); err != nil {
		return err
	}
	_, err := t.execN("DELETE FROM rate_events WHERE at < ?", before.UnixMicro())
	return err
}

func (t *pgTx) AddOutbox(m OutboxMessage) error { return addOutbox(t, m) }

// Seeded locks the workspace's seeding: instances starting together seed
// it once.
func (t *pgTx) Seeded(workspace string) (bool, error) {
	if err := t.lock("seed\n" + workspace); err != nil {
		return false, err
	}
	return seeded(t, workspace)
}

func (t *pgTx) MarkSeeded(workspace string) error { return markSeeded(t, workspace) }

func (t *pgTx) DropWorkspace(workspace string) error {
	if err := dropWorkspace(t, workspace); err != nil {
		return err
	}
	_, err := t.execN("DELETE FROM rate_events WHERE starts_with(bucket, ?)", workspace+"\n")
	return err
}
