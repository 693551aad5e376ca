// This file is `campaigns duplicate`: a campaign copied into a new
// draft, created by the person who asks.

package act

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
)

// DuplicateOptions are what `campaigns duplicate` was asked.
type DuplicateOptions struct {
	cmdutil.Campaign
	Name string // "" for "NAME (copy)"
	JSON bool
}

// DuplicateAnswer is what duplicate prints with --json.
type DuplicateAnswer struct {
	CampaignID string `json:"campaign_id"`
	Name       string `json:"name"`
	From       string `json:"from"`
	Service    string `json:"service"`
	Workspace  string `json:"workspace"`
}

// duplicateDoc is what `campaigns duplicate --help` says.
var duplicateDoc = cmdutil.Doc{
	Use:   "duplicate ID",
	Short: "Copy a campaign into a new draft",
	Long: `Copies a campaign of any state into a new draft named "NAME (copy)" (or
--name) and prints the new draft's id. Everything is copied except the
campaign's identity (ids, status, version, timestamps), its authors and the
schedule's dates; the copy is created by you: --author, else
CAMPAIGNS_AUTHOR, else the profile's author. Campaigns the editor cannot
create (SMS, API-triggered, fields this client does not know) are refused
with the reason.

Exit status: 0 created, 1 refused (locally or by the service), 2 bad usage
or unreachable.`,
	Example: `  campaigns duplicate 6b0489…
  campaigns duplicate 6b0489… --name "Spring sale, week 2" --json`,
}

// NewCmdDuplicate is `campaigns duplicate`; runF, when given, runs instead of the
// command (tests check the flags with it).
func NewCmdDuplicate(f *cmdutil.Factory, runF func(*DuplicateOptions) error) *cobra.Command {
	opts := &DuplicateOptions{}
	cmd := duplicateDoc.Command(nil)
	opts.Campaign = cmdutil.AddCampaign(f, cmd)
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the new draft as JSON")
	cmd.Flags().StringVar(&opts.Name, "name", "", `the copy's name (default "NAME (copy)")`)
	cmd.RunE = cmdutil.RunE(opts, opts.TakeID, runF, runDuplicate)
	return cmd
}

func runDuplicate(opts *DuplicateOptions) error {
	ctx := opts.Service.Context()
	svc, err := opts.Service.ConnectWrite()
	if err != nil {
		return err
	}
	if svc.Author == "" {
		return cmdutil.CommandLineError(fmt.Errorf("duplicate needs to know who creates the copy: --author EMAIL (or CAMPAIGNS_AUTHOR, or author in your profile)"))
	}
	core := svc.Core(engine.Features{})
	orig, _, err := core.Get(ctx, opts.ID)
	if err != nil {
		return cmdutil.ServiceError(svc, err)
	}
	body, err := api.DuplicateBody(orig, opts.Name, svc.Author)
	if err != nil {
		return cmdutil.RefusedError(fmt.Errorf("refused before sending: %v", err))
	}
	res, err := core.Create(ctx, body) // the one write core: checks, pacing
	if err != nil {
		var r *ops.Refused
		if errors.As(err, &r) {
			return cmdutil.RefusedError(fmt.Errorf("refused before sending: %v", err))
		}
		return cmdutil.ServiceError(svc, err)
	}
	name := model.Str(body.BasicDetails.Name)
	if opts.JSON {
		return cmdutil.PrintJSON(opts.IO.Out, DuplicateAnswer{CampaignID: res.CampaignID, Name: name, From: opts.ID, Service: svc.Label, Workspace: svc.Workspace})
	}
	// The id alone on stdout (for $(…)); what was done, and where, on
	// stderr.
	fmt.Fprintf(opts.IO.ErrOut, "Created draft %q, a copy of %s, on %s (workspace %s).\n", cmdutil.Inert(name), opts.ID, svc.Label, svc.Workspace)
	_, err = fmt.Fprintln(opts.IO.Out, res.CampaignID)
	return err
}
