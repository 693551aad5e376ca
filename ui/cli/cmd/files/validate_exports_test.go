package files

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
)

// validate accepts exports in every phase and does not judge channels the
// engine does not write; non-campaign JSON is skipped like diff skips it.
func TestValidateAcceptsExportsInEveryPhase(t *testing.T) {
	e := clitest.Writes(t, NewCmdValidate)
	dir := t.TempDir()
	ids := e.SB.Export(t, dir)
	os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"name":"x","version":"1.0.0"}`), 0o644)
	// (The patch phase takes a --base: checked below, an export onto itself.)
	for _, phase := range []string{"create", "publish"} {
		args := []string{"validate", "--phase", phase, "--json", dir}
		code, out, errs := validateCLI(t, "", args...)
		if code != 0 || strings.Contains(out, "package.json") {
			t.Fatalf("validate --phase %s of a fresh export: exit %d\n%s\n%s", phase, code, out, errs)
		}
		if !strings.Contains(out, `"not_checked": "SMS campaigns are read-only`) {
			t.Fatalf("the SMS export is not marked not checked:\n%s", out)
		}
	}
	// One file, --json: the files shape; without: the single-file shape.
	f := filepath.Join(dir, ids["June newsletter"]+".json")
	_, out, _ := validateCLI(t, "", "validate", "--json", f)
	if !strings.Contains(out, `"files": [`) {
		t.Fatalf("--json of one file:\n%s", out)
	}
	_, out, _ = validateCLI(t, "", "validate", "--phase", "patch", "--base", f, f)
	if strings.Contains(out, `"files"`) || !strings.Contains(out, `"valid": true`) {
		t.Fatalf("single-file shape, patch of an export onto itself:\n%s", out)
	}
	_, _, errs := validateCLI(t, "", "validate", "--verbose", dir)
	if !strings.Contains(errs, "skipped "+filepath.Join(dir, "package.json")) {
		t.Fatalf("--verbose does not list the skipped file: %q", errs)
	}
}
