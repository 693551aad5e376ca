package cli

// Shared by the scripting commands (list, get, meta, status, publish, test,
// export, diff, apply) until each has its own package: the service the
// flags select, opened through the factory, and the styles of the streams.

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
)

// scriptCmd is what every scripting command holds: the factory, its service
// flags and, once open, the service.
type scriptCmd struct {
	app   *cmdutil.Factory
	flags *cmdutil.ServiceFlags
	svc   *cmdutil.Service
	st    themes.Styles
	// stderr styles: notes and progress go there.
	est themes.Styles
}

func newScriptCmd(app *cmdutil.Factory, cmd *cobra.Command) *scriptCmd {
	return &scriptCmd{app: app, flags: cmdutil.AddServiceFlags(cmd, app)}
}

// open selects the service; the factory closes it when the command ends.
func (s *scriptCmd) open(ctx context.Context) (func(), error) {
	s.st = s.app.OutStyles()
	s.est = s.app.ErrStyles()
	svc, err := s.app.Service(ctx, s.flags)
	s.svc = svc
	return func() {}, err
}

// openWrite opens the service for a write: a read-only profile is refused
// (exit 1) before anything is sent.
func (s *scriptCmd) openWrite(ctx context.Context) (func(), error) {
	done, err := s.open(ctx)
	if err == nil {
		err = s.svc.RequireWrite()
	}
	return done, err
}

func (s *scriptCmd) planner() *gitops.Planner { return s.svc.Planner() }

func (s *scriptCmd) core(feats engine.Features) *ops.Core { return s.svc.Core(feats) }

func (s *scriptCmd) serviceError(err error) error { return cmdutil.ServiceError(s.svc, err) }

func (s *scriptCmd) confirm(yes bool, question string) error { return s.app.Confirm(yes, question) }

func (s *scriptCmd) interactive() bool { return s.app.Interactive() }

func (s *scriptCmd) startBusy(label string) *cmdutil.Busy { return s.app.StartBusy(label) }
