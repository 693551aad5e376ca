// This file is `campaigns serve`: the sandbox service over HTTP, on
// SQLite or, for a team, on PostgreSQL.

package serve

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"time"

	"github.com/charmbracelet/log"
	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/listen"
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

// ServeOptions are serve's flags, checked.
type ServeOptions struct {
	IO *cmdutil.IOStreams
	// Log is the program's logger; the sandbox logs through it.
	Log    *slog.Logger
	Addr   string
	Config sandbox.Config
	// MigrateOnly: bring the database's schema up to date and exit.
	MigrateOnly bool
}

// serveDoc is what `campaigns serve --help` says.
var serveDoc = cmdutil.Doc{
	Use:   "serve",
	Short: "Run the sandbox service over HTTP",
	Long:  serveLong + teamLong,
	Example: `  campaigns serve
  campaigns serve --addr 127.0.0.1:0 --data /tmp/sb \
      --workspace ACME:secret:versioning
  CAMPAIGNS_DB=postgres://sandbox:pw@db:5432/sandbox \
      campaigns serve --addr 0.0.0.0:8787`,
}

// NewCmdServe builds `campaigns serve`; runF, when set, receives the checked
// options instead of runServe (tests).
func NewCmdServe(f *cmdutil.Factory, runF func(*ServeOptions) error) *cobra.Command {
	opts := &ServeOptions{IO: f.IOStreams}
	var (
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
	cmd := serveDoc.Command(cmdutil.NoArgs)
	fs := cmd.Flags()
	fs.StringVar(&opts.Addr, "addr", "127.0.0.1:8787", "where to listen, HOST:PORT")
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
	cmd.RunE = cmdutil.RunE(opts, func([]string) error {
		if err := listen.CheckAddr(opts.Addr); err != nil {
			return err
		}
		if quiet {
			f.Logger().SetLevel(log.ErrorLevel)
		}
		if seedN < 0 || seedN > 100000 {
			return cmdutil.UsageError("--seed-campaigns %d: want 0 to 100000", seedN)
		}
		opts.Config = sandbox.Config{DataDir: data.Path, Workspaces: workspaces.list, NoRateLimits: noLimits,
			Seed: !noSeed, Lenient: lenient, DistrustScopesHeader: !trustScopes, SeedCampaigns: seedN,
			IdempotencyQuotaBytes: quota.n}
		if err := team.apply(f, &opts.Config); err != nil {
			return err
		}
		opts.MigrateOnly = team.migrateOnly
		opts.Log = f.Log
		return nil
	}, runF, runServe)
	return cmd
}

func runServe(opts *ServeOptions) error {
	if opts.MigrateOnly {
		return migrate(opts)
	}
	cfg := opts.Config
	cfg.Logger = opts.Log
	stdout := opts.IO.Out
	s, err := sandbox.Open(cfg)
	if err != nil {
		return cmdutil.FailError("%v", err)
	}
	ln, err := net.Listen("tcp", opts.Addr)
	if err != nil {
		s.Close()
		return cmdutil.FailError("%v", err)
	}
	srv := sandbox.NewHTTPServer(s.Handler(), slog.NewLogLogger(opts.Log.Handler(), slog.LevelWarn))
	var failed error
	ready := func() {
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
	}
	shutdown := func() {
		opts.Log.Info("shutting down (requests in flight finish first)")
		sctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if err := srv.Shutdown(sctx); err != nil {
			failed = cmdutil.FailError("shutdown: %v", err)
		}
	}
	if err := listen.UntilSignal(ready, func() error { return srv.Serve(sandbox.Listener(ln)) }, shutdown); err != nil {
		failed = cmdutil.FailError("%v", err)
	}
	if err := s.Close(); err != nil && failed == nil {
		failed = cmdutil.FailError("closing the database: %v", err)
	}
	return failed
}
