package cli

import (
	"cmp"
	"context"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/charmbracelet/log"
	"github.com/spf13/cobra"
	gossh "golang.org/x/crypto/ssh"

	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/campaigns-cli/campaigns/ui/sshserver"
)

const sshLong = `Serves the editor to any SSH client: ssh -p 23234 HOST. Public-key
authentication only; password and keyboard-interactive are refused.

Without --demo, sessions edit through one service as one workspace: the
embedded sandbox kept in the data directory (nothing named), a real service
(--base-url URL or --dc DC, with --workspace-id ID and the API key in
CAMPAIGNS_API_KEY), or a profile (--profile NAME).`

func newSSHCmd(app *cmdutil.Factory) *cobra.Command {
	var (
		addr        string
		hostKey     cmdutil.PathValue
		authKeys    cmdutil.PathValue
		demo        bool
		maxSessions int
		idle        time.Duration
		maxSession  time.Duration
		themeName   string
	)
	cmd := &cobra.Command{
		Use:   "ssh",
		Short: "Serve the editor over SSH",
		Long:  sshLong,
		Args:  cmdutil.NoArgs,
		Example: `  campaigns ssh --demo
  campaigns ssh --authorized-keys ~/.ssh/authorized_keys \
      --profile staging`,
	}
	fs := cmd.Flags()
	fs.StringVar(&addr, "addr", sshserver.DefaultAddr, "where to listen, HOST:PORT (loopback by default)")
	fs.Var(&hostKey, "host-key", "the server's host key, created once (0600) and kept\n(default: "+sshserver.HostKeyName+" in the data directory)")
	fs.Var(&authKeys, "authorized-keys", "the OpenSSH authorized_keys file of who may connect, re-read when it changes (default: ~/.ssh/authorized_keys; not with --demo)")
	fs.BoolVar(&demo, "demo", false, "any key gets in; each session edits a fresh, seeded workspace of its own that is deleted when it ends")
	fs.IntVar(&maxSessions, "max-sessions", 20, "sessions at once; more are politely refused")
	fs.DurationVar(&idle, "idle-timeout", 30*time.Minute, "close a session after this long without a key press (0: never)")
	fs.DurationVar(&maxSession, "max-session", 4*time.Hour, "close a session after this long in any case (0: never)")
	fs.StringVar(&themeName, "theme", "", "default, high-contrast or plain; a client that sends NO_COLOR (ssh -o SendEnv=NO_COLOR) gets plain")
	_ = cmd.RegisterFlagCompletionFunc("theme", cobra.FixedCompletions(themes.Names, cobra.ShellCompDirectiveNoFileComp))
	svcFlags := cmdutil.AddServiceFlags(cmd, app)
	cmd.RunE = func(cmd *cobra.Command, _ []string) error {
		if err := checkAddr(addr); err != nil {
			return err
		}
		if maxSessions < 1 {
			return cmdutil.UsageError("--max-sessions must be at least 1")
		}
		if idle < 0 || maxSession < 0 {
			return cmdutil.UsageError("--idle-timeout and --max-session cannot be negative")
		}
		// The server's own NO_COLOR is about its terminal, not the visitors':
		// each session follows the NO_COLOR its client sends.
		theme, ok := themes.ByName(cmp.Or(themeName, "default"))
		if !ok {
			return cmdutil.UsageError("unknown --theme %q (default, high-contrast or plain)", themeName)
		}
		if demo && (svcFlags.Remote() || svcFlags.WorkspaceID != "" || cmd.Flags().Changed("profile")) {
			return cmdutil.UsageError("--demo serves the embedded sandbox; it does not take --base-url, --dc, --workspace-id or --profile")
		}
		if demo && authKeys.Path != "" {
			return cmdutil.UsageError("--demo lets any key in; leave out --authorized-keys (or leave out --demo)")
		}
		if !demo && authKeys.Path == "" {
			// Like sshd, let in whoever may log in to this account already.
			def := filepath.Join(cmdutil.HomeDir(app.Getenv), ".ssh", "authorized_keys")
			if _, err := os.Stat(def); err != nil {
				return cmdutil.UsageError("no --authorized-keys PATH given and %s does not exist; name an OpenSSH authorized_keys file, or use --demo to let any key in", def)
			}
			authKeys.Path = def
		}
		if err := svcFlags.Check(); err != nil {
			return err
		}
		dataDir := svcFlags.DataDir()
		if hostKey.Path == "" {
			hostKey.Path = filepath.Join(dataDir, sshserver.HostKeyName)
		}
		logger := app.Logger().WithPrefix("campaigns ssh")

		base := ui.Config{Theme: theme, Refresh: ui.DefaultRefresh}
		var open sshserver.WorkspaceFunc
		wire := wireEditor
		if demo {
			svc, err := demoSandbox(logger)
			if err != nil {
				return cmdutil.FailError("embedded sandbox: %v", err)
			}
			defer svc.stop()
			base.Service, open = "embedded sandbox", svc.open
		} else {
			svc, err := svcFlags.Open(cmd.Context())
			if err != nil {
				return err
			}
			defer svc.Close()
			base = editorConfig(svc, theme, dataDir)
			base.Refresh = ui.DefaultRefresh
			if svc.ReadOnly {
				wire = nil // no draft editor on a read-only profile
			}
			open = sshserver.SharedWorkspace(svc.Client, dataDir)
		}
		return runSSH(app, logger, sshserver.Config{
			Addr:               addr,
			HostKeyPath:        hostKey.Path,
			AuthorizedKeysPath: authKeys.Path,
			Demo:               demo,
			MaxSessions:        maxSessions,
			IdleTimeout:        idle,
			MaxSession:         maxSession,
			App:                sshserver.EditorApp(base, open, wire),
			Commands:           sshCommands(open, base.ReadOnly),
			Logger:             logger,
		}, base.Service)
	}
	return cmd
}

func runSSH(app *cmdutil.Factory, logger *log.Logger, cfg sshserver.Config, service string) error {
	srv, err := sshserver.New(cfg)
	if err != nil {
		return cmdutil.FailError("%v", err)
	}
	l, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return cmdutil.FailError("%v", err)
	}
	mode := "sessions edit " + service
	if cfg.Demo {
		mode = "demo: every session gets a fresh workspace of its own"
	}
	logger.Info("listening", "addr", l.Addr().String(), "host-key", gossh.FingerprintSHA256(srv.HostKey()), "mode", mode)
	host, port, _ := net.SplitHostPort(l.Addr().String())
	app.Printf("campaigns ssh: connect with  ssh -p %s %s\n", port, host)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	served := make(chan error, 1)
	go func() { served <- srv.Serve(l) }()
	select {
	case err := <-served:
		return cmdutil.FailError("%v", err)
	case <-ctx.Done():
	}
	stop() // a second ctrl+c kills at once
	logger.Info("shutting down: telling sessions", "sessions", srv.Sessions())
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		logger.Warn("sessions closed forcibly", "error", err)
	}
	<-served
	logger.Info("stopped")
	return nil
}

// demoService is the in-memory sandbox of --demo.
type demoService struct {
	open sshserver.WorkspaceFunc
	stop func()
}

// demoSandbox starts the embedded sandbox in memory, with a workspace of
// its own per session (not even the default one is shared).
func demoSandbox(logger *log.Logger) (*demoService, error) {
	baseURL, sb, stop, err := sandbox.StartLocal(sandbox.Config{Seed: true})
	if err != nil {
		return nil, err
	}
	svc := &demoService{stop: func() {
		if err := stop(); err != nil {
			logger.Warn("embedded sandbox did not stop cleanly", "error", err)
		}
	}}
	if err := sb.RemoveWorkspace(sandbox.DefaultWorkspaceID); err != nil {
		svc.stop()
		return nil, err
	}
	svc.open = sshserver.DemoWorkspaces(sshserver.DemoHost{
		BaseURL: baseURL,
		Add: func(id, key string) error {
			w := sandbox.DefaultWorkspace()
			w.ID, w.Key = id, key
			return sb.AddWorkspace(w, true)
		},
		Remove: sb.RemoveWorkspace,
	})
	return svc, nil
}
