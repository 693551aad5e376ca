package auth

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/charmbracelet/huh"
	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/profile"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
)

// LoginOptions are login's flags: the profile to save.
type LoginOptions struct {
	IO *cmdutil.IOStreams
	F  *cmdutil.Factory
	// Ctx bounds the check of the key against the service.
	Ctx     context.Context
	Profile profile.Profile
	// WithKey: the key comes on standard input (scripts), not a form.
	WithKey bool
	// Form asks on the terminal for what the flags do not give, and
	// returns the key; nil when standard input is no terminal.
	Form func(*profile.Profile) (string, error)
}

// NewLoginCmd builds `campaigns auth login`; runF, when set, receives the
// options instead of runLogin (tests).
func NewLoginCmd(f *cmdutil.Factory, runF func(*LoginOptions) error) *cobra.Command {
	opts := &LoginOptions{IO: f.IOStreams, F: f}
	p := &opts.Profile
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
	fs.BoolVar(&opts.WithKey, "with-key", false, "read the API key from standard input (for scripts)")
	fs.BoolVar(&p.ReadOnly, "read-only", false, "refuse every write through this profile (the editor only looks)")
	fs.StringVar(&p.Color, "color", "", "the editor header's colour for this profile: #rrggbb or 0-255")
	cmd.MarkFlagsMutuallyExclusive("base-url", "dc")
	cmd.RunE = cmdutil.RunE(opts, func([]string) error {
		opts.Ctx, p.DC = cmd.Context(), dc.Value()
		if in, ok := f.In.(*os.File); ok && term.IsTerminal(in.Fd()) {
			opts.Form = func(p *profile.Profile) (string, error) { return loginForm(f.IOStreams, p) }
		}
		return nil
	}, runF, runLogin)
	return cmd
}

// key reads the API key: from standard input with --with-key, else from
// the form on a terminal.
func (opts *LoginOptions) key() (string, error) {
	p := &opts.Profile
	switch {
	case opts.WithKey:
		b, err := io.ReadAll(io.LimitReader(opts.IO.In, 64<<10))
		if err != nil {
			return "", cmdutil.UsageError("reading the key from standard input: %v", err)
		}
		key := strings.TrimSpace(string(b))
		if key == "" {
			return "", cmdutil.UsageError("--with-key: standard input held no key")
		}
		if p.Name == "" {
			p.Name = "default"
		}
		return key, nil
	case opts.Form != nil:
		key, err := opts.Form(p)
		if errors.Is(err, huh.ErrUserAborted) {
			return "", cmdutil.FailError("login cancelled; nothing saved")
		}
		if err != nil {
			return "", cmdutil.FailError("%v", err)
		}
		return key, nil
	}
	return "", cmdutil.UsageError("standard input is not a terminal: pass the key with --with-key (echo \"$KEY\" | campaigns auth login --profile NAME --base-url URL --workspace-id ID --with-key)")
}

// check refuses a profile that could not be used.
func check(p profile.Profile) error {
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
	return nil
}

func runLogin(opts *LoginOptions) error {
	key, err := opts.key()
	if err != nil {
		return err
	}
	p := opts.Profile
	if err := check(p); err != nil {
		return err
	}
	// A key the service refuses is not saved; one that cannot be checked
	// now (offline, VPN down) is, with a note.
	note := ""
	if _, err := probeKey(opts.Ctx, opts.F, p, key, 5*time.Second); api.StatusOf(err) == http.StatusUnauthorized {
		return cmdutil.RefusedError(fmt.Errorf("the service rejected this key for workspace %s (401): nothing saved; check the workspace id and the key", p.WorkspaceID))
	} else if err != nil {
		note = fmt.Sprintf("The key could not be checked now (%v); campaigns auth status checks it later.\n", err)
	}
	store := opts.F.Profiles()
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
	if err := save(store, cfg); err != nil {
		return err
	}
	ro := ""
	if p.ReadOnly {
		ro = ", read-only"
	}
	fmt.Fprintf(opts.IO.Out, "Saved profile %s (%s, workspace %s%s); the key is in %s.\n%s is now the active profile.\n",
		p.Name, p.Service(), p.WorkspaceID, ro, where, p.Name)
	fmt.Fprint(opts.IO.ErrOut, note)
	return nil
}

// probeKey tries key with the cheapest read there is, a search for one
// campaign, without retries. It returns the service's address ("" when the
// profile does not make a client) and the read's error.
func probeKey(ctx context.Context, f *cmdutil.Factory, p profile.Profile, key string, timeout time.Duration) (string, error) {
	client, err := api.New(api.Config{BaseURL: p.BaseURL, DC: p.DC, WorkspaceID: p.WorkspaceID, APIKey: key,
		MaxRetries: -1, HTTPClient: api.TraceHTTPClient(f.Trace)})
	if err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	_, err = client.Search(ctx, api.SearchRequest{Limit: 1, Page: 1})
	return client.BaseURL(), err
}
