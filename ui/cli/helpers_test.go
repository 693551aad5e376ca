package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/zalando/go-keyring"

	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

// nameOf is a campaign record's name.
func nameOf(r map[string]any) string { return cmdutil.NameOf(r) }

// rootEnv runs the whole command line in-process, as Run does, in an
// environment of the test's own (HOME, variables, an in-memory keyring):
// tests that use it run in parallel.
type rootEnv struct{ *clitest.Env }

func newRoot(t *testing.T) rootEnv {
	r := rootEnv{clitest.New(t, nil)}
	r.Setenv("XDG_DATA_HOME", filepath.Join(r.Getenv("HOME"), ".local", "share"))
	return r
}

// parallelRoot is newRoot for a test that runs in parallel.
func parallelRoot(t *testing.T) rootEnv {
	t.Helper()
	t.Parallel()
	return newRoot(t)
}

// run runs campaigns args with stdin: the exit code and both outputs.
func (r rootEnv) run(stdin string, args ...string) (code int, stdout, stderr string) {
	r.T().Helper()
	r.Stdin(stdin)
	r.Out.Reset()
	r.ErrOut.Reset()
	code = execute(r.F, args)
	return code, r.Out.String(), r.ErrOut.String()
}

// loginACME logs in profile name to workspace ACME (key clitest.ACMEKey)
// of the sandbox at url through `campaigns auth login`, with flags such as
// --read-only; the test fails when the login is refused.
func (r rootEnv) loginACME(name, url string, flags ...string) {
	r.T().Helper()
	args := append([]string{"auth", "login", "--profile", name, "--base-url", url, "--workspace-id", "ACME", "--with-key"}, flags...)
	if code, out, errs := r.run(clitest.ACMEKey, args...); code != 0 {
		r.T().Fatalf("login %s: exit %d\n%s%s", name, code, out, errs)
	}
}

// allCommands is every command of the tree, hidden ones aside.
func allCommands(c *cobra.Command) []*cobra.Command {
	out := []*cobra.Command{c}
	for _, sub := range c.Commands() {
		if !sub.Hidden {
			out = append(out, allCommands(sub)...)
		}
	}
	return out
}

// No test may touch the real keyring of the machine running it.
func TestMain(m *testing.M) {
	keyring.MockInit()
	uitest.CollectLess()
	os.Exit(m.Run())
}

// freshHome points HOME and the XDG directories at a new temporary HOME.
func freshHome(t *testing.T) string {
	t.Helper()
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", "")
	t.Setenv("XDG_STATE_HOME", "")
	t.Setenv("XDG_DATA_HOME", "")
	t.Setenv("CAMPAIGNS_DEBUG", "")
	unsetServiceEnv(t)
	return home
}

// unsetServiceEnv clears the variables that name a service or an author
// for the test (a variable set empty is a usage error, so they are unset,
// and restored after).
func unsetServiceEnv(t *testing.T) {
	t.Helper()
	for _, name := range []string{"CAMPAIGNS_PROFILE", "CAMPAIGNS_API_KEY", "CAMPAIGNS_BASE_URL", "CAMPAIGNS_DC", "CAMPAIGNS_WORKSPACE_ID", "CAMPAIGNS_AUTHOR"} {
		t.Setenv(name, "")
		os.Unsetenv(name)
	}
}

// cli runs the program in-process.
func cli(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var o, e bytes.Buffer
	code = Run(args, strings.NewReader(stdin), &o, &e)
	return code, o.String(), e.String()
}

// scriptEnv runs the scripting commands in-process on the embedded sandbox
// (each command starts it on loopback under --data, as a user's would), in
// an environment of the test's own (rootEnv), so tests run in parallel.
type scriptEnv struct {
	rootEnv
	t    *testing.T
	data string
	base []string // extra args: the service
}

func newScriptEnv(t *testing.T) *scriptEnv {
	t.Helper()
	e := &scriptEnv{rootEnv: newRoot(t), t: t, data: t.TempDir()}
	e.base = []string{"--data", e.data}
	return e
}

// parallelScript is newScriptEnv for a test that runs in parallel.
func parallelScript(t *testing.T) *scriptEnv {
	t.Helper()
	t.Parallel()
	return newScriptEnv(t)
}

// run runs one command; stdin is its standard input. Service flags go
// after the command's own arguments.
func (e *scriptEnv) run(stdin string, args ...string) (code int, stdout, stderr string) {
	e.t.Helper()
	return e.rootEnv.run(stdin, append(args, e.base...)...)
}

func (e *scriptEnv) mustJSON(out string, v any) {
	e.t.Helper()
	clitest.JSON(e.t, out, v)
}

// idOf finds a seeded campaign's id by name.
func (e *scriptEnv) idOf(name string) string {
	e.t.Helper()
	code, out, errs := e.run("", "list", "--all", "--archived", "--jq", `.[] | select(.basic_details.name == "`+name+`") | .campaign_id`)
	id := strings.TrimSpace(out)
	if code != 0 || id == "" || strings.Contains(id, "\n") {
		e.t.Fatalf("id of %q: exit %d %q %s", name, code, out, errs)
	}
	return id
}
