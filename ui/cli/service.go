package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/api/profile"
	"github.com/campaigns-cli/campaigns/api/sandbox"
)

// dataCenters are the values --dc takes.
var dataCenters = []string{"01", "02", "03", "04", "05", "06", "101"}

// serviceFlags are the service-selection flags of decisions.md §5, declared
// once here and shared by every command that talks to a service.
type serviceFlags struct {
	app         *appContext
	baseURL     string
	dc          *flagEnum
	workspaceID string
	profile     string
	author      string
	data        pathValue
	fs          *pflag.FlagSet
	// explicitOnly: no default profile is read (campaigns mcp serves the
	// embedded sandbox unless a service or profile is named).
	explicitOnly bool
	// onRetry, when set, hears of the client's waits before its retries
	// (the scripting commands say so on stderr).
	onRetry func(api.RetryInfo)
}

// serviceEnv are the variables that name the service as their flags do
// (decisions.md §5 "Service selection"); a flag given wins.
var serviceEnv = []struct{ flag, env string }{
	{"base-url", "CAMPAIGNS_BASE_URL"}, {"dc", "CAMPAIGNS_DC"},
	{"workspace-id", "CAMPAIGNS_WORKSPACE_ID"}, {"profile", "CAMPAIGNS_PROFILE"},
}

// addServiceFlags declares --base-url, --dc, --workspace-id, --profile and
// --data on cmd.
func addServiceFlags(cmd *cobra.Command, app *appContext) *serviceFlags {
	fs := cmd.Flags()
	f := &serviceFlags{app: app, fs: fs}
	fs.StringVar(&f.baseURL, "base-url", "", "a real Campaigns V5 service, e.g. https://api.example.com\n(with --workspace-id and the key in CAMPAIGNS_API_KEY; or set CAMPAIGNS_BASE_URL)")
	f.dc = enumFlag(cmd, fs, "dc", "", dataCenters, "or its data centre: 01 to 06 or 101 (or set CAMPAIGNS_DC)")
	fs.StringVar(&f.workspaceID, "workspace-id", "", "the workspace (Basic-auth user) on --base-url or --dc;\nthe API key is read from CAMPAIGNS_API_KEY (or set CAMPAIGNS_WORKSPACE_ID)")
	fs.StringVar(&f.profile, "profile", "", "a profile saved with campaigns auth login (or set CAMPAIGNS_PROFILE)")
	fs.StringVar(&f.author, "author", "", "who your writes are recorded as (updated_by, an email address);\nor set CAMPAIGNS_AUTHOR (default: the author of the profile or config)")
	fs.Var(&f.data, "data", "where the embedded sandbox and the editor's journals live\n(default "+defaultDataDir()+")")
	cmd.MarkFlagsMutuallyExclusive("base-url", "dc")
	_ = cmd.MarkFlagDirname("data")
	_ = cmd.RegisterFlagCompletionFunc("profile", completeProfiles(app))
	return f
}

// defaultDataDir is the editor's data directory: the sandbox's parent.
func defaultDataDir() string { return filepath.Dir(sandbox.DefaultDataDir()) }

// dataDir is --data or the default.
func (f *serviceFlags) dataDir() string {
	if f.data.path != "" {
		return f.data.path
	}
	return defaultDataDir()
}

// remote: a service named on the command line.
func (f *serviceFlags) remote() bool { return f.baseURL != "" || f.dc.value != "" }

// check finds the mistakes in the flags without touching anything, so a
// command can refuse before it starts a server or a terminal. It takes the
// service variables in as their flags: a flag or variable given with an
// empty value is a usage error naming it, never a fall-back to the
// embedded sandbox.
func (f *serviceFlags) check() error {
	for _, se := range serviceEnv {
		if f.fs.Changed(se.flag) {
			if f.fs.Lookup(se.flag).Value.String() == "" {
				return usageError("--%s was given an empty value: name the service, or leave the flag out", se.flag)
			}
			continue
		}
		v, ok := f.app.lookupEnv(se.env)
		if !ok {
			continue
		}
		if strings.TrimSpace(v) == "" {
			return usageError("%s is set but empty: name the service in it, or unset it", se.env)
		}
		if err := f.fs.Set(se.flag, v); err != nil {
			return usageError("%s: %v", se.env, err)
		}
	}
	if f.fs.Changed("author") && strings.TrimSpace(f.author) == "" {
		return usageError("--author was given an empty value: give your email address, or leave the flag out")
	}
	if f.remote() {
		if f.workspaceID == "" || f.app.Getenv("CAMPAIGNS_API_KEY") == "" {
			return usageError("a real service needs --workspace-id and the API key in $CAMPAIGNS_API_KEY")
		}
		return nil
	}
	if f.workspaceID != "" {
		return usageError("--workspace-id needs --base-url or --dc (the embedded sandbox has its own workspace)")
	}
	return nil
}

// service is the service a command talks to, chosen by open.
type service struct {
	Client    *api.Client // the selected service (the embedded sandbox is served on loopback in-process)
	Label     string      // "the embedded sandbox", "profile NAME" or a base URL, for messages
	Profile   string      // profile name, "" if none
	ReadOnly  bool        // a read-only profile: every write must be refused before sending (exit 1)
	Sandbox   bool        // true for the embedded sandbox (demo users/segments/outbox available at /sandbox/* routes)
	Close     func() error
	Workspace string // the workspace id
	Color     string // the profile's header colour, "" for the theme's
	// Author is the person writing (updated_by), "" for none: see
	// serviceFlags.withAuthor.
	Author string
}

// Target names the service for the core's summaries and results.
func (s *service) Target() ops.Target {
	return ops.Target{Service: s.Label, Workspace: s.Workspace, BaseURL: s.Client.BaseURL(), Profile: s.Profile}
}

// errReadOnly is what every write on a read-only profile answers.
var errReadOnly = errors.New("read-only profile")

// requireWrite refuses a write on a read-only profile before anything is
// sent: scripting commands call it first thing in a write.
func (s *service) requireWrite() error {
	if s.ReadOnly {
		return refusedError(fmt.Errorf("profile %q is read-only: %w (campaigns auth login --profile %s to change it)", s.Profile, errReadOnly, s.Profile))
	}
	return nil
}

// open selects the service in the contract's order: --base-url/--dc with
// --workspace-id and CAMPAIGNS_API_KEY; else --profile or CAMPAIGNS_PROFILE;
// else the default profile; else the embedded sandbox, in-process under
// --data. The caller closes it.
func (f *serviceFlags) open(ctx context.Context) (*service, error) {
	if p := f.app.preset; p != nil {
		if f.remote() || f.profile != "" {
			return nil, usageError("the service is chosen for you here: leave out --base-url, --dc and --profile")
		}
		return p, nil
	}
	if err := f.check(); err != nil {
		return nil, err
	}
	if f.remote() {
		client, err := api.New(f.apiConfig(api.Config{BaseURL: f.baseURL, DC: f.dc.value, WorkspaceID: f.workspaceID, APIKey: f.app.Getenv("CAMPAIGNS_API_KEY")}))
		if err != nil {
			return nil, usageError("%v", err)
		}
		svc := &service{Client: client, Label: client.BaseURL(), Workspace: f.workspaceID, Close: func() error { return nil }}
		return svc, f.withAuthor(svc, nil)
	}
	if f.profile != "" || !f.explicitOnly {
		if svc, err := f.openProfile(); svc != nil || err != nil {
			return svc, f.withAuthor(svc, err)
		}
	}
	// An API key with no service named is someone's real service that was
	// not named (an empty CI variable): never guess the sandbox instead.
	if f.app.Getenv("CAMPAIGNS_API_KEY") != "" {
		return nil, usageError("CAMPAIGNS_API_KEY is set, but no service is named: give --base-url or --dc with --workspace-id (or CAMPAIGNS_BASE_URL, CAMPAIGNS_DC, CAMPAIGNS_WORKSPACE_ID), or --profile; unset CAMPAIGNS_API_KEY to use the embedded sandbox")
	}
	svc, err := f.openSandbox()
	return svc, f.withAuthor(svc, err)
}

// openProfile opens the named or default profile; nil, nil when there is
// none to open.
func (f *serviceFlags) openProfile() (*service, error) {
	store, _, p, ok, err := f.app.resolveProfile(f.profile)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, nil
	}
	key, err := store.Key(p.Name)
	if err != nil {
		return nil, usageError("%v", err)
	}
	client, err := api.New(f.apiConfig(api.Config{BaseURL: p.BaseURL, DC: p.DC, WorkspaceID: p.WorkspaceID, APIKey: key}))
	if err != nil {
		return nil, usageError("profile %q: %v", p.Name, err)
	}
	return &service{Client: client, Label: "profile " + p.Name, Profile: p.Name, ReadOnly: p.ReadOnly, Color: p.Color,
		Workspace: p.WorkspaceID, Author: p.Author, Close: func() error { return nil }}, nil
}

// resolveProfile loads the profiles and finds name (or, when name is "",
// the active one; ok is false when there is none). A config that does not
// parse, or a name that does not exist, is a usage error (exit 2).
func (app *appContext) resolveProfile(name string) (*profile.Store, *profile.Config, profile.Profile, bool, error) {
	store := app.profiles()
	cfg, err := store.Load()
	if err != nil {
		return nil, nil, profile.Profile{}, false, usageError("%v", err)
	}
	p, ok, err := cfg.Resolve(name)
	if err != nil {
		return nil, nil, profile.Profile{}, false, usageError("%v", err)
	}
	return store, cfg, p, ok, nil
}

// openSandbox starts the embedded sandbox on loopback, its data under
// --data/sandbox, seeded with demo campaigns on first start.
func (f *serviceFlags) openSandbox() (*service, error) {
	ws := sandbox.DefaultWorkspace()
	url, _, stop, err := sandbox.StartLocal(sandbox.Config{DataDir: filepath.Join(f.dataDir(), "sandbox"), Seed: true, Logger: f.app.embeddedLog()})
	if err != nil {
		return nil, failError("starting the embedded sandbox: %v", err)
	}
	client, err := api.New(f.apiConfig(api.Config{BaseURL: url, WorkspaceID: ws.ID, APIKey: ws.Key}))
	if err != nil {
		stop()
		return nil, failError("%v", err)
	}
	return &service{Client: client, Label: "the embedded sandbox", Sandbox: true, Workspace: ws.ID, Close: stop}, nil
}

// withAuthor settles svc's author (decisions.md §2 "author"): --author or
// CAMPAIGNS_AUTHOR, else the profile's author (already in svc), else
// author in config.toml; else none, and the service names the credential.
// It must be an email address (updated_by is one).
func (f *serviceFlags) withAuthor(svc *service, err error) error {
	if err != nil || svc == nil {
		return err
	}
	from := "--author"
	by := strings.TrimSpace(f.author)
	if by == "" {
		from, by = "CAMPAIGNS_AUTHOR", strings.TrimSpace(f.app.Getenv("CAMPAIGNS_AUTHOR"))
	}
	if by == "" && svc.Author != "" {
		from, by = "the profile's author", svc.Author
	}
	if by == "" {
		if cfg, lerr := f.app.profiles().Load(); lerr == nil {
			from, by = "author in config.toml", cfg.Author()
		}
	}
	if by != "" && !ops.ValidAuthor(by) {
		svc.Close()
		return usageError("%s %q is not an email address like name@example.com", from, by)
	}
	svc.Author = by
	return nil
}

// apiConfig adds what every client of this program gets.
func (f *serviceFlags) apiConfig(c api.Config) api.Config {
	if c.HTTPClient == nil {
		c.HTTPClient = api.TraceHTTPClient(f.app.Trace) // nil without --debug
	}
	c.OnRetry = f.onRetry
	return c
}

// pathValue is a path flag: $VARS and a leading ~ are expanded, because a
// quoted or --flag=~/x path reaches us unexpanded by the shell. os.ExpandEnv
// does the variables; ~ is two lines with os.UserHomeDir (no module in
// go.mod does it, and one is not worth adding for that).
type pathValue struct{ path string }

var _ pflag.Value = (*pathValue)(nil)

func (p *pathValue) String() string { return p.path }
func (p *pathValue) Type() string   { return "path" }
func (p *pathValue) Set(v string) error {
	p.path = expandPath(v)
	return nil
}

func expandPath(v string) string {
	v = os.ExpandEnv(v)
	if v == "~" || strings.HasPrefix(v, "~/") {
		if home, err := os.UserHomeDir(); err == nil {
			v = filepath.Join(home, v[1:])
		}
	}
	return v
}
