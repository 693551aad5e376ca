// Package pgtest gives the PostgreSQL tests of the sandbox and of the
// command line a database of their own: a fresh schema on the server
// CAMPAIGNS_TEST_DB names (.ci/run starts one), dropped when the test ends.
// Without CAMPAIGNS_TEST_DB they are skipped, and the first says how to run
// them.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// Env names the test server.
const Env = "CAMPAIGNS_TEST_DB"

var skipPGOnce sync.Once

// Need is the test server's URL; without CAMPAIGNS_TEST_DB the test is
// skipped, and the first one to be says how to run them (once, not once a
// test).
func Need(t testing.TB) string {
	t.Helper()
	base := os.Getenv(Env)
	if base == "" {
		msg := ""
		skipPGOnce.Do(func() {
			msg = "PostgreSQL tests skipped: run them with CAMPAIGNS_TEST_DB=postgres://user:password@127.0.0.1:5432/db go test ./api/sandbox/..."
		})
		if msg != "" {
			t.Skip(msg)
		}
		t.SkipNow()
	}
	return base
}

// Schema is the URL of a fresh, empty schema on the test server.
func Schema(t testing.TB) string {
	t.Helper()
	base := Need(t)
	var b [6]byte
	_, _ = rand.Read(b[:])
	schema := "t_" + hex.EncodeToString(b[:])
	exec := func(sql string) {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		conn, err := pgx.Connect(ctx, base)
		if err != nil {
			t.Fatalf("%s: %v", Env, err)
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, sql); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	exec("CREATE SCHEMA " + schema)
	t.Cleanup(func() { exec("DROP SCHEMA " + schema + " CASCADE") })
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("%s: %v", Env, err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}
