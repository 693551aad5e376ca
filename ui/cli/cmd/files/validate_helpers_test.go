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

func newCmd(f *cmdutil.Factory) *cobra.Command { return NewCmdValidate(f, nil) }

// cli runs `validate ARGS` (args[0] is "validate") in an environment of its own.
func cli(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	e := clitest.New(t, nil)
	e.Stdin(stdin)
	r := e.Do(newCmd(e.F), args[1:]...)
	return r.Code, r.Out, r.Err
}

type validateOutput struct {
	Valid  bool `json:"valid"`
	Errors []struct {
		Target  string `json:"target"`
		Message string `json:"message"`
	} `json:"errors"`
}

// runCmd is cli with stdout read as the single-file JSON (unless exit 2).
func runCmd(t *testing.T, stdin string, args ...string) (code int, out validateOutput, stdout, stderr string) {
	t.Helper()
	code, stdout, stderr = cli(t, stdin, args...)
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
