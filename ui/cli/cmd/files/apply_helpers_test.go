package files

import (
	"testing"

	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
)

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
