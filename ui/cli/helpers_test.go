package cli

import (
	"path/filepath"
	"testing"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
)

// nameOf is a campaign record's name.
func nameOf(r map[string]any) string { return cmdutil.NameOf(r) }

// rootEnv runs the whole command line in-process, as Run does, in an
// environment of the test's own (HOME, variables, an in-memory keyring):
// tests that use it run in parallel.
type rootEnv struct{ *clitest.Env }

func newRoot(t *testing.T) rootEnv {
	r := rootEnv{clitest.New(t, nil)}
	r.Setenv("XDG_DATA_HOME", filepath.Join(r.Getenv("HOME"), ".local", "share"))
	return r
}

// run runs campaigns args with stdin: the exit code and both outputs.
func (r rootEnv) run(stdin string, args ...string) (code int, stdout, stderr string) {
	r.T().Helper()
	r.Stdin(stdin)
	r.Out.Reset()
	r.ErrOut.Reset()
	code = execute(r.F, args)
	return code, r.Out.String(), r.ErrOut.String()
}

// allCommands is every command of the tree, hidden ones aside.
func allCommands(c *cobra.Command) []*cobra.Command {
	out := []*cobra.Command{c}
	for _, sub := range c.Commands() {
		if !sub.Hidden {
			out = append(out, allCommands(sub)...)
		}
	}
	return out
}
