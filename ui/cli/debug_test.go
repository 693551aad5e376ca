package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
)

// --debug writes every HTTP exchange to the log file named in --help, with
// no secret in it.
func TestDebugTraceIsRedacted(t *testing.T) {
	r := parallelRoot(t)
	home := r.Getenv("HOME")
	url := clitest.WorkspaceACME(t)
	r.loginACME("acme", url)
	logPath := filepath.Join(home, ".local", "state", "campaigns", "debug.log")
	if _, out, _ := r.run("", "--help"); !strings.Contains(out, logPath) {
		t.Fatalf("--help does not name the log file %s", logPath)
	}
	for _, args := range [][]string{{"--debug", "auth", "status"}, {"auth", "status", "--debug"}} {
		if code, out, errs := r.run("", args...); code != 0 {
			t.Fatalf("%v: exit %d\n%s%s", args, code, out, errs)
		}
	}
	r.Setenv("CAMPAIGNS_DEBUG", "1")
	r.run("", "auth", "status")
	b, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	log := string(b)
	if n := strings.Count(log, "/v5/campaigns/search"); n != 3 {
		t.Errorf("want 3 traced searches, got %d:\n%s", n, log)
	}
	for _, want := range []string{"method=POST", "status=200", "duration=", "[REDACTED]", `limit\":1`} {
		if !strings.Contains(log, want) {
			t.Errorf("trace lacks %q:\n%s", want, log)
		}
	}
	if strings.Contains(log, clitest.ACMEKey) {
		t.Fatalf("the API key is in the trace:\n%s", log)
	}
	if fi, _ := os.Stat(logPath); fi.Mode().Perm() != 0o600 {
		t.Errorf("debug log mode %v, want 0600", fi.Mode().Perm())
	}
	// Without --debug, nothing more is written.
	r.Setenv("CAMPAIGNS_DEBUG", "")
	r.run("", "auth", "status")
	if b2, _ := os.ReadFile(logPath); len(b2) != len(b) {
		t.Errorf("the log grew without --debug")
	}
}
