package auth

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zalando/go-keyring"

	"github.com/campaigns-cli/campaigns/api/profile"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
)

func TestAuthProfilesEndToEnd(t *testing.T) {
	e := parallelEnv(t)
	home := e.Getenv("HOME")
	url := clitest.WorkspaceACME(t)

	code, out, errs := e.cli(clitest.ACMEKey+"\n", "auth", "login", "--profile", "acme", "--base-url", url, "--workspace-id", "ACME", "--with-key")
	if code != 0 || !strings.Contains(out, "the OS keyring") || !strings.Contains(out, "acme is now the active profile") {
		t.Fatalf("login: exit %d\n%s%s", code, out, errs)
	}
	conf, err := os.ReadFile(filepath.Join(home, ".config", "campaigns", "config.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(conf), clitest.ACMEKey) || !strings.Contains(string(conf), "ACME") {
		t.Fatalf("config file:\n%s", conf)
	}
	if k, err := e.F.Keyring.Get(profile.KeyringService, "acme"); k != clitest.ACMEKey || err != nil {
		t.Fatalf("keyring: %q %v", k, err)
	}

	if code, out, errs = e.cli("", "auth", "status"); code != 0 || !strings.Contains(out, "accepts the key") {
		t.Fatalf("status: exit %d\n%s%s", code, out, errs)
	}

	// login refuses a key the service rejects, and saves nothing.
	if code, out, errs = e.cli("wrong-key", "auth", "login", "--profile", "bad", "--base-url", url, "--workspace-id", "ACME", "--with-key"); code != 1 ||
		!strings.Contains(errs, "rejected this key for workspace ACME (401): nothing saved") {
		t.Fatalf("login with a wrong key: exit %d\n%s%s", code, out, errs)
	}
	if _, out, _ = e.cli("", "auth", "list"); strings.Contains(out, "bad") {
		t.Fatalf("a refused login was saved:\n%s", out)
	}
	// A key revoked after login: status names the 401, exit 1.
	if code, _, errs = e.cli(clitest.ACMEKey, "auth", "login", "--profile", "bad", "--base-url", url, "--workspace-id", "ACME", "--with-key"); code != 0 {
		t.Fatalf("login bad: %d %s", code, errs)
	}
	if err := e.F.Keyring.Set(profile.KeyringService, "bad", "wrong-key"); err != nil {
		t.Fatal(err)
	}
	if code, out, errs = e.cli("", "auth", "status"); code != 1 || !strings.Contains(errs, "rejected the key of profile bad (401)") {
		t.Fatalf("status with a wrong key: exit %d\n%s%s", code, out, errs)
	}
	if code, _, errs = e.cli("", "auth", "status", "--profile", "acme"); code != 0 {
		t.Fatalf("status --profile acme: exit %d %s", code, errs)
	}

	code, out, _ = e.cli("", "auth", "list")
	if code != 0 || !strings.Contains(out, "* bad") || !strings.Contains(out, "  acme") || strings.Contains(out, clitest.ACMEKey) || strings.Contains(out, "wrong-key") {
		t.Fatalf("list: exit %d\n%s", code, out)
	}
	if code, out, _ = e.cli("", "auth", "switch", "acme"); code != 0 {
		t.Fatalf("switch: exit %d", code)
	}
	if _, out, _ = e.cli("", "auth", "list"); !strings.Contains(out, "* acme") {
		t.Fatalf("after switch:\n%s", out)
	}
	if code, _, errs = e.cli("", "auth", "switch", "nope"); code != 2 || !strings.Contains(errs, `profile "nope" does not exist`) {
		t.Fatalf("switch to an unknown profile: exit %d %q", code, errs)
	}

	if code, out, _ = e.cli("", "__complete", "auth", "switch", ""); code != 0 || !strings.HasPrefix(out, "acme\nbad\n:4") {
		t.Fatalf("auth switch completion: %q", out)
	}
	if code, out, _ = e.cli("", "auth", "logout", "bad"); code != 0 {
		t.Fatalf("logout: exit %d", code)
	}
	if _, err := e.F.Keyring.Get(profile.KeyringService, "bad"); !errors.Is(err, keyring.ErrNotFound) {
		t.Fatalf("logout left the key in the keyring: %v", err)
	}
	if _, out, _ = e.cli("", "auth", "list"); strings.Contains(out, "bad") {
		t.Fatalf("logout left the profile:\n%s", out)
	}

	e.Setenv("CAMPAIGNS_PROFILE", "nope")
	if code, _, errs = e.cli("", "auth", "status"); code != 2 || !strings.Contains(errs, `profile "nope" does not exist`) {
		t.Fatalf("CAMPAIGNS_PROFILE=nope: exit %d %q", code, errs)
	}
}

func TestAuthKeyFileFallback(t *testing.T) {
	e := parallelEnv(t)
	home := e.Getenv("HOME")
	url := clitest.WorkspaceACME(t)
	e.F.Keyring.(*clitest.Keyring).Err = errors.New("The name org.freedesktop.secrets was not provided by any .service files")

	code, out, errs := e.cli(clitest.ACMEKey, "auth", "login", "--profile", "acme", "--base-url", url, "--workspace-id", "ACME", "--with-key")
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
	if conf, _ := os.ReadFile(filepath.Join(home, ".config", "campaigns", "config.toml")); strings.Contains(string(conf), clitest.ACMEKey) {
		t.Fatal("the key is in the config file")
	}
	if code, out, errs = e.cli("", "auth", "status"); code != 0 {
		t.Fatalf("status from the key file: exit %d\n%s%s", code, out, errs)
	}
	e.cli("", "auth", "logout", "acme")
	if _, err := os.Stat(file); !os.IsNotExist(err) {
		t.Fatalf("logout left %s", file)
	}
}

func TestAuthBadInput(t *testing.T) {
	e := parallelEnv(t)
	home := e.Getenv("HOME")
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
		{"k", []string{"auth", "login", "--profile", "p", "--dc", "01", "--workspace-id", "W", "--color", "pink", "--with-key"}, 2, `colour "pink"`},
		{"", []string{"auth", "switch"}, 2, "one profile NAME"},
		{"", []string{"auth", "logout", "ghost"}, 2, `profile "ghost" does not exist`},
		{"", []string{"auth", "bogus"}, 2, `unknown command "bogus" for "campaigns auth"`},
		{"", []string{"auth", "status"}, 0, "No active profile"},
	} {
		code, out, errs := e.cli(tc.stdin, tc.args...)
		if code != tc.code || !strings.Contains(out+errs, tc.want) {
			t.Errorf("%v: exit %d, want %d and %q\n%s%s", tc.args, code, tc.code, tc.want, out, errs)
		}
	}

	// A config file that does not parse: its line and column, exit 2.
	dir := filepath.Join(home, ".config", "campaigns")
	os.MkdirAll(dir, 0o700)
	os.WriteFile(filepath.Join(dir, "config.toml"), []byte("default = \"a\"\n[profiles.a\n"), 0o600)
	for _, args := range [][]string{{"auth", "list"}, {"auth", "status"}} {
		code, _, errs := e.cli("", args...)
		if code != 2 || !strings.Contains(errs, "config.toml, line 2, column") || strings.Count(strings.TrimSpace(errs), "\n") > 0 {
			t.Errorf("%v with a broken config: exit %d %q", args, code, errs)
		}
	}
}

func TestAuthStatusUnreachable(t *testing.T) {
	e := parallelEnv(t)
	e.cli("k", "auth", "login", "--profile", "gone", "--base-url", "http://127.0.0.1:1", "--workspace-id", "W", "--with-key")
	code, _, errs := e.cli("", "auth", "status")
	if code != 2 || !strings.Contains(errs, "cannot reach http://127.0.0.1:1") {
		t.Fatalf("exit %d %q", code, errs)
	}
}

// A key the service knows but that may not read: 403, said as such, exit 1.
func TestAuthStatusForbidden(t *testing.T) {
	e := parallelEnv(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusForbidden)
		io.WriteString(w, `{"error":{"code":"Forbidden","message":"the key lacks the view scope","target":"SVC-Scopes"}}`)
	}))
	defer srv.Close()
	e.cli("k", "auth", "login", "--profile", "ro", "--base-url", srv.URL, "--workspace-id", "W", "--with-key")
	code, _, errs := e.cli("", "auth", "status")
	if code != 1 || !strings.Contains(errs, "valid but may not read campaigns in workspace W (403)") || !strings.Contains(errs, "lacks the view scope") {
		t.Fatalf("exit %d %q", code, errs)
	}
}
