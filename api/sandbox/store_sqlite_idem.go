package sandbox

// Idempotency records and create-request ids.

import "time"

func (t *sqlTx) CreateRequestUntil(workspace, requestID string) (time.Time, error) {
	return createRequestUntil(t, workspace, requestID)
}

func (t *sqlTx) RememberCreateRequest(workspace, requestID string, until time.Time) error {
	return t.exec(sqlRemember, workspace, requestID, until.UnixMicro())
}

func (t *sqlTx) PutIdem(i Idem, expiredBefore time.Time) error { return putIdem(t, i, expiredBefore) }

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

func (t *sqlTx) PruneIdem(before time.Time) error { return pruneIdem(t, before) }
