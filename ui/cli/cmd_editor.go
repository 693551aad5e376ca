package cli

import (
	"cmp"
	"errors"
	"os"
	"path/filepath"
	"strings"

	"github.com/charmbracelet/x/term"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api/drafts"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/pages/editor"
)

const rootLong = `campaigns — a terminal editor for Campaigns Service V5

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

// newEditorCmd is the root command: the editor.
func newEditorCmd(app *cmdutil.Factory) *cobra.Command {
	var themeName string
	cmd := &cobra.Command{
		Use:               "campaigns",
		Short:             "A terminal editor for Campaigns Service V5",
		Long:              rootLong,
		Args:              cmdutil.NoArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
	}
	svc := cmdutil.AddServiceFlags(cmd, app)
	// No default shown: fang would print "(default)", which reads as a remark.
	cmd.Flags().StringVar(&themeName, "theme", "", "default, high-contrast or plain (NO_COLOR forces plain)")
	_ = cmd.RegisterFlagCompletionFunc("theme", cobra.FixedCompletions(themes.Names, cobra.ShellCompDirectiveNoFileComp))
	cmd.Flags().BoolVar(&app.NoMouse, "no-mouse", false, "leave the mouse to the terminal, so text can be selected (M switches while running)")
	cmd.Flags().DurationVar(&app.Refresh, "refresh", ui.DefaultRefresh, "how often the list and the inspector re-read on their own; 0 never (config.toml: refresh = \"2m\")")
	cmd.RunE = func(cmd *cobra.Command, _ []string) error {
		// no-color.org: set and not empty.
		theme, ok := themes.Select(cmp.Or(themeName, "default"), app.Getenv("NO_COLOR") != "")
		if !ok {
			return cmdutil.UsageError("unknown theme %q: use %s", themeName, strings.Join(themes.Names, ", "))
		}
		return runEditor(cmd, app, svc, theme)
	}
	return cmd
}

// runEditor opens the service and runs the editor on the terminal.
func runEditor(cmd *cobra.Command, app *cmdutil.Factory, flags *cmdutil.ServiceFlags, theme themes.Theme) error {
	if err := flags.Check(); err != nil {
		return err
	}
	app.QuietStderr() // the editor owns the screen from here
	if app.Debug {
		// The editor's own log (the standard log package) beside the trace.
		f, err := tea.LogToFile(filepath.Join(cmdutil.StateDir(app.Getenv), cmdutil.EditorLogName), "campaigns")
		if err != nil {
			return cmdutil.UsageError("--debug: %v", err)
		}
		defer f.Close()
	}
	svc, err := flags.Open(cmd.Context())
	if err != nil {
		return err
	}
	defer svc.Close()
	// After the service is chosen, so a wrong --profile is named first.
	if err := terminalForEditor(); err != nil {
		return cmdutil.UsageError("the editor needs a terminal (%v).\nIn scripts and pipes use the commands for them: campaigns list, get, status, export, diff, apply… (campaigns --help)", err)
	}
	cfg := editorConfig(svc, theme, flags.DataDir())
	cfg.NoMouse = app.NoMouse
	cfg.Refresh = app.Refresh
	if !cmd.Flags().Changed("refresh") {
		if pc, err := app.Profiles().Load(); err == nil {
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
	closeEditor, err := wireEditor(&cfg)
	if errors.Is(err, drafts.ErrDirInUse) {
		return cmdutil.FailError("another campaigns editor is already open on %s.\nClose it first, or give this one a data directory of its own with --data DIR", cfg.DataDir)
	}
	if err != nil {
		return cmdutil.FailError("opening the draft editor: %v", err)
	}
	defer closeEditor()
	return runProgram(cfg)
}

// terminalForEditor says why there is no terminal to draw on: Bubble Tea
// reads keys from standard input when it is a terminal, else from the
// controlling terminal (/dev/tty). A variable, so tests need no terminal.
var terminalForEditor = func() error {
	if term.IsTerminal(os.Stdin.Fd()) {
		return nil
	}
	f, err := os.Open("/dev/tty")
	if err != nil {
		return errors.New("standard input is not one and there is no controlling terminal")
	}
	return f.Close()
}

func runProgram(cfg ui.Config) error {
	p := tea.NewProgram(ui.New(cfg), tea.WithAltScreen())
	if _, err := p.Run(); err != nil {
		return cmdutil.FailError("%v", err)
	}
	return nil
}

// editorConfig is the editor's view of the selected service: header label,
// profile name and colour, read-only.
func editorConfig(svc *cmdutil.Service, theme themes.Theme, dataDir string) ui.Config {
	cfg := ui.Config{Theme: theme, DataDir: dataDir, Client: svc.Client, Workspace: svc.Workspace,
		Service: svc.Client.BaseURL(), Profile: svc.Profile, ProfileColor: svc.Color, ReadOnly: svc.ReadOnly, Author: svc.Author}
	if svc.Sandbox {
		cfg.Service = "embedded sandbox"
	}
	return cfg
}

// readOnlyReason is why a read-only profile writes nothing ("" otherwise).
func readOnlyReason(cfg *ui.Config) string {
	if !cfg.ReadOnly {
		return ""
	}
	return "the profile " + cfg.Profile + " is read-only"
}

// wireDraftEditor plugs the draft editor into the shell: one sync engine per
// program, journaling under the data directory in a directory of its own per
// service and workspace (ids are unique only there). Every workspace feature is
// assumed on for local checks, so only the service refuses what a workspace
// lacks.
func wireDraftEditor(cfg *ui.Config) (func() error, error) {
	dir := filepath.Join(cfg.DataDir, "drafts", drafts.DirName(cfg.Service, cfg.Workspace))
	service := cfg.Service
	if service == "embedded sandbox" {
		service = "the embedded sandbox"
	}
	if cfg.Profile != "" {
		service = "profile " + cfg.Profile
	}
	f, closeFn, err := editor.Open(cfg.Client, dir, editor.Options{
		Validation: engine.Options{Features: engine.Features{AudienceLimit: true, Versioning: true}},
		Users:      previewUsers(cfg.Service == "embedded sandbox"),
		Target:     ops.Target{Service: service, Workspace: cfg.Workspace, BaseURL: cfg.Client.BaseURL(), Profile: cfg.Profile},
		Author:     cfg.Author,
		ReadOnly:   readOnlyReason(cfg),
	})
	if err != nil {
		return nil, err
	}
	f.Local = common.LocalZone() // by its name, not "Local"
	cfg.Editor = f
	return closeFn, nil
}
