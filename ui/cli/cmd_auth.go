package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/charmbracelet/huh"
	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/profile"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
)

const authLong = `Profiles keep the services you work with (staging, production…): the
service, the workspace, and the API key, so that no command needs
--base-url, --workspace-id and CAMPAIGNS_API_KEY again.

The settings live in $XDG_CONFIG_HOME/campaigns/config.toml (or
~/.config/campaigns/config.toml); the key lives in the OS keyring, or, where
there is none (a headless Linux, an SSH session), in a file only you can read
beside the config. Never in the config file.

Commands use, in this order: --base-url/--dc with --workspace-id and
CAMPAIGNS_API_KEY; --profile NAME (or CAMPAIGNS_PROFILE); the active profile
(the last one logged in or switched to); the embedded sandbox.`

func newAuthCmd(app *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "auth",
		Short: "Log in to services and switch between profiles",
		Long:  authLong,
		Args:  cmdutil.NoArgs,
		RunE:  func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(newAuthLoginCmd(app), newAuthListCmd(app), newAuthSwitchCmd(app), newAuthLogoutCmd(app), newAuthStatusCmd(app))
	return cmd
}

// inIsTerminal: standard input is a terminal a form can read keys from.
func inIsTerminal(app *cmdutil.Factory) bool {
	f, ok := app.In.(*os.File)
	return ok && term.IsTerminal(f.Fd())
}

var colorRE = regexp.MustCompile(`^(#[0-9A-Fa-f]{6}|#[0-9A-Fa-f]{3})$`)

// checkColor accepts #rrggbb, #rgb or an ANSI colour number 0–255.
func checkColor(c string) error {
	if c == "" || colorRE.MatchString(c) {
		return nil
	}
	if n, err := strconv.Atoi(c); err == nil && n >= 0 && n <= 255 {
		return nil
	}
	return fmt.Errorf("colour %q: use #rrggbb, #rgb or an ANSI colour number 0-255", c)
}

// checkService: a base URL or a data centre, and a client can be built.
func checkService(p profile.Profile) error {
	_, err := api.New(api.Config{BaseURL: p.BaseURL, DC: p.DC, WorkspaceID: cmpOr(p.WorkspaceID, "x"), APIKey: "x"})
	if err != nil {
		return errors.New(strings.TrimPrefix(err.Error(), "api: "))
	}
	return nil
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func newAuthLoginCmd(app *cmdutil.Factory) *cobra.Command {
	var (
		p       profile.Profile
		withKey bool
	)
	cmd := &cobra.Command{
		Use:   "login",
		Short: "Save a service, a workspace and its API key as a profile",
		Long: `Saves a profile and makes it the active one. On a terminal a form asks
for what the flags do not give; the key is typed masked. Scripts pass the key
on standard input with --with-key.`,
		Example: `  campaigns auth login
  echo "$KEY" | campaigns auth login --profile prod --with-key \
      --base-url https://api.example.com --workspace-id W1
  campaigns auth login --profile prod-ro --dc 01 --workspace-id W1 \
      --read-only --color '#d70000'`,
		Args: cmdutil.NoArgs,
	}
	fs := cmd.Flags()
	fs.StringVar(&p.Name, "profile", "", "the profile's name (default \"default\")")
	fs.StringVar(&p.BaseURL, "base-url", "", "the service's base URL")
	dc := cmdutil.AddEnumFlag(cmd, fs, "dc", "", cmdutil.DataCenters, "or its data centre: 01 to 06 or 101")
	fs.StringVar(&p.WorkspaceID, "workspace-id", "", "the workspace (Basic-auth user)")
	fs.BoolVar(&withKey, "with-key", false, "read the API key from standard input (for scripts)")
	fs.BoolVar(&p.ReadOnly, "read-only", false, "refuse every write through this profile (the editor only looks)")
	fs.StringVar(&p.Color, "color", "", "the editor header's colour for this profile: #rrggbb or 0-255")
	cmd.MarkFlagsMutuallyExclusive("base-url", "dc")
	cmd.RunE = func(cmd *cobra.Command, _ []string) error {
		p.DC = dc.Value()
		var key string
		switch {
		case withKey:
			b, err := io.ReadAll(io.LimitReader(app.In, 64<<10))
			if err != nil {
				return cmdutil.UsageError("reading the key from standard input: %v", err)
			}
			key = strings.TrimSpace(string(b))
			if key == "" {
				return cmdutil.UsageError("--with-key: standard input held no key")
			}
			if p.Name == "" {
				p.Name = "default"
			}
		case inIsTerminal(app):
			var err error
			if key, err = loginForm(app, &p); err != nil {
				if errors.Is(err, huh.ErrUserAborted) {
					return cmdutil.FailError("login cancelled; nothing saved")
				}
				return cmdutil.FailError("%v", err)
			}
		default:
			return cmdutil.UsageError("standard input is not a terminal: pass the key with --with-key (echo \"$KEY\" | campaigns auth login --profile NAME --base-url URL --workspace-id ID --with-key)")
		}
		if err := profile.CheckName(p.Name); err != nil {
			return cmdutil.UsageError("--profile: %v", err)
		}
		if p.BaseURL == "" && p.DC == "" {
			return cmdutil.UsageError("name the service with --base-url URL or --dc DC")
		}
		if p.WorkspaceID == "" {
			return cmdutil.UsageError("--workspace-id is needed")
		}
		if err := checkService(p); err != nil {
			return cmdutil.UsageError("%v", err)
		}
		if err := checkColor(p.Color); err != nil {
			return cmdutil.UsageError("--color: %v", err)
		}
		// A key the service refuses is not saved; one that cannot be checked
		// now (offline, VPN down) is, with a note.
		note := ""
		if _, err := probeKey(cmd.Context(), app, p, key, 5*time.Second); api.StatusOf(err) == http.StatusUnauthorized {
			return cmdutil.RefusedError(fmt.Errorf("the service rejected this key for workspace %s (401): nothing saved; check the workspace id and the key", p.WorkspaceID))
		} else if err != nil {
			note = fmt.Sprintf("The key could not be checked now (%v); campaigns auth status checks it later.\n", err)
		}
		store := app.Profiles()
		cfg, err := store.Load()
		if err != nil {
			return cmdutil.UsageError("%v", err)
		}
		if err := cfg.Put(p); err != nil {
			return cmdutil.UsageError("%v", err)
		}
		where, err := store.SetKey(p.Name, key)
		if err != nil {
			return cmdutil.UsageError("storing the API key: %v", err)
		}
		cfg.SetDefault(p.Name)
		if err := store.Save(cfg); err != nil {
			return cmdutil.UsageError("saving %s: %v", cfg.Path(), err)
		}
		ro := ""
		if p.ReadOnly {
			ro = ", read-only"
		}
		fmt.Fprintf(app.Out, "Saved profile %s (%s, workspace %s%s); the key is in %s.\n%s is now the active profile.\n",
			p.Name, p.Service(), p.WorkspaceID, ro, where, p.Name)
		fmt.Fprint(app.ErrOut, note)
		return nil
	}
	return cmd
}

// probeKey tries key with the cheapest read there is, a search for one
// campaign, without retries. It returns the service's address ("" when the
// profile does not make a client) and the read's error.
func probeKey(ctx context.Context, app *cmdutil.Factory, p profile.Profile, key string, timeout time.Duration) (string, error) {
	client, err := api.New(api.Config{BaseURL: p.BaseURL, DC: p.DC, WorkspaceID: p.WorkspaceID, APIKey: key,
		MaxRetries: -1, HTTPClient: api.TraceHTTPClient(app.Trace)})
	if err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	_, err = client.Search(ctx, api.SearchRequest{Limit: 1, Page: 1})
	return client.BaseURL(), err
}

// loginForm asks, on the terminal, for what the flags did not give.
func loginForm(app *cmdutil.Factory, p *profile.Profile) (string, error) {
	lf := newLoginForm(p)
	if err := lf.form.WithInput(app.In).WithOutput(app.ErrOut).Run(); err != nil {
		return "", err
	}
	return lf.apply(p), nil
}

// loginFormState is the form and the strings it fills.
type loginFormState struct {
	form                      *huh.Form
	name, service, key, color string
	readOnly                  bool
	workspace                 string
}

func newLoginForm(p *profile.Profile) *loginFormState {
	lf := &loginFormState{name: cmpOr(p.Name, "default"), service: cmpOr(p.BaseURL, p.DC),
		workspace: p.WorkspaceID, color: p.Color, readOnly: p.ReadOnly}
	needed := func(what string) func(string) error {
		return func(s string) error {
			if strings.TrimSpace(s) == "" {
				return errors.New(what + " is needed")
			}
			return nil
		}
	}
	// Two pages, so each fits a 24-line terminal.
	service := huh.NewGroup(
		huh.NewInput().Title("Profile name").Description("e.g. staging, prod").Value(&lf.name).
			Validate(func(s string) error { return profile.CheckName(strings.TrimSpace(s)) }),
		huh.NewInput().Title("Service").Description("its base URL (https://…) or data centre (01-06, 101)").Value(&lf.service).
			Validate(func(s string) error { return checkService(serviceProfile(s)) }),
		huh.NewInput().Title("Workspace id").Value(&lf.workspace).Validate(needed("the workspace id")),
		huh.NewInput().Title("API key").Description("kept in the OS keyring").EchoMode(huh.EchoModePassword).Value(&lf.key).
			Validate(needed("the API key")),
	)
	options := huh.NewGroup(
		huh.NewConfirm().Title("Read-only?").Description("refuse every write through this profile").Value(&lf.readOnly),
		huh.NewInput().Title("Header colour (optional)").Description("#rrggbb or 0-255; empty for the theme's").Value(&lf.color).
			Validate(func(s string) error { return checkColor(strings.TrimSpace(s)) }),
	)
	lf.form = huh.NewForm(service, options)
	return lf
}

// apply copies the answers into p and returns the key.
func (lf *loginFormState) apply(p *profile.Profile) string {
	sp := serviceProfile(lf.service)
	p.Name, p.BaseURL, p.DC = strings.TrimSpace(lf.name), sp.BaseURL, sp.DC
	p.WorkspaceID, p.Color, p.ReadOnly = strings.TrimSpace(lf.workspace), strings.TrimSpace(lf.color), lf.readOnly
	return strings.TrimSpace(lf.key)
}

// serviceProfile reads the form's one service field: a data centre or a URL.
func serviceProfile(s string) profile.Profile {
	s = strings.TrimSpace(s)
	if slices.Contains(cmdutil.DataCenters, s) {
		return profile.Profile{DC: s}
	}
	return profile.Profile{BaseURL: s}
}

func newAuthListCmd(app *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "list",
		Short: "List the profiles (* marks the active one; keys are never shown)",
		Args:  cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg, err := app.Profiles().Load()
			if err != nil {
				return cmdutil.UsageError("%v", err)
			}
			names := cfg.Names()
			if len(names) == 0 {
				fmt.Fprintln(app.Out, "No profiles yet: campaigns auth login saves one. Until then commands use the embedded sandbox.")
				return nil
			}
			var buf bytes.Buffer
			tw := tabwriter.NewWriter(&buf, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "  PROFILE\tSERVICE\tWORKSPACE\t")
			for _, n := range names {
				p, err := cfg.Get(n)
				if err != nil {
					continue
				}
				mark, ro := " ", ""
				if n == cfg.Default() {
					mark = "*"
				}
				if p.ReadOnly {
					ro = "read-only"
				}
				fmt.Fprintf(tw, "%s %s\t%s\t%s\t%s\n", mark, n, p.Service(), p.WorkspaceID, ro)
			}
			if err := tw.Flush(); err != nil {
				return err
			}
			// No padding after the last column: it shows in a pipe or a diff.
			for _, l := range strings.SplitAfter(buf.String(), "\n") {
				if l != "" {
					fmt.Fprintln(app.Out, strings.TrimRight(l, " \n"))
				}
			}
			return nil
		},
	}
}

func newAuthSwitchCmd(app *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:               "switch NAME",
		Short:             "Make a profile the active one",
		Args:              cmdutil.ExactArgs(1, "one profile NAME"),
		ValidArgsFunction: app.CompleteProfiles(),
		RunE: func(cmd *cobra.Command, args []string) error {
			store, cfg, p, _, err := app.ResolveProfile(args[0])
			if err != nil {
				return err
			}
			cfg.SetDefault(p.Name)
			if err := store.Save(cfg); err != nil {
				return cmdutil.UsageError("saving %s: %v", cfg.Path(), err)
			}
			fmt.Fprintf(app.Out, "%s (%s, workspace %s) is now the active profile.\n", p.Name, p.Service(), p.WorkspaceID)
			return nil
		},
	}
}

func newAuthLogoutCmd(app *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:               "logout NAME",
		Short:             "Remove a profile and its key (from the keyring too)",
		Args:              cmdutil.ExactArgs(1, "one profile NAME"),
		ValidArgsFunction: app.CompleteProfiles(),
		RunE: func(cmd *cobra.Command, args []string) error {
			store, cfg, p, _, err := app.ResolveProfile(args[0])
			if err != nil {
				return err
			}
			if err := store.DeleteKey(p.Name); err != nil {
				return cmdutil.UsageError("%v", err)
			}
			wasActive := cfg.Default() == p.Name
			if err := cfg.Delete(p.Name); err != nil {
				return cmdutil.UsageError("%v", err)
			}
			if err := store.Save(cfg); err != nil {
				return cmdutil.UsageError("saving %s: %v", cfg.Path(), err)
			}
			fmt.Fprintf(app.Out, "Removed profile %s and its key.\n", p.Name)
			switch {
			case len(cfg.Names()) == 0:
				fmt.Fprintln(app.Out, "No profiles left: commands use the embedded sandbox until campaigns auth login saves one.")
			case wasActive:
				fmt.Fprintf(app.Out, "No profile is active now (commands use the embedded sandbox): campaigns auth switch NAME picks one of %s.\n",
					strings.Join(cfg.Names(), ", "))
			}
			return nil
		},
	}
}

func newAuthStatusCmd(app *cmdutil.Factory) *cobra.Command {
	var name string
	cmd := &cobra.Command{
		Use:   "status",
		Short: "Check a profile's credentials against its service",
		Long: `Checks the active profile (or --profile NAME) with a cheap read: a search for
one campaign. Exit 0 when the service accepts the key, 1 when it refuses it
(401, 403), 2 when it cannot be reached or the profile is unusable.`,
		Args: cmdutil.NoArgs,
	}
	cmd.Flags().StringVar(&name, "profile", app.Getenv("CAMPAIGNS_PROFILE"), "the profile to check (default: the active one)")
	_ = cmd.RegisterFlagCompletionFunc("profile", app.CompleteProfiles())
	cmd.RunE = func(cmd *cobra.Command, _ []string) error {
		store, _, p, ok, err := app.ResolveProfile(name)
		if err != nil {
			return err
		}
		if !ok {
			fmt.Fprintln(app.Out, "No active profile: commands use the embedded sandbox. campaigns auth login saves one.")
			return nil
		}
		key, err := store.Key(p.Name)
		if err != nil {
			return cmdutil.UsageError("%v", err)
		}
		base, err := probeKey(cmd.Context(), app, p, key, 20*time.Second)
		if base == "" {
			return cmdutil.UsageError("profile %s: %v", p.Name, err)
		}
		fmt.Fprintf(app.Out, "Profile %s: %s, workspace %s\n", p.Name, base, p.WorkspaceID)
		switch st := api.StatusOf(err); {
		case err == nil:
			ro := ""
			if p.ReadOnly {
				ro = " This profile is read-only: writes are refused before they are sent."
			}
			fmt.Fprintf(app.Out, "The service accepts the key.%s\n", ro)
			return nil
		case st == http.StatusUnauthorized:
			return cmdutil.RefusedError(fmt.Errorf("the service rejected the key of profile %s (401): check the workspace id and the key, then campaigns auth login --profile %s", p.Name, p.Name))
		case st == http.StatusForbidden:
			return cmdutil.RefusedError(fmt.Errorf("the key of profile %s is valid but may not read campaigns in workspace %s (403): %v", p.Name, p.WorkspaceID, err))
		case api.IsUnreachable(err) || st == 0:
			return cmdutil.UsageError("cannot reach %s: %v", base, err)
		default:
			return cmdutil.RefusedError(fmt.Errorf("the service answered %v", err))
		}
	}
	return cmd
}
