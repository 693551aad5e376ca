// Test set-up shared by the tests of validate, diff and apply.

package files

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
)

// fixtures are the repository's campaign files.
const fixtures = "../../../../testdata/campaigns"

func newValidateCmd(f *cmdutil.Factory) *cobra.Command { return NewCmdValidate(f, nil) }

// validateCLI runs `validate ARGS` (args[0] is "validate") in an environment of its own.
func validateCLI(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	e := clitest.New(t, nil)
	e.Stdin(stdin)
	r := e.Do(newValidateCmd(e.F), args[1:]...)
	return r.Code, r.Out, r.Err
}

type validateOutput struct {
	Valid  bool `json:"valid"`
	Errors []struct {
		Target  string `json:"target"`
		Message string `json:"message"`
	} `json:"errors"`
}

// validateJSON is validateCLI with stdout read as the single-file JSON (unless exit 2).
func validateJSON(t *testing.T, stdin string, args ...string) (code int, out validateOutput, stdout, stderr string) {
	t.Helper()
	code, stdout, stderr = validateCLI(t, stdin, args...)
	if code != 2 && !strings.HasPrefix(strings.Join(args, " "), "validate --help") {
		if err := json.Unmarshal([]byte(stdout), &out); err != nil {
			t.Fatalf("stdout is not the validate JSON: %v\n%s", err, stdout)
		}
	}
	return code, out, stdout, stderr
}

func writeTemp(t *testing.T, name, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

type filesOutput struct {
	Valid bool `json:"valid"`
	Files []struct {
		File   string    `json:"file"`
		Valid  bool      `json:"valid"`
		Errors []problem `json:"errors"`
		Error  string    `json:"error"`
	} `json:"files"`
}

// exportTwice exports a campaign into two folders: two people's checkouts.
func exportTwice(t *testing.T, sb *clitest.Sandbox, id string) (mine, theirs string) {
	t.Helper()
	mine, theirs = t.TempDir(), t.TempDir()
	sb.ExportOne(t, mine, id)
	sb.ExportOne(t, theirs, id)
	return mine, theirs
}

// field is the value at a path of campaign id on the sandbox now.
func field(t *testing.T, sb *clitest.Sandbox, id string, path ...string) any {
	t.Helper()
	var v any = sb.Record(t, id)
	for _, k := range path {
		m, _ := v.(map[string]any)
		v = m[k]
	}
	return v
}
