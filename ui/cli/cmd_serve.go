package cli

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/charmbracelet/log"
	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
)

const serveLong = `Runs the sandbox: a local Campaigns V5 service (the V5 routes and V1 publish)
on an embedded SQLite database, seeded with demo campaigns on first start.

  campaigns serve [--addr 127.0.0.1:8787] [--data DIR] [--workspace ID:KEY[:FLAGS]]...

--workspace ID:KEY[:FLAGS] adds a workspace: Basic-auth user ID, password KEY,
and SVC-APPKEY: ID. FLAGS is a comma list of audience_limit, versioning,
scope=view|create_manage|create_manage_publish (default scope
create_manage_publish). Without it: SANDBOX:sandbox-key with every feature on.

Sandbox-only routes (same credentials): GET /sandbox/outbox lists the test
messages "sent" (?after=SEQ&limit=N); GET /sandbox/users lists the demo users
and segments that tests and previews can name.

--lenient runs a client written from the real service's reference unchanged:
a missing SVC-APPKEY is taken from the Basic-auth user and a missing request
id is made (returned as response_id), each logged once per client. Off by
default: the spec requires both.
Stop with Ctrl-C (SIGINT) or SIGTERM: requests in flight finish first.`

// workspacesValue is the repeatable --workspace flag.
type workspacesValue struct{ list []sandbox.Workspace }

func (w *workspacesValue) Type() string { return "ID:KEY[:FLAGS]" }
func (w *workspacesValue) String() string {
	ids := make([]string, len(w.list))
	for i, ws := range w.list {
		ids[i] = ws.ID
	}
	return strings.Join(ids, ",")
}
func (w *workspacesValue) Set(v string) error {
	ws, err := sandbox.ParseWorkspace(v)
	if err != nil {
		return err
	}
	w.list = append(w.list, ws)
	return nil
}

// bytesValue is a size: plain bytes or with a KiB/MiB/GiB (or KB/MB/GB) unit.
type bytesValue struct{ n int64 }

func (b *bytesValue) Type() string   { return "BYTES" }
func (b *bytesValue) String() string { return formatBytes(b.n) }
func (b *bytesValue) Set(v string) error {
	n, err := parseBytes(v)
	if err != nil {
		return err
	}
	b.n = n
	return nil
}

var byteUnits = []struct {
	suffix string
	mult   int64
}{
	{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40},
	{"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12},
	{"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}, {"B", 1},
}

func parseBytes(v string) (int64, error) {
	s := strings.TrimSpace(v)
	mult := int64(1)
	for _, u := range byteUnits {
		if len(s) > len(u.suffix) && strings.EqualFold(s[len(s)-len(u.suffix):], u.suffix) {
			s, mult = strings.TrimSpace(s[:len(s)-len(u.suffix)]), u.mult
			break
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%q is not a size: give bytes, or a number with KiB, MiB or GiB", v)
	}
	if n > (1<<62)/mult {
		return 0, fmt.Errorf("%q is too large", v)
	}
	return n * mult, nil
}

func formatBytes(n int64) string {
	for _, u := range []struct {
		s string
		m int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n >= u.m && n%u.m == 0 {
			return strconv.FormatInt(n/u.m, 10) + u.s
		}
	}
	return strconv.FormatInt(n, 10)
}

func newServeCmd(app *cmdutil.Factory) *cobra.Command {
	var (
		addr        string
		data        = cmdutil.PathValue{Path: sandbox.DefaultDataDir()}
		workspaces  workspacesValue
		noLimits    bool
		noSeed      bool
		seedN       int
		quiet       bool
		lenient     bool
		trustScopes bool
		quota       = bytesValue{n: 256 << 20}
	)
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Run the sandbox service over HTTP",
		Long:  serveLong + serveTeamLong,
		Args:  cmdutil.NoArgs,
		Example: `  campaigns serve
  campaigns serve --addr 127.0.0.1:0 --data /tmp/sb \
      --workspace ACME:secret:versioning
  CAMPAIGNS_DB=postgres://sandbox:pw@db:5432/sandbox \
      campaigns serve --addr 0.0.0.0:8787`,
	}
	fs := cmd.Flags()
	fs.StringVar(&addr, "addr", "127.0.0.1:8787", "where to listen, HOST:PORT")
	fs.Var(&data, "data", "where the database lives; data survives a restart on the same directory")
	fs.Var(&workspaces, "workspace", "a workspace ID:KEY[:FLAGS] (repeatable; see above)")
	fs.BoolVar(&noLimits, "no-rate-limits", false, "turn the service's rate limits off")
	fs.BoolVar(&noSeed, "no-seed", false, "do not put demo campaigns into empty workspaces")
	fs.IntVar(&seedN, "seed-campaigns", 0, "top every workspace up to N generated campaigns (names, states, versions), to try the tool on a long list")
	fs.BoolVar(&quiet, "quiet", false, "log only errors")
	fs.BoolVar(&lenient, "lenient", false, "accept what the real service's reference accepts: no SVC-APPKEY (the Basic-auth\nuser is used), no request id (one is made); each logged once per client")
	fs.BoolVar(&trustScopes, "trust-scopes-header", true, "let X-SVC-Scopes set a request's scope, as the real service's gateway does;\nfalse: the header can only lower the API key's own scope (the sandbox has no gateway)")
	fs.Var(&quota, "idempotency-quota", "stored idempotent answers per workspace, in bytes (e.g. 256MiB, 1GiB);\npast it the oldest answer bodies are dropped")
	_ = cmd.MarkFlagDirname("data")
	team := addTeamFlags(cmd)
	cmd.RunE = func(cmd *cobra.Command, _ []string) error {
		if err := checkAddr(addr); err != nil {
			return err
		}
		if quiet {
			app.Logger().SetLevel(log.ErrorLevel)
		}
		cfg := sandbox.Config{DataDir: data.Path, Workspaces: workspaces.list, NoRateLimits: noLimits,
			Seed: !noSeed, Logger: app.Log, Lenient: lenient, DistrustScopesHeader: !trustScopes, SeedCampaigns: seedN}
		if seedN < 0 || seedN > 100000 {
			return cmdutil.UsageError("--seed-campaigns %d: want 0 to 100000", seedN)
		}
		cfg.IdempotencyQuotaBytes = quota.n
		if err := team.apply(app, &cfg); err != nil {
			return err
		}
		if team.migrateOnly {
			return team.migrate(app)
		}
		return runServe(app, cfg, addr)
	}
	return cmd
}

// checkAddr refuses a listen address that is not HOST:PORT before
// anything starts (a usage mistake: exit 2).
func checkAddr(addr string) error {
	if _, port, err := net.SplitHostPort(addr); err != nil || port == "" {
		return cmdutil.UsageError("--addr %q: want HOST:PORT, e.g. 127.0.0.1:8787", addr)
	}
	return nil
}

func runServe(app *cmdutil.Factory, cfg sandbox.Config, addr string) error {
	stdout := app.Out
	s, err := sandbox.Open(cfg)
	if err != nil {
		return cmdutil.FailError("%v", err)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		s.Close()
		return cmdutil.FailError("%v", err)
	}
	srv := sandbox.NewHTTPServer(s.Handler(), slog.NewLogLogger(app.Log.Handler(), slog.LevelWarn))
	// Signals are caught before the address is printed: whoever waits for
	// that line may signal at once.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	fmt.Fprintf(stdout, "campaigns sandbox on http://%s (%s)\n", ln.Addr(), s.Where())
	for _, w := range s.Workspaces() {
		fmt.Fprintf(stdout, "  workspace %s  key %s  (%s)\n", w.ID, w.Key, w)
	}
	if cfg.Lenient {
		fmt.Fprintln(stdout, "  lenient: SVC-APPKEY and the request id may be left out, as the reference allows (--lenient)")
	}
	if cfg.IdempotencyQuotaBytes > 0 {
		fmt.Fprintf(stdout, "  idempotent answers kept: %s per workspace (--idempotency-quota)\n", formatBytes(cfg.IdempotencyQuotaBytes))
	}
	if len(cfg.Workspaces) == 0 {
		w := s.Workspaces()[0]
		fmt.Fprintf(stdout, "  try: curl -u %s:%s -H 'SVC-APPKEY: %s' -H \"Idempotency-Key: $(uuidgen)\" -H 'X-SVC-Request-Id: r1' \\\n", w.ID, w.Key, w.ID)
		fmt.Fprintf(stdout, "         -H 'Content-Type: application/json' -d '{\"limit\":15,\"page\":1}' http://%s/v5/campaigns/search\n", ln.Addr())
	}
	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.Serve(sandbox.Listener(ln)) }()
	var failed error
	select {
	case err := <-serveErr:
		failed = cmdutil.FailError("%v", err)
	case <-ctx.Done():
		stop() // a second Ctrl-C ends the process at once
		app.Log.Info("shutting down (requests in flight finish first)")
		sctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		if err := srv.Shutdown(sctx); err != nil {
			failed = cmdutil.FailError("shutdown: %v", err)
		}
		cancel()
	}
	if err := s.Close(); err != nil && failed == nil {
		failed = cmdutil.FailError("closing the database: %v", err)
	}
	return failed
}
