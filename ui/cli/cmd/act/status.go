// This file is `campaigns status ID [pause|resume|stop]`: the
// will-it-send checklist of a campaign, or a change of its state.

package act

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/campaignaction"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/checklist"
	"github.com/campaigns-cli/campaigns/ui/common"
)

const statusLong = `With only an ID: the campaign's state and the will-it-send checklist (the
inspector's Summary tab): the state and what it means next, the send window
against now in the campaign's zone and yours, who paused or stopped it and
when, the publish problems, a reach of zero where the service has an
estimate, and whether a newer version supersedes it. --json prints
{"status", "checks": [{"check", "ok", "detail"}]}. Exit 0: the checklist is
information.

With an action: runs it. The campaign is read first and the action checked with
the same rules as the editor (service-reference §3.14): what the campaign's
delivery type and state do not allow is refused with the reason before
anything is sent. Asks for confirmation on a terminal; --yes for scripts
(without a terminal and without --yes nothing is sent: exit 2).

Exit status: 0 done, 1 refused (locally or by the service), 2 bad usage or
unreachable.`

// actions are the state changes status makes (publish has its own command).
var actions = []string{"pause", "resume", "stop"}

// StatusOptions are status's arguments and flags.
type StatusOptions struct {
	IO      *cmdutil.IOStreams
	Service *cmdutil.ServiceFlags
	ID      string
	// Action is PAUSE, RESUME or STOP; "" prints the checklist.
	Action string
	JSON   bool
	Yes    bool
	JQ     string
	// Now is the clock the checklist's send window is judged by.
	Now func() time.Time
}

// statusDoc is what `campaigns status --help` says.
var statusDoc = cmdutil.Doc{
	Use:   "status ID [pause|resume|stop]",
	Short: "Say whether a campaign will send (and why not), or pause, resume or stop it",
	Long:  statusLong,
	Example: `  campaigns status 6b0489…
  campaigns status 6b0489… --json --jq '.checks[] | select(.ok | not)'
  campaigns status 6b0489… pause
  campaigns status 6b0489… resume --yes --json`,
}

// NewCmdStatus builds `campaigns status`; runF, when set, receives the checked
// options instead of runStatus (tests).
func NewCmdStatus(f *cmdutil.Factory, runF func(*StatusOptions) error) *cobra.Command {
	opts := &StatusOptions{IO: f.IOStreams, Now: time.Now}
	cmd := statusDoc.Command(checkArgs)
	opts.Service = cmdutil.AddServiceFlags(cmd, f)
	completeIDs := f.CompleteIDs(opts.Service)
	cmd.ValidArgsFunction = func(c *cobra.Command, args []string, prefix string) ([]string, cobra.ShellCompDirective) {
		if len(args) == 1 {
			return actions, cobra.ShellCompDirectiveNoFileComp
		}
		return completeIDs(c, args, prefix)
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the outcome as JSON")
	cmd.Flags().BoolVarP(&opts.Yes, "yes", "y", false, "do not ask for confirmation (for scripts)")
	cmd.Flags().StringVar(&opts.JQ, "jq", "", "filter the checklist's JSON with a jq expression (no action only)")
	cmd.RunE = cmdutil.RunE(opts, func(args []string) error {
		opts.ID, opts.Action = args[0], ""
		if len(args) == 2 {
			opts.Action = strings.ToUpper(args[1])
		}
		return nil
	}, runF, runStatus)
	return cmd
}

// checkArgs takes a campaign ID and, to change the campaign, an action.
func checkArgs(cmd *cobra.Command, args []string) error {
	if len(args) == 1 {
		return nil // the checklist
	}
	if len(args) != 2 {
		return cmdutil.CommandLineError(fmt.Errorf("%s takes a campaign ID and, to change it, an action: pause, resume or stop", cmd.CommandPath()))
	}
	switch strings.ToLower(args[1]) {
	case "pause", "resume", "stop":
		return nil
	}
	return cmdutil.CommandLineError(fmt.Errorf("unknown action %q: use pause, resume or stop (publish a draft with campaigns publish ID)", args[1]))
}

func runStatus(opts *StatusOptions) error {
	if opts.Action == "" {
		return printChecklist(opts)
	}
	a, err := campaignaction.Begin(opts.Service, nil, opts.ID)
	if err != nil {
		return err
	}
	c := a.Campaign
	next, err := a.Core.CheckStatus(c, opts.Action)
	if err != nil {
		return a.Refused(err)
	}
	question := fmt.Sprintf("%s %q (%s, %s → %s) in %s?", titleCase(opts.Action), a.Name(), model.Str(c.CampaignDeliveryType), model.Str(c.Status), next, a.Core.Target())
	if err := opts.IO.Confirm(opts.Yes, question); err != nil {
		return err
	}
	res, err := a.Core.SetStatus(opts.Service.Context(), opts.ID, opts.Action)
	if err != nil {
		return a.Refused(err)
	}
	return campaignaction.Report(opts.IO, res, opts.Action, opts.JSON)
}

// printChecklist is `campaigns status ID`: the state and the checklist.
func printChecklist(opts *StatusOptions) error {
	svc, err := opts.Service.Connect()
	if err != nil {
		return err
	}
	var c *model.Campaign
	var checks []forms.Check
	err = svc.Pacer().Do(opts.Service.Context(), ops.ClassRead, func(ctx context.Context) error {
		var err error
		c, checks, err = checklist.Read(ctx, svc.Client, opts.ID, opts.Now())
		return err
	})
	if err != nil {
		return cmdutil.ServiceError(svc, err)
	}
	a := checklist.Answer{Status: model.Str(c.Status), Checks: checks}
	switch {
	case opts.JQ != "":
		var tree any // jq reads JSON trees
		b, _ := json.Marshal(a)
		_ = json.Unmarshal(b, &tree)
		jq := cmdutil.OutputFlags{JQ: opts.JQ}
		if err := jq.Write(opts.IO.Out, tree); err != nil {
			return cmdutil.UsageError("%v", err)
		}
		return nil
	case opts.JSON:
		return cmdutil.PrintJSON(opts.IO.Out, a)
	}
	st := opts.IO.OutStyles()
	fmt.Fprintf(opts.IO.Out, "%s  %s\n", st.Title.Render(common.Clean(common.CampaignName(c))), st.Status(a.Status).Render(a.Status))
	checklist.Print(opts.IO.Out, st, checks)
	return nil
}

func titleCase(action string) string {
	return strings.ToUpper(action[:1]) + strings.ToLower(action[1:])
}
