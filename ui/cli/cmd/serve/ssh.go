// This file is `campaigns ssh`: the editor served to any SSH client, and
// the reading commands a visitor may run without a terminal.

package serve

import (
	"cmp"
	"context"
	"net"
	"os"
	"path/filepath"
	"time"

	"github.com/charmbracelet/log"
	"github.com/spf13/cobra"
	gossh "golang.org/x/crypto/ssh"

	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/editorwiring"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/listen"
	"github.com/campaigns-cli/campaigns/ui/sshserver"
)

const sshLong = `Serves the editor to any SSH client: ssh -p 23234 HOST. Public-key
authentication only; password and keyboard-interactive are refused.

Without --demo, sessions edit through one service as one workspace: the
embedded sandbox kept in the data directory (nothing named), a real service
(--base-url URL or --dc DC, with --workspace-id ID and the API key in
CAMPAIGNS_API_KEY), or a profile (--profile NAME).`

// SSHOptions are ssh's flags, checked.
type SSHOptions struct {
	IO *cmdutil.IOStreams
	// Service opens the service the flags select (not with Demo; closed by
	// the factory).
	Service func(context.Context) (*cmdutil.Service, error)
	Ctx     context.Context
	Logger  *log.Logger
	// Exec runs a command line for a visitor (the whole tree, built on
	// the factory given).
	Exec func(f *cmdutil.Factory, args []string) int

	Addr               string
	HostKeyPath        string
	AuthorizedKeysPath string
	Demo               bool
	MaxSessions        int
	IdleTimeout        time.Duration
	MaxSession         time.Duration
	Theme              themes.Theme
	DataDir            string
}

// sshDoc is what `campaigns ssh --help` says.
var sshDoc = cmdutil.Doc{
	Use:   "ssh",
	Short: "Serve the editor over SSH",
	Long:  sshLong,
	Example: `  campaigns ssh --demo
  campaigns ssh --authorized-keys ~/.ssh/authorized_keys \
      --profile staging`,
}

// NewCmdSSH builds `campaigns ssh`; runF, when set, receives the checked
// options instead of runSSH (tests).
func NewCmdSSH(f *cmdutil.Factory, runF func(*SSHOptions) error) *cobra.Command {
	opts := &SSHOptions{IO: f.IOStreams, Exec: f.Execute}
	var (
		hostKey, authKeys cmdutil.PathValue
		themeName         string
	)
	cmd := sshDoc.Command(cmdutil.NoArgs)
	fs := cmd.Flags()
	fs.StringVar(&opts.Addr, "addr", sshserver.DefaultAddr, "where to listen, HOST:PORT (loopback by default)")
	fs.Var(&hostKey, "host-key", "the server's host key, created once (0600) and kept\n(default: "+sshserver.HostKeyName+" in the data directory)")
	fs.Var(&authKeys, "authorized-keys", "the OpenSSH authorized_keys file of who may connect, re-read when it changes (default: ~/.ssh/authorized_keys; not with --demo)")
	fs.BoolVar(&opts.Demo, "demo", false, "any key gets in; each session edits a fresh, seeded workspace of its own that is deleted when it ends")
	fs.IntVar(&opts.MaxSessions, "max-sessions", 20, "sessions at once; more are politely refused")
	fs.DurationVar(&opts.IdleTimeout, "idle-timeout", 30*time.Minute, "close a session after this long without a key press (0: never)")
	fs.DurationVar(&opts.MaxSession, "max-session", 4*time.Hour, "close a session after this long in any case (0: never)")
	fs.StringVar(&themeName, "theme", "", "default, high-contrast or plain; a client that sends NO_COLOR (ssh -o SendEnv=NO_COLOR) gets plain")
	_ = cmd.RegisterFlagCompletionFunc("theme", cobra.FixedCompletions(themes.Names, cobra.ShellCompDirectiveNoFileComp))
	flags := cmdutil.AddServiceFlags(cmd, f)
	opts.Service = func(ctx context.Context) (*cmdutil.Service, error) { return f.Service(ctx, flags) }
	cmd.RunE = cmdutil.RunE(opts, func([]string) error {
		if err := listen.CheckAddr(opts.Addr); err != nil {
			return err
		}
		if opts.MaxSessions < 1 {
			return cmdutil.UsageError("--max-sessions must be at least 1")
		}
		if opts.IdleTimeout < 0 || opts.MaxSession < 0 {
			return cmdutil.UsageError("--idle-timeout and --max-session cannot be negative")
		}
		// The server's own NO_COLOR is about its terminal, not the visitors':
		// each session follows the NO_COLOR its client sends.
		theme, ok := themes.ByName(cmp.Or(themeName, "default"))
		if !ok {
			return cmdutil.UsageError("unknown --theme %q (default, high-contrast or plain)", themeName)
		}
		opts.Theme = theme
		if opts.Demo && (flags.Remote() || flags.WorkspaceID != "" || cmd.Flags().Changed("profile")) {
			return cmdutil.UsageError("--demo serves the embedded sandbox; it does not take --base-url, --dc, --workspace-id or --profile")
		}
		if opts.Demo && authKeys.Path != "" {
			return cmdutil.UsageError("--demo lets any key in; leave out --authorized-keys (or leave out --demo)")
		}
		if !opts.Demo && authKeys.Path == "" {
			// Like sshd, let in whoever may log in to this account already.
			def := filepath.Join(cmdutil.HomeDir(f.Getenv), ".ssh", "authorized_keys")
			if _, err := os.Stat(def); err != nil {
				return cmdutil.UsageError("no --authorized-keys PATH given and %s does not exist; name an OpenSSH authorized_keys file, or use --demo to let any key in", def)
			}
			authKeys.Path = def
		}
		if err := flags.Check(); err != nil {
			return err
		}
		opts.AuthorizedKeysPath = authKeys.Path
		opts.DataDir = flags.DataDir()
		opts.HostKeyPath = cmp.Or(hostKey.Path, filepath.Join(opts.DataDir, sshserver.HostKeyName))
		opts.Ctx, opts.Logger = cmd.Context(), f.Logger().WithPrefix("campaigns ssh")
		return nil
	}, runF, runSSH)
	return cmd
}

func runSSH(opts *SSHOptions) error {
	base := ui.Config{Theme: opts.Theme, Refresh: ui.DefaultRefresh}
	var open sshserver.WorkspaceFunc
	var wire sshserver.WireFunc = editorwiring.Wire
	if opts.Demo {
		svc, err := demoSandbox(opts.Logger)
		if err != nil {
			return cmdutil.FailError("embedded sandbox: %v", err)
		}
		defer svc.stop()
		base.Service, open = "embedded sandbox", svc.open
	} else {
		svc, err := opts.Service(opts.Ctx)
		if err != nil {
			return err
		}
		base = editorwiring.Config(svc, opts.Theme, opts.DataDir)
		base.Refresh = ui.DefaultRefresh
		if svc.ReadOnly {
			wire = nil // no draft editor on a read-only profile
		}
		open = sshserver.SharedWorkspace(svc.Client, opts.DataDir)
	}
	return serveSSH(opts, sshserver.Config{
		Addr:               opts.Addr,
		HostKeyPath:        opts.HostKeyPath,
		AuthorizedKeysPath: opts.AuthorizedKeysPath,
		Demo:               opts.Demo,
		MaxSessions:        opts.MaxSessions,
		IdleTimeout:        opts.IdleTimeout,
		MaxSession:         opts.MaxSession,
		App:                sshserver.EditorApp(base, open, wire),
		Commands:           Commands(opts.Exec, open, base.ReadOnly),
		Logger:             opts.Logger,
	}, base.Service)
}

// serveSSH listens and serves until a signal; sessions are told, then closed.
func serveSSH(opts *SSHOptions, cfg sshserver.Config, service string) error {
	logger := opts.Logger
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
	ready := func() { opts.IO.Printf("campaigns ssh: connect with  ssh -p %s %s\n", port, host) }
	shutdown := func() {
		logger.Info("shutting down: telling sessions", "sessions", srv.Sessions())
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := srv.Shutdown(sctx); err != nil {
			logger.Warn("sessions closed forcibly", "error", err)
		}
	}
	if err := listen.UntilSignal(ready, func() error { return srv.Serve(l) }, shutdown); err != nil {
		return cmdutil.FailError("%v", err)
	}
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
