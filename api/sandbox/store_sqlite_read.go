package sandbox

// Reads of campaigns: the latest version, search, due schedules, outbox.

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strings"
	"time"
)

// --- reads ---------------------------------------------------------------

type scanner interface{ Scan(...any) error }

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

const latestSQL = `SELECT ` + selectColumns + ` FROM campaigns
	WHERE workspace = ? AND campaign_id = (
		SELECT campaign_id FROM campaigns WHERE workspace = ? AND (campaign_id = ? OR id = ?) LIMIT 1)
	ORDER BY version DESC LIMIT 1`

func (s *sqliteStore) Latest(ctx context.Context, workspace, campaignID string) (*Record, error) {
	r, err := scanRecord(s.latestRead.QueryRowContext(ctx, workspace, workspace, campaignID, campaignID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	return r, err
}

func (s *sqliteStore) Search(ctx context.Context, q Query) ([]*Record, error) {
	where := []string{"workspace = ?"}
	args := []any{q.Workspace}
	in := func(col string, vals []string) {
		if len(vals) == 0 {
			return
		}
		where = append(where, col+" IN ("+strings.TrimSuffix(strings.Repeat("?,", len(vals)), ",")+")")
		for _, v := range vals {
			args = append(args, v)
		}
	}
	if len(q.IDs) > 0 {
		ph := strings.TrimSuffix(strings.Repeat("?,", len(q.IDs)), ",")
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
		return nil, nil
	}
	in("status", keep)
	if len(q.Tags) > 0 {
		ph := strings.TrimSuffix(strings.Repeat("?,", len(q.Tags)), ",")
		where = append(where, "id IN (SELECT id FROM campaign_tags WHERE workspace = ? AND tag IN ("+ph+"))")
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
	query := "SELECT " + selectColumns + " FROM campaigns WHERE " + strings.Join(where, " AND ") +
		" ORDER BY created_at DESC, campaign_id, version DESC LIMIT ? OFFSET ?"
	args = append(args, q.Limit, q.Offset)
	rows, err := s.read.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*Record
	for rows.Next() {
		r, err := scanRecord(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

func likeEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

func (s *sqliteStore) Due(ctx context.Context, now time.Time) ([]*Record, error) {
	rows, err := s.read.QueryContext(ctx, "SELECT "+selectColumns+
		" FROM campaigns WHERE next_at IS NOT NULL AND latest = 1 AND next_at <= ? ORDER BY next_at LIMIT 500", now.UnixMicro())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*Record
	for rows.Next() {
		r, err := scanRecord(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

func (s *sqliteStore) Count(ctx context.Context, workspace string) (int, error) {
	var n int
	err := s.read.QueryRowContext(ctx, "SELECT COUNT(*) FROM campaigns WHERE workspace = ?", workspace).Scan(&n)
	return n, err
}

func (s *sqliteStore) ChildCounts(ctx context.Context, workspace string, parentIDs []string) (map[string]int64, error) {
	out := map[string]int64{}
	if len(parentIDs) == 0 {
		return out, nil
	}
	ph := strings.TrimSuffix(strings.Repeat("?,", len(parentIDs)), ",")
	args := []any{workspace}
	for _, p := range parentIDs {
		args = append(args, p)
	}
	rows, err := s.read.QueryContext(ctx, "SELECT parent_id, COUNT(*) FROM campaigns WHERE workspace = ? AND parent_id IN ("+ph+") AND latest = 1 GROUP BY parent_id", args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var p string
		var n int64
		if err := rows.Scan(&p, &n); err != nil {
			return nil, err
		}
		out[p] = n
	}
	return out, rows.Err()
}

func (s *sqliteStore) Outbox(ctx context.Context, workspace string, after int64, limit int) ([]OutboxMessage, error) {
	rows, err := s.read.QueryContext(ctx, "SELECT seq, msg FROM outbox WHERE workspace = ? AND seq > ? ORDER BY seq LIMIT ?", workspace, after, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []OutboxMessage{}
	for rows.Next() {
		var seq int64
		var msg []byte
		if err := rows.Scan(&seq, &msg); err != nil {
			return nil, err
		}
		var m OutboxMessage
		if err := json.Unmarshal(msg, &m); err != nil {
			return nil, err
		}
		m.Seq = seq
		out = append(out, m)
	}
	return out, rows.Err()
}
