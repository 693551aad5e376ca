// Package publish is `campaigns publish ID`: a draft checked with the
// publish rules, then published through the core.
package publish

import (
	"context"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/campaignaction"
)

// Options are publish's argument and flags.
type Options struct {
	IO *cmdutil.IOStreams
	// Write opens the service the flags select for a write (a read-only
	// profile is refused; closed by the factory).
	Write func(context.Context) (*cmdutil.Service, error)
	// Features are the workspace features the local checks assume, for
	// the service opened.
	Features func(*cmdutil.Service) (engine.Features, error)
	Ctx      context.Context
	ID       string
	JSON     bool
	Yes      bool
	// Now is the clock a start or expiry already past is judged by.
	Now func() time.Time
}

// NewCmd builds `campaigns publish`; runF, when set, receives the checked
// options instead of run (tests).
func NewCmd(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Now: time.Now}
	cmd := &cobra.Command{
		Use:   "publish ID",
		Short: "Publish a draft",
		Long: `Publishes a draft (the V1 publish route). The draft is read and checked with
the publish rules first (the same engine as campaigns validate and the
editor): a draft that would fail is refused with its problems before
anything is sent. Asks for confirmation on a terminal; --yes for scripts.

Exit status: 0 published, 1 refused (locally or by the service), 2 bad usage
or unreachable.`,
		Example: `  campaigns publish 6b0489… --yes`,
		Args:    cmdutil.ExactArgs(1, "one campaign ID"),
	}
	flags := cmdutil.AddServiceFlags(cmd, f)
	opts.Write = func(ctx context.Context) (*cmdutil.Service, error) { return f.OpenWrite(ctx, flags) }
	cmd.ValidArgsFunction = f.CompleteIDs(flags)
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the outcome as JSON")
	cmd.Flags().BoolVarP(&opts.Yes, "yes", "y", false, "do not ask for confirmation (for scripts)")
	features := cmdutil.AddFeaturesFlag(cmd)
	opts.Features = features.Resolve
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		opts.Ctx, opts.ID = cmd.Context(), args[0]
		if err := features.Check(); err != nil {
			return err
		}
		if runF != nil {
			return runF(opts)
		}
		return run(opts)
	}
	return cmd
}

func run(opts *Options) error {
	ctx := opts.Ctx
	svc, err := opts.Write(ctx)
	if err != nil {
		return err
	}
	feats, err := opts.Features(svc)
	if err != nil {
		return err
	}
	core := svc.Core(feats)
	c, err := campaignaction.Read(ctx, svc, core, opts.ID)
	if err != nil {
		return err
	}
	if err := core.CheckPublish(c); err != nil {
		return campaignaction.Refused(svc, err)
	}
	// A start or expiry already past is a warning, not a rule: the
	// service publishes it all the same.
	est := opts.IO.ErrStyles()
	for _, w := range forms.PublishWarnings(c, opts.Now(), time.Local, "your time") {
		fmt.Fprintf(opts.IO.ErrOut, "%s %s\n", est.Warning.Render("warning:"), cmdutil.Inert(w))
	}
	question := fmt.Sprintf("Publish %q (%s %s) in %s?", campaignaction.Name(c), cmdutil.Inert(model.Str(c.Channel)), cmdutil.Inert(model.Str(c.CampaignDeliveryType)), core.Target())
	if err := opts.IO.Confirm(opts.Yes, question); err != nil {
		return err
	}
	res, err := core.Publish(ctx, opts.ID)
	if err != nil {
		return campaignaction.Refused(svc, err)
	}
	return campaignaction.Report(opts.IO, res, model.ActionPublish, opts.JSON)
}
