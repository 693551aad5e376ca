package cli

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// statusAnswer is what status and publish print with --json.
type statusAnswer struct {
	CampaignID string `json:"campaign_id"`
	Name       string `json:"name"`
	Action     string `json:"action"`
	From       string `json:"from"`
	Status     string `json:"status"`
}

func newStatusCmd(app *appContext) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "status ID pause|resume|stop",
		Short: "Pause, resume or stop a campaign",
		Long: `Runs a status action. The campaign is read first and the action checked with
the same rules as the editor (service-reference §3.14): what the campaign's
delivery type and state do not allow is refused with the reason before
anything is sent. Asks for confirmation on a terminal; --yes for scripts
(without a terminal and without --yes nothing is sent: exit 2).

Exit status: 0 done, 1 refused (locally or by the service), 2 bad usage or
unreachable.`,
		Example: `  campaigns status 6b0489… pause
  campaigns status 6b0489… resume --yes --json`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 2 {
				return commandLineError(fmt.Errorf("%s takes a campaign ID and an action: pause, resume or stop", cmd.CommandPath()))
			}
			switch strings.ToLower(args[1]) {
			case "pause", "resume", "stop":
				return nil
			}
			return commandLineError(fmt.Errorf("unknown action %q: use pause, resume or stop (publish a draft with campaigns publish ID)", args[1]))
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
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		id, action := args[0], strings.ToUpper(args[1])
		ctx := cmd.Context()
		done, err := s.openWrite(ctx)
		defer done()
		if err != nil {
			return err
		}
		pl := s.planner()
		c, rec, err := s.read(ctx, pl, id)
		if err != nil {
			return err
		}
		from, typ := deref(c.Status), deref(c.CampaignDeliveryType)
		if ch := deref(c.Channel); ch != model.ChannelPush && ch != model.ChannelEmail {
			return refusedError(fmt.Errorf("refused before sending: status actions apply to PUSH and EMAIL campaigns; this one is %s", ch))
		}
		next, err := engine.CheckAction(typ, from, action, startAhead(c, time.Now()))
		if err != nil {
			return refusedError(fmt.Errorf("refused before sending: %v", err))
		}
		if err := s.confirm(*yes, fmt.Sprintf("%s %q (%s, %s → %s)?", titleCase(action), nameOf(rec), typ, from, next)); err != nil {
			return err
		}
		err = pl.Pacer.Do(ctx, gitops.ClassUpdate, func(ctx context.Context) error {
			_, err := s.svc.Client.SetStatus(ctx, id, action)
			return err
		})
		if err != nil {
			return s.serviceError(err)
		}
		return s.reportStatus(ctx, pl, id, action, from, *jsonOut)
	}
	return cmd
}

func newPublishCmd(app *appContext) *cobra.Command {
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
		Args:    exactArgs(1, "one campaign ID"),
	}
	s := newScriptCmd(app, cmd)
	cmd.ValidArgsFunction = s.completeIDs
	jsonOut := cmd.Flags().Bool("json", false, "print the outcome as JSON")
	yes := cmd.Flags().BoolP("yes", "y", false, "do not ask for confirmation (for scripts)")
	features := addFeaturesFlag(cmd)
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		id := args[0]
		if err := features.check(); err != nil {
			return err
		}
		ctx := cmd.Context()
		done, err := s.openWrite(ctx)
		defer done()
		if err != nil {
			return err
		}
		feats, err := features.resolve(s.svc)
		if err != nil {
			return err
		}
		pl := s.planner()
		c, rec, err := s.read(ctx, pl, id)
		if err != nil {
			return err
		}
		from := deref(c.Status)
		if ch := deref(c.Channel); ch != model.ChannelPush && ch != model.ChannelEmail {
			return refusedError(fmt.Errorf("refused before sending: only PUSH and EMAIL campaigns are published here; this one is %s", ch))
		}
		if from != model.StatusDraft {
			return refusedError(fmt.Errorf("refused before sending: only a draft can be published; this campaign is %s", from))
		}
		if c.CampaignAudienceLimit != nil {
			feats.AudienceLimit = true
		}
		if probs := engine.Validate(c, engine.PhasePublish, engine.Options{Features: feats}); len(probs) > 0 {
			var b strings.Builder
			fmt.Fprintf(&b, "refused before sending: the draft does not pass the publish checks (%d problem(s)):", len(probs))
			for _, p := range probs {
				fmt.Fprintf(&b, "\n  %s: %s", orRoot(p.Target), p.Message)
			}
			return refusedError(fmt.Errorf("%s", b.String()))
		}
		if err := s.confirm(*yes, fmt.Sprintf("Publish %q (%s %s)?", nameOf(rec), deref(c.Channel), deref(c.CampaignDeliveryType))); err != nil {
			return err
		}
		err = pl.Pacer.Do(ctx, gitops.ClassUpdate, func(ctx context.Context) error {
			return s.svc.Client.Publish(ctx, id)
		})
		if err != nil {
			return s.serviceError(err)
		}
		return s.reportStatus(ctx, pl, id, model.ActionPublish, from, *jsonOut)
	}
	return cmd
}

// read fetches a campaign for an action.
func (s *scriptCmd) read(ctx context.Context, pl *gitops.Planner, id string) (*model.Campaign, map[string]any, error) {
	rec, err := pl.Fetch(ctx, id)
	if err != nil {
		return nil, nil, s.serviceError(err)
	}
	c := new(model.Campaign)
	_ = model.FromTree(rec, c)
	return c, rec, nil
}

// reportStatus reads the campaign back and prints its new status.
func (s *scriptCmd) reportStatus(ctx context.Context, pl *gitops.Planner, id, action, from string, asJSON bool) error {
	rec, err := pl.Fetch(ctx, id)
	if err != nil {
		return s.serviceError(fmt.Errorf("done, but reading the new status failed: %w", err))
	}
	a := statusAnswer{CampaignID: str(rec["campaign_id"]), Name: nameOf(rec), Action: action, From: from, Status: str(rec["status"])}
	if asJSON {
		return printJSON(s.app.Out, a)
	}
	fmt.Fprintf(s.app.Out, "%s %s: %s → %s\n", s.st.OK.Render("✓"), a.Name, s.st.Status(from).Render(from), s.st.Status(a.Status).Render(a.Status))
	return nil
}

// startAhead tells RESUME whether the start time is still ahead.
func startAhead(c *model.Campaign, now time.Time) bool {
	sd := c.SchedulingDetails
	if sd == nil || sd.StartTime == nil {
		return false
	}
	loc := time.UTC
	if tz := deref(sd.Timezone); tz != "" && engine.ValidTimezone(tz) {
		if l, err := time.LoadLocation(tz); err == nil {
			loc = l
		}
	}
	t, ok := engine.ParseDateTime(*sd.StartTime, loc)
	return ok && t.After(now)
}

func titleCase(action string) string {
	return strings.ToUpper(action[:1]) + strings.ToLower(action[1:])
}
