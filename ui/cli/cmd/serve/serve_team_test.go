package serve

import (
	"net"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/api/sandbox/pgtest"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
)

// freePort is a loopback address where nothing listens.
func freePort(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func TestServeMigrateOnlyNeedsADatabase(t *testing.T) {
	e := clitest.Offline(t, NewCmdServe)
	code, _, stderr := serveCLI(e.Env, "serve", "--migrate-only")
	if code != 2 || !strings.Contains(stderr, "--migrate-only needs --db") {
		t.Errorf("exit %d, %q", code, stderr)
	}
	code, _, stderr = serveCLI(e.Env, "serve", "--db", "mysql://u:pw@h/db")
	if code != 2 || !strings.Contains(stderr, "--db: want postgres://") || strings.Contains(stderr, "pw@") {
		t.Errorf("not a PostgreSQL URL: exit %d, %q", code, stderr)
	}
}

// A database that is not there at start: a clear error naming its address,
// never the password, whether it came from --db or CAMPAIGNS_DB.
func TestServeUnreachableDatabaseIsNamed(t *testing.T) {
	e := clitest.Offline(t, NewCmdServe)
	addr := freePort(t)
	e.Setenv("CAMPAIGNS_DB", "postgres://team:pw-from-env@"+addr+"/sandbox")
	for _, args := range [][]string{
		{"serve", "--addr", "127.0.0.1:0"},
		{"serve", "--addr", "127.0.0.1:0", "--db", "postgres://team:pw-from-flag@" + addr + "/sandbox"},
	} {
		code, _, stderr := serveCLI(e.Env, args...)
		if code != 1 || !strings.Contains(stderr, "cannot reach PostgreSQL at "+addr+"/sandbox (user team)") || strings.Contains(stderr, "pw-from") {
			t.Errorf("%v: exit %d, %q", args, code, stderr)
		}
	}
}

func TestServeMigrateOnly(t *testing.T) {
	db := pgtest.Schema(t)
	e := clitest.New(t, nil)
	for range 2 { // a second run finds nothing to do
		code, stdout, stderr := serveCLI(e, "serve", "--db", db, "--migrate-only")
		if code != 0 || !strings.Contains(stdout, "schema at version 3") || strings.Contains(stdout, "campaigns sandbox on") {
			t.Fatalf("exit %d, %q %q", code, stdout, stderr)
		}
	}
}
