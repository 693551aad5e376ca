package cmdutil

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/api/sandbox"
)

// DataCenters are the values --dc takes.
var DataCenters = []string{"01", "02", "03", "04", "05", "06", "101"}

// ServiceFlags are the service-selection flags of decisions.md §5, declared
// once here and shared by every command that talks to a service.
type ServiceFlags struct {
	app         *Factory
	BaseURL     string
	DC          *EnumFlag
	WorkspaceID string
	Profile     string
	Author      string
	Data        PathValue
	fs          *pflag.FlagSet
	// ExplicitOnly: no default profile is read (campaigns mcp serves the
	// embedded sandbox unless a service or profile is named).
	ExplicitOnly bool
	// OnRetry, when set, hears of the client's waits before its retries
	// (the scripting commands say so on stderr).
	OnRetry func(api.RetryInfo)
}

// serviceEnv are the variables that name the service as their flags do
// (decisions.md §5 "Service selection"); a flag given wins.
var serviceEnv = []struct{ flag, env string }{
	{"base-url", "CAMPAIGNS_BASE_URL"}, {"dc", "CAMPAIGNS_DC"},
	{"workspace-id", "CAMPAIGNS_WORKSPACE_ID"}, {"profile", "CAMPAIGNS_PROFILE"},
}

// AddServiceFlags declares --base-url, --dc, --workspace-id, --profile and
// --data on cmd.
func AddServiceFlags(cmd *cobra.Command, app *Factory) *ServiceFlags {
	fs := cmd.Flags()
	f := &ServiceFlags{app: app, fs: fs}
	fs.StringVar(&f.BaseURL, "base-url", "", "a real Campaigns V5 service, e.g. https://api.example.com\n(with --workspace-id and the key in CAMPAIGNS_API_KEY; or set CAMPAIGNS_BASE_URL)")
	f.DC = AddEnumFlag(cmd, fs, "dc", "", DataCenters, "or its data centre: 01 to 06 or 101 (or set CAMPAIGNS_DC)")
	fs.StringVar(&f.WorkspaceID, "workspace-id", "", "the workspace (Basic-auth user) on --base-url or --dc;\nthe API key is read from CAMPAIGNS_API_KEY (or set CAMPAIGNS_WORKSPACE_ID)")
	fs.StringVar(&f.Profile, "profile", "", "a profile saved with campaigns auth login (or set CAMPAIGNS_PROFILE)")
	fs.StringVar(&f.Author, "author", "", "who your writes are recorded as (updated_by, an email address);\nor set CAMPAIGNS_AUTHOR (default: the author of the profile or config)")
	fs.Var(&f.Data, "data", "where the embedded sandbox and the editor's journals live\n(default "+defaultDataDir(app.Getenv)+")")
	cmd.MarkFlagsMutuallyExclusive("base-url", "dc")
	_ = cmd.MarkFlagDirname("data")
	_ = cmd.RegisterFlagCompletionFunc("profile", f.app.CompleteProfiles())
	return f
}

// defaultDataDir is the editor's data directory, the sandbox's parent:
// $XDG_DATA_HOME/campaigns, else ~/.local/share/campaigns (read through
// getenv, so a test's HOME is its own), else where the sandbox says.
func defaultDataDir(getenv func(string) string) string {
	if d := getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "campaigns")
	}
	if h := getenv("HOME"); h != "" && (runtime.GOOS == "linux" || runtime.GOOS == "freebsd" || runtime.GOOS == "openbsd") {
		return filepath.Join(h, ".local", "share", "campaigns")
	}
	return filepath.Dir(sandbox.DefaultDataDir())
}

// DataDir is --data or the default.
func (f *ServiceFlags) DataDir() string {
	if f.Data.Path != "" {
		return f.Data.Path
	}
	return defaultDataDir(f.app.Getenv)
}

// Remote: a service named on the command line.
func (f *ServiceFlags) Remote() bool { return f.BaseURL != "" || f.DC.value != "" }

// Check finds the mistakes in the flags without touching anything, so a
// command can refuse before it starts a server or a terminal. It takes the
// service variables in as their flags: a flag or variable given with an
// empty value is a usage error naming it, never a fall-back to the
// embedded sandbox.
func (f *ServiceFlags) Check() error {
	for _, se := range serviceEnv {
		if f.fs.Changed(se.flag) {
			if f.fs.Lookup(se.flag).Value.String() == "" {
				return UsageError("--%s was given an empty value: name the service, or leave the flag out", se.flag)
			}
			continue
		}
		v, ok := f.app.Lookup(se.env)
		if !ok {
			continue
		}
		if strings.TrimSpace(v) == "" {
			return UsageError("%s is set but empty: name the service in it, or unset it", se.env)
		}
		if err := f.fs.Set(se.flag, v); err != nil {
			return UsageError("%s: %v", se.env, err)
		}
	}
	if f.fs.Changed("author") && strings.TrimSpace(f.Author) == "" {
		return UsageError("--author was given an empty value: give your email address, or leave the flag out")
	}
	if f.Remote() {
		if f.WorkspaceID == "" || f.app.Getenv("CAMPAIGNS_API_KEY") == "" {
			return UsageError("a real service needs --workspace-id and the API key in $CAMPAIGNS_API_KEY")
		}
		return nil
	}
	if f.WorkspaceID != "" {
		return UsageError("--workspace-id needs --base-url or --dc (the embedded sandbox has its own workspace)")
	}
	return nil
}

// Service is the service a command talks to, chosen by open.
type Service struct {
	Client    *api.Client // the selected service (the embedded sandbox is served on loopback in-process)
	Label     string      // "the embedded sandbox", "profile NAME" or a base URL, for messages
	Profile   string      // profile name, "" if none
	ReadOnly  bool        // a read-only profile: every write must be refused before sending (exit 1)
	Sandbox   bool        // true for the embedded sandbox (demo users/segments/outbox available at /sandbox/* routes)
	Close     func() error
	Workspace string // the workspace id
	Color     string // the profile's header colour, "" for the theme's
	// Author is the person writing (updated_by), "" for none: see
	// ServiceFlags.withAuthor.
	Author string

	notes *notes // what the command says while it waits
}

// Target names the service for the core's summaries and results.
func (s *Service) Target() ops.Target {
	return ops.Target{Service: s.Label, Workspace: s.Workspace, BaseURL: s.Client.BaseURL(), Profile: s.Profile}
}

// errReadOnly is what every write on a read-only profile answers.
var errReadOnly = errors.New("read-only profile")

// RequireWrite refuses a write on a read-only profile before anything is
// sent: scripting commands call it first thing in a write.
func (s *Service) RequireWrite() error {
	if s.ReadOnly {
		return RefusedError(fmt.Errorf("profile %q is read-only: %w (campaigns auth login --profile %s to change it)", s.Profile, errReadOnly, s.Profile))
	}
	return nil
}

// Open selects the service in the contract's order: --base-url/--dc with
// --workspace-id and CAMPAIGNS_API_KEY; else --profile or CAMPAIGNS_PROFILE;
// else the default profile; else the embedded sandbox, in-process under
// --data. The caller closes it; commands open through Factory.Service,
// which closes it for them and says when the client waits.
func (f *ServiceFlags) Open(ctx context.Context) (*Service, error) {
	if p := f.app.Preset; p != nil {
		if f.Remote() || f.Profile != "" {
			return nil, UsageError("the service is chosen for you here: leave out --base-url, --dc and --profile")
		}
		return p, nil
	}
	if err := f.Check(); err != nil {
		return nil, err
	}
	if f.Remote() {
		client, err := api.New(f.apiConfig(api.Config{BaseURL: f.BaseURL, DC: f.DC.value, WorkspaceID: f.WorkspaceID, APIKey: f.app.Getenv("CAMPAIGNS_API_KEY")}))
		if err != nil {
			return nil, UsageError("%v", err)
		}
		svc := &Service{Client: client, Label: client.BaseURL(), Workspace: f.WorkspaceID, Close: func() error { return nil }}
		return svc, f.withAuthor(svc, nil)
	}
	if f.Profile != "" || !f.ExplicitOnly {
		if svc, err := f.openProfile(); svc != nil || err != nil {
			return svc, f.withAuthor(svc, err)
		}
	}
	// An API key with no service named is someone's real service that was
	// not named (an empty CI variable): never guess the sandbox instead.
	if f.app.Getenv("CAMPAIGNS_API_KEY") != "" {
		return nil, UsageError("CAMPAIGNS_API_KEY is set, but no service is named: give --base-url or --dc with --workspace-id (or CAMPAIGNS_BASE_URL, CAMPAIGNS_DC, CAMPAIGNS_WORKSPACE_ID), or --profile; unset CAMPAIGNS_API_KEY to use the embedded sandbox")
	}
	svc, err := f.openSandbox()
	return svc, f.withAuthor(svc, err)
}

// openProfile opens the named or default profile; nil, nil when there is
// none to open.
func (f *ServiceFlags) openProfile() (*Service, error) {
	store, _, p, ok, err := f.app.ResolveProfile(f.Profile)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, nil
	}
	key, err := store.Key(p.Name)
	if err != nil {
		return nil, UsageError("%v", err)
	}
	client, err := api.New(f.apiConfig(api.Config{BaseURL: p.BaseURL, DC: p.DC, WorkspaceID: p.WorkspaceID, APIKey: key}))
	if err != nil {
		return nil, UsageError("profile %q: %v", p.Name, err)
	}
	return &Service{Client: client, Label: "profile " + p.Name, Profile: p.Name, ReadOnly: p.ReadOnly, Color: p.Color,
		Workspace: p.WorkspaceID, Author: p.Author, Close: func() error { return nil }}, nil
}

// openSandbox starts the embedded sandbox on loopback, its data under
// --data/sandbox, seeded with demo campaigns on first start.
func (f *ServiceFlags) openSandbox() (*Service, error) {
	ws := sandbox.DefaultWorkspace()
	url, _, stop, err := sandbox.StartLocal(sandbox.Config{DataDir: filepath.Join(f.DataDir(), "sandbox"), Seed: true, Logger: f.app.EmbeddedLog()})
	if err != nil {
		return nil, FailError("starting the embedded sandbox: %v", err)
	}
	client, err := api.New(f.apiConfig(api.Config{BaseURL: url, WorkspaceID: ws.ID, APIKey: ws.Key}))
	if err != nil {
		stop()
		return nil, FailError("%v", err)
	}
	return &Service{Client: client, Label: "the embedded sandbox", Sandbox: true, Workspace: ws.ID, Close: stop}, nil
}

// withAuthor settles svc's author (decisions.md §2 "author"): --author or
// CAMPAIGNS_AUTHOR, else the profile's author (already in svc), else
// author in config.toml; else none, and the service names the credential.
// It must be an email address (updated_by is one).
func (f *ServiceFlags) withAuthor(svc *Service, err error) error {
	if err != nil || svc == nil {
		return err
	}
	from := "--author"
	by := strings.TrimSpace(f.Author)
	if by == "" {
		from, by = "CAMPAIGNS_AUTHOR", strings.TrimSpace(f.app.Getenv("CAMPAIGNS_AUTHOR"))
	}
	if by == "" && svc.Author != "" {
		from, by = "the profile's author", svc.Author
	}
	if by == "" {
		if cfg, lerr := f.app.Profiles().Load(); lerr == nil {
			from, by = "author in config.toml", cfg.Author()
		}
	}
	if by != "" && !ops.ValidAuthor(by) {
		svc.Close()
		return UsageError("%s %q is not an email address like name@example.com", from, by)
	}
	svc.Author = by
	return nil
}

// apiConfig adds what every client of this program gets.
func (f *ServiceFlags) apiConfig(c api.Config) api.Config {
	if c.HTTPClient == nil {
		c.HTTPClient = api.TraceHTTPClient(f.app.Trace) // nil without --debug
	}
	c.OnRetry = f.OnRetry
	c.Sleep = f.app.Sleep
	return c
}

// PathValue is a path flag: $VARS and a leading ~ are expanded, because a
// quoted or --flag=~/x path reaches us unexpanded by the shell. os.ExpandEnv
// does the variables; ~ is two lines with os.UserHomeDir (no module in
// go.mod does it, and one is not worth adding for that).
type PathValue struct{ Path string }

var _ pflag.Value = (*PathValue)(nil)

func (p *PathValue) String() string { return p.Path }
func (p *PathValue) Type() string   { return "path" }
func (p *PathValue) Set(v string) error {
	p.Path = expandPath(v)
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

// Args are the service flags as given, for a process that must select the
// same service.
func (f *ServiceFlags) Args() []string {
	var out []string
	add := func(name, v string) {
		if v != "" {
			out = append(out, "--"+name, v)
		}
	}
	add("base-url", f.BaseURL)
	add("dc", f.DC.Value())
	add("workspace-id", f.WorkspaceID)
	add("profile", f.Profile)
	add("data", f.Data.Path)
	return out
}

// CacheKey names the service the flags select (for a cache of what was
// read from it): the flags and the variables that name a service.
func (f *ServiceFlags) CacheKey() string {
	parts := []string{f.BaseURL, f.DC.Value(), f.WorkspaceID, f.Profile, f.DataDir()}
	for _, e := range serviceEnv { // a service named by the environment
		parts = append(parts, f.app.Getenv(e.env))
	}
	k := strings.Join(parts, "\x00")
	sum := sha256.Sum256([]byte(k))
	return hex.EncodeToString(sum[:8])
}
