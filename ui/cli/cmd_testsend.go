package cli

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
)

// maxTestRecipients is the spec's limit on one test (Limits: Test).
const maxTestRecipients = 10

func newTestSendCmd(app *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "test ID",
		Short: "Send a test of a campaign's saved content to up to 10 people",
		Long: `Sends a test of the campaign's saved content (draft mode of the test route):
by default one message per platform, locale and variation, narrowed with
--platform, --locale and --variation. --to takes up to 10 identifiers, of
the type --identifier names (default: email addresses — EMAIL for Email
campaigns, USER_ATTRIBUTE_USER_EMAIL for Push). Asks for confirmation on a
terminal; --yes for scripts. Prints one outcome per message.

Exit status: 0 every message sent, 1 refused or some message failed, 2 bad
usage or unreachable.`,
		Example: `  campaigns test 6b0489… --to ana@example.com,lee@example.com --yes
  campaigns test 6b0489… --to ana@example.com --platform ANDROID \
      --locale default --variation variation_1 --yes --json`,
		Args: cmdutil.ExactArgs(1, "one campaign ID"),
	}
	s := newScriptCmd(app, cmd)
	cmd.ValidArgsFunction = s.completeIDs
	to := cmd.Flags().StringSlice("to", nil, "who gets the test: up to 10 identifiers, comma-separated")
	identifier := cmd.Flags().String("identifier", "", "the type of the --to values (Push: "+strings.Join(model.PushIdentifiers, ", ")+"; Email: "+strings.Join(model.EmailIdentifiers, ", ")+")")
	platform := cmd.Flags().String("platform", "", "only this platform: ANDROID, IOS or WEB (Push)")
	locale := cmd.Flags().String("locale", "", "only this locale (e.g. default)")
	variation := cmd.Flags().String("variation", "", "only this variation (e.g. variation_1)")
	jsonOut := cmd.Flags().Bool("json", false, "print the service's answer as JSON")
	yes := cmd.Flags().BoolP("yes", "y", false, "do not ask for confirmation (for scripts)")
	_ = cmd.RegisterFlagCompletionFunc("platform", cobra.FixedCompletions([]string{"ANDROID", "IOS", "WEB"}, cobra.ShellCompDirectiveNoFileComp))
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		id := args[0]
		recipients := forms.SplitList(*to...)
		switch {
		case len(recipients) == 0:
			return cmdutil.UsageError("--to: name at least one recipient")
		case len(recipients) > maxTestRecipients:
			return cmdutil.UsageError("--to: a test goes to at most %d people, not %d", maxTestRecipients, len(recipients))
		}
		plat := strings.ToUpper(*platform)
		if plat != "" {
			if err := cmdutil.CheckEnum("platform", []string{plat}, []string{"ANDROID", "IOS", "WEB"}); err != nil {
				return err
			}
		}
		ctx := cmd.Context()
		core, c, done, err := s.openCampaign(ctx, id)
		defer done()
		if err != nil {
			return err
		}
		channel := model.Str(c.Channel)
		idType := *identifier
		allowed := model.PushIdentifiers
		if channel == model.ChannelEmail {
			allowed = model.EmailIdentifiers
		}
		if idType == "" {
			idType = "USER_ATTRIBUTE_USER_EMAIL"
			if channel == model.ChannelEmail {
				idType = "EMAIL"
			}
		}
		if channel != model.ChannelPush && channel != model.ChannelEmail {
			return cmdutil.RefusedError(fmt.Errorf("refused before sending: test sends are for PUSH and EMAIL campaigns; this one is %s", channel))
		}
		if !slices.Contains(allowed, idType) {
			return cmdutil.UsageError("--identifier %q does not apply to a %s campaign: use %s", idType, channel, strings.Join(allowed, ", "))
		}
		if plat != "" && channel == model.ChannelEmail {
			return cmdutil.UsageError("--platform applies to Push campaigns; this one is EMAIL")
		}
		if plat != "" && c.BasicDetails != nil && !slices.Contains(c.BasicDetails.Platforms, plat) {
			return cmdutil.RefusedError(fmt.Errorf("refused before sending: the campaign is not on %s (platforms: %s)", plat, strings.Join(c.BasicDetails.Platforms, ", ")))
		}
		if err := s.confirm(*yes, fmt.Sprintf("Send a test of %q to %s from %s?", campaignName(c), cmdutil.Inert(strings.Join(recipients, ", ")), core.Target())); err != nil {
			return err
		}
		req := api.TestRequest{Channel: channel, DraftID: id, TestCampaignMeta: &api.TestMeta{
			Identifier: idType, IdentifierValues: recipients, Platform: plat, LocaleName: *locale, Variation: *variation}}
		res, err := core.Test(ctx, req)
		if err != nil {
			return s.serviceError(err)
		}
		failed := 0
		keys := make([]string, 0, len(res.Data))
		for k, o := range res.Data {
			keys = append(keys, k)
			if o.Status != "SENT" {
				failed++
			}
		}
		slices.Sort(keys)
		if *jsonOut {
			if err := cmdutil.PrintJSON(app.Out, struct {
				ops.Target
				api.TestResult
			}{core.Target(), res}); err != nil {
				return cmdutil.UsageError("%v", err)
			}
		} else {
			if res.Message != "" {
				fmt.Fprintln(app.Out, cmdutil.Inert(res.Message))
			}
			fmt.Fprintf(app.Out, "from %s\n", core.Target())
			for _, k := range keys {
				o := res.Data[k]
				mark := s.st.OK.Render("✓ " + o.Status)
				if o.Status != "SENT" {
					mark = s.st.Error.Render("✗ " + o.Status)
				}
				line := fmt.Sprintf("%s  %s", mark, k)
				if o.FailureReason != "" {
					line += ": " + o.FailureReason
				}
				fmt.Fprintln(app.Out, cmdutil.Inert(line))
			}
		}
		if failed > 0 {
			return &cmdutil.ExitError{Code: cmdutil.ExitRefused, Err: fmt.Errorf("%d of %d test message(s) failed", failed, len(res.Data))}
		}
		return nil
	}
	return cmd
}
