package serve

import (
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
)

// campaigns mcp started by hand on a terminal says what it is waiting for
// (on stderr: stdout belongs to the protocol); from a client it says nothing.
func TestMCPByHandSaysWhatItIs(t *testing.T) {
	e := clitest.Offline(t, NewCmdMCP)
	run := func() (int, string, string) {
		r := e.Do(newMCPCmd(e.F), "--data", t.TempDir())
		return r.Code, r.Out, r.Err
	}
	code, out, errs := run()
	if code != 0 || out != "" || strings.Contains(errs, "MCP client") {
		t.Fatalf("from a pipe: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	e.Terminal()
	code, out, errs = run()
	if code != 0 || out != "" || !strings.Contains(errs, "meant to be started by an MCP client") || !strings.Contains(errs, "the embedded sandbox") {
		t.Fatalf("by hand: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}
