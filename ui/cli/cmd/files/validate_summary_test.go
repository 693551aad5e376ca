package files

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
)

// validate: the contract's JSON for scripts, a summary for a person.
func TestValidateSummaryOnATerminal(t *testing.T) {
	e := clitest.New(t, nil).Terminal()
	e.Setenv("NO_COLOR", "1")
	dir := t.TempDir()
	good, _ := os.ReadFile(fixtures + "/push_one_time.json")
	os.WriteFile(filepath.Join(dir, "good.json"), good, 0o644)
	os.WriteFile(filepath.Join(dir, "bad.json"), []byte(`{"channel":"PUSH","campaign_delivery_type":"ONE_TIME","basic_details":{"name":"x","platforms":["BLACKBERRY"]}}`), 0o644)
	r := e.Do(newValidateCmd(e.F), dir)
	code, out := r.Code, r.Out
	if code != 1 || !strings.Contains(out, "✓ "+filepath.Join(dir, "good.json")) || !strings.Contains(out, "✗ "+filepath.Join(dir, "bad.json")) ||
		!strings.Contains(out, "Platforms: platform \"BLACKBERRY\" is not allowed") || !strings.Contains(out, "at basic_details.platforms[0]") ||
		!strings.Contains(out, "2 file(s): 1 valid, 1 invalid") {
		t.Fatalf("summary: exit %d\n%s%s", code, out, r.Err)
	}
	r = e.Do(newValidateCmd(e.F), dir, "--json")
	code = r.Code
	var res filesOutput
	clitest.JSON(t, r.Out, &res)
	if code != 1 || res.Valid || len(res.Files) != 2 {
		t.Fatalf("--json on a terminal: exit %d\n%s", code, r.Out)
	}
}
