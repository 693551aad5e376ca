package sandbox

// Writes of campaigns inside the writer's transaction.

import (
	"database/sql"
	"encoding/json"
	"errors"
	"strings"
)

const (
	sqlUnlatest = "UPDATE campaigns SET latest = 0, next_at = NULL WHERE workspace = ? AND campaign_id = ? AND id <> ? AND latest = 1"
	sqlPut      = "INSERT INTO campaigns (" + recordColumns + ", tags) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"
	sqlTagsOf   = "SELECT tags FROM campaigns WHERE workspace = ? AND id = ?"
	// Only the columns an edit or a state change can change, so that SQLite
	// leaves the indexes on the others alone.
	sqlUpdate = "UPDATE campaigns SET latest = ?, status = ?, name_lower = ?, updated_at = ?, next_at = ?, doc = ?, tags = ?, rev = rev + 1 WHERE workspace = ? AND id = ?"
	sqlNewest = "SELECT id, rev FROM campaigns WHERE workspace = ? AND campaign_id = ? AND latest = 1"
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

var writeSQL = []string{latestSQL, sqlNewest, sqlReplace, sqlReplaceDoc, sqlUnlatest, sqlPut, sqlTagsOf, sqlUpdate, sqlDeleteTags, sqlInsertTag, sqlCreateUntil, sqlRemember, sqlPutIdem, sqlAddOutbox, sqlSavepoint, sqlRollbackTo, sqlRelease}

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

func (t *sqlTx) Newest(workspace, campaignID string) (id string, rev int64, err error) {
	err = t.stmt(sqlNewest).QueryRow(workspace, campaignID).Scan(&id, &rev)
	if errors.Is(err, sql.ErrNoRows) {
		err = ErrNotFound
	}
	return id, rev, err
}

func (t *sqlTx) Latest(workspace, campaignID string) (*Record, error) {
	r, err := scanRecord(t.stmt(latestSQL).QueryRow(workspace, workspace, campaignID, campaignID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	return r, err
}

func (t *sqlTx) Put(r *Record) error {
	var next any
	if !r.NextAt.IsZero() {
		next = r.NextAt.UnixMicro()
	}
	latest := 0
	if r.Latest {
		latest = 1
	}
	if r.Latest && r.Version > 1 {
		// Only one newest version per campaign.
		if err := t.exec(sqlUnlatest, r.Workspace, r.CampaignID, r.ID); err != nil {
			return err
		}
	}
	tags := strings.Join(r.Tags, "\x1f")
	var stored string
	err := t.stmt(sqlTagsOf).QueryRow(r.Workspace, r.ID).Scan(&stored)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		if err := t.exec(sqlPut, r.Workspace, r.ID, r.CampaignID, r.Version, latest, r.Status, r.Channel, r.DeliveryType,
			strings.ToLower(r.Name), r.CreatedBy, r.ParentID, r.FlowID, r.CreatedAt.UnixMicro(), r.UpdatedAt.UnixMicro(), next, r.Doc, tags); err != nil {
			return err
		}
	case err != nil:
		return err
	default:
		// Identity, channel, delivery type, creator and creation time never
		// change for a document.
		if err := t.exec(sqlUpdate, latest, r.Status, strings.ToLower(r.Name), r.UpdatedAt.UnixMicro(), next, r.Doc, tags, r.Workspace, r.ID); err != nil {
			return err
		}
		if stored == tags {
			return nil
		}
		if err := t.exec(sqlDeleteTags, r.Workspace, r.ID); err != nil {
			return err
		}
	}
	for _, tag := range r.Tags {
		if err := t.exec(sqlInsertTag, r.Workspace, r.ID, tag); err != nil {
			return err
		}
	}
	return nil
}

func (t *sqlTx) Replace(was, out *Record) error {
	if out.ID != was.ID || !out.Latest {
		// A new version: check, then insert.
		id, rev, err := t.Newest(was.Workspace, was.CampaignID)
		if err != nil {
			return err
		}
		if id != was.ID || rev != was.Rev {
			return errStale
		}
		return t.Put(out)
	}
	// The same document: one conditional UPDATE checks and writes.
	var next any
	if !out.NextAt.IsZero() {
		next = out.NextAt.UnixMicro()
	}
	tags := strings.Join(out.Tags, "\x1f")
	var res sql.Result
	var err error
	if out.Status == was.Status && out.NextAt.Equal(was.NextAt) {
		res, err = t.stmt(sqlReplaceDoc).Exec(strings.ToLower(out.Name), out.UpdatedAt.UnixMicro(), out.Doc, tags, out.Workspace, out.ID, was.Rev)
	} else {
		res, err = t.stmt(sqlReplace).Exec(out.Status, strings.ToLower(out.Name), out.UpdatedAt.UnixMicro(), next, out.Doc, tags, out.Workspace, out.ID, was.Rev)
	}
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		if err != nil {
			return err
		}
		return errStale
	}
	if tags == strings.Join(was.Tags, "\x1f") {
		return nil
	}
	if err := t.exec(sqlDeleteTags, out.Workspace, out.ID); err != nil {
		return err
	}
	for _, tag := range out.Tags {
		if err := t.exec(sqlInsertTag, out.Workspace, out.ID, tag); err != nil {
			return err
		}
	}
	return nil
}

func (t *sqlTx) AddOutbox(m OutboxMessage) error {
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	return t.exec(sqlAddOutbox, m.Workspace, m.At.UnixMicro(), b)
}

func (t *sqlTx) Seeded(workspace string) (bool, error) {
	var n int
	err := t.tx.QueryRow("SELECT COUNT(*) FROM seeded WHERE workspace = ?", workspace).Scan(&n)
	return n > 0, err
}

func (t *sqlTx) MarkSeeded(workspace string) error {
	_, err := t.tx.Exec("INSERT OR IGNORE INTO seeded (workspace) VALUES (?)", workspace)
	return err
}

func (t *sqlTx) DropWorkspace(workspace string) error {
	for _, q := range []string{
		"DELETE FROM campaigns WHERE workspace = ?",
		"DELETE FROM campaign_tags WHERE workspace = ?",
		"DELETE FROM create_requests WHERE workspace = ?",
		"DELETE FROM outbox WHERE workspace = ?",
		"DELETE FROM seeded WHERE workspace = ?",
		"DELETE FROM idem WHERE workspace = ?",
	} {
		if _, err := t.tx.Exec(q, workspace); err != nil {
			return err
		}
	}
	return nil
}
