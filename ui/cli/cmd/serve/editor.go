// This file is `campaigns` itself: the editor on the terminal, over
// the service the flags select. The root command of the tree is this one.

package serve

import (
	"cmp"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api/drafts"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/editorwiring"
)

// Long is the root's help: the editor's, and the map of every command.
const Long = `campaigns — a terminal editor for Campaigns Service V5

  campaigns [--theme NAME] [--data DIR]            the editor (its flags below)
  campaigns serve [--addr HOST:PORT]               the sandbox service (HTTP)
  campaigns ssh [--demo | --authorized-keys PATH]  the editor over SSH
  campaigns validate FILE|DIR|-...                 the validation engine
  campaigns auth login|list|switch|logout|status   profiles and their keys
  campaigns list | get ID | meta ID                read (--json, --jq EXPR)
  campaigns status ID pause|resume|stop            act (--yes in scripts)
  campaigns publish ID | test ID --to ADDR,...     publish, send a test
  campaigns export | diff | apply                  campaigns as files, in git
  campaigns mcp                                    tools for AI assistants
  campaigns completion SHELL | man                 shell completion, man page

With no service named, the editor runs the embedded sandbox in-process (its
data under --data, seeded with demo campaigns on first start). A real service
is named with --base-url or --dc, --workspace-id and the API key in
CAMPAIGNS_API_KEY, or saved once as a profile with campaigns auth login.
NO_COLOR set forces the plain theme.`

// EditorOptions are the editor's flags, checked.
type EditorOptions struct {
	F *cmdutil.Factory
	// Flags select the service; run opens it (its own way: the editor owns
	// the screen, so no note may go to stderr) and closes it.
	Flags   *cmdutil.ServiceFlags
	Ctx     context.Context
	Theme   themes.Theme
	NoMouse bool
	Refresh time.Duration
	// RefreshSet: --refresh was given (else config.toml's refresh wins).
	RefreshSet bool
	// Terminal says why there is no terminal to draw on (nil: there is).
	Terminal func() error
	// Program runs the editor until it quits.
	Program func(ui.Config) error
}

// editorDoc is what `campaigns --help` says.
var editorDoc = cmdutil.Doc{
	Use:   "campaigns",
	Short: "A terminal editor for Campaigns Service V5",
	Long:  Long,
}

// NewCmdEditor builds `campaigns`, the editor; runF, when set, receives the
// checked options instead of runEditor (tests).
func NewCmdEditor(f *cmdutil.Factory, runF func(*EditorOptions) error) *cobra.Command {
	opts := &EditorOptions{F: f, Terminal: terminal, Program: program}
	var themeName string
	cmd := editorDoc.Command(cmdutil.NoArgs)
	cmd.ValidArgsFunction = cobra.NoFileCompletions
	opts.Flags = cmdutil.AddServiceFlags(cmd, f)
	// No default shown: fang would print "(default)", which reads as a remark.
	cmd.Flags().StringVar(&themeName, "theme", "", "default, high-contrast or plain (NO_COLOR forces plain)")
	_ = cmd.RegisterFlagCompletionFunc("theme", cobra.FixedCompletions(themes.Names, cobra.ShellCompDirectiveNoFileComp))
	cmd.Flags().BoolVar(&opts.NoMouse, "no-mouse", false, "leave the mouse to the terminal, so text can be selected (M switches while running)")
	cmd.Flags().DurationVar(&opts.Refresh, "refresh", ui.DefaultRefresh, "how often the list and the inspector re-read on their own; 0 never (config.toml: refresh = \"2m\")")
	cmd.RunE = cmdutil.RunE(opts, func([]string) error {
		// no-color.org: set and not empty.
		theme, ok := themes.Select(cmp.Or(themeName, "default"), f.Getenv("NO_COLOR") != "")
		if !ok {
			return cmdutil.UsageError("unknown theme %q: use %s", themeName, strings.Join(themes.Names, ", "))
		}
		if err := opts.Flags.Check(); err != nil {
			return err
		}
		opts.Ctx, opts.Theme, opts.RefreshSet = cmd.Context(), theme, cmd.Flags().Changed("refresh")
		return nil
	}, runF, runEditor)
	return cmd
}

// run opens the service and runs the editor on the terminal.
func runEditor(opts *EditorOptions) error {
	f := opts.F
	f.QuietStderr() // the editor owns the screen from here
	if f.Debug {
		// The editor's own log (the standard log package) beside the trace.
		lf, err := tea.LogToFile(filepath.Join(cmdutil.StateDir(f.Getenv), cmdutil.EditorLogName), "campaigns")
		if err != nil {
			return cmdutil.UsageError("--debug: %v", err)
		}
		defer lf.Close()
	}
	svc, err := opts.Flags.Open(opts.Ctx)
	if err != nil {
		return err
	}
	defer svc.Close()
	// After the service is chosen, so a wrong --profile is named first.
	if err := opts.Terminal(); err != nil {
		return cmdutil.UsageError("the editor needs a terminal (%v).\nIn scripts and pipes use the commands for them: campaigns list, get, status, export, diff, apply… (campaigns --help)", err)
	}
	cfg := editorwiring.Config(svc, opts.Theme, opts.Flags.DataDir())
	cfg.NoMouse = opts.NoMouse
	cfg.Refresh = opts.Refresh
	if !opts.RefreshSet {
		if pc, err := f.Profiles().Load(); err == nil {
			d, ok, err := pc.Refresh()
			if err != nil {
				return cmdutil.UsageError("%v", err)
			}
			if ok {
				cfg.Refresh = d
			}
		}
	}
	cfg.Output = os.Stdout // the clipboard (OSC 52) goes where the program draws
	// On a read-only profile the editor serves view mode only (the root
	// marks it): the Review and the preview, nothing that writes.
	closeEditor, err := editorwiring.Wire(&cfg)
	if errors.Is(err, drafts.ErrDirInUse) {
		return cmdutil.FailError("another campaigns editor is already open on %s.\nClose it first, or give this one a data directory of its own with --data DIR", cfg.DataDir)
	}
	if err != nil {
		return cmdutil.FailError("opening the draft editor: %v", err)
	}
	defer closeEditor()
	return opts.Program(cfg)
}

// terminal says why there is no terminal to draw on: Bubble Tea reads keys
// from standard input when it is a terminal, else from the controlling
// terminal (/dev/tty).
func terminal() error {
	if term.IsTerminal(os.Stdin.Fd()) {
		return nil
	}
	f, err := os.Open("/dev/tty")
	if err != nil {
		return errors.New("standard input is not one and there is no controlling terminal")
	}
	return f.Close()
}

func program(cfg ui.Config) error {
	p := tea.NewProgram(ui.New(cfg), tea.WithAltScreen())
	if _, err := p.Run(); err != nil {
		return cmdutil.FailError("%v", err)
	}
	return nil
}
