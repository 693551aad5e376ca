package sandbox

// Writes of campaigns inside the writer's transaction.

import (
	"context"
	"database/sql"
)

const (
	sqlUnlatest = "UPDATE campaigns SET latest = 0, next_at = NULL WHERE workspace = ? AND campaign_id = ? AND id <> ? AND latest = 1"
	sqlPut      = "INSERT INTO campaigns (" + recordColumns + ", tags) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"
	sqlTagsOf   = "SELECT tags FROM campaigns WHERE workspace = ? AND id = ?"
	// Only the columns an edit or a state change can change, so that SQLite
	// leaves the indexes on the others alone.
	sqlUpdate = "UPDATE campaigns SET latest = ?, status = ?, name_lower = ?, updated_at = ?, next_at = ?, doc = ?, tags = ?, rev = rev + 1 WHERE workspace = ? AND id = ?"
	// A new version retires the newest one only at the revision it was
	// read at: one statement checks and writes (errStale when 0 rows).
	sqlRetire = "UPDATE campaigns SET latest = 0, next_at = NULL WHERE workspace = ? AND id = ? AND rev = ? AND latest = 1"
	// An edit of the newest document, only at the revision it was read at.
	sqlReplace = "UPDATE campaigns SET status = ?, name_lower = ?, updated_at = ?, next_at = ?, doc = ?, tags = ?, rev = rev + 1 WHERE workspace = ? AND id = ? AND rev = ? AND latest = 1"
	// An edit that leaves status and next_at alone: SQLite then leaves the
	// status and due indexes alone too (it rewrites an index whose columns
	// are SET, changed or not), a page or two less to write per batch.
	sqlReplaceDoc  = "UPDATE campaigns SET name_lower = ?, updated_at = ?, doc = ?, tags = ?, rev = rev + 1 WHERE workspace = ? AND id = ? AND rev = ? AND latest = 1"
	sqlDeleteTags  = "DELETE FROM campaign_tags WHERE workspace = ? AND id = ?"
	sqlInsertTag   = "INSERT OR IGNORE INTO campaign_tags (workspace, id, tag) VALUES (?,?,?)"
	sqlCreateUntil = "SELECT until FROM create_requests WHERE workspace = ? AND request_id = ?"
	sqlRemember    = "INSERT OR REPLACE INTO create_requests (workspace, request_id, until) VALUES (?,?,?)"
	// An expired answer is replaced; a live one is left alone (0 changes).
	sqlPutIdem = `INSERT INTO idem (scope, workspace, body_hash, status, header, body, size, created) VALUES (?,?,?,?,?,?,?,?)
		ON CONFLICT (scope) DO UPDATE SET workspace = excluded.workspace, body_hash = excluded.body_hash, status = excluded.status,
		header = excluded.header, body = excluded.body, dropped = 0, size = excluded.size, created = excluded.created WHERE idem.created < ?`
	sqlAddOutbox  = "INSERT INTO outbox (workspace, at, msg) VALUES (?,?,?)"
	sqlSavepoint  = "SAVEPOINT op"
	sqlRollbackTo = "ROLLBACK TO op"
	sqlRelease    = "RELEASE op"
)

var writeSQL = []string{latestSQL, sqlRetire, sqlReplace, sqlReplaceDoc, sqlUnlatest, sqlPut, sqlTagsOf, sqlUpdate, sqlDeleteTags, sqlInsertTag, sqlCreateUntil, sqlRemember, sqlPutIdem, sqlAddOutbox, sqlSavepoint, sqlRollbackTo, sqlRelease}

type sqlTx struct {
	tx    *sql.Tx
	s     *sqliteStore
	stmts map[string]*sql.Stmt // bound to tx, made once per batch
}

// stmt is a prepared write statement bound to this transaction.
func (t *sqlTx) stmt(q string) *sql.Stmt {
	if st, ok := t.stmts[q]; ok {
		return st
	}
	st := t.tx.Stmt(t.s.w[q])
	if t.stmts == nil {
		t.stmts = map[string]*sql.Stmt{}
	}
	t.stmts[q] = st
	return st
}

func (t *sqlTx) exec(q string, args ...any) error {
	_, err := t.stmt(q).Exec(args...)
	return err
}

func (t *sqlTx) Latest(workspace, campaignID string) (*Record, error) {
	return readLatest(t, context.Background(), workspace, campaignID)
}

func (t *sqlTx) Put(r *Record) error            { return putRecord(t, r, true) }
func (t *sqlTx) Replace(was, out *Record) error { return replaceRecord(t, was, out) }

// execN and row are the statements of the writes both stores share
// (store_rows.go); the frequent ones are prepared (writeSQL).
func (t *sqlTx) execN(q string, args ...any) (int64, error) {
	var res sql.Result
	var err error
	if _, ok := t.s.w[q]; ok {
		res, err = t.stmt(q).Exec(args...)
	} else {
		res, err = t.tx.Exec(q, args...)
	}
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (t *sqlTx) row(q string, args ...any) scanner {
	if _, ok := t.s.w[q]; ok {
		return t.stmt(q).QueryRow(args...)
	}
	return t.tx.QueryRow(q, args...)
}

// query and queryRow let the shared reads run inside the transaction.
func (t *sqlTx) query(_ context.Context, q string, args ...any) (rowsIter, error) {
	rows, err := t.tx.Query(q, args...)
	if err != nil {
		return nil, err
	}
	return sqlRows{rows}, nil
}

func (t *sqlTx) queryRow(_ context.Context, q string, args ...any) scanner { return t.row(q, args...) }

func (t *sqlTx) AddOutbox(m OutboxMessage) error { return addOutbox(t, m) }

func (t *sqlTx) Seeded(workspace string) (bool, error) { return seeded(t, workspace) }
func (t *sqlTx) MarkSeeded(workspace string) error     { return markSeeded(t, workspace) }
func (t *sqlTx) DropWorkspace(workspace string) error  { return dropWorkspace(t, workspace) }
