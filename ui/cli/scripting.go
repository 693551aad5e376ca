package cli

// The id completion's reach to the service (completion.go): the service
// flags of the command being completed, opened through the factory.

import (
	"context"

	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/spf13/cobra"
)

// scriptCmd is the command whose argument is completed: the factory, its
// service flags and, once open, the service.
type scriptCmd struct {
	app   *cmdutil.Factory
	flags *cmdutil.ServiceFlags
	svc   *cmdutil.Service
}

// open selects the service; the factory closes it when the command ends.
func (s *scriptCmd) open(ctx context.Context) (func(), error) {
	svc, err := s.app.Service(ctx, s.flags)
	s.svc = svc
	return func() {}, err
}

func newScriptCmd(app *cmdutil.Factory, cmd *cobra.Command) *scriptCmd {
	return &scriptCmd{app: app, flags: cmdutil.AddServiceFlags(cmd, app)}
}
