package sandbox

// Idempotency records and create-request ids.

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

func (s *sqliteStore) Idem(ctx context.Context, scope string) (*Idem, error) {
	i, err := scanIdem(s.idemRead.QueryRowContext(ctx, scope))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return i, err
}

const idemSQL = "SELECT scope, workspace, body_hash, status, header, body, dropped, created FROM idem WHERE scope = ?"

func scanIdem(sc scanner) (*Idem, error) {
	var i Idem
	var created int64
	if err := sc.Scan(&i.Scope, &i.Workspace, &i.BodyHash, &i.Status, &i.Header, &i.Body, &i.Dropped, &created); err != nil {
		return nil, err
	}
	i.Created = time.UnixMicro(created).UTC()
	return &i, nil
}

func (s *sqliteStore) Idempotent(ctx context.Context, since time.Time) ([]Idem, error) {
	rows, err := s.read.QueryContext(ctx, "SELECT scope, workspace, body_hash, status, header, body, dropped, created FROM idem WHERE created >= ?", since.UnixMicro())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Idem
	for rows.Next() {
		i, err := scanIdem(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *i)
	}
	return out, rows.Err()
}

func (s *sqliteStore) IdemUsage(ctx context.Context) (map[string]int64, error) {
	rows, err := s.read.QueryContext(ctx, "SELECT workspace, SUM(size) FROM idem WHERE dropped = 0 GROUP BY workspace")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]int64{}
	for rows.Next() {
		var ws string
		var n int64
		if err := rows.Scan(&ws, &n); err != nil {
			return nil, err
		}
		out[ws] = n
	}
	return out, rows.Err()
}

// --- writes --------------------------------------------------------------

// The write statements, prepared on the writer's connection.

func (t *sqlTx) CreateRequestUntil(workspace, requestID string) (time.Time, error) {
	var until int64
	err := t.stmt(sqlCreateUntil).QueryRow(workspace, requestID).Scan(&until)
	if errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, nil
	}
	return time.UnixMicro(until).UTC(), err
}

func (t *sqlTx) RememberCreateRequest(workspace, requestID string, until time.Time) error {
	return t.exec(sqlRemember, workspace, requestID, until.UnixMicro())
}

func (t *sqlTx) PutIdem(i Idem, expiredBefore time.Time) error {
	res, err := t.stmt(sqlPutIdem).Exec(i.Scope, i.Workspace, i.BodyHash, i.Status, i.Header, i.Body, len(i.Body), i.Created.UnixMicro(), expiredBefore.UnixMicro())
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return errIdemTaken
	}
	if err == nil && i.Dropped {
		_, err = t.tx.Exec("UPDATE idem SET body = NULL, size = 0, dropped = 1 WHERE scope = ?", i.Scope)
	}
	return err
}

func (t *sqlTx) DropIdemBodies(workspace string, quota int64) (int, int64, error) {
	var kept int64
	if err := t.tx.QueryRow("SELECT COALESCE(SUM(size), 0) FROM idem WHERE workspace = ? AND dropped = 0", workspace).Scan(&kept); err != nil {
		return 0, 0, err
	}
	if kept <= quota {
		return 0, kept, nil
	}
	// The oldest first (decisions.md §6), refusals before successes: a
	// refusal's replay keeps its status, while a lost create answer is what
	// makes a retry duplicate, so a flood of refused requests costs only
	// refusals. (Answers are small since the 100-detail cap, and one over
	// 1 MiB keeps no body from the start.)
	rows, err := t.tx.Query("SELECT rowid, size FROM idem WHERE workspace = ? AND dropped = 0 ORDER BY status < 400, created, rowid", workspace)
	if err != nil {
		return 0, 0, err
	}
	var drop []int64
	for rows.Next() && kept > quota {
		var id, size int64
		if err := rows.Scan(&id, &size); err != nil {
			rows.Close()
			return 0, 0, err
		}
		drop = append(drop, id)
		kept -= size
	}
	if err := rows.Close(); err != nil {
		return 0, 0, err
	}
	for _, id := range drop {
		if _, err := t.tx.Exec("UPDATE idem SET body = NULL, size = 0, dropped = 1 WHERE rowid = ?", id); err != nil {
			return 0, 0, err
		}
	}
	return len(drop), kept, nil
}

func (t *sqlTx) PruneIdem(before time.Time) error {
	if _, err := t.tx.Exec("DELETE FROM idem WHERE created < ?", before.UnixMicro()); err != nil {
		return err
	}
	_, err := t.tx.Exec("DELETE FROM create_requests WHERE until < ?", before.UnixMicro())
	return err
}
