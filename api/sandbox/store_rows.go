package sandbox

// The campaign writes both stores share: the same statements (written for
// SQLite; the PostgreSQL store runs its own form of each, store_pg_sql.go)
// in the same order, so that both keep the same rows.

import (
	"database/sql"
	"encoding/json"
	"errors"
	"strings"
	"time"
)

// rowWriter is a store's transaction as the shared writes use it: a
// statement by its SQLite text.
type rowWriter interface {
	execN(q string, args ...any) (rows int64, err error)
	row(q string, args ...any) scanner
}

// putRecord inserts or replaces a document (by workspace and id); with
// unlatest, a newest version retires the campaign's other newest one.
func putRecord(w rowWriter, r *Record, unlatest bool) error {
	var next any
	if !r.NextAt.IsZero() {
		next = r.NextAt.UnixMicro()
	}
	latest := 0
	if r.Latest {
		latest = 1
	}
	if unlatest && r.Latest && r.Version > 1 {
		// Only one newest version per campaign.
		if _, err := w.execN(sqlUnlatest, r.Workspace, r.CampaignID, r.ID); err != nil {
			return err
		}
	}
	tags := strings.Join(r.Tags, "\x1f")
	var stored string
	err := w.row(sqlTagsOf, r.Workspace, r.ID).Scan(&stored)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		if _, err := w.execN(sqlPut, r.Workspace, r.ID, r.CampaignID, r.Version, latest, r.Status, r.Channel, r.DeliveryType,
			strings.ToLower(r.Name), r.CreatedBy, r.ParentID, r.FlowID, r.CreatedAt.UnixMicro(), r.UpdatedAt.UnixMicro(), next, r.Doc, tags); err != nil {
			return err
		}
	case err != nil:
		return err
	default:
		// Identity, channel, delivery type, creator and creation time never
		// change for a document.
		if _, err := w.execN(sqlUpdate, latest, r.Status, strings.ToLower(r.Name), r.UpdatedAt.UnixMicro(), next, r.Doc, tags, r.Workspace, r.ID); err != nil {
			return err
		}
		if stored == tags {
			return nil
		}
		if _, err := w.execN(sqlDeleteTags, r.Workspace, r.ID); err != nil {
			return err
		}
	}
	return insertTags(w, r)
}

func insertTags(w rowWriter, r *Record) error {
	for _, tag := range r.Tags {
		if _, err := w.execN(sqlInsertTag, r.Workspace, r.ID, tag); err != nil {
			return err
		}
	}
	return nil
}

// replaceRecord writes out over was (the newest version as read) only if was
// is still the newest version at the same revision, else errStale. Each
// check is the WHERE of the statement that writes, so it holds against a
// writer in another process too: on PostgreSQL the second of two writers
// waits for the first's row lock, then finds the revision moved on.
func replaceRecord(w rowWriter, was, out *Record) error {
	if out.ID != was.ID || !out.Latest {
		// A new version: retire the newest, then insert.
		n, err := w.execN(sqlRetire, was.Workspace, was.ID, was.Rev)
		if err != nil {
			return err
		}
		if n != 1 {
			return errStale
		}
		return putRecord(w, out, false)
	}
	// The same document: one conditional UPDATE checks and writes.
	var next any
	if !out.NextAt.IsZero() {
		next = out.NextAt.UnixMicro()
	}
	tags := strings.Join(out.Tags, "\x1f")
	var n int64
	var err error
	if out.Status == was.Status && out.NextAt.Equal(was.NextAt) {
		n, err = w.execN(sqlReplaceDoc, strings.ToLower(out.Name), out.UpdatedAt.UnixMicro(), out.Doc, tags, out.Workspace, out.ID, was.Rev)
	} else {
		n, err = w.execN(sqlReplace, out.Status, strings.ToLower(out.Name), out.UpdatedAt.UnixMicro(), next, out.Doc, tags, out.Workspace, out.ID, was.Rev)
	}
	if err != nil {
		return err
	}
	if n != 1 {
		return errStale
	}
	if tags == strings.Join(was.Tags, "\x1f") {
		return nil
	}
	if _, err := w.execN(sqlDeleteTags, out.Workspace, out.ID); err != nil {
		return err
	}
	return insertTags(w, out)
}

// createRequestUntil is when a create request_id becomes reusable (zero when
// it already is).
func createRequestUntil(w rowWriter, workspace, requestID string) (time.Time, error) {
	var until int64
	err := w.row(sqlCreateUntil, workspace, requestID).Scan(&until)
	if errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, nil
	}
	return time.UnixMicro(until).UTC(), err
}

// putIdem stores an answer; errIdemTaken when the scope has a live one.
func putIdem(w rowWriter, i Idem, expiredBefore time.Time) error {
	n, err := w.execN(sqlPutIdem, i.Scope, i.Workspace, i.BodyHash, i.Status, i.Header, i.Body, len(i.Body), i.Created.UnixMicro(), expiredBefore.UnixMicro())
	if err != nil {
		return err
	}
	if n == 0 {
		return errIdemTaken
	}
	if i.Dropped { // an answer over the cap is kept with its status only
		_, err = w.execN("UPDATE idem SET body = NULL, size = 0, dropped = ? WHERE scope = ?", true, i.Scope)
	}
	return err
}

func addOutbox(w rowWriter, m OutboxMessage) error {
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	_, err = w.execN(sqlAddOutbox, m.Workspace, m.At.UnixMicro(), b)
	return err
}

func pruneIdem(w rowWriter, before time.Time) error {
	if _, err := w.execN("DELETE FROM idem WHERE created < ?", before.UnixMicro()); err != nil {
		return err
	}
	_, err := w.execN("DELETE FROM create_requests WHERE until < ?", before.UnixMicro())
	return err
}

func seeded(w rowWriter, workspace string) (bool, error) {
	var n int
	err := w.row("SELECT COUNT(*) FROM seeded WHERE workspace = ?", workspace).Scan(&n)
	return n > 0, err
}

const sqlMarkSeeded = "INSERT OR IGNORE INTO seeded (workspace) VALUES (?)"

func markSeeded(w rowWriter, workspace string) error {
	_, err := w.execN(sqlMarkSeeded, workspace)
	return err
}

func dropWorkspace(w rowWriter, workspace string) error {
	for _, q := range []string{
		"DELETE FROM campaigns WHERE workspace = ?",
		"DELETE FROM campaign_tags WHERE workspace = ?",
		"DELETE FROM create_requests WHERE workspace = ?",
		"DELETE FROM outbox WHERE workspace = ?",
		"DELETE FROM seeded WHERE workspace = ?",
		"DELETE FROM idem WHERE workspace = ?",
	} {
		if _, err := w.execN(q, workspace); err != nil {
			return err
		}
	}
	return nil
}
