package cli

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

// duplicateAnswer is what duplicate prints with --json.
type duplicateAnswer struct {
	CampaignID string `json:"campaign_id"`
	Name       string `json:"name"`
	From       string `json:"from"`
	Service    string `json:"service"`
	Workspace  string `json:"workspace"`
}

func newDuplicateCmd(app *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
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
		Args: cmdutil.ExactArgs(1, "one campaign ID"),
	}
	s := newScriptCmd(app, cmd)
	jsonOut := cmd.Flags().Bool("json", false, "print the new draft as JSON")
	name := cmd.Flags().String("name", "", `the copy's name (default "NAME (copy)")`)
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		id := args[0]
		ctx := cmd.Context()
		done, err := s.openWrite(ctx)
		defer done()
		if err != nil {
			return err
		}
		if s.svc.Author == "" {
			return cmdutil.CommandLineError(fmt.Errorf("duplicate needs to know who creates the copy: --author EMAIL (or CAMPAIGNS_AUTHOR, or author in your profile)"))
		}
		core := s.core(engine.Features{})
		orig, _, err := core.Get(ctx, id)
		if err != nil {
			return s.serviceError(err)
		}
		body, err := api.DuplicateBody(orig, *name, s.svc.Author)
		if err != nil {
			return cmdutil.RefusedError(fmt.Errorf("refused before sending: %v", err))
		}
		res, err := core.Create(ctx, body) // the one write core: checks, pacing
		if err != nil {
			var r *ops.Refused
			if errors.As(err, &r) {
				return cmdutil.RefusedError(fmt.Errorf("refused before sending: %v", err))
			}
			return s.serviceError(err)
		}
		copyName := model.Str(body.BasicDetails.Name)
		if *jsonOut {
			return cmdutil.PrintJSON(app.Out, duplicateAnswer{CampaignID: res.CampaignID, Name: copyName, From: id, Service: s.svc.Label, Workspace: s.svc.Workspace})
		}
		// The id alone on stdout (for $(…)); what was done, and where, on
		// stderr.
		fmt.Fprintf(app.ErrOut, "Created draft %q, a copy of %s, on %s (workspace %s).\n", cmdutil.Inert(copyName), id, s.svc.Label, s.svc.Workspace)
		_, err = fmt.Fprintln(app.Out, res.CampaignID)
		return err
	}
	return cmd
}
