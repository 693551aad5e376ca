package auth

import (
	"testing"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
)

// env is one test's HOME, variables and keyring: logins of one call are
// there for the next.
type env struct{ *clitest.Env }

// parallelEnv starts a parallel test in an env of its own.
func parallelEnv(t *testing.T) env {
	t.Parallel()
	return env{clitest.New(t, nil)}
}

// cli runs `campaigns auth …` (args[0] is "auth") under a root named as
// the program is, so messages name "campaigns auth".
func (e env) cli(stdin string, args ...string) (code int, stdout, stderr string) {
	root := &cobra.Command{Use: "campaigns"}
	root.AddCommand(NewCmd(e.F))
	e.Stdin(stdin)
	r := e.Do(root, args...)
	return r.Code, r.Out, r.Err
}
