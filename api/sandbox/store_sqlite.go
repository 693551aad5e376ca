package sandbox

// Every SQL statement of the sandbox lives in this file.

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver
)

const schema = `
CREATE TABLE IF NOT EXISTS campaigns (
	workspace     TEXT NOT NULL,
	id            TEXT NOT NULL,
	campaign_id   TEXT NOT NULL,
	version       INTEGER NOT NULL,
	latest        INTEGER NOT NULL,
	status        TEXT NOT NULL,
	channel       TEXT NOT NULL,
	delivery_type TEXT NOT NULL,
	name_lower    TEXT NOT NULL,
	created_by    TEXT NOT NULL,
	parent_id     TEXT NOT NULL DEFAULT '',
	flow_id       TEXT NOT NULL DEFAULT '',
	created_at    INTEGER NOT NULL, -- unix microseconds, UTC
	updated_at    INTEGER NOT NULL,
	next_at       INTEGER,          -- scheduler; NULL = nothing due
	doc           BLOB NOT NULL,
	tags          TEXT NOT NULL DEFAULT '', -- as in campaign_tags, joined by US (0x1f)
	rev           INTEGER NOT NULL DEFAULT 0, -- +1 on every update of the row
	PRIMARY KEY (workspace, id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS campaigns_cid     ON campaigns (workspace, campaign_id, version);
CREATE INDEX IF NOT EXISTS campaigns_status  ON campaigns (workspace, status, created_at);
CREATE INDEX IF NOT EXISTS campaigns_channel ON campaigns (workspace, channel, created_at);
CREATE INDEX IF NOT EXISTS campaigns_type    ON campaigns (workspace, delivery_type, created_at);
CREATE INDEX IF NOT EXISTS campaigns_creator ON campaigns (workspace, created_by, created_at);
CREATE INDEX IF NOT EXISTS campaigns_created ON campaigns (workspace, created_at);
CREATE INDEX IF NOT EXISTS campaigns_version ON campaigns (workspace, version);
CREATE INDEX IF NOT EXISTS campaigns_parent  ON campaigns (workspace, parent_id);
CREATE INDEX IF NOT EXISTS campaigns_due     ON campaigns (next_at) WHERE next_at IS NOT NULL AND latest = 1;

CREATE TABLE IF NOT EXISTS campaign_tags (
	workspace TEXT NOT NULL,
	id        TEXT NOT NULL,
	tag       TEXT NOT NULL,
	PRIMARY KEY (workspace, tag, id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS campaign_tags_id ON campaign_tags (workspace, id);

CREATE TABLE IF NOT EXISTS create_requests (
	workspace  TEXT NOT NULL,
	request_id TEXT NOT NULL,
	until      INTEGER NOT NULL,
	PRIMARY KEY (workspace, request_id)
) WITHOUT ROWID;

-- Stored answers of Idempotency-Keys, written in the transaction of the
-- write they answer. A rowid table: bodies run up to 1 MiB.
CREATE TABLE IF NOT EXISTS idem (
	scope     TEXT NOT NULL UNIQUE, -- workspace \n method path \n key
	workspace TEXT NOT NULL,
	body_hash TEXT NOT NULL,
	status    INTEGER NOT NULL,
	header    TEXT NOT NULL DEFAULT '',
	body      BLOB,
	dropped   INTEGER NOT NULL DEFAULT 0, -- 1: body dropped for the workspace's quota
	size      INTEGER NOT NULL,           -- bytes of body while kept
	created   INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS idem_ws      ON idem (workspace, created);
CREATE INDEX IF NOT EXISTS idem_created ON idem (created);

CREATE TABLE IF NOT EXISTS outbox (
	seq       INTEGER PRIMARY KEY AUTOINCREMENT,
	workspace TEXT NOT NULL,
	at        INTEGER NOT NULL,
	msg       BLOB NOT NULL
);
CREATE INDEX IF NOT EXISTS outbox_ws ON outbox (workspace, seq);

CREATE TABLE IF NOT EXISTS seeded (workspace TEXT PRIMARY KEY) WITHOUT ROWID;
`

// selectColumns are what scanRecord reads.
const selectColumns = recordColumns + ", rev, tags"

const recordColumns = `workspace, id, campaign_id, version, latest, status, channel, delivery_type,
	name_lower, created_by, parent_id, flow_id, created_at, updated_at, next_at, doc`

// sqliteStore is the Store on SQLite. One connection writes; a single
// goroutine runs every Update, many at a time in one transaction, so that one
// fsync makes a whole batch durable (group commit). Readers use their own
// connections (WAL lets them read while the writer writes).
type sqliteStore struct {
	read  *sql.DB
	write *sql.DB

	// Prepared once: SQLite's parser costs more than most statements here.
	latestRead *sql.Stmt
	idemRead   *sql.Stmt
	w          map[string]*sql.Stmt // write statements by their SQL

	ops    chan *writeOp
	stop   chan struct{}
	done   chan struct{}
	closed atomic.Bool
	mu     sync.RWMutex // held for reading while an op is queued, for writing by Close
}

type writeOp struct {
	fn   func(Tx) error
	err  chan error
	wait bool
}

var memSeq atomic.Int64

// openSQLite opens (and creates) the database in dir; "" is an in-memory
// database that is gone on Close.
func openSQLite(dir string) (*sqliteStore, error) {
	var dsn string
	mem := dir == ""
	if mem {
		// A named shared-cache memory database, so both pools see it.
		dsn = fmt.Sprintf("file:sandbox-mem-%d?mode=memory&cache=shared&_pragma=busy_timeout(10000)", memSeq.Add(1))
	} else {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return nil, fmt.Errorf("sandbox: data directory: %w", err)
		}
		path := filepath.Join(dir, "sandbox.db")
		// synchronous(FULL): a commit is on disk before Update returns.
		dsn = "file:" + path + "?_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)"
	}
	write, err := sql.Open("sqlite", dsn+"&_txlock=immediate")
	if err != nil {
		return nil, err
	}
	write.SetMaxOpenConns(1)
	write.SetMaxIdleConns(1)
	write.SetConnMaxLifetime(0)
	if _, err := write.Exec(schema); err != nil {
		write.Close()
		return nil, fmt.Errorf("sandbox: database schema: %w", err)
	}
	if err := migrate(write); err != nil {
		write.Close()
		return nil, fmt.Errorf("sandbox: database migration: %w", err)
	}
	read := write
	if !mem {
		read, err = sql.Open("sqlite", dsn+"&_pragma=query_only(1)")
		if err != nil {
			write.Close()
			return nil, err
		}
		read.SetMaxOpenConns(32)
		read.SetMaxIdleConns(32)
	}
	s := &sqliteStore{read: read, write: write, ops: make(chan *writeOp, 1024), stop: make(chan struct{}), done: make(chan struct{}),
		w: map[string]*sql.Stmt{}}
	if s.latestRead, err = read.Prepare(latestSQL); err != nil {
		s.closeDBs()
		return nil, err
	}
	if s.idemRead, err = read.Prepare(idemSQL); err != nil {
		s.closeDBs()
		return nil, err
	}
	for _, q := range writeSQL {
		st, err := write.Prepare(q)
		if err != nil {
			s.closeDBs()
			return nil, fmt.Errorf("sandbox: %w in %s", err, q)
		}
		s.w[q] = st
	}
	go s.writer()
	return s, nil
}

// migrate brings a database made by an older sandbox up to the schema.
func migrate(db *sql.DB) error {
	var n int
	if err := db.QueryRow("SELECT COUNT(*) FROM pragma_table_info('campaigns') WHERE name = 'tags'").Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		if _, err := db.Exec(`ALTER TABLE campaigns ADD COLUMN tags TEXT NOT NULL DEFAULT ''`); err != nil {
			return err
		}
	}
	if err := db.QueryRow("SELECT COUNT(*) FROM pragma_table_info('campaigns') WHERE name = 'rev'").Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		if _, err := db.Exec(`ALTER TABLE campaigns ADD COLUMN rev INTEGER NOT NULL DEFAULT 0`); err != nil {
			return err
		}
	}
	// The idempotency table of older sandboxes moves into idem.
	if err := db.QueryRow("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'idempotency'").Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		if _, err := db.Exec(`INSERT OR IGNORE INTO idem (scope, workspace, body_hash, status, body, size, created)
			SELECT scope, substr(scope, 1, instr(scope, char(10)) - 1), body_hash, status, body, length(body), created FROM idempotency;
			DROP TABLE idempotency`); err != nil {
			return err
		}
	}
	return nil
}

var errClosed = errors.New("sandbox: store closed")

var _ Store = (*sqliteStore)(nil)

func (s *sqliteStore) Update(ctx context.Context, fn func(Tx) error) error {
	return s.enqueue(ctx, fn, true)
}

func (s *sqliteStore) UpdateLater(fn func(Tx) error) {
	_ = s.enqueue(context.Background(), fn, false)
}

func (s *sqliteStore) enqueue(ctx context.Context, fn func(Tx) error, wait bool) error {
	s.mu.RLock()
	if s.closed.Load() {
		s.mu.RUnlock()
		return errClosed
	}
	op := &writeOp{fn: fn, err: make(chan error, 1), wait: wait}
	s.ops <- op
	s.mu.RUnlock()
	if !wait {
		return nil
	}
	// The op runs even if ctx ends: a client that hangs up does not undo a
	// write the service has accepted.
	return <-op.err
}

// writer runs queued ops in batches: everything queued while the previous
// batch committed goes into the next transaction, each op inside its own
// savepoint so that one failing op leaves the others alone.
func (s *sqliteStore) writer() {
	defer close(s.done)
	const maxBatch = 256
	batch := make([]*writeOp, 0, maxBatch)
	last := 0
	for {
		var first *writeOp
		select {
		case first = <-s.ops:
		case <-s.stop:
			// Drain what was queued before Close.
			for {
				select {
				case op := <-s.ops:
					s.runBatch([]*writeOp{op})
				default:
					return
				}
			}
		}
		batch = append(batch[:0], first)
		// After a batch of several, writers are busy: yield a few times so
		// that those about to queue join this commit (one fsync for more
		// writes); a lone writer (the last batch was one op) waits for none.
		yields := 0
		if last > 1 {
			yields = 4
		}
	fill:
		for len(batch) < maxBatch {
			select {
			case op := <-s.ops:
				batch = append(batch, op)
			default:
				if yields == 0 {
					break fill
				}
				yields--
				runtime.Gosched()
			}
		}
		last = len(batch)
		s.runBatch(batch)
	}
}

func (s *sqliteStore) runBatch(batch []*writeOp) {
	// Most ops succeed: first the whole batch without savepoints (three
	// statements fewer per op); only if an op fails is it rolled back and
	// run again with each op in its own savepoint. Ops are functions of
	// the database, so running one twice is running it once.
	errs, ok := s.tryBatch(batch, false)
	if !ok {
		errs, _ = s.tryBatch(batch, true)
	}
	for i, op := range batch {
		op.err <- errs[i]
	}
}

// tryBatch runs the batch in one transaction. Without savepoints it gives
// up at the first failing op that someone waits for (ok false, nothing
// written), except for a batch of one, whose failure is its answer.
func (s *sqliteStore) tryBatch(batch []*writeOp, savepoints bool) (errs []error, ok bool) {
	errs = make([]error, len(batch))
	fail := func(err error) ([]error, bool) {
		for i := range errs {
			if errs[i] == nil {
				errs[i] = err
			}
		}
		return errs, true
	}
	tx, err := s.write.Begin()
	if err != nil {
		return fail(err)
	}
	t := &sqlTx{tx: tx, s: s}
	for i, op := range batch {
		if !op.wait {
			// Nobody waits for these (trimming, pruning): a failure
			// costs only their own work, never the batch.
			errs[i] = safeRun(op.fn, t)
			continue
		}
		if !savepoints {
			if errs[i] = safeRun(op.fn, t); errs[i] != nil {
				_ = tx.Rollback()
				if len(batch) == 1 {
					return errs, true
				}
				return nil, false
			}
			continue
		}
		if err := t.exec(sqlSavepoint); err != nil {
			errs[i] = err
			continue
		}
		errs[i] = safeRun(op.fn, t)
		if errs[i] != nil {
			_ = t.exec(sqlRollbackTo)
		}
		if err := t.exec(sqlRelease); err != nil && errs[i] == nil {
			errs[i] = err
		}
	}
	if err := tx.Commit(); err != nil {
		return fail(err)
	}
	return errs, true
}

// safeRun keeps a panicking op from taking the writer (and every later
// write) down with it.
func safeRun(fn func(Tx) error, t Tx) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("sandbox: write panicked: %v", r)
		}
	}()
	return fn(t)
}

func (s *sqliteStore) Close() error {
	s.mu.Lock()
	if s.closed.Swap(true) {
		s.mu.Unlock()
		return nil
	}
	s.mu.Unlock()
	close(s.stop)
	<-s.done
	return s.closeDBs()
}

func (s *sqliteStore) closeDBs() error {
	if s.latestRead != nil {
		s.latestRead.Close()
	}
	if s.idemRead != nil {
		s.idemRead.Close()
	}
	for _, st := range s.w {
		st.Close()
	}
	var err error
	if s.read != s.write {
		err = s.read.Close()
	}
	if e := s.write.Close(); err == nil {
		err = e
	}
	return err
}

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
const (
	sqlUnlatest = "UPDATE campaigns SET latest = 0, next_at = NULL WHERE workspace = ? AND campaign_id = ? AND id <> ? AND latest = 1"
	sqlPut      = "INSERT INTO campaigns (" + recordColumns + ", tags) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"
	sqlTagsOf   = "SELECT tags FROM campaigns WHERE workspace = ? AND id = ?"
	// Only the columns an edit or a state change can change, so that SQLite
	// leaves the indexes on the others alone.
	sqlUpdate = "UPDATE campaigns SET latest = ?, status = ?, name_lower = ?, updated_at = ?, next_at = ?, doc = ?, tags = ?, rev = rev + 1 WHERE workspace = ? AND id = ?"
	sqlNewest = "SELECT id, rev FROM campaigns WHERE workspace = ? AND campaign_id = ? AND latest = 1"
	// An edit of the newest document, only at the revision it was read at.
	sqlReplace     = "UPDATE campaigns SET status = ?, name_lower = ?, updated_at = ?, next_at = ?, doc = ?, tags = ?, rev = rev + 1 WHERE workspace = ? AND id = ? AND rev = ? AND latest = 1"
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

var writeSQL = []string{latestSQL, sqlNewest, sqlReplace, sqlUnlatest, sqlPut, sqlTagsOf, sqlUpdate, sqlDeleteTags, sqlInsertTag, sqlCreateUntil, sqlRemember, sqlPutIdem, sqlAddOutbox, sqlSavepoint, sqlRollbackTo, sqlRelease}

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
	res, err := t.stmt(sqlReplace).Exec(out.Status, strings.ToLower(out.Name), out.UpdatedAt.UnixMicro(), next, out.Doc, tags, out.Workspace, out.ID, was.Rev)
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
	rows, err := t.tx.Query("SELECT rowid, size FROM idem WHERE workspace = ? AND dropped = 0 ORDER BY created, rowid", workspace)
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
