package cli

// The id completion's reach to the service (completion.go): the service
// flags of the command being completed.

import (
	"context"

	"github.com/charmbracelet/log"
	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
)

// scriptCmd is the command whose argument is completed: the factory, its
// service flags and, once open, the service.
type scriptCmd struct {
	app   *cmdutil.Factory
	flags *cmdutil.ServiceFlags
	svc   *cmdutil.Service
}

func newScriptCmd(app *cmdutil.Factory, cmd *cobra.Command) *scriptCmd {
	return &scriptCmd{app: app, flags: cmdutil.AddServiceFlags(cmd, app)}
}

// open selects the service; done closes it (the background reader closes
// it before it writes the cache, so the next command finds it free).
func (s *scriptCmd) open(ctx context.Context) (done func(), err error) {
	// The embedded sandbox logs every request at INFO: noise here (--debug
	// keeps it).
	if l := s.app.Logger(); l != nil && !s.app.Debug {
		l.SetLevel(log.WarnLevel)
	}
	svc, err := s.flags.Open(ctx)
	if err != nil {
		return func() {}, err
	}
	s.svc = svc
	return func() {
		if svc.Close != nil {
			_ = svc.Close()
		}
	}, nil
}
