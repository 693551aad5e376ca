package sandbox

// Every SQL statement of the sandbox lives in the store_sqlite*.go files:
// this one opens the database; _batch, _read, _idem and _tx hold the rest.

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver
)

// campaignsTable is the campaigns table's definition. A rowid table: a
// document of a few KiB spills onto overflow pages, and in a WITHOUT ROWID
// table every key comparison of a seek past such a row reads them all.
const campaignsTable = `(
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
)`

const schema = `
CREATE TABLE IF NOT EXISTS campaigns ` + campaignsTable + `;
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
-- Only the indexes every write needs: a per-workspace index would cost
-- each commit another page, for a quota trim or a workspace removal
-- that are rare and may scan.
DROP INDEX IF EXISTS idem_ws;
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
	stmts      stmtCache            // read statements of many rows

	ops    chan *writeOp
	coming atomic.Int32  // writes expected (Expect) and not queued yet
	nudge  chan struct{} // coming dropped to 0
	stop   chan struct{}
	done   chan struct{}
	// Batches run and ops in them, for the benchmarks.
	batches, batched atomic.Int64
	gate
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
		if err := checkWAL(path + "-wal"); err != nil {
			return nil, err
		}
		// synchronous(FULL): a commit is on disk before Update returns.
		dsn = "file:" + path + "?_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)"
	}
	// The writer checkpoints every 4,000 WAL pages, not 1,000: the pages
	// written most (a campaign edited again and again, the tails of the
	// indexes) are copied into the database once per checkpoint, whatever
	// times they were written.
	write, err := sql.Open("sqlite", dsn+"&_txlock=immediate&_pragma=wal_autocheckpoint(4000)")
	if err != nil {
		return nil, err
	}
	write.SetMaxOpenConns(1)
	write.SetMaxIdleConns(1)
	write.SetConnMaxLifetime(0)
	// A file that is not there yet holds nothing to check or migrate: a
	// first start skips the quick_check (a quarter of it).
	fresh := mem || newFile(filepath.Join(dir, "sandbox.db"))
	if !fresh {
		if err := quickCheck(write, filepath.Join(dir, "sandbox.db")); err != nil {
			write.Close()
			return nil, err
		}
	}
	// One transaction: with synchronous(FULL) each statement of its own
	// would be a commit, and a first start would wait for twenty fsyncs.
	if _, err := write.Exec("BEGIN IMMEDIATE;" + schema + "COMMIT;"); err != nil {
		write.Close()
		if isCorrupt(err) {
			return nil, damaged(filepath.Join(dir, "sandbox.db"), err.Error())
		}
		return nil, fmt.Errorf("sandbox: database schema: %w", err)
	}
	if !fresh {
		if err := migrate(write); err != nil {
			write.Close()
			return nil, fmt.Errorf("sandbox: database migration: %w", err)
		}
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
	s := &sqliteStore{read: read, write: write, ops: make(chan *writeOp, 1024), nudge: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{}),
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
	// Older sandboxes made campaigns a WITHOUT ROWID table: copied into
	// a rowid one, whose indexes the schema then makes again.
	var def string
	if err := db.QueryRow("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'campaigns'").Scan(&def); err != nil {
		return err
	}
	if strings.Contains(strings.ToUpper(def), "WITHOUT ROWID") {
		cols := selectColumns
		if _, err := db.Exec(`BEGIN;
			CREATE TABLE campaigns_rowid ` + campaignsTable + `;
			INSERT INTO campaigns_rowid (` + cols + `) SELECT ` + cols + ` FROM campaigns;
			DROP TABLE campaigns;
			ALTER TABLE campaigns_rowid RENAME TO campaigns;
			COMMIT`); err != nil {
			_, _ = db.Exec("ROLLBACK")
			return err
		}
		if _, err := db.Exec(schema); err != nil {
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

func (s *sqliteStore) Close() error {
	if !s.shut() {
		return nil
	}
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
	s.stmts.close()
	var err error
	if s.read != s.write {
		err = s.read.Close()
	}
	if e := s.write.Close(); err == nil {
		err = e
	}
	return err
}

func (s *sqliteStore) Ready(ctx context.Context) error { return s.read.PingContext(ctx) }
