// This file is `campaigns test ID`: a test of a campaign's saved
// content sent to up to ten people.

package act

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
	"github.com/campaigns-cli/campaigns/ui/cli/internal/campaignaction"
)

// maxRecipients is the spec's limit on one test (Limits: Test).
const maxRecipients = 10

// platforms are the values --platform takes.
var platforms = []string{"ANDROID", "IOS", "WEB"}

// TestOptions are test's argument and flags, checked.
type TestOptions struct {
	cmdutil.Campaign
	To         []string // 1 to 10 recipients
	Identifier string   // "": email addresses of the campaign's channel
	Platform   string   // upper case; "" every platform
	Locale     string
	Variation  string
	JSON       bool
	Yes        bool
}

// testDoc is what `campaigns test --help` says.
var testDoc = cmdutil.Doc{
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
}

// NewCmdTest builds `campaigns test`; runF, when set, receives the checked
// options instead of runTest (tests).
func NewCmdTest(f *cmdutil.Factory, runF func(*TestOptions) error) *cobra.Command {
	opts := &TestOptions{}
	cmd := testDoc.Command(nil)
	opts.Campaign = cmdutil.AddCampaign(f, cmd)
	fs := cmd.Flags()
	to := fs.StringSlice("to", nil, "who gets the test: up to 10 identifiers, comma-separated")
	fs.StringVar(&opts.Identifier, "identifier", "", "the type of the --to values (Push: "+strings.Join(model.PushIdentifiers, ", ")+"; Email: "+strings.Join(model.EmailIdentifiers, ", ")+")")
	fs.StringVar(&opts.Platform, "platform", "", "only this platform: ANDROID, IOS or WEB (Push)")
	fs.StringVar(&opts.Locale, "locale", "", "only this locale (e.g. default)")
	fs.StringVar(&opts.Variation, "variation", "", "only this variation (e.g. variation_1)")
	fs.BoolVar(&opts.JSON, "json", false, "print the service's answer as JSON")
	fs.BoolVarP(&opts.Yes, "yes", "y", false, "do not ask for confirmation (for scripts)")
	_ = cmd.RegisterFlagCompletionFunc("platform", cobra.FixedCompletions(platforms, cobra.ShellCompDirectiveNoFileComp))
	cmd.RunE = cmdutil.RunE(opts, func(args []string) error {
		opts.ID = args[0]
		opts.To = forms.SplitList(*to...)
		switch {
		case len(opts.To) == 0:
			return cmdutil.UsageError("--to: name at least one recipient")
		case len(opts.To) > maxRecipients:
			return cmdutil.UsageError("--to: a test goes to at most %d people, not %d", maxRecipients, len(opts.To))
		}
		opts.Platform = strings.ToUpper(opts.Platform)
		if opts.Platform != "" {
			if err := cmdutil.CheckEnum("platform", []string{opts.Platform}, platforms); err != nil {
				return err
			}
		}
		return nil
	}, runF, runTest)
	return cmd
}

func runTest(opts *TestOptions) error {
	a, err := campaignaction.Begin(opts.Service, nil, opts.ID)
	if err != nil {
		return err
	}
	c := a.Campaign
	idType, err := checkCampaign(opts, c)
	if err != nil {
		return err
	}
	core := a.Core
	question := fmt.Sprintf("Send a test of %q to %s from %s?", a.Name(), cmdutil.Inert(strings.Join(opts.To, ", ")), core.Target())
	if err := opts.IO.Confirm(opts.Yes, question); err != nil {
		return err
	}
	req := api.TestRequest{Channel: model.Str(c.Channel), DraftID: opts.ID, TestCampaignMeta: &api.TestMeta{
		Identifier: idType, IdentifierValues: opts.To, Platform: opts.Platform, LocaleName: opts.Locale, Variation: opts.Variation}}
	res, err := core.Test(opts.Service.Context(), req)
	if err != nil {
		return cmdutil.ServiceError(a.Svc, err)
	}
	return report(opts, core.Target(), res)
}

// checkCampaign refuses what the campaign read cannot be tested with, and
// gives the identifier type the --to values are.
func checkCampaign(opts *TestOptions, c *model.Campaign) (string, error) {
	channel := model.Str(c.Channel)
	allowed, idType := model.PushIdentifiers, "USER_ATTRIBUTE_USER_EMAIL"
	if channel == model.ChannelEmail {
		allowed, idType = model.EmailIdentifiers, "EMAIL"
	}
	if opts.Identifier != "" {
		idType = opts.Identifier
	}
	switch {
	case channel != model.ChannelPush && channel != model.ChannelEmail:
		return "", cmdutil.RefusedError(fmt.Errorf("refused before sending: test sends are for PUSH and EMAIL campaigns; this one is %s", channel))
	case !slices.Contains(allowed, idType):
		return "", cmdutil.UsageError("--identifier %q does not apply to a %s campaign: use %s", idType, channel, strings.Join(allowed, ", "))
	case opts.Platform != "" && channel == model.ChannelEmail:
		return "", cmdutil.UsageError("--platform applies to Push campaigns; this one is EMAIL")
	case opts.Platform != "" && c.BasicDetails != nil && !slices.Contains(c.BasicDetails.Platforms, opts.Platform):
		return "", cmdutil.RefusedError(fmt.Errorf("refused before sending: the campaign is not on %s (platforms: %s)", opts.Platform, strings.Join(c.BasicDetails.Platforms, ", ")))
	}
	return idType, nil
}

// report prints one outcome per message; a message that was not sent is
// exit 1.
func report(opts *TestOptions, target ops.Target, res api.TestResult) error {
	failed := 0
	keys := make([]string, 0, len(res.Data))
	for k, o := range res.Data {
		keys = append(keys, k)
		if o.Status != "SENT" {
			failed++
		}
	}
	slices.Sort(keys)
	if opts.JSON {
		if err := cmdutil.PrintJSON(opts.IO.Out, struct {
			ops.Target
			api.TestResult
		}{target, res}); err != nil {
			return cmdutil.UsageError("%v", err)
		}
	} else {
		w, st := opts.IO.Out, opts.IO.OutStyles()
		if res.Message != "" {
			fmt.Fprintln(w, cmdutil.Inert(res.Message))
		}
		fmt.Fprintf(w, "from %s\n", target)
		for _, k := range keys {
			o := res.Data[k]
			mark := st.OK.Render("✓ " + o.Status)
			if o.Status != "SENT" {
				mark = st.Error.Render("✗ " + o.Status)
			}
			line := fmt.Sprintf("%s  %s", mark, k)
			if o.FailureReason != "" {
				line += ": " + o.FailureReason
			}
			fmt.Fprintln(w, cmdutil.Inert(line))
		}
	}
	if failed > 0 {
		return cmdutil.RefusedError(fmt.Errorf("%d of %d test message(s) failed", failed, len(res.Data)))
	}
	return nil
}
