package auth

import (
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/api/profile"
)

// Each page of the login form fits a 24-line terminal, title included.
func TestLoginFormPageFitsTwentyFourLines(t *testing.T) {
	t.Parallel()
	lf := newLoginForm(&profile.Profile{})
	f := lf.form.WithWidth(80)
	f.Init()
	v := f.View()
	if n := strings.Count(v, "\n") + 1; n > 22 || !strings.Contains(v, "Profile name") || !strings.Contains(v, "API key") {
		t.Errorf("first page: %d lines\n%s", n, v)
	}
}

// Logging out of the active profile says what commands use now.
func TestLogoutSaysWhatIsUsedNow(t *testing.T) {
	e := parallelEnv(t)
	for _, n := range []string{"a", "b"} {
		if code, _, errs := e.cli("k\n", "auth", "login", "--profile", n, "--base-url", "http://127.0.0.1:9", "--workspace-id", "W", "--with-key"); code != 0 {
			t.Fatalf("login %s: %d %s", n, code, errs)
		}
	}
	if code, out, _ := e.cli("", "auth", "logout", "b"); code != 0 || !strings.Contains(out, "campaigns auth switch NAME picks one of a.") {
		t.Errorf("logout of the active profile: %d %q", code, out)
	}
	if code, out, _ := e.cli("", "auth", "logout", "a"); code != 0 || !strings.Contains(out, "No profiles left: commands use the embedded sandbox") {
		t.Errorf("logout of the last profile: %d %q", code, out)
	}
}

// A key that cannot be checked now (service unreachable) is saved, with a
// note saying so; the key itself is never echoed.
func TestLoginOfflineSavesWithANote(t *testing.T) {
	e := parallelEnv(t)
	code, out, errs := e.cli("k-offline\n", "auth", "login", "--profile", "off", "--base-url", "http://127.0.0.1:9", "--workspace-id", "W", "--with-key")
	if code != 0 || !strings.Contains(out, "Saved profile off") || !strings.Contains(errs, "could not be checked now") || !strings.Contains(errs, "campaigns auth status") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	if strings.Contains(out+errs, "k-offline") {
		t.Error("the key was printed")
	}
}

// auth list is a table without padding after its last column (it shows in
// a pipe), marks the active profile and says which are read-only.
func TestAuthListHasNoTrailingSpaces(t *testing.T) {
	e := parallelEnv(t)
	for _, args := range [][]string{
		{"auth", "login", "--profile", "prod", "--base-url", "https://api.example.com", "--workspace-id", "W1", "--with-key", "--read-only"},
		{"auth", "login", "--profile", "staging", "--dc", "01", "--workspace-id", "W2", "--with-key"},
	} {
		if code, _, errs := e.cli("key-123\n", args...); code != 0 {
			t.Fatalf("%v: exit %d %s", args, code, errs)
		}
	}
	code, out, errs := e.cli("", "auth", "list")
	if code != 0 {
		t.Fatalf("auth list: exit %d %s", code, errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[2], "* staging") || !strings.HasSuffix(lines[1], "read-only") {
		t.Fatalf("auth list:\n%s", out)
	}
	for _, l := range lines {
		if strings.TrimRight(l, " ") != l {
			t.Errorf("trailing spaces in %q", l)
		}
	}
	if strings.Contains(out, "key-123") {
		t.Error("auth list shows a key")
	}
}
