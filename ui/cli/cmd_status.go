package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// statusAnswer is what status and publish print with --json: the
// outcome and where it happened (service, workspace).
type statusAnswer struct {
	ops.Target
	CampaignID string `json:"campaign_id"`
	Name       string `json:"name"`
	Action     string `json:"action"`
	From       string `json:"from"`
	Status     string `json:"status"`
	UpdatedBy  string `json:"updated_by,omitempty"`
}

func newStatusCmd(app *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "status ID [pause|resume|stop]",
		Short: "Say whether a campaign will send (and why not), or pause, resume or stop it",
		Long: `With only an ID: the campaign's state and the will-it-send checklist (the
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
unreachable.`,
		Example: `  campaigns status 6b0489…
  campaigns status 6b0489… --json --jq '.checks[] | select(.ok | not)'
  campaigns status 6b0489… pause
  campaigns status 6b0489… resume --yes --json`,
		Args: func(cmd *cobra.Command, args []string) error {
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
		},
		ValidArgsFunction: func(_ *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
			if len(args) == 1 {
				return []string{"pause", "resume", "stop"}, cobra.ShellCompDirectiveNoFileComp
			}
			return nil, cobra.ShellCompDirectiveNoFileComp
		},
	}
	s := newScriptCmd(app, cmd)
	cmd.ValidArgsFunction = s.completeStatusArgs
	jsonOut := cmd.Flags().Bool("json", false, "print the outcome as JSON")
	yes := cmd.Flags().BoolP("yes", "y", false, "do not ask for confirmation (for scripts)")
	jq := cmd.Flags().String("jq", "", "filter the checklist's JSON with a jq expression (no action only)")
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		if len(args) == 1 {
			return s.printChecklist(cmd.Context(), args[0], *jsonOut, *jq)
		}
		id, action := args[0], strings.ToUpper(args[1])
		ctx := cmd.Context()
		core, c, done, err := s.openCampaign(ctx, id)
		defer done()
		if err != nil {
			return err
		}
		next, err := core.CheckStatus(c, action)
		if err != nil {
			return s.refused(err)
		}
		if err := s.confirm(*yes, fmt.Sprintf("%s %q (%s, %s → %s) in %s?", titleCase(action), campaignName(c), model.Str(c.CampaignDeliveryType), model.Str(c.Status), next, core.Target())); err != nil {
			return err
		}
		res, err := core.SetStatus(ctx, id, action)
		if err != nil {
			return s.refused(err)
		}
		return s.reportStatus(res, action, *jsonOut)
	}
	return cmd
}

func newPublishCmd(app *cmdutil.Factory) *cobra.Command {
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
	s := newScriptCmd(app, cmd)
	cmd.ValidArgsFunction = s.completeIDs
	jsonOut := cmd.Flags().Bool("json", false, "print the outcome as JSON")
	yes := cmd.Flags().BoolP("yes", "y", false, "do not ask for confirmation (for scripts)")
	features := cmdutil.AddFeaturesFlag(cmd)
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		id := args[0]
		if err := features.Check(); err != nil {
			return err
		}
		ctx := cmd.Context()
		done, err := s.openWrite(ctx)
		defer done()
		if err != nil {
			return err
		}
		feats, err := features.Resolve(s.svc)
		if err != nil {
			return err
		}
		core := s.core(feats)
		c, err := s.read(ctx, core, id)
		if err != nil {
			return err
		}
		if err := core.CheckPublish(c); err != nil {
			return s.refused(err)
		}
		// A start or expiry already past is a warning, not a rule: the
		// service publishes it all the same.
		for _, w := range forms.PublishWarnings(c, time.Now(), time.Local, "your time") {
			fmt.Fprintf(s.app.ErrOut, "%s %s\n", s.est.Warning.Render("warning:"), cmdutil.Inert(w))
		}
		if err := s.confirm(*yes, fmt.Sprintf("Publish %q (%s %s) in %s?", campaignName(c), cmdutil.Inert(model.Str(c.Channel)), cmdutil.Inert(model.Str(c.CampaignDeliveryType)), core.Target())); err != nil {
			return err
		}
		res, err := core.Publish(ctx, id)
		if err != nil {
			return s.refused(err)
		}
		return s.reportStatus(res, model.ActionPublish, *jsonOut)
	}
	return cmd
}

// printChecklist is `campaigns status ID`: the state and the checklist.
func (s *scriptCmd) printChecklist(ctx context.Context, id string, asJSON bool, jq string) error {
	done, err := s.open(ctx)
	defer done()
	if err != nil {
		return err
	}
	var c *model.Campaign
	var checks []forms.Check
	err = s.svc.Pacer().Do(ctx, ops.ClassRead, func(ctx context.Context) error {
		var err error
		c, checks, err = readChecklist(ctx, s.svc.Client, id, time.Now())
		return err
	})
	if err != nil {
		return s.serviceError(err)
	}
	a := checklistAnswer{Status: model.Str(c.Status), Checks: checks}
	switch {
	case jq != "":
		var tree any // jq reads JSON trees
		b, _ := json.Marshal(a)
		_ = json.Unmarshal(b, &tree)
		o := cmdutil.OutputFlags{JQ: jq}
		if err := o.Write(s.app.Out, tree); err != nil {
			return cmdutil.UsageError("%v", err)
		}
		return nil
	case asJSON:
		return cmdutil.PrintJSON(s.app.Out, a)
	}
	fmt.Fprintf(s.app.Out, "%s  %s\n", s.st.Title.Render(common.Clean(common.CampaignName(c))), s.st.Status(a.Status).Render(a.Status))
	s.printChecks(checks)
	return nil
}

// printChecks writes the checklist, ✓ and ✗ coloured on a terminal.
func (s *scriptCmd) printChecks(checks []forms.Check) {
	for _, c := range checks {
		mark := s.st.OK.Render("✓")
		if !c.OK {
			mark = s.st.Error.Render("✗")
		}
		fmt.Fprintf(s.app.Out, "%s %s: %s\n", mark, c.Check, common.Clean(c.Detail))
	}
}

// openCampaign opens the service for a write on campaign id and reads it
// through the core; done closes the service.
func (s *scriptCmd) openCampaign(ctx context.Context, id string) (*ops.Core, *model.Campaign, func(), error) {
	done, err := s.openWrite(ctx)
	if err != nil {
		return nil, nil, done, err
	}
	core := s.core(engine.Features{})
	c, err := s.read(ctx, core, id)
	return core, c, done, err
}

// read fetches a campaign for an action, through the core.
func (s *scriptCmd) read(ctx context.Context, core *ops.Core, id string) (*model.Campaign, error) {
	c, _, err := core.Get(ctx, id)
	if err != nil {
		return nil, s.serviceError(err)
	}
	return c, nil
}

// refused prints a refusal of the core (exit 1, every problem named) or
// the service's answer.
func (s *scriptCmd) refused(err error) error {
	var rf *ops.Refused
	if !errors.As(err, &rf) {
		return s.serviceError(err)
	}
	var b strings.Builder
	b.WriteString("refused before sending: " + rf.Reason)
	if len(rf.Problems) > 0 {
		fmt.Fprintf(&b, " (%d problem(s)):", len(rf.Problems))
	}
	for _, p := range rf.Problems {
		fmt.Fprintf(&b, "\n  %s: %s", cmdutil.OrRoot(p.Target), p.Message)
	}
	return cmdutil.RefusedError(errors.New(b.String()))
}

// reportStatus prints the new status and where it changed.
func (s *scriptCmd) reportStatus(res ops.Result, action string, asJSON bool) error {
	a := statusAnswer{Target: res.Target, CampaignID: res.CampaignID, Name: res.Name, Action: action, From: res.From, Status: res.Status, UpdatedBy: res.UpdatedBy}
	if asJSON {
		return cmdutil.PrintJSON(s.app.Out, a)
	}
	fmt.Fprintf(s.app.Out, "%s %s: %s → %s, in %s\n", s.st.OK.Render("✓"), common.Clean(a.Name), s.st.Status(a.From).Render(cmdutil.Inert(a.From)), s.st.Status(a.Status).Render(cmdutil.Inert(a.Status)), res.Target)
	return nil
}

// campaignName is the campaign's name for a question.
func campaignName(c *model.Campaign) string {
	if c.BasicDetails == nil {
		return ""
	}
	return model.Str(c.BasicDetails.Name)
}

func titleCase(action string) string {
	return strings.ToUpper(action[:1]) + strings.ToLower(action[1:])
}
