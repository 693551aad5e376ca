package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
)

// open parses args as a service command's flags and opens the service, in
// r's environment.
func (r rootEnv) open(args ...string) (*cmdutil.Service, error) {
	t := r.T()
	t.Helper()
	app := &cmdutil.Factory{IOStreams: r.F.IOStreams, Keyring: r.F.Keyring}
	if err := app.StartLogging(); err != nil {
		t.Fatal(err)
	}
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
	r := parallelRoot(t)
	data := t.TempDir()
	url := clitest.WorkspaceACME(t)

	svc, err := r.open("--data", data)
	if err != nil || !svc.Sandbox || svc.Label != "the embedded sandbox" || svc.ReadOnly {
		t.Fatalf("no profile: %+v %v", svc, err)
	}
	r.loginACME("acme", url)
	r.loginACME("ro", url, "--read-only", "--color", "#ff8800")
	r.run("", "auth", "switch", "acme")
	if svc, err = r.open(); err != nil || svc.Profile != "acme" || svc.ReadOnly || svc.Sandbox {
		t.Fatalf("active profile: %+v %v", svc, err)
	}
	if err := svc.RequireWrite(); err != nil {
		t.Fatalf("a writable profile refused a write: %v", err)
	}
	if _, err := svc.Client.Search(context.Background(), searchOne()); err != nil {
		t.Fatalf("the profile's client: %v", err)
	}
	r.Setenv("CAMPAIGNS_PROFILE", "ro")
	if svc, err = r.open(); err != nil || svc.Profile != "ro" || !svc.ReadOnly || svc.Color != "#ff8800" {
		t.Fatalf("CAMPAIGNS_PROFILE: %+v %v", svc, err)
	}
	err = svc.RequireWrite()
	if cmdutil.ExitCode(err) != 1 || !strings.Contains(err.Error(), `profile "ro" is read-only`) {
		t.Fatalf("read-only profile: %v (exit %d)", err, cmdutil.ExitCode(err))
	}
	if svc, err = r.open("--profile", "acme"); err != nil || svc.Profile != "acme" {
		t.Fatalf("--profile beats CAMPAIGNS_PROFILE: %+v %v", svc, err)
	}
	r.Setenv("CAMPAIGNS_API_KEY", clitest.ACMEKey)
	if svc, err = r.open("--base-url", url, "--workspace-id", "ACME"); err != nil || svc.Profile != "" || svc.Label != url {
		t.Fatalf("flags beat profiles: %+v %v", svc, err)
	}
}

func searchOne() api.SearchRequest { return api.SearchRequest{Limit: 1, Page: 1} }

// The embedded sandbox's request log stays off a command's stderr; with
// --debug it goes to the debug log.
func TestEmbeddedSandboxIsQuietOnStderr(t *testing.T) {
	r := parallelRoot(t)
	for _, debug := range []bool{false, true} {
		var errb bytes.Buffer
		app := &cmdutil.Factory{IOStreams: &cmdutil.IOStreams{In: strings.NewReader(""), Out: &bytes.Buffer{}, ErrOut: &errb, Getenv: r.Getenv}, Debug: debug}
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
	b, _ := os.ReadFile(cmdutil.DebugLogPath(r.Getenv))
	if !strings.Contains(string(b), "component=sandbox") || !strings.Contains(string(b), "request") {
		t.Errorf("the debug log lacks the sandbox's request lines:\n%s", b)
	}
}

// A saved profile is offered and used by every command; an unknown one is
// one sentence, exit 2; a config that does not parse stops only the
// commands that read it.
func TestProfilesReachEveryCommand(t *testing.T) {
	r := parallelRoot(t)
	home := r.Getenv("HOME")
	url := clitest.WorkspaceACME(t)
	for _, name := range []string{"acme", "bad"} {
		r.loginACME(name, url)
	}
	if code, out, _ := r.run("", "__complete", "--profile", ""); code != 0 || !strings.HasPrefix(out, "acme\nbad\n:4") {
		t.Fatalf("--profile completion: %q", out)
	}
	if code, out, _ := r.run("", "__complete", "auth", "switch", ""); code != 0 || !strings.HasPrefix(out, "acme\nbad\n:4") {
		t.Fatalf("auth switch completion: %q", out)
	}
	if code, _, errs := r.run("", "--profile", "nope"); code != 2 || !strings.Contains(errs, `profile "nope" does not exist`) || strings.Contains(errs, "goroutine") {
		t.Fatalf("editor --profile nope: exit %d %q", code, errs)
	}
	dir := filepath.Join(home, ".config", "campaigns")
	os.WriteFile(filepath.Join(dir, "config.toml"), []byte("default = \"a\"\n[profiles.a\n"), 0o600)
	if code, _, _ := r.run("", "validate", "--help"); code != 0 {
		t.Errorf("a broken config must not stop commands that do not use it: exit %d", code)
	}
	if code, _, errs := r.run("", "--profile", "a"); code != 2 || !strings.Contains(errs, "config.toml, line 2, column") || strings.Count(strings.TrimSpace(errs), "\n") > 0 {
		t.Errorf("the editor with a broken config: exit %d %q", code, errs)
	}
}

// Messages name the service the way a person chose it: "profile NAME",
// "the embedded sandbox" (not a bare name that reads like a place).
func TestMessagesNameTheService(t *testing.T) {
	r := parallelRoot(t)
	url := clitest.WorkspaceACME(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "new.json"), []byte(`{"channel":"PUSH"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, out, errs := r.run("", "diff", dir, "--data", t.TempDir()); code != 1 || !strings.Contains(out, "1 of 1 file(s) differ from the embedded sandbox.") {
		t.Fatalf("diff: exit %d\n%s\n%s", code, out, errs)
	}
	r.loginACME("acme", url)
	if code, out, errs := r.run("", "diff", dir); code != 1 || !strings.Contains(out, "1 of 1 file(s) differ from profile acme.") {
		t.Fatalf("diff on a profile: exit %d\n%s\n%s", code, out, errs)
	}
}
