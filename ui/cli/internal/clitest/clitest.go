// Package clitest runs one command of the command line in-process, the way
// the root would, without building the binary or the tree: each test gets
// an environment of its own (a HOME, variables in a map rather than the
// process's, buffers for the streams), so command tests run in parallel.
// Test support: linked into tests only.
package clitest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/spf13/cobra"
	"github.com/zalando/go-keyring"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/api/profile"
	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
)

// Env is one test's environment: its variables and, once served, the
// sandbox its commands talk to.
type Env struct {
	T    testing.TB
	Vars map[string]string
	// Client reaches the served sandbox (nil before Serve).
	Client *api.Client
	// Keyring keeps the profiles' keys: in memory, this test's own.
	Keyring profile.Keyring
}

// New is an environment with a HOME of its own and no service named.
func New(t testing.TB) *Env {
	t.Helper()
	home := t.TempDir()
	return &Env{T: t, Keyring: &Keyring{}, Vars: map[string]string{
		"HOME":            home,
		"XDG_CONFIG_HOME": filepath.Join(home, ".config"),
		"XDG_STATE_HOME":  filepath.Join(home, ".local", "state"),
	}}
}

// Serve starts a sandbox seeded with the demo campaigns (no rate limits:
// the commands pace themselves) on loopback for the
// test and names it in the variables, as a user names a real service
// (CAMPAIGNS_BASE_URL, CAMPAIGNS_WORKSPACE_ID, CAMPAIGNS_API_KEY).
func (e *Env) Serve() *Env {
	e.T.Helper()
	return e.ServeConfig(sandbox.Config{Seed: true, NoRateLimits: true})
}

// ServeConfig is Serve with a sandbox configured by cfg (its first
// workspace, or the default one, is named).
func (e *Env) ServeConfig(cfg sandbox.Config) *Env {
	e.T.Helper()
	s, err := sandbox.Open(cfg)
	if err != nil {
		e.T.Fatal(err)
	}
	srv := httptest.NewServer(s.Handler())
	e.T.Cleanup(func() { srv.Close(); s.Close() })
	ws := sandbox.DefaultWorkspace()
	if len(cfg.Workspaces) > 0 {
		ws = cfg.Workspaces[0]
	}
	e.Vars["CAMPAIGNS_BASE_URL"], e.Vars["CAMPAIGNS_WORKSPACE_ID"], e.Vars["CAMPAIGNS_API_KEY"] = srv.URL, ws.ID, ws.Key
	if e.Client, err = api.New(api.Config{BaseURL: srv.URL, WorkspaceID: ws.ID, APIKey: ws.Key}); err != nil {
		e.T.Fatal(err)
	}
	return e
}

// Factory is a factory on these variables and the given streams, logging
// started as the root starts it; the test's end closes what it opened.
func (e *Env) Factory(stdin io.Reader, stdout, stderr io.Writer) *cmdutil.Factory {
	e.T.Helper()
	lookup := func(k string) (string, bool) { v, ok := e.Vars[k]; return v, ok }
	f := &cmdutil.Factory{IOStreams: &cmdutil.IOStreams{In: stdin, Out: stdout, ErrOut: stderr,
		Getenv: func(k string) string { return e.Vars[k] }, LookupEnv: lookup}, Keyring: e.Keyring}
	f.Debug = e.Vars["CAMPAIGNS_DEBUG"] == "1" // the root's --debug
	if err := f.StartLogging(); err != nil {
		e.T.Fatal(err)
	}
	e.T.Cleanup(func() { f.Close(); f.StopLogging() })
	return f
}

// Result is what a command did: its exit status, its output, and the error
// it ended with (its message also ends Err, as the root prints it).
type Result struct {
	Code     int
	Out, Err string
	Error    error
}

// Run runs the command newCmd builds on a fresh factory with args, stdin
// as its standard input.
func (e *Env) Run(newCmd func(*cmdutil.Factory) *cobra.Command, stdin string, args ...string) Result {
	e.T.Helper()
	var out, errOut bytes.Buffer
	err := e.Exec(newCmd, strings.NewReader(stdin), &out, &errOut, args...)
	return Result{Code: cmdutil.ExitCode(err), Out: out.String(), Err: errOut.String(), Error: err}
}

// Exec runs the command newCmd builds on a fresh factory writing to stdout
// and stderr (the error's message last, as the root prints it), and
// returns the error it ended with.
func (e *Env) Exec(newCmd func(*cmdutil.Factory) *cobra.Command, stdin io.Reader, stdout, stderr io.Writer, args ...string) error {
	e.T.Helper()
	f := e.Factory(stdin, stdout, stderr)
	cmd := newCmd(f)
	cmd.SetArgs(args)
	cmd.SetIn(f.In)
	cmd.SetOut(stdout)
	cmd.SetErr(stderr)
	cmd.SilenceErrors, cmd.SilenceUsage = true, true
	cmd.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return cmdutil.CommandLineError(err) })
	err := cmd.ExecuteContext(context.Background())
	f.Close()
	if err != nil && !errors.Is(err, cmdutil.ErrSilent) {
		fmt.Fprintln(stderr, err.Error())
	}
	return err
}

// Export writes every campaign of the served sandbox whose status is one of
// statuses (all of them, archived included, when none is given) into dir
// as `campaigns export` does (the record as GET returns it, its base
// beside), and returns the campaign ids by name.
func (e *Env) Export(dir string, statuses ...string) map[string]string {
	e.T.Helper()
	ctx := context.Background()
	if len(statuses) == 0 {
		statuses = model.Statuses
	}
	req := api.SearchRequest{CampaignFields: &api.SearchFields{Status: statuses}, IncludeArchiveCampaigns: true}
	var found []map[string]any
	err := gitops.SearchPages(ctx, e.Client, unpaced(), req, 1, 0, func(_ int, page []map[string]any) error {
		found = append(found, page...)
		return nil
	})
	if err != nil {
		e.T.Fatal(err)
	}
	ids := map[string]string{}
	for _, r := range gitops.Latest(found) {
		// GET, unpaced: the sandbox serving a test has no limits to keep.
		c, err := e.Client.Get(ctx, fmt.Sprint(r["campaign_id"]))
		if err != nil {
			e.T.Fatal(err)
		}
		rec, _ := model.ToTree(c).(map[string]any)
		if _, err := gitops.Export(dir, rec); err != nil {
			e.T.Fatal(err)
		}
		ids[nameOf(rec)] = fmt.Sprint(rec["campaign_id"])
	}
	return ids
}

// IDOf is the id of the served sandbox's campaign named name.
func (e *Env) IDOf(name string) string {
	e.T.Helper()
	res, err := e.Client.Search(context.Background(), api.SearchRequest{Limit: 15, Page: 1, IncludeArchiveCampaigns: true,
		CampaignFields: &api.SearchFields{Name: name, Status: model.Statuses}})
	if err != nil {
		e.T.Fatal(err)
	}
	for _, c := range res.Campaigns {
		if c.BasicDetails != nil && model.Str(c.BasicDetails.Name) == name {
			return model.Str(c.CampaignID)
		}
	}
	e.T.Fatalf("no campaign %q", name)
	return ""
}

func nameOf(rec map[string]any) string {
	if b, ok := rec["basic_details"].(map[string]any); ok {
		return fmt.Sprint(b["name"])
	}
	return ""
}

// unpaced is a pacer with no limits.
func unpaced() *ops.Pacer {
	p := ops.NewPacer(nil)
	p.Limits = nil
	return p
}

// Keyring is a keyring in memory; Err, when set, is every call's answer
// (a machine without one).
type Keyring struct {
	mu   sync.Mutex
	keys map[string]string
	Err  error
}

func (k *Keyring) Get(service, user string) (string, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.Err != nil {
		return "", k.Err
	}
	v, ok := k.keys[service+"\x00"+user]
	if !ok {
		return "", keyring.ErrNotFound
	}
	return v, nil
}

func (k *Keyring) Set(service, user, secret string) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.Err != nil {
		return k.Err
	}
	if k.keys == nil {
		k.keys = map[string]string{}
	}
	k.keys[service+"\x00"+user] = secret
	return nil
}

func (k *Keyring) Delete(service, user string) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.Err != nil {
		return k.Err
	}
	if _, ok := k.keys[service+"\x00"+user]; !ok {
		return keyring.ErrNotFound
	}
	delete(k.keys, service+"\x00"+user)
	return nil
}

// Login saves p with its key and makes it the active profile, as `campaigns
// auth login` does.
func (e *Env) Login(p profile.Profile, key string) {
	e.T.Helper()
	store := &profile.Store{Dir: profile.DefaultDir(func(k string) string { return e.Vars[k] }), Keyring: e.Keyring, Warn: func(string) {}}
	cfg, err := store.Load()
	if err == nil {
		err = cfg.Put(p)
	}
	if err == nil {
		_, err = store.SetKey(p.Name, key)
	}
	if err == nil {
		cfg.SetDefault(p.Name)
		err = store.Save(cfg)
	}
	if err != nil {
		e.T.Fatal(err)
	}
}
