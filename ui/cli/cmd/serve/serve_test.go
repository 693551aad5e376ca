package serve

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/api/sandbox/pgtest"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
	"github.com/spf13/cobra"
)

func TestServeHelpAndUsageErrors(t *testing.T) {
	e := clitest.Offline(t, NewCmdServe)
	code, out, _ := serveCLI(e.Env, "serve", "--help")
	if code != 0 {
		t.Fatalf("--help: exit %d", code)
	}
	for _, s := range []string{"--addr", "--data", "--workspace ID:KEY[:FLAGS]", "audience_limit", "scope=view|create_manage|create_manage_publish", sandbox.DefaultDataDir()} {
		if !strings.Contains(out, s) {
			t.Errorf("--help does not mention %q", s)
		}
	}
	for _, args := range [][]string{{"serve", "--workspace", "nokey"}, {"serve", "--workspace", "A:k:scope=root"}, {"serve", "--bogus"}, {"serve", "extra"}} {
		if code, _, errs := serveCLI(e.Env, args...); code != 2 || errs == "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
}

// serve refuses a listen address that is not HOST:PORT as a usage mistake.
func TestServeRefusesABadAddr(t *testing.T) {
	t.Parallel()
	code, _, errs := serveCLI(clitest.New(t, nil), "serve", "--addr", "nope")
	if code != 2 || !strings.Contains(errs, `--addr "nope": want HOST:PORT`) {
		t.Errorf("exit %d %q", code, errs)
	}
}

// The flags reach the sandbox's configuration.
func TestServeFlagsMakeTheConfig(t *testing.T) {
	e := clitest.Offline(t, NewCmdServe)
	var got *ServeOptions
	r := e.Do(NewCmdServe(e.F, func(o *ServeOptions) error { got = o; return nil }), "--addr", "127.0.0.1:0", "--workspace", "ACME:secret:versioning", "--no-seed", "--lenient", "--no-rate-limits",
		"--idempotency-quota", "1MiB", "--seed-campaigns", "7", "--trust-scopes-header=false")
	if r.Code != 0 || got == nil {
		t.Fatalf("exit %d %s", r.Code, r.Err)
	}
	c := got.Config
	if len(c.Workspaces) != 1 || c.Workspaces[0].ID != "ACME" || c.Seed || !c.Lenient || !c.NoRateLimits ||
		c.IdempotencyQuotaBytes != 1<<20 || c.SeedCampaigns != 7 || !c.DistrustScopesHeader || got.MigrateOnly {
		t.Fatalf("config %+v", c)
	}
	r = e.Do(newServeCmd(e.F), "--seed-campaigns", "-1")
	if r.Code != 2 || !strings.Contains(r.Err, "--seed-campaigns -1: want 0 to 100000") {
		t.Fatalf("negative --seed-campaigns: exit %d %s", r.Code, r.Err)
	}
}

func newServeCmd(f *cmdutil.Factory) *cobra.Command { return NewCmdServe(f, nil) }

// serveCLI runs `serve ARGS` (args[0] is "serve") in e.
func serveCLI(e *clitest.Env, args ...string) (code int, stdout, stderr string) {
	r := e.Do(newServeCmd(e.F), args[1:]...)
	return r.Code, r.Out, r.Err
}

// running is `campaigns serve` running in the test: its address, what it
// printed up to a line, and its exit status once it stops.
type running struct {
	base, banner string
	done         chan int
}

// startServe runs `campaigns serve ARGS` on a free port until it stops; it
// reads its output up to the line containing until.
func startServe(t *testing.T, until string, args ...string) running {
	t.Helper()
	e := clitest.New(t, nil)
	pr, pw := io.Pipe()
	e.F.Out, e.F.ErrOut = pw, io.Discard
	r := running{done: make(chan int, 1)}
	go func() {
		code, _ := e.Execute(newServeCmd(e.F), append([]string{"--addr", "127.0.0.1:0"}, args...)...)
		r.done <- code
		pw.Close()
	}()
	lines := make(chan string, 16)
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	timeout := time.After(20 * time.Second)
read:
	for {
		select {
		case l, ok := <-lines:
			if !ok {
				break read
			}
			r.banner += l + "\n"
			if rest, ok := strings.CutPrefix(l, "campaigns sandbox on "); ok {
				r.base = strings.Fields(rest)[0]
			}
			if strings.Contains(l, until) {
				break read
			}
		case <-timeout:
			break read
		}
	}
	go func() {
		for range lines {
		}
	}()
	if r.base == "" {
		t.Fatalf("serve printed no address:\n%s", r.banner)
	}
	return r
}

// searchACME searches workspace ACME (key "secret") of the sandbox at base
// with idempotency key key, and returns the status and body.
func searchACME(t *testing.T, base, key string) string {
	t.Helper()
	req, _ := http.NewRequest("POST", base+"/v5/campaigns/search", strings.NewReader(`{"limit":15,"page":1}`))
	req.SetBasicAuth("ACME", "secret")
	req.Header.Set("SVC-APPKEY", "ACME")
	req.Header.Set("X-SVC-Request-Id", "t")
	req.Header.Set("Idempotency-Key", key)
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return fmt.Sprint(res.StatusCode, " ", string(b))
}

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

func TestParseBytes(t *testing.T) {
	for in, want := range map[string]int64{"0": 0, "1048576": 1 << 20, "256MiB": 256 << 20, "1GiB": 1 << 30, "1gib": 1 << 30, "10 KB": 10000, "2M": 2 << 20, "512B": 512} {
		if got, err := parseBytes(in); err != nil || got != want {
			t.Errorf("parseBytes(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "lots", "-1", "1.5GiB", "99999999999TiB"} {
		if _, err := parseBytes(in); err == nil {
			t.Errorf("parseBytes(%q) accepted", in)
		}
	}
	if formatBytes(256<<20) != "256MiB" {
		t.Errorf("default shown as %s", formatBytes(256<<20))
	}
}
