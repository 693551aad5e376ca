package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
)

// A read-only profile reads, and refuses every write before sending (exit 1).
func TestReadOnlyProfileRefusesWrites(t *testing.T) {
	e := parallelScript(t)
	ws, _ := sandbox.ParseWorkspace("ACME:" + clitest.ACMEKey)
	url, _, stop, err := sandbox.StartLocal(sandbox.Config{Workspaces: []sandbox.Workspace{ws}, Seed: true})
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	e.base = nil
	e.loginACME("ro", url, "--read-only")
	e.base = []string{"--profile", "ro"}
	id := e.idOf("Weekly picks")
	dir := t.TempDir()
	if code, _, errs := e.run("", "export", id, "--dir", dir); code != 0 {
		t.Fatal(errs)
	}
	file := filepath.Join(dir, id+".json")
	raw, _ := os.ReadFile(file)
	os.WriteFile(file, bytes.Replace(raw, []byte(`"name": "Weekly picks"`), []byte(`"name": "Weekly picks!"`), 1), 0o644)
	if code, out, _ := e.run("", "apply", dir); code != 0 || !strings.Contains(out, "would update") {
		t.Fatalf("a dry run reads only: exit %d %s", code, out)
	}
	for _, args := range [][]string{
		{"status", id, "resume", "--yes"},
		{"publish", id, "--yes"},
		{"test", id, "--to", "ana.silva@example.com", "--yes"},
		{"apply", dir, "--confirm"},
	} {
		code, _, errs := e.run("", args...)
		if code != 1 || !strings.Contains(errs, "read-only") {
			t.Errorf("%v: exit %d %q", args, code, errs)
		}
	}
	if _, out, _ := e.run("", "get", id, "--jq", ".basic_details.name + \" \" + .status"); out != "Weekly picks PAUSED\n" {
		t.Fatalf("something was written: %q", out)
	}
}

// A read-only profile reads through campaigns api (a search is a POST that
// reads) and is refused a write before it is sent.
func TestAPIOnAReadOnlyProfile(t *testing.T) {
	r := parallelRoot(t)
	url := clitest.WorkspaceACME(t)
	r.loginACME("ro", url, "--read-only")
	if code, out, errs := r.run("", "api", "POST", "/v5/campaigns/search", "-F", "limit=1", "-F", "page=1", "--profile", "ro"); code != 0 || !strings.Contains(out, `"campaigns"`) {
		t.Fatalf("search: exit %d\n%s%s", code, out, errs)
	}
	code, _, errs := r.run("", "api", "POST", "/v5/campaigns", "-f", "channel=PUSH", "--profile", "ro")
	if code != 1 || !strings.Contains(errs, "read-only") {
		t.Fatalf("create on a read-only profile: exit %d %s", code, errs)
	}
}
