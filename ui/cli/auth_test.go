package cli

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/zalando/go-keyring"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/profile"
	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
)

// No test may touch the real keyring of the machine running it.
func TestMain(m *testing.M) {
	keyring.MockInit()
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

// sandboxOnLoopback serves a sandbox with workspace ACME (key acmeKey).
func sandboxOnLoopback(t *testing.T) string {
	t.Helper()
	ws, _ := sandbox.ParseWorkspace("ACME:" + acmeKey)
	url, _, stop, err := sandbox.StartLocal(sandbox.Config{Workspaces: []sandbox.Workspace{ws}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stop() })
	return url
}

const acmeKey = "k-7d1c9e-acme-unique"

func TestAuthProfilesEndToEnd(t *testing.T) {
	home := freshHome(t)
	url := sandboxOnLoopback(t)

	code, out, errs := cli(t, acmeKey+"\n", "auth", "login", "--profile", "acme", "--base-url", url, "--workspace-id", "ACME", "--with-key")
	if code != 0 || !strings.Contains(out, "the OS keyring") || !strings.Contains(out, "acme is now the active profile") {
		t.Fatalf("login: exit %d\n%s%s", code, out, errs)
	}
	conf, err := os.ReadFile(filepath.Join(home, ".config", "campaigns", "config.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(conf), acmeKey) || !strings.Contains(string(conf), "ACME") {
		t.Fatalf("config file:\n%s", conf)
	}
	if k, err := keyring.Get(profile.KeyringService, "acme"); k != acmeKey || err != nil {
		t.Fatalf("keyring: %q %v", k, err)
	}

	if code, out, errs = cli(t, "", "auth", "status"); code != 0 || !strings.Contains(out, "accepts the key") {
		t.Fatalf("status: exit %d\n%s%s", code, out, errs)
	}

	// login refuses a key the service rejects, and saves nothing.
	if code, out, errs = cli(t, "wrong-key", "auth", "login", "--profile", "bad", "--base-url", url, "--workspace-id", "ACME", "--with-key"); code != 1 ||
		!strings.Contains(errs, "rejected this key for workspace ACME (401): nothing saved") {
		t.Fatalf("login with a wrong key: exit %d\n%s%s", code, out, errs)
	}
	if _, out, _ = cli(t, "", "auth", "list"); strings.Contains(out, "bad") {
		t.Fatalf("a refused login was saved:\n%s", out)
	}
	// A key revoked after login: status names the 401, exit 1.
	if code, _, errs = cli(t, acmeKey, "auth", "login", "--profile", "bad", "--base-url", url, "--workspace-id", "ACME", "--with-key"); code != 0 {
		t.Fatalf("login bad: %d %s", code, errs)
	}
	if err := keyring.Set(profile.KeyringService, "bad", "wrong-key"); err != nil {
		t.Fatal(err)
	}
	if code, out, errs = cli(t, "", "auth", "status"); code != 1 || !strings.Contains(errs, "rejected the key of profile bad (401)") {
		t.Fatalf("status with a wrong key: exit %d\n%s%s", code, out, errs)
	}
	if code, _, errs = cli(t, "", "auth", "status", "--profile", "acme"); code != 0 {
		t.Fatalf("status --profile acme: exit %d %s", code, errs)
	}

	code, out, _ = cli(t, "", "auth", "list")
	if code != 0 || !strings.Contains(out, "* bad") || !strings.Contains(out, "  acme") || strings.Contains(out, acmeKey) || strings.Contains(out, "wrong-key") {
		t.Fatalf("list: exit %d\n%s", code, out)
	}
	if code, out, _ = cli(t, "", "auth", "switch", "acme"); code != 0 {
		t.Fatalf("switch: exit %d", code)
	}
	if _, out, _ = cli(t, "", "auth", "list"); !strings.Contains(out, "* acme") {
		t.Fatalf("after switch:\n%s", out)
	}
	if code, _, errs = cli(t, "", "auth", "switch", "nope"); code != 2 || !strings.Contains(errs, `profile "nope" does not exist`) {
		t.Fatalf("switch to an unknown profile: exit %d %q", code, errs)
	}

	if code, out, _ = cli(t, "", "__complete", "--profile", ""); code != 0 || !strings.HasPrefix(out, "acme\nbad\n:4") {
		t.Fatalf("--profile completion: %q", out)
	}
	if code, out, _ = cli(t, "", "__complete", "auth", "switch", ""); code != 0 || !strings.HasPrefix(out, "acme\nbad\n:4") {
		t.Fatalf("auth switch completion: %q", out)
	}
	if code, out, _ = cli(t, "", "auth", "logout", "bad"); code != 0 {
		t.Fatalf("logout: exit %d", code)
	}
	if _, err := keyring.Get(profile.KeyringService, "bad"); !errors.Is(err, keyring.ErrNotFound) {
		t.Fatalf("logout left the key in the keyring: %v", err)
	}
	if _, out, _ = cli(t, "", "auth", "list"); strings.Contains(out, "bad") {
		t.Fatalf("logout left the profile:\n%s", out)
	}

	// Every service command takes --profile; an unknown one is one sentence, exit 2.
	if code, _, errs = cli(t, "", "--profile", "nope"); code != 2 || !strings.Contains(errs, `profile "nope" does not exist`) || strings.Contains(errs, "goroutine") {
		t.Fatalf("editor --profile nope: exit %d %q", code, errs)
	}
	t.Setenv("CAMPAIGNS_PROFILE", "nope")
	if code, _, errs = cli(t, "", "auth", "status"); code != 2 || !strings.Contains(errs, `profile "nope" does not exist`) {
		t.Fatalf("CAMPAIGNS_PROFILE=nope: exit %d %q", code, errs)
	}
}

func TestAuthKeyFileFallback(t *testing.T) {
	home := freshHome(t)
	url := sandboxOnLoopback(t)
	keyring.MockInitWithError(errors.New("The name org.freedesktop.secrets was not provided by any .service files"))
	t.Cleanup(keyring.MockInit)

	code, out, errs := cli(t, acmeKey, "auth", "login", "--profile", "acme", "--base-url", url, "--workspace-id", "ACME", "--with-key")
	if code != 0 || !strings.Contains(out, "a file only you can read") {
		t.Fatalf("login: exit %d\n%s%s", code, out, errs)
	}
	if lines := strings.Split(strings.TrimSpace(errs), "\n"); len(lines) != 1 || !strings.Contains(lines[0], "warning: no OS keyring") {
		t.Fatalf("want a one-line warning, got %q", errs)
	}
	file := filepath.Join(home, ".config", "campaigns", "keys", "acme")
	fi, err := os.Stat(file)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("key file %s: %v %v", file, fi, err)
	}
	if conf, _ := os.ReadFile(filepath.Join(home, ".config", "campaigns", "config.toml")); strings.Contains(string(conf), acmeKey) {
		t.Fatal("the key is in the config file")
	}
	if code, out, errs = cli(t, "", "auth", "status"); code != 0 {
		t.Fatalf("status from the key file: exit %d\n%s%s", code, out, errs)
	}
	cli(t, "", "auth", "logout", "acme")
	if _, err := os.Stat(file); !os.IsNotExist(err) {
		t.Fatalf("logout left %s", file)
	}
}

func TestAuthBadInput(t *testing.T) {
	home := freshHome(t)
	for _, tc := range []struct {
		stdin string
		args  []string
		code  int
		want  string
	}{
		{"", []string{"auth", "login", "--profile", "p", "--base-url", "http://x", "--workspace-id", "W"}, 2, "standard input is not a terminal: pass the key with --with-key"},
		{"", []string{"auth", "login", "--profile", "p", "--base-url", "http://x", "--workspace-id", "W", "--with-key"}, 2, "standard input held no key"},
		{"k", []string{"auth", "login", "--profile", "p", "--workspace-id", "W", "--with-key"}, 2, "--base-url URL or --dc DC"},
		{"k", []string{"auth", "login", "--profile", "p", "--base-url", "ftp://x", "--workspace-id", "W", "--with-key"}, 2, "not an http(s) URL"},
		{"k", []string{"auth", "login", "--profile", "a.b", "--dc", "01", "--workspace-id", "W", "--with-key"}, 2, `profile name "a.b"`},
		{"k", []string{"auth", "login", "--profile", "p", "--dc", "07", "--workspace-id", "W", "--with-key"}, 2, `unknown --dc "07"`},
		{"k", []string{"auth", "login", "--profile", "p", "--dc", "01", "--base-url", "http://x", "--workspace-id", "W", "--with-key"}, 2, "--base-url and --dc cannot be used together"},
		{"k", []string{"auth", "login", "--profile", "p", "--dc", "01", "--workspace-id", "W", "--color", "pink", "--with-key"}, 2, `colour "pink"`},
		{"", []string{"auth", "switch"}, 2, "one profile NAME"},
		{"", []string{"auth", "logout", "ghost"}, 2, `profile "ghost" does not exist`},
		{"", []string{"auth", "bogus"}, 2, `unknown command "bogus" for "campaigns auth"`},
		{"", []string{"auth", "status"}, 0, "No active profile"},
	} {
		code, out, errs := cli(t, tc.stdin, tc.args...)
		if code != tc.code || !strings.Contains(out+errs, tc.want) {
			t.Errorf("%v: exit %d, want %d and %q\n%s%s", tc.args, code, tc.code, tc.want, out, errs)
		}
	}

	// A config file that does not parse: its line and column, exit 2.
	dir := filepath.Join(home, ".config", "campaigns")
	os.MkdirAll(dir, 0o700)
	os.WriteFile(filepath.Join(dir, "config.toml"), []byte("default = \"a\"\n[profiles.a\n"), 0o600)
	for _, args := range [][]string{{"auth", "list"}, {"validate", "--help"}, {"--profile", "a"}} {
		code, _, errs := cli(t, "", args...)
		if args[0] == "validate" {
			if code != 0 {
				t.Errorf("a broken config must not stop commands that do not use it: %v exit %d", args, code)
			}
			continue
		}
		if code != 2 || !strings.Contains(errs, "config.toml, line 2, column") || strings.Count(strings.TrimSpace(errs), "\n") > 0 {
			t.Errorf("%v with a broken config: exit %d %q", args, code, errs)
		}
	}
}

func TestAuthStatusUnreachable(t *testing.T) {
	freshHome(t)
	cli(t, "k", "auth", "login", "--profile", "gone", "--base-url", "http://127.0.0.1:1", "--workspace-id", "W", "--with-key")
	code, _, errs := cli(t, "", "auth", "status")
	if code != 2 || !strings.Contains(errs, "cannot reach http://127.0.0.1:1") {
		t.Fatalf("exit %d %q", code, errs)
	}
}

// openWith parses args as a service command's flags and opens the service.
func openWith(t *testing.T, args ...string) (*cmdutil.Service, error) {
	t.Helper()
	app := &cmdutil.Factory{IOStreams: &cmdutil.IOStreams{In: strings.NewReader(""), Out: &bytes.Buffer{}, ErrOut: &bytes.Buffer{}, Getenv: os.Getenv}}
	app.StartLogging()
	cmd := &cobra.Command{Use: "x"}
	f := cmdutil.AddServiceFlags(cmd, app)
	if err := cmd.ParseFlags(args); err != nil {
		t.Fatal(err)
	}
	svc, err := f.Open(context.Background())
	if svc != nil {
		t.Cleanup(func() { svc.Close() })
	}
	return svc, err
}

// The contract's order: flags, then --profile/CAMPAIGNS_PROFILE, then the
// active profile, then the embedded sandbox.
func TestServiceSelectionOrder(t *testing.T) {
	freshHome(t)
	data := t.TempDir()
	url := sandboxOnLoopback(t)

	svc, err := openWith(t, "--data", data)
	if err != nil || !svc.Sandbox || svc.Label != "the embedded sandbox" || svc.ReadOnly {
		t.Fatalf("no profile: %+v %v", svc, err)
	}
	cli(t, acmeKey, "auth", "login", "--profile", "acme", "--base-url", url, "--workspace-id", "ACME", "--with-key")
	cli(t, acmeKey, "auth", "login", "--profile", "ro", "--base-url", url, "--workspace-id", "ACME", "--read-only", "--color", "#ff8800", "--with-key")
	cli(t, "", "auth", "switch", "acme")
	if svc, err = openWith(t); err != nil || svc.Profile != "acme" || svc.ReadOnly || svc.Sandbox {
		t.Fatalf("active profile: %+v %v", svc, err)
	}
	if err := svc.RequireWrite(); err != nil {
		t.Fatalf("a writable profile refused a write: %v", err)
	}
	if _, err := svc.Client.Search(context.Background(), searchOne()); err != nil {
		t.Fatalf("the profile's client: %v", err)
	}
	t.Setenv("CAMPAIGNS_PROFILE", "ro")
	if svc, err = openWith(t); err != nil || svc.Profile != "ro" || !svc.ReadOnly || svc.Color != "#ff8800" {
		t.Fatalf("CAMPAIGNS_PROFILE: %+v %v", svc, err)
	}
	err = svc.RequireWrite()
	if cmdutil.ExitCode(err) != 1 || !strings.Contains(err.Error(), `profile "ro" is read-only`) {
		t.Fatalf("read-only profile: %v (exit %d)", err, cmdutil.ExitCode(err))
	}
	if svc, err = openWith(t, "--profile", "acme"); err != nil || svc.Profile != "acme" {
		t.Fatalf("--profile beats CAMPAIGNS_PROFILE: %+v %v", svc, err)
	}
	t.Setenv("CAMPAIGNS_API_KEY", acmeKey)
	if svc, err = openWith(t, "--base-url", url, "--workspace-id", "ACME"); err != nil || svc.Profile != "" || svc.Label != url {
		t.Fatalf("flags beat profiles: %+v %v", svc, err)
	}
}

func searchOne() api.SearchRequest { return api.SearchRequest{Limit: 1, Page: 1} }

// The embedded sandbox's request log stays off a command's stderr; with
// --debug it goes to the debug log.
func TestEmbeddedSandboxIsQuietOnStderr(t *testing.T) {
	freshHome(t)
	for _, debug := range []bool{false, true} {
		var errb bytes.Buffer
		app := &cmdutil.Factory{IOStreams: &cmdutil.IOStreams{In: strings.NewReader(""), Out: &bytes.Buffer{}, ErrOut: &errb, Getenv: os.Getenv}, Debug: debug}
		if err := app.StartLogging(); err != nil {
			t.Fatal(err)
		}
		cmd := &cobra.Command{Use: "x"}
		f := cmdutil.AddServiceFlags(cmd, app)
		cmd.ParseFlags([]string{"--data", t.TempDir()})
		svc, err := f.Open(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Client.Search(context.Background(), searchOne()); err != nil {
			t.Fatal(err)
		}
		svc.Close()
		app.StopLogging()
		if errb.Len() != 0 {
			t.Errorf("debug=%v: stderr %q", debug, errb.String())
		}
	}
	b, _ := os.ReadFile(cmdutil.DebugLogPath(os.Getenv))
	if !strings.Contains(string(b), "component=sandbox") || !strings.Contains(string(b), "request") {
		t.Errorf("the debug log lacks the sandbox's request lines:\n%s", b)
	}
}

// A key the service knows but that may not read: 403, said as such, exit 1.
func TestAuthStatusForbidden(t *testing.T) {
	freshHome(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusForbidden)
		io.WriteString(w, `{"error":{"code":"Forbidden","message":"the key lacks the view scope","target":"SVC-Scopes"}}`)
	}))
	defer srv.Close()
	cli(t, "k", "auth", "login", "--profile", "ro", "--base-url", srv.URL, "--workspace-id", "W", "--with-key")
	code, _, errs := cli(t, "", "auth", "status")
	if code != 1 || !strings.Contains(errs, "valid but may not read campaigns in workspace W (403)") || !strings.Contains(errs, "lacks the view scope") {
		t.Fatalf("exit %d %q", code, errs)
	}
}
