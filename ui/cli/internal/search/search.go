// Package search is the campaign search of list and export: the filter
// flags they share and the paging through the search route.
package search

import (
	"context"
	"encoding/json"
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

// Values the filters take (the search route's enums).
var (
	channels = []string{model.ChannelPush, model.ChannelEmail, model.ChannelSMS, model.ChannelWhatsApp,
		model.ChannelFacebook, model.ChannelGoogleAds, model.ChannelConnectors}
	types = []string{model.DeliveryOneTime, model.DeliveryPeriodic, model.DeliveryEventTriggered,
		model.DeliveryBusinessEvent, model.DeliveryDeviceTriggered, model.DeliveryLocationTriggered,
		model.DeliveryLiveActivity, model.DeliveryAPITriggered}
)

// flagNames are the filters' flags, for "filters or ids, not both".
var flagNames = []string{"status", "channel", "type", "name", "tag", "children", "archived"}

// Filters are the search filters of list and export.
type Filters struct {
	cmd                       *cobra.Command
	status, channel, typ, tag []string
	name                      string
	children, archived        bool
}

// AddFilters declares the filter flags on cmd.
func AddFilters(cmd *cobra.Command) *Filters {
	f := &Filters{cmd: cmd}
	fs := cmd.Flags()
	fs.StringSliceVar(&f.status, "status", nil, "only these states, comma-separated: "+strings.Join(model.Statuses, ", ")+"\n(default every state but ARCHIVED, drafts included)")
	fs.StringSliceVar(&f.channel, "channel", nil, "only these channels: "+strings.Join(channels, ", "))
	fs.StringSliceVar(&f.typ, "type", nil, "only these delivery types, e.g. ONE_TIME,PERIODIC")
	fs.StringVar(&f.name, "name", "", "only campaigns whose name contains TEXT (any case)")
	fs.StringSliceVar(&f.tag, "tag", nil, "only campaigns with this tag (repeat for any of several)")
	fs.BoolVar(&f.children, "children", false, "include child campaigns (periodic runs, flows)")
	fs.BoolVar(&f.archived, "archived", false, "include archived campaigns")
	_ = cmd.RegisterFlagCompletionFunc("status", cobra.FixedCompletions(model.Statuses, cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("channel", cobra.FixedCompletions(channels, cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("type", cobra.FixedCompletions(types, cobra.ShellCompDirectiveNoFileComp))
	return f
}

// Given reports whether any filter was given on the command line.
func (f *Filters) Given() bool {
	for _, n := range flagNames {
		if f.cmd.Flags().Changed(n) {
			return true
		}
	}
	return false
}

// Request builds the search body, or a usage error naming a flag with a
// value it does not take. Drafts are included unless --status says
// otherwise (the search route leaves them out unless asked by status).
func (f *Filters) Request() (api.SearchRequest, error) {
	statuses, chans, typs := cmdutil.UpperList(f.status), cmdutil.UpperList(f.channel), cmdutil.UpperList(f.typ)
	for _, c := range []struct {
		flag    string
		vals    []string
		allowed []string
	}{{"status", statuses, model.Statuses}, {"channel", chans, channels}, {"type", typs, types}} {
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
	return api.SearchRequest{
		CampaignFields: &api.SearchFields{Status: statuses, Channels: chans, CampaignDeliveryType: typs,
			Name: f.name, Tags: forms.SplitList(f.tag...)},
		IncludeChildCampaigns:   f.children,
		IncludeArchiveCampaigns: f.archived || slices.Contains(statuses, model.StatusArchived),
	}, nil
}

// Pages reads page (or, with all, every page from it), showing a spinner on
// a terminal meanwhile. more: the page was full, so another may follow.
func Pages(ctx context.Context, io *cmdutil.IOStreams, svc *cmdutil.Service, req api.SearchRequest, page int, all bool) (recs []map[string]any, more bool, err error) {
	b := io.StartBusy("Searching " + svc.Label + "…")
	defer b.Stop()
	pages := 1
	if all {
		pages = 0
	}
	err = gitops.SearchPages(ctx, svc.Client, svc.Pacer(), req, page, pages, func(_ int, page []map[string]any) error {
		recs = append(recs, page...)
		more = len(page) == gitops.PageSize
		return nil
	})
	return recs, more && !all, err
}

// Raw is Pages with the records as the service sent them.
func Raw(ctx context.Context, io *cmdutil.IOStreams, svc *cmdutil.Service, req api.SearchRequest, page int, all bool) ([]json.RawMessage, error) {
	b := io.StartBusy("Searching " + svc.Label + "…")
	defer b.Stop()
	pacer := svc.Pacer()
	req.Limit = gitops.PageSize
	var out []json.RawMessage
	for p := page; ; p++ {
		req.Page, req.RequestID = p, ""
		var rows []json.RawMessage
		err := pacer.Do(ctx, ops.ClassSearch, func(ctx context.Context) error {
			var err error
			rows, err = svc.Client.SearchRaw(ctx, req)
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
