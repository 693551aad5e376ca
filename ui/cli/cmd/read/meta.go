// This file is `campaigns meta`: a campaign's lightweight metadata
// through the meta route (reachability, children).

package read

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
)

// MetaOptions are what `campaigns meta` was asked.
type MetaOptions struct{ cmdutil.Record }

// metaDoc is what `campaigns meta --help` says.
var metaDoc = cmdutil.Doc{
	Use:   "meta ID",
	Short: "Show a campaign's lightweight metadata (reachability, children)",
	Long: `Reads one campaign's metadata through the meta route: status, delivery type,
start time, child campaigns and the cached reachability estimate. --json
prints the record exactly as the service returns it; --jq EXPR filters it.

Exit status: 0 found, 1 refused by the service (an unknown id: 404), 2 bad
usage or unreachable.`,
	Example: `  campaigns meta 6b0489… --jq .reachability_details.count`,
}

// NewCmdMeta is `campaigns meta`; runF, when given, runs instead of the command
// (tests check the flags with it).
func NewCmdMeta(f *cmdutil.Factory, runF func(*MetaOptions) error) *cobra.Command {
	opts := &MetaOptions{}
	cmd := metaDoc.Command(nil)
	opts.Record = cmdutil.AddRecord(f, cmd)
	cmd.RunE = cmdutil.RunE(opts, opts.Record.Check, runF, runMeta)
	return cmd
}

func runMeta(opts *MetaOptions) error {
	svc, err := opts.Service.Connect()
	if err != nil {
		return err
	}
	raw, err := readMeta(opts.Service.Context(), svc, opts.ID)
	if err != nil {
		return err
	}
	rec, err := model.Parse(raw) // numbers kept exact
	if err != nil {
		return cmdutil.UsageError("the service's answer: %v", err)
	}
	switch {
	case opts.Output.Raw():
		return cmdutil.PrintRaw(opts.IO.Out, raw)
	case opts.Output.Machine():
		return cmdutil.AsUsage(opts.Output.Write(opts.IO.Out, rec))
	}
	var row api.MetaRow
	_ = json.Unmarshal(raw, &row) // what does not fit stays out of the summary
	printRow(opts.IO, row)
	return nil
}

// readMeta reads the campaign's meta row as the service sent it.
func readMeta(ctx context.Context, svc *cmdutil.Service, id string) (json.RawMessage, error) {
	var rows []json.RawMessage
	err := svc.Pacer().Do(ctx, ops.ClassSearch, func(ctx context.Context) error {
		var err error
		rows, err = svc.Client.MetaRaw(ctx, api.MetaRequest{CampaignFields: &api.MetaFields{ID: id}, Limit: 1, Page: 1})
		return err
	})
	if err != nil {
		return nil, cmdutil.ServiceError(svc, err)
	}
	if len(rows) == 0 {
		// The meta route answers an empty list for an unknown id; the
		// campaign route says it in the service's own words (404).
		if _, err := svc.Client.Get(ctx, id); err != nil {
			return nil, cmdutil.ServiceError(svc, err)
		}
		return nil, cmdutil.RefusedError(fmt.Errorf("the service has no metadata for campaign %s", id))
	}
	return rows[0], nil
}

// printRow shows the meta row in a few readable lines.
func printRow(io *cmdutil.IOStreams, row api.MetaRow) {
	st := io.OutStyles()
	name := row.CampaignName
	if name == "" {
		name = "(no name)"
	}
	fmt.Fprintf(io.Out, "%s  %s\n", st.Title.Render(cmdutil.Inert(name)), st.Status(row.CampaignStatus).Render(cmdutil.Inert(row.CampaignStatus)))
	kv := func(k, v string) {
		if v != "" {
			fmt.Fprintf(io.Out, "%s %s\n", st.Muted.Render(fmt.Sprintf("%-14s", k)), cmdutil.Inert(v))
		}
	}
	kv("campaign_id", row.CampaignID)
	if row.VersionNumber > 0 { // absent: the service does not version it
		kv("version", fmt.Sprint(row.VersionNumber))
	}
	kv("channel", row.Channel)
	kv("platforms", strings.Join(row.Platform, ", "))
	kv("delivery type", row.CampaignDeliveryType)
	kv("start", row.CampaignStartTime)
	kv("created by", row.CreatedBy)
	kv("team", row.CampaignTeam)
	kv("tags", strings.Join(row.CampaignTags, ", "))
	kv("parent", row.ParentCampaignID)
	if row.TotalChildCampaigns != nil {
		kv("children", fmt.Sprint(*row.TotalChildCampaigns))
	}
	if r := row.ReachabilityDetails; r != nil {
		kv("reachability", fmt.Sprintf("%d users (as of %s)", r.Count, r.LastUpdatedTime))
	}
	kv("rejection", row.RejectionComment)
}
