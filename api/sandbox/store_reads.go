package sandbox

// The reads both stores share: the same SQL (written with ? placeholders;
// the PostgreSQL store numbers them, store_pg_sql.go) and the same scans.

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strings"
	"time"
)

// rowReader is a store as the shared reads use it.
type rowReader interface {
	query(ctx context.Context, q string, args ...any) (rowsIter, error)
	queryRow(ctx context.Context, q string, args ...any) scanner
}

// rowsIter is a result set: database/sql's and pgx's rows alike.
type rowsIter interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
	Close()
}

type scanner interface{ Scan(...any) error }

// selectColumns are what scanRecord reads.
const selectColumns = recordColumns + ", rev, tags"

const recordColumns = `workspace, id, campaign_id, version, latest, status, channel, delivery_type,
	name_lower, created_by, parent_id, flow_id, created_at, updated_at, next_at, doc`

func scanRecord(sc scanner) (*Record, error) {
	var r Record
	var latest int
	var created, updated int64
	var next sql.NullInt64
	var nameLower string // the search column; the name itself is in the document
	var tags string
	if err := sc.Scan(&r.Workspace, &r.ID, &r.CampaignID, &r.Version, &latest, &r.Status, &r.Channel,
		&r.DeliveryType, &nameLower, &r.CreatedBy, &r.ParentID, &r.FlowID, &created, &updated, &next, &r.Doc, &r.Rev, &tags); err != nil {
		return nil, err
	}
	if tags != "" {
		r.Tags = strings.Split(tags, "\x1f")
	}
	r.Latest = latest == 1
	r.CreatedAt = time.UnixMicro(created).UTC()
	r.UpdatedAt = time.UnixMicro(updated).UTC()
	if next.Valid {
		r.NextAt = time.UnixMicro(next.Int64).UTC()
	}
	return &r, nil
}

// collect scans every row of a query.
func collect[T any](rd rowReader, ctx context.Context, scan func(scanner) (T, error), q string, args ...any) ([]T, error) {
	rows, err := rd.query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

const latestSQL = `SELECT ` + selectColumns + ` FROM campaigns
	WHERE workspace = ? AND campaign_id = (
		SELECT campaign_id FROM campaigns WHERE workspace = ? AND (campaign_id = ? OR id = ?) LIMIT 1)
	ORDER BY version DESC LIMIT 1`

func readLatest(rd rowReader, ctx context.Context, workspace, campaignID string) (*Record, error) {
	r, err := scanRecord(rd.queryRow(ctx, latestSQL, workspace, workspace, campaignID, campaignID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	return r, err
}

// searchSQL is the query of a search; ok is false when nothing can match.
func searchSQL(q Query) (query string, args []any, ok bool) {
	where := []string{"workspace = ?"}
	args = []any{q.Workspace}
	in := func(col string, vals []string) {
		if len(vals) == 0 {
			return
		}
		where = append(where, col+" IN ("+placeholders(len(vals))+")")
		for _, v := range vals {
			args = append(args, v)
		}
	}
	if len(q.IDs) > 0 {
		ph := placeholders(len(q.IDs))
		where = append(where, "(id IN ("+ph+") OR campaign_id IN ("+ph+"))")
		for range 2 {
			for _, v := range q.IDs {
				args = append(args, v)
			}
		}
	}
	in("channel", q.Channels)
	in("delivery_type", q.DeliveryTypes)
	in("created_by", q.CreatedBy)
	statuses := q.Statuses
	if len(statuses) == 0 {
		statuses = []string{"SCHEDULED", "ACTIVE", "SENDING", "PAUSED", "SENT", "STOPPED", "ARCHIVED"}
		if q.IncludeDrafts {
			statuses = append(statuses, "DRAFT")
		}
	}
	var keep []string
	for _, st := range statuses {
		if (st == "DRAFT" && !q.IncludeDrafts) || (st == "ARCHIVED" && !q.IncludeArchived) {
			continue
		}
		keep = append(keep, st)
	}
	if len(keep) == 0 {
		return "", nil, false
	}
	in("status", keep)
	if len(q.Tags) > 0 {
		where = append(where, "id IN (SELECT id FROM campaign_tags WHERE workspace = ? AND tag IN ("+placeholders(len(q.Tags))+"))")
		args = append(args, q.Workspace)
		for _, t := range q.Tags {
			args = append(args, t)
		}
	}
	if q.Name != "" {
		where = append(where, `name_lower LIKE ? ESCAPE '\'`)
		args = append(args, "%"+likeEscape(strings.ToLower(q.Name))+"%")
	}
	if !q.From.IsZero() {
		where = append(where, "created_at >= ?")
		args = append(args, q.From.UnixMicro())
	}
	if !q.To.IsZero() {
		where = append(where, "created_at <= ?")
		args = append(args, q.To.UnixMicro())
	}
	if q.Version != nil {
		where = append(where, "version = ?")
		args = append(args, *q.Version)
	}
	if !q.IncludeChildren {
		where = append(where, "parent_id = '' AND flow_id = ''")
	}
	if q.LatestOnly {
		where = append(where, "latest = 1")
	}
	// The page is picked by the rows' keys and only its rows are read
	// whole: sorting every match with its document (a few KiB each) to keep
	// 15 made a page of 2,000 campaigns cost 30 ms (BenchmarkSearchPage).
	const order = " ORDER BY created_at DESC, campaign_id, version DESC"
	query = "SELECT " + selectColumns + " FROM campaigns WHERE workspace = ? AND id IN (SELECT id FROM campaigns WHERE " +
		strings.Join(where, " AND ") + order + " LIMIT ? OFFSET ?)" + order
	return query, append(append([]any{q.Workspace}, args...), q.Limit, q.Offset), true
}

func placeholders(n int) string { return strings.TrimSuffix(strings.Repeat("?,", n), ",") }

func likeEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

func readSearch(rd rowReader, ctx context.Context, q Query) ([]*Record, error) {
	query, args, ok := searchSQL(q)
	if !ok {
		return nil, nil
	}
	return collect(rd, ctx, scanRecord, query, args...)
}

func readDue(rd rowReader, ctx context.Context, now time.Time) ([]*Record, error) {
	return collect(rd, ctx, scanRecord, "SELECT "+selectColumns+
		" FROM campaigns WHERE next_at IS NOT NULL AND latest = 1 AND next_at <= ? ORDER BY next_at LIMIT 500", now.UnixMicro())
}

func readCount(rd rowReader, ctx context.Context, workspace string) (int, error) {
	var n int
	err := rd.queryRow(ctx, "SELECT COUNT(*) FROM campaigns WHERE workspace = ?", workspace).Scan(&n)
	return n, err
}

// counted is one row of a GROUP BY count.
type counted struct {
	key string
	n   int64
}

func scanCounted(sc scanner) (counted, error) {
	var c counted
	err := sc.Scan(&c.key, &c.n)
	return c, err
}

func countMap(rows []counted, err error) (map[string]int64, error) {
	if err != nil {
		return nil, err
	}
	out := make(map[string]int64, len(rows))
	for _, c := range rows {
		out[c.key] = c.n
	}
	return out, nil
}

func readChildCounts(rd rowReader, ctx context.Context, workspace string, parentIDs []string) (map[string]int64, error) {
	if len(parentIDs) == 0 {
		return map[string]int64{}, nil
	}
	args := []any{workspace}
	for _, p := range parentIDs {
		args = append(args, p)
	}
	return countMap(collect(rd, ctx, scanCounted, "SELECT parent_id, COUNT(*) FROM campaigns WHERE workspace = ? AND parent_id IN ("+
		placeholders(len(parentIDs))+") AND latest = 1 GROUP BY parent_id", args...))
}

func readOutbox(rd rowReader, ctx context.Context, workspace string, after int64, limit int) ([]OutboxMessage, error) {
	out, err := collect(rd, ctx, func(sc scanner) (OutboxMessage, error) {
		var m OutboxMessage
		var seq int64
		var msg []byte
		if err := sc.Scan(&seq, &msg); err != nil {
			return m, err
		}
		if err := json.Unmarshal(msg, &m); err != nil {
			return m, err
		}
		m.Seq = seq
		return m, nil
	}, "SELECT seq, msg FROM outbox WHERE workspace = ? AND seq > ? ORDER BY seq LIMIT ?", workspace, after, limit)
	if out == nil && err == nil {
		out = []OutboxMessage{}
	}
	return out, err
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

func readIdem(rd rowReader, ctx context.Context, scope string) (*Idem, error) {
	i, err := scanIdem(rd.queryRow(ctx, idemSQL, scope))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return i, err
}

func readIdempotent(rd rowReader, ctx context.Context, since time.Time) ([]Idem, error) {
	return collect(rd, ctx, func(sc scanner) (Idem, error) {
		i, err := scanIdem(sc)
		if err != nil {
			return Idem{}, err
		}
		return *i, nil
	}, "SELECT scope, workspace, body_hash, status, header, body, dropped, created FROM idem WHERE created >= ?", since.UnixMicro())
}

func readIdemUsage(rd rowReader, ctx context.Context) (map[string]int64, error) {
	return countMap(collect(rd, ctx, scanCounted, "SELECT workspace, CAST(SUM(size) AS BIGINT) FROM idem WHERE "+sqlNotDropped+" GROUP BY workspace"))
}

// sqlNotDropped is written alike for SQLite's 0/1 and PostgreSQL's boolean.
const sqlNotDropped = "NOT dropped"
