// Package clitest runs the commands of ui/cli/cmd/* in-process in their
// tests: a Factory on buffers (a terminal when the test says so), and a
// seeded sandbox on loopback to talk to. Linked into tests only.
package clitest

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httputil"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
)

// Buffer is a command's output in a test; a terminal when Terminal says so
// (colour and styles as a person sees them).
type Buffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
	tty bool
}

func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *Buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// Reset empties the buffer (between two runs of one test).
func (b *Buffer) Reset() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf.Reset()
}

// IsFakeTerminal makes cmdutil treat b as a terminal.
func (b *Buffer) IsFakeTerminal() bool { return b.tty }

// input is standard input in a test, a terminal when Terminal says so.
type input struct {
	*strings.Reader
	tty bool
}

func (i *input) IsFakeTerminal() bool { return i.tty }

// Env is one test's command line: the factory the command is built with,
// its outputs, and its environment.
type Env struct {
	t      testing.TB
	F      *cmdutil.Factory
	Out    *Buffer
	ErrOut *Buffer
	in     *input
	env    map[string]string
}

// New is a factory on buffers whose commands talk to sb: the service is
// named by the variables (CAMPAIGNS_BASE_URL, CAMPAIGNS_WORKSPACE_ID,
// CAMPAIGNS_API_KEY), so the command selects it as a user's would; with a
// nil sb no service is named. The home, the keyring (in memory) and the
// logger are the test's own.
func New(t testing.TB, sb *Sandbox) *Env {
	t.Helper()
	home := t.TempDir()
	e := &Env{t: t, Out: &Buffer{}, ErrOut: &Buffer{}, in: &input{Reader: strings.NewReader("")},
		env: map[string]string{"HOME": home, "XDG_CONFIG_HOME": filepath.Join(home, ".config"),
			"XDG_STATE_HOME": filepath.Join(home, ".local", "state"), "XDG_CACHE_HOME": filepath.Join(home, ".cache")}}
	if sb != nil {
		ws := sandbox.DefaultWorkspace()
		e.env["CAMPAIGNS_BASE_URL"], e.env["CAMPAIGNS_WORKSPACE_ID"], e.env["CAMPAIGNS_API_KEY"] = sb.URL, ws.ID, ws.Key
	}
	getenv := func(k string) string { return e.env[k] }
	lookup := func(k string) (string, bool) { v, ok := e.env[k]; return v, ok }
	e.F = &cmdutil.Factory{IOStreams: &cmdutil.IOStreams{In: e.in, Out: e.Out, ErrOut: e.ErrOut, Getenv: getenv, LookupEnv: lookup},
		Keyring: &Keyring{},
		Sleep:   func(context.Context, time.Duration) error { return nil }} // retries at once, still announced
	if err := e.F.StartLogging(); err != nil { // as the root does before a command
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = e.F.Close(); _ = e.F.StopLogging() })
	return e
}

// Setenv sets a variable of the command's environment.
func (e *Env) Setenv(k, v string) { e.env[k] = v }

// Unsetenv removes a variable from the command's environment.
func (e *Env) Unsetenv(k string) { delete(e.env, k) }

// Terminal makes standard input, output and error terminals.
func (e *Env) Terminal() *Env {
	e.in.tty, e.Out.tty, e.ErrOut.tty = true, true, true
	return e
}

// Stdin is what the command reads on standard input.
func (e *Env) Stdin(s string) { e.in.Reader = strings.NewReader(s) }

// Execute runs cmd on args as the root would (flags, arguments, RunE) and
// returns its exit code and error. The outputs are emptied first.
func (e *Env) Execute(cmd *cobra.Command, args ...string) (int, error) {
	e.t.Helper()
	e.Out.Reset()
	e.ErrOut.Reset()
	cmd.SetArgs(args)
	cmd.SetIn(e.in)
	cmd.SetOut(e.Out)
	cmd.SetErr(e.ErrOut)
	cmd.SilenceErrors, cmd.SilenceUsage = true, true
	err := cmd.Execute()
	return cmdutil.ExitCode(err), err
}

// Sandbox is a seeded sandbox served on loopback, in memory, as the
// embedded sandbox is served.
type Sandbox struct {
	URL    string
	Client *api.Client // the default workspace's
}

// NewSandbox is a sandbox of the test's own: for a test that writes.
func NewSandbox(t testing.TB) *Sandbox {
	t.Helper()
	sb, stop, err := start()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = stop() })
	return sb
}

var shared struct {
	once sync.Once
	sb   *Sandbox
	err  error
}

// Shared is one seeded sandbox for the tests of a package that only read
// (never write to it: the others see it). It lives as long as the test
// binary.
func Shared(t testing.TB) *Sandbox {
	t.Helper()
	shared.once.Do(func() { shared.sb, _, shared.err = start() })
	if shared.err != nil {
		t.Fatal(shared.err)
	}
	return shared.sb
}

func start() (*Sandbox, func() error, error) {
	// No rate limits: the commands pace themselves, and a test's own reads
	// (Export) need not wait.
	url, _, stop, err := sandbox.StartLocal(sandbox.Config{Seed: true, NoRateLimits: true})
	if err != nil {
		return nil, nil, err
	}
	ws := sandbox.DefaultWorkspace()
	client, err := api.New(api.Config{BaseURL: url, WorkspaceID: ws.ID, APIKey: ws.Key})
	if err != nil {
		_ = stop()
		return nil, nil, err
	}
	return &Sandbox{URL: url, Client: client}, stop, nil
}

// IDOf is the id of the seeded campaign named name (archived ones too).
func (sb *Sandbox) IDOf(t testing.TB, name string) string {
	t.Helper()
	for page := 1; ; page++ {
		res, err := sb.Client.Search(context.Background(), api.SearchRequest{Limit: 15, Page: page, IncludeArchiveCampaigns: true,
			CampaignFields: &api.SearchFields{Name: name, Status: model.Statuses}})
		if err != nil {
			t.Fatalf("id of %q: %v", name, err)
		}
		for _, c := range res.Campaigns {
			if c.BasicDetails != nil && model.Str(c.BasicDetails.Name) == name {
				return model.Str(c.CampaignID)
			}
		}
		if len(res.Campaigns) < 15 {
			t.Fatalf("no campaign named %q", name)
		}
	}
}

// Proxy forwards every request to upstream: a test's own server in front of
// a sandbox (to refuse or record some requests) passes the rest on.
func Proxy(upstream *url.URL) http.Handler { return httputil.NewSingleHostReverseProxy(upstream) }

// NewCmd is the constructor every command package has.
type NewCmd[O any] func(f *cmdutil.Factory, runF func(*O) error) *cobra.Command

// Runner runs the command newCmd builds on e, as the root would, each time
// on new arguments: the exit code, standard output, and standard error
// followed by the error the root would print.
func Runner[O any](e *Env, newCmd NewCmd[O]) func(args ...string) (code int, stdout, stderr string) {
	return func(args ...string) (int, string, string) {
		e.t.Helper()
		r := e.Do(newCmd(e.F, nil), args...)
		return r.Code, r.Out, r.Err
	}
}

// Parse builds the command with a runF that keeps its options and runs it
// on args: the options the flags and arguments made (nil when the command
// refused them first), the exit code and the error.
func Parse[O any](e *Env, newCmd NewCmd[O], args ...string) (*O, int, error) {
	e.t.Helper()
	var got *O
	code, err := e.Execute(newCmd(e.F, func(o *O) error { got = o; return nil }), args...)
	return got, code, err
}
