package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
)

// Values the list filters take (the search route's enums).
var (
	listChannels = []string{model.ChannelPush, model.ChannelEmail, model.ChannelSMS, model.ChannelWhatsApp,
		model.ChannelFacebook, model.ChannelGoogleAds, model.ChannelConnectors}
	listTypes = []string{model.DeliveryOneTime, model.DeliveryPeriodic, model.DeliveryEventTriggered,
		model.DeliveryBusinessEvent, model.DeliveryDeviceTriggered, model.DeliveryLocationTriggered,
		model.DeliveryLiveActivity, model.DeliveryAPITriggered}
)

// listFilters are the search filters of list and export.
type listFilters struct {
	status, channel, typ, tag []string
	name                      string
	children, archived        bool
}

func addListFilters(cmd *cobra.Command) *listFilters {
	f := &listFilters{}
	fs := cmd.Flags()
	fs.StringSliceVar(&f.status, "status", nil, "only these states, comma-separated: "+strings.Join(model.Statuses, ", ")+"\n(default every state but ARCHIVED, drafts included)")
	fs.StringSliceVar(&f.channel, "channel", nil, "only these channels: "+strings.Join(listChannels, ", "))
	fs.StringSliceVar(&f.typ, "type", nil, "only these delivery types, e.g. ONE_TIME,PERIODIC")
	fs.StringVar(&f.name, "name", "", "only campaigns whose name contains TEXT (any case)")
	fs.StringSliceVar(&f.tag, "tag", nil, "only campaigns with this tag (repeat for any of several)")
	fs.BoolVar(&f.children, "children", false, "include child campaigns (periodic runs, flows)")
	fs.BoolVar(&f.archived, "archived", false, "include archived campaigns")
	_ = cmd.RegisterFlagCompletionFunc("status", cobra.FixedCompletions(model.Statuses, cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("channel", cobra.FixedCompletions(listChannels, cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("type", cobra.FixedCompletions(listTypes, cobra.ShellCompDirectiveNoFileComp))
	return f
}

// request builds the search body. Drafts are included unless --status says
// otherwise (the search route leaves them out unless asked by status).
func (f *listFilters) request() (api.SearchRequest, error) {
	statuses, channels, types := cmdutil.UpperList(f.status), cmdutil.UpperList(f.channel), cmdutil.UpperList(f.typ)
	for _, c := range []struct {
		flag    string
		vals    []string
		allowed []string
	}{{"status", statuses, model.Statuses}, {"channel", channels, listChannels}, {"type", types, listTypes}} {
		if err := cmdutil.CheckEnum(c.flag, c.vals, c.allowed); err != nil {
			return api.SearchRequest{}, err
		}
	}
	if len(statuses) == 0 {
		statuses = slices.DeleteFunc(slices.Clone(model.Statuses), func(s string) bool { return s == model.StatusArchived })
		if f.archived {
			statuses = append(statuses, model.StatusArchived)
		}
	}
	req := api.SearchRequest{
		CampaignFields: &api.SearchFields{Status: statuses, Channels: channels, CampaignDeliveryType: types,
			Name: f.name, Tags: forms.SplitList(f.tag...)},
		IncludeChildCampaigns:   f.children,
		IncludeArchiveCampaigns: f.archived || slices.Contains(statuses, model.StatusArchived),
	}
	return req, nil
}

func newListCmd(app *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "list [flags]",
		Short: "List campaigns (the search route), as a table or JSON",
		Long: `Lists the campaigns of the workspace through the search route, 15 a page.
A table on a terminal; --json prints the records exactly as the service
returns them (a JSON array); --jq EXPR filters that array (strings print raw).

Exit status: 0 listed, 1 refused by the service, 2 bad usage or unreachable.`,
		Example: `  campaigns list --status paused
  campaigns list --all --channel email --json
  campaigns list --all \
      --jq '.[] | select(.status == "ACTIVE") | .basic_details.name'`,
	}
	s := newScriptCmd(app, cmd)
	filters := addListFilters(cmd)
	out := cmdutil.AddOutputFlags(cmd, "records")
	out.AddHeadersFlag(cmd)
	cmd.Args = out.AdoptFields(cmdutil.NoArgs, 0)
	page := cmd.Flags().Int("page", 1, "the page to show (15 campaigns a page)")
	all := cmd.Flags().Bool("all", false, "walk every page (paced under the service's rate limits)")
	cmd.MarkFlagsMutuallyExclusive("page", "all")
	cmd.RunE = func(cmd *cobra.Command, _ []string) error {
		if *page < 1 {
			return cmdutil.UsageError("--page must be 1 or more, not %d", *page)
		}
		req, err := filters.request()
		if err != nil {
			return err
		}
		if err := out.Check(); err != nil {
			return err
		}
		ctx := cmd.Context()
		done, err := s.open(ctx)
		defer done()
		if err != nil {
			return err
		}
		if out.Raw() {
			// The records exactly as the service sent them, key order too.
			raws, err := s.searchRaw(ctx, req, *page, *all)
			if err != nil {
				return s.serviceError(err)
			}
			return printRawArray(app.Out, raws)
		}
		recs, more, err := s.search(ctx, req, *page, *all)
		if err != nil {
			return s.serviceError(err)
		}
		if out.Machine() {
			arr := make([]any, len(recs))
			for i, r := range recs {
				arr[i] = r
			}
			if err := out.Write(app.Out, arr); err != nil {
				return cmdutil.AsUsage(err)
			}
			return nil
		}
		s.printTable(recs, out.Headers)
		if !cmdutil.IsTerminal(app.Out) {
			return nil // tab-separated rows only: a pipe gets no notes
		}
		switch {
		case len(recs) == 0 && *page > 1:
			fmt.Fprintf(app.Out, "No campaigns on page %d.\n", *page)
		case len(recs) == 0:
			fmt.Fprintln(app.Out, "No campaigns match.")
		case more:
			fmt.Fprintf(app.Out, "%s\n", s.st.Muted.Render(fmt.Sprintf("Page %d; there may be more: --page %d, or --all.", *page, *page+1)))
		}
		return nil
	}
	return cmd
}

// search reads one page, or every page with all, showing a spinner on a
// terminal meanwhile. more: the page was full, so another may follow.
func (s *scriptCmd) search(ctx context.Context, req api.SearchRequest, page int, all bool) (recs []map[string]any, more bool, err error) {
	b := s.startBusy("Searching " + s.svc.Label + "…")
	defer b.Stop()
	pages := 1
	if all {
		pages = 0
	}
	err = gitops.SearchPages(ctx, s.svc.Client, s.svc.Pacer(), req, page, pages, func(_ int, page []map[string]any) error {
		recs = append(recs, page...)
		more = len(page) == gitops.PageSize
		return nil
	})
	return recs, more && !all, err
}

// searchRaw is search with the records as the service sent them.
func (s *scriptCmd) searchRaw(ctx context.Context, req api.SearchRequest, page int, all bool) ([]json.RawMessage, error) {
	b := s.startBusy("Searching " + s.svc.Label + "…")
	defer b.Stop()
	pacer := s.svc.Pacer()
	req.Limit = gitops.PageSize
	var out []json.RawMessage
	for p := page; ; p++ {
		req.Page, req.RequestID = p, ""
		var rows []json.RawMessage
		err := pacer.Do(ctx, ops.ClassSearch, func(ctx context.Context) error {
			var err error
			rows, err = s.svc.Client.SearchRaw(ctx, req)
			return err
		})
		if err != nil {
			return nil, err
		}
		out = append(out, rows...)
		if !all || len(rows) < gitops.PageSize {
			return out, nil
		}
	}
}

// printRawArray prints records as one pretty JSON array, each record's
// keys in the service's order.
func printRawArray(w io.Writer, raws []json.RawMessage) error {
	var b bytes.Buffer
	b.WriteByte('[')
	for i, r := range raws {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(r)
	}
	b.WriteByte(']')
	return printRaw(w, b.Bytes())
}

// printRaw pretty-prints JSON as it is (key order, numbers and all).
func printRaw(w io.Writer, raw []byte) error {
	var out bytes.Buffer
	if err := json.Indent(&out, raw, "", "  "); err != nil {
		return cmdutil.UsageError("the service's answer is not JSON: %v", err)
	}
	out.WriteByte('\n')
	_, err := w.Write(out.Bytes())
	return err
}

// printTable draws campaign records as a table.
func (s *scriptCmd) printTable(recs []map[string]any, headers bool) {
	if len(recs) == 0 {
		return
	}
	// In a versioned workspace the search answers every version of a
	// campaign, under one campaign_id: those rows say which version they are.
	seen := map[string]int{}
	for _, r := range recs {
		seen[str(r["campaign_id"])]++
	}
	rows := make([][]string, 0, len(recs))
	for _, r := range recs {
		id := str(r["campaign_id"])
		if seen[id] > 1 {
			id += " v" + str(r["version_number"])
		}
		rows = append(rows, []string{id, cmdutil.TruncateRunes(cmdutil.Printable(nameOf(r)), 40), str(r["channel"]),
			str(r["campaign_delivery_type"]), str(r["status"]), shortTime(str(r["updated_at"]))})
	}
	names := []string{"CAMPAIGN ID", "NAME", "CHANNEL", "TYPE", "STATUS", "UPDATED (UTC)"}
	if !cmdutil.IsTerminal(s.app.Out) {
		for i, r := range recs { // whole names and times in a pipe
			rows[i][1], rows[i][5] = nameOf(r), str(r["updated_at"])
		}
		cmdutil.WriteTSV(s.app.Out, names, rows, headers)
		return
	}
	fmt.Fprintln(s.app.Out, cmdutil.FitTable(s.st, names, rows, 4, []int{5, 3}, 1))
}

func str(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case nil:
		return ""
	}
	return fmt.Sprint(v)
}

func nameOf(r map[string]any) string {
	if b, ok := r["basic_details"].(map[string]any); ok {
		return str(b["name"])
	}
	return ""
}

// shortTime cuts the service's "2006-01-02 15:04:05.000000" to the minute.
func shortTime(s string) string {
	if len(s) >= 16 && s[10] == ' ' {
		return s[:16]
	}
	return s
}
