package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
)

// publish, apply and mcp share one --features flag: the same help, the same
// refusal of an unknown feature (exit 2, naming the flag) before anything
// is opened.
func TestFeaturesFlagIsTheSameEverywhere(t *testing.T) {
	e := parallelScript(t)
	var help string
	for _, args := range [][]string{{"publish", "x"}, {"apply", "."}, {"mcp"}} {
		code, _, errs := e.run("", append(args, "--features", "teleport")...)
		if code != 2 || !strings.Contains(errs, "--features") || !strings.Contains(errs, "teleport") {
			t.Errorf("%v --features teleport: exit %d %q", args, code, errs)
		}
		_, out, _ := e.run("", args[0], "--help")
		i := strings.Index(out, "--features")
		if i < 0 {
			t.Fatalf("%s --help has no --features:\n%s", args[0], out)
		}
		line := strings.Fields(out[i : i+strings.Index(out[i:], "\n")])
		got := strings.Join(line, " ")
		if help == "" {
			help = got
		} else if got != help {
			t.Errorf("%s --features help %q differs from %q", args[0], got, help)
		}
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
	if code, _, errs := r.run(clitest.ACMEKey, "auth", "login", "--profile", "acme", "--base-url", url, "--workspace-id", "ACME", "--with-key"); code != 0 {
		t.Fatalf("login: %d %s", code, errs)
	}
	if code, out, errs := r.run("", "diff", dir); code != 1 || !strings.Contains(out, "1 of 1 file(s) differ from profile acme.") {
		t.Fatalf("diff on a profile: exit %d\n%s\n%s", code, out, errs)
	}
}

// The README's CI check, "validate campaigns/ && diff campaigns/", passes on
// what export just wrote, published campaigns included (their schedule is
// in the service's response form).
func TestExportedCampaignsValidateAndDoNotDiffer(t *testing.T) {
	e := parallelScript(t)
	dir := t.TempDir()
	if code, _, errs := e.run("", "export", "--status", "paused,active,scheduled", "--channel", "push,email", "--dir", dir); code != 0 {
		t.Fatalf("export: exit %d %s", code, errs)
	}
	code, out, errs := e.rootEnv.run("", "validate", dir)
	if code != 0 || !strings.Contains(out, `"valid": true`) {
		t.Fatalf("validate of an export: exit %d\n%s\n%s", code, out, errs)
	}
	if !e.hasPeriodic(dir) {
		t.Fatal("the export holds no published PERIODIC campaign: the test proves nothing")
	}
	if code, out, errs := e.run("", "diff", dir); code != 0 {
		t.Fatalf("diff of an export: exit %d\n%s\n%s", code, out, errs)
	}
	// A hand-written body keeps the engine's own verdict.
	body := filepath.Join(t.TempDir(), "b.json")
	if err := os.WriteFile(body, []byte(`{"scheduling_details":{"delivery_type":"PERIODIC"}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, out, _ := e.rootEnv.run("", "validate", "--phase", "create", body); code != 1 || !strings.Contains(out, "scheduling_details.delivery_type") {
		t.Errorf("a body with delivery_type PERIODIC: exit %d\n%s", code, out)
	}
}

func (e *scriptEnv) hasPeriodic(dir string) bool {
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	for _, f := range files {
		b, _ := os.ReadFile(f)
		if strings.Contains(string(b), `"delivery_type": "PERIODIC"`) {
			return true
		}
	}
	return false
}
