// This file is `campaigns publish ID`: a draft checked with the
// publish rules, then published through the core.

package act

import (
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/campaignaction"
)

// PublishOptions are publish's argument and flags.
type PublishOptions struct {
	cmdutil.Campaign
	Features *cmdutil.FeaturesFlag
	JSON     bool
	Yes      bool
	// Now is the clock a start or expiry already past is judged by.
	Now func() time.Time
}

// publishDoc is what `campaigns publish --help` says.
var publishDoc = cmdutil.Doc{
	Use:   "publish ID",
	Short: "Publish a draft",
	Long: `Publishes a draft (the V1 publish route). The draft is read and checked with
the publish rules first (the same engine as campaigns validate and the
editor): a draft that would fail is refused with its problems before
anything is sent. Asks for confirmation on a terminal; --yes for scripts.

Exit status: 0 published, 1 refused (locally or by the service), 2 bad usage
or unreachable.`,
	Example: `  campaigns publish 6b0489… --yes`,
}

// NewCmdPublish builds `campaigns publish`; runF, when set, receives the checked
// options instead of runPublish (tests).
func NewCmdPublish(f *cmdutil.Factory, runF func(*PublishOptions) error) *cobra.Command {
	opts := &PublishOptions{Now: time.Now}
	cmd := publishDoc.Command(nil)
	opts.Campaign = cmdutil.AddCampaign(f, cmd)
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the outcome as JSON")
	cmd.Flags().BoolVarP(&opts.Yes, "yes", "y", false, "do not ask for confirmation (for scripts)")
	opts.Features = cmdutil.AddFeaturesFlag(cmd)
	cmd.RunE = cmdutil.RunE(opts, func(args []string) error {
		opts.ID = args[0]
		if err := opts.Features.Check(); err != nil {
			return err
		}
		return nil
	}, runF, runPublish)
	return cmd
}

func runPublish(opts *PublishOptions) error {
	a, err := campaignaction.Begin(opts.Service, opts.Features, opts.ID)
	if err != nil {
		return err
	}
	c := a.Campaign
	if err := a.Core.CheckPublish(c); err != nil {
		return a.Refused(err)
	}
	// A start or expiry already past is a warning, not a rule: the
	// service publishes it all the same.
	est := opts.IO.ErrStyles()
	for _, w := range forms.PublishWarnings(c, opts.Now(), time.Local, "your time") {
		fmt.Fprintf(opts.IO.ErrOut, "%s %s\n", est.Warning.Render("warning:"), cmdutil.Inert(w))
	}
	question := fmt.Sprintf("Publish %q (%s %s) in %s?", a.Name(), cmdutil.Inert(model.Str(c.Channel)), cmdutil.Inert(model.Str(c.CampaignDeliveryType)), a.Core.Target())
	if err := opts.IO.Confirm(opts.Yes, question); err != nil {
		return err
	}
	res, err := a.Core.Publish(opts.Service.Context(), opts.ID)
	if err != nil {
		return a.Refused(err)
	}
	return campaignaction.Report(opts.IO, res, model.ActionPublish, opts.JSON)
}
