package sandbox

// The Store on PostgreSQL, for a team sandbox: several `campaigns serve`
// instances on one database behave as one service. Each Update is one
// transaction of its own (no group commit: that needs one writer, and here
// every instance writes); READ COMMITTED, with each check that matters
// written as the WHERE of the statement that writes (store_rows.go) or
// behind a transaction-level advisory lock (store_pg_tx.go). Every call
// runs under a deadline; a database that cannot be reached is
// unavailableError (503 with Retry-After), and the pool reconnects by
// itself once the server is back.

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

// pgMigrations are the schema's versions, applied in order by goose.
//
//go:embed migrations/*.sql
var pgMigrations embed.FS

// DefaultDBTimeout bounds each PostgreSQL call (a read, or a write's whole
// transaction): past it the request is answered 503, never left hanging.
const DefaultDBTimeout = 5 * time.Second

// defaultPoolSize is the connections each instance keeps at most, unless
// the URL says (pool_max_conns=N).
const defaultPoolSize = 16

// IsDatabaseURL reports whether a --db value names a PostgreSQL server.
func IsDatabaseURL(s string) bool {
	return strings.HasPrefix(s, "postgres://") || strings.HasPrefix(s, "postgresql://")
}

type pgStore struct {
	pool    *pgxpool.Pool
	db      *sql.DB // the pool through database/sql, for goose
	goose   *goose.Provider
	where   string // host:port/database (user), for messages: never the password
	timeout time.Duration

	gate
	later sync.WaitGroup // UpdateLater writes under way
}

var _ Store = (*pgStore)(nil)

// openPG connects to the database at dsn and brings its schema up to date
// (instances starting together take turns: goose's session lock).
func openPG(dsn string, timeout time.Duration) (*pgStore, error) {
	s, err := connectPG(dsn, timeout)
	if err != nil {
		return nil, err
	}
	if err := s.migrate(); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// MigrateDatabase applies the PostgreSQL schema's pending migrations (`serve
// --migrate-only`); it says where (without the password) and the version
// the schema is at.
func MigrateDatabase(dsn string) (where string, version int64, err error) {
	if !IsDatabaseURL(dsn) {
		return "", 0, fmt.Errorf("sandbox: --db wants a postgres:// URL, not %q", redactDB(dsn))
	}
	s, err := connectPG(dsn, DefaultDBTimeout)
	if err != nil {
		return "", 0, err
	}
	defer s.Close()
	if err := s.migrate(); err != nil {
		return s.where, 0, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), s.timeout)
	defer cancel()
	version, err = s.goose.GetDBVersion(ctx)
	return s.where, version, err
}

func connectPG(dsn string, timeout time.Duration) (*pgStore, error) {
	if timeout <= 0 {
		timeout = DefaultDBTimeout
	}
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		// pgconn's message repeats the URL with the password masked.
		return nil, fmt.Errorf("sandbox: database URL: %w", err)
	}
	cc := cfg.ConnConfig
	where := fmt.Sprintf("%s:%d/%s (user %s)", cc.Host, cc.Port, cc.Database, cc.User)
	cc.ConnectTimeout = min(timeout, cc.ConnectTimeout)
	if cc.ConnectTimeout <= 0 {
		cc.ConnectTimeout = timeout
	}
	cfg.HealthCheckPeriod = 5 * time.Second
	if !strings.Contains(dsn, "pool_max_conns") {
		// pgxpool's default (4 on two cores) makes writers queue for a
		// connection; PostgreSQL shares one WAL flush among the commits
		// that arrive together, so more of them in flight is more
		// throughput. 16 per instance leaves room for several instances
		// under the server's default max_connections (100).
		cfg.MaxConns = defaultPoolSize
	}
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		return nil, fmt.Errorf("sandbox: PostgreSQL at %s: %w", where, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("sandbox: cannot reach PostgreSQL at %s: %w", where, err)
	}
	s := &pgStore{pool: pool, db: stdlib.OpenDBFromPool(pool), where: where, timeout: timeout}
	sub, _ := fs.Sub(pgMigrations, "migrations")
	locker, err := lock.NewPostgresSessionLocker()
	if err == nil {
		s.goose, err = goose.NewProvider(goose.DialectPostgres, s.db, sub, goose.WithSessionLocker(locker))
	}
	if err != nil {
		s.Close()
		return nil, fmt.Errorf("sandbox: migrations: %w", err)
	}
	return s, nil
}

func (s *pgStore) migrate() error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := s.goose.Up(ctx); err != nil {
		return fmt.Errorf("sandbox: migrating PostgreSQL at %s: %w", s.where, err)
	}
	return nil
}

// Ready says whether the database answers and has every migration this
// build knows.
func (s *pgStore) Ready(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	if err := s.pool.Ping(ctx); err != nil {
		return pgFail(err)
	}
	pending, err := s.goose.HasPending(ctx)
	if err != nil {
		return pgFail(err)
	}
	if pending {
		return errors.New("the database schema is behind this build: run `campaigns serve --db … --migrate-only`")
	}
	return nil
}

func (s *pgStore) Update(ctx context.Context, fn func(Tx) error) error {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.closed.Load() {
		return errClosed
	}
	// A write the service accepted runs to its end even if the client
	// hangs up; the deadline still bounds it.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.timeout)
	defer cancel()
	for attempt := 0; ; attempt++ {
		err := s.runTx(ctx, fn)
		if attempt < 3 && retryable(err) {
			continue // a deadlock or serialization failure: nothing was written
		}
		return err
	}
}

func (s *pgStore) runTx(ctx context.Context, fn func(Tx) error) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return pgFail(err)
	}
	if err := safeRun(fn, &pgTx{ctx: ctx, tx: tx}); err != nil {
		_ = tx.Rollback(context.WithoutCancel(ctx))
		return err
	}
	// A commit whose answer is lost (the server went away meanwhile) is
	// 503: the client retries with its Idempotency-Key and gets the
	// stored answer if the commit went through.
	return pgFail(tx.Commit(ctx))
}

// Queue runs the write at once: there is no writer queue to join.
func (s *pgStore) Queue(fn func(Tx) error) (wait func() error, err error) {
	done := s.Update(context.Background(), fn)
	if errors.Is(done, errClosed) {
		return nil, done
	}
	return func() error { return done }, nil
}

// Expect is a no-op: each write commits on its own.
func (s *pgStore) Expect() (done func()) { return func() {} }

func (s *pgStore) UpdateLater(fn func(Tx) error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.closed.Load() {
		return
	}
	s.later.Add(1)
	go func() {
		defer s.later.Done()
		_ = s.Update(context.Background(), fn)
	}()
}

func (s *pgStore) Close() error {
	if !s.shut() {
		return nil
	}
	s.later.Wait()
	err := s.db.Close()
	s.pool.Close()
	return err
}

// pgFail sorts a PostgreSQL error: the server could not be reached or
// gave up for its own reasons (a restart, a connection limit, a deadline)
// is unavailableError; a newest version written meanwhile by another
// instance is errStale; anything else the server answered stays as it is.
func pgFail(err error) error {
	if err == nil {
		return nil
	}
	var pe *pgconn.PgError
	switch {
	case errors.As(err, &pe):
		switch {
		case pe.Code == "23505" && pe.ConstraintName == "campaigns_newest":
			return errStale
		case strings.HasPrefix(pe.Code, "08"), strings.HasPrefix(pe.Code, "57P"), strings.HasPrefix(pe.Code, "53"), pe.Code == "57014":
			return &unavailableError{err}
		}
		return err
	case errors.Is(err, sql.ErrNoRows), errors.Is(err, context.Canceled):
		return err // no row; the client hung up
	}
	// The rest never reached an answer from the server: connecting,
	// the network, the deadline, a connection that died.
	return &unavailableError{err}
}

// retryable is a transaction PostgreSQL rolled back to let another through.
func retryable(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "40001" || pe.Code == "40P01")
}

// pgRows and pgRow sort the errors of pgx's rows.
type pgRows struct{ pgx.Rows }

func (r pgRows) Err() error { return pgFail(r.Rows.Err()) }

type pgRow struct{ pgx.Row }

func (r pgRow) Scan(dest ...any) error { return pgFail(r.Row.Scan(dest...)) }

// pgReader runs the shared reads (store_reads.go) on the pool, each under
// the store's deadline.
type pgReader struct{ s *pgStore }

func (r pgReader) query(ctx context.Context, q string, args ...any) (rowsIter, error) {
	if r.s.closed.Load() {
		return nil, errClosed
	}
	rows, err := r.s.pool.Query(ctx, pgSQL(q), args...)
	if err != nil {
		return nil, pgFail(err)
	}
	return pgRows{rows}, nil
}

func (r pgReader) queryRow(ctx context.Context, q string, args ...any) scanner {
	if r.s.closed.Load() {
		return closedRow{}
	}
	return pgRow{r.s.pool.QueryRow(ctx, pgSQL(q), args...)}
}

// usersAnchor is the time the demo users (audience.Demo) are built relative
// to: the first instance's start, kept in the database, so that every
// instance has the same users, attributes and segments.
func (s *pgStore) usersAnchor(now time.Time) (time.Time, error) {
	ctx, cancel := context.WithTimeout(context.Background(), s.timeout)
	defer cancel()
	var v string
	err := s.pool.QueryRow(ctx, `INSERT INTO sandbox_meta (key, value) VALUES ('users_anchor', $1)
		ON CONFLICT (key) DO UPDATE SET value = sandbox_meta.value RETURNING value`, now.UTC().Format(time.RFC3339Nano)).Scan(&v)
	if err != nil {
		return time.Time{}, pgFail(err)
	}
	return time.Parse(time.RFC3339Nano, v)
}
