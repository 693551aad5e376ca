// Package cmdutil is what every command of the command line shares, in the
// shape of gh's pkg/cmdutil: one Factory giving the standard streams, the
// service the flags select, the output formats, the exit codes of the
// contract (decisions.md §5), the logger and the profiles. Commands live in
// ui/cli/cmd/<group> (one file a command) and import this package; it
// imports none of them.
package cmdutil

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"time"

	"github.com/charmbracelet/log"
	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api/profile"
	"github.com/campaigns-cli/campaigns/themes"
)

// IOStreams are a command's standard streams and environment, so tests run
// commands in-process on buffers.
type IOStreams struct {
	In     io.Reader
	Out    io.Writer
	ErrOut io.Writer
	Getenv func(string) string
	// LookupEnv tells a variable set empty from one not set; nil: only
	// Getenv, where empty reads as not set.
	LookupEnv func(string) (string, bool)
}

// Lookup is LookupEnv, or Getenv when there is none.
func (s *IOStreams) Lookup(name string) (string, bool) {
	if s.LookupEnv != nil {
		return s.LookupEnv(name)
	}
	v := s.Getenv(name)
	return v, v != ""
}

// IsStdoutTTY reports whether Out is a terminal.
func (s *IOStreams) IsStdoutTTY() bool { return IsTerminal(s.Out) }

// IsStderrTTY reports whether ErrOut is a terminal.
func (s *IOStreams) IsStderrTTY() bool { return IsTerminal(s.ErrOut) }

// IsStdinTTY reports whether In is an interactive terminal.
func (s *IOStreams) IsStdinTTY() bool { return IsTerminalReader(s.In) }

// Interactive: both outputs are a terminal, so a spinner or a progress bar
// on stderr is seen by a person and mixes into no script's output.
func (s *IOStreams) Interactive() bool { return s.IsStdoutTTY() && s.IsStderrTTY() }

// OutStyles are the theme's styles for Out (plain in a pipe or with
// NO_COLOR).
func (s *IOStreams) OutStyles() themes.Styles { return StylesFor(s.Out, s.Getenv) }

// ErrStyles are the theme's styles for ErrOut: notes and progress go there.
func (s *IOStreams) ErrStyles() themes.Styles { return StylesFor(s.ErrOut, s.Getenv) }

// Printf prints to Out.
func (s *IOStreams) Printf(format string, a ...any) { fmt.Fprintf(s.Out, format, a...) }

// Factory is what every command shares: its streams, the logger, the
// profiles, and the services it opens (closed by the root when the command
// ends, so no command writes "open, defer close").
type Factory struct {
	*IOStreams

	// Preset is the service every command uses, whatever its flags say
	// (a visitor's workspace over SSH); nil: chosen by the flags.
	Preset *Service
	// Ctx ends the commands' work (the SSH session's); nil: never.
	Ctx context.Context

	// Log is the program's one logger: messages to stderr (and, with
	// --debug, to the debug log file as well). Set before any RunE.
	Log *slog.Logger
	// Trace receives the HTTP exchanges with --debug; nil otherwise.
	Trace *slog.Logger

	// Keyring holds the profiles' API keys; nil: the OS keyring.
	Keyring profile.Keyring

	// Spawn starts a detached campaigns process with args (the background
	// refresh of completed ids); nil: this executable. Tests replace it.
	Spawn func(args []string) error

	// Execute runs a whole command line on a factory: the root's tree
	// (`campaigns ssh` runs a visitor's commands through it); set by the
	// root.
	Execute func(f *Factory, args []string) int
	// IDCompletion completes campaign ids of the service flags select
	// (the root's id cache); set by the root, nil in tests.
	IDCompletion func(flags *ServiceFlags) cobra.CompletionFunc

	// Sleep is the clients' wait before a retry; nil: a real timer. Tests
	// give one that returns at once (the wait is still announced).
	Sleep func(ctx context.Context, d time.Duration) error

	// Version is the program's version, for the debug log's header.
	Version string
	// Debug is --debug: the HTTP trace and the log to the debug log file.
	Debug bool

	logger    *log.Logger // Log's handler, so commands can quiet it
	debugFile *os.File
	closers   []func() error
}

// Context is the commands' context: the SSH session's, or none.
func (f *Factory) Context() context.Context {
	if f.Ctx != nil {
		return f.Ctx
	}
	return context.Background()
}

// Profiles is the profile store: config in $XDG_CONFIG_HOME/campaigns.
func (f *Factory) Profiles() *profile.Store {
	return &profile.Store{Dir: profile.DefaultDir(f.Getenv), Keyring: f.Keyring,
		Warn: func(msg string) { fmt.Fprintln(f.ErrOut, msg) }}
}

// ResolveProfile loads the profiles and finds name (or, when name is "",
// the active one; ok is false when there is none). A config that does not
// parse, or a name that does not exist, is a usage error (exit 2).
func (f *Factory) ResolveProfile(name string) (*profile.Store, *profile.Config, profile.Profile, bool, error) {
	store := f.Profiles()
	cfg, err := store.Load()
	if err != nil {
		return nil, nil, profile.Profile{}, false, UsageError("%v", err)
	}
	p, ok, err := cfg.Resolve(name)
	if err != nil {
		return nil, nil, profile.Profile{}, false, UsageError("%v", err)
	}
	return store, cfg, p, ok, nil
}

// CompleteIDs offers campaign ids of the service flags select as the first
// argument, through the root's IDCompletion.
func (f *Factory) CompleteIDs(flags *ServiceFlags) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, prefix string) ([]string, cobra.ShellCompDirective) {
		if f.IDCompletion == nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return f.IDCompletion(flags)(cmd, args, prefix)
	}
}

// CompleteProfiles offers the saved profile names.
func (f *Factory) CompleteProfiles() cobra.CompletionFunc {
	return func(_ *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
		cfg, err := f.Profiles().Load()
		if err != nil || len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return cfg.Names(), cobra.ShellCompDirectiveNoFileComp
	}
}

// Logger is the handler of Log, so a command can set its level, format
// or prefix.
func (f *Factory) Logger() *log.Logger { return f.logger }

// onClose has fn run by Close, last registered first.
func (f *Factory) onClose(fn func() error) { f.closers = append(f.closers, fn) }

// Close closes what the commands opened through the factory (the services,
// the embedded sandbox), newest first. The root calls it when the command
// ends; a test calls it in t.Cleanup.
func (f *Factory) Close() error {
	var first error
	for i := len(f.closers) - 1; i >= 0; i-- {
		if err := f.closers[i](); err != nil && first == nil {
			first = err
		}
	}
	f.closers = nil
	return first
}
