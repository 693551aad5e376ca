package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/checklist"
)

func newGetCmd(app *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "get ID",
		Short: "Show one campaign: a summary, or the whole record as JSON",
		Long: `Reads one campaign (GET /v5/campaigns/{campaign_id}). On a terminal a summary;
--json prints the record exactly as the service returns it, unknown fields
included; --jq EXPR filters it (strings print raw).

Exit status: 0 found, 1 refused by the service (an unknown id: 404), 2 bad
usage or unreachable.`,
		Example: `  campaigns get 6b0489…
  campaigns get 6b0489… --jq .basic_details.name`,
	}
	s := newScriptCmd(app, cmd)
	cmd.ValidArgsFunction = s.completeIDs
	out := cmdutil.AddOutputFlags(cmd, "record")
	cmd.Args = out.AdoptFields(cmdutil.ExactArgs(1, "one campaign ID"), 1)
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
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
			// The record exactly as the service sent it, key order too.
			var raw json.RawMessage
			err := s.svc.Pacer().Do(ctx, ops.ClassRead, func(ctx context.Context) error {
				var err error
				raw, err = s.svc.Client.GetRaw(ctx, args[0])
				return err
			})
			if err != nil {
				return s.serviceError(err)
			}
			return printRaw(app.Out, raw)
		}
		rec, err := s.planner().Fetch(ctx, args[0])
		if err != nil {
			return s.serviceError(err)
		}
		if out.Machine() {
			if err := out.Write(app.Out, rec); err != nil {
				return cmdutil.AsUsage(err)
			}
			return nil
		}
		s.printSummary(rec)
		// On a terminal, the will-it-send checklist follows (the record
		// as the service sent it stays --json's alone).
		c := new(model.Campaign)
		_ = model.FromTree(rec, c)
		fmt.Fprintf(app.Out, "\n%s\n", s.st.Subtitle.Render("Will it send?"))
		checklist.Print(app.Out, s.st, checklist.Of(ctx, s.svc.Client, c, time.Now()))
		return nil
	}
	return cmd
}

// printSummary shows a campaign record in a few readable lines.
func (s *scriptCmd) printSummary(r map[string]any) {
	c := new(model.Campaign)
	_ = model.FromTree(r, c)
	st := s.st
	var b strings.Builder
	width := cmdutil.TerminalWidth(st)
	line := func(k, v string) {
		if v != "" {
			fmt.Fprintf(&b, "%s %s\n", st.Muted.Render(fmt.Sprintf("%-14s", k)), wrapList(cmdutil.Inert(v), width, 15))
		}
	}
	name := nameOf(r)
	if name == "" {
		name = "(no name)"
	}
	status := str(r["status"])
	fmt.Fprintf(&b, "%s  %s\n", st.Title.Render(cmdutil.Inert(name)), st.Status(status).Render(cmdutil.Inert(status)))
	line("campaign_id", str(r["campaign_id"]))
	if id := str(r["id"]); id != str(r["campaign_id"]) {
		line("id", id)
	}
	line("version", str(r["version_number"]))
	line("channel", str(r["channel"]))
	line("delivery type", str(r["campaign_delivery_type"]))
	if bd := c.BasicDetails; bd != nil {
		line("platforms", strings.Join(bd.Platforms, ", "))
		line("tags", strings.Join(bd.Tags, ", "))
		line("team", model.Str(bd.Team))
	}
	line("schedule", scheduleLine(c))
	line("created", strings.TrimSpace(forms.Stamp(str(r["created_at"]))+" by "+str(r["created_by"])))
	if u := str(r["updated_at"]); u != "" {
		line("updated", strings.TrimSuffix(forms.Stamp(u)+" by "+str(r["updated_by"]), " by "))
	}
	line("sent", str(r["sent_time"]))
	line("parent", str(r["parent_id"]))
	var comps []string
	for k, v := range r {
		if _, ok := v.(map[string]any); ok {
			comps = append(comps, k)
		}
	}
	sortComponentNames(comps)
	line("components", strings.Join(comps, ", "))
	line("rejection", str(r["rejection_comment"]))
	line("actions", actionsLine(r))
	fmt.Fprint(s.app.Out, b.String())
}

// wrapList breaks a comma-separated value after a comma so that no line
// passes width (0: no limit); lines after the first are indented by indent,
// under the value's first column.
func wrapList(v string, width, indent int) string {
	if width <= indent+10 || indent+len(v) <= width {
		return v
	}
	var b strings.Builder
	col := indent
	for i, item := range strings.Split(v, ", ") {
		if i > 0 {
			if col+2+len(item)+1 > width {
				b.WriteString(",\n" + strings.Repeat(" ", indent))
				col = indent
			} else {
				b.WriteString(", ")
				col += 2
			}
		}
		b.WriteString(item)
		col += len(item)
	}
	return b.String()
}

func sortComponentNames(names []string) {
	// gitops orders components as the record does.
	tree := map[string]any{}
	for _, n := range names {
		tree[n] = map[string]any{"x": true}
	}
	ch := gitops.Compare(tree, map[string]any{})
	for i, c := range ch {
		names[i] = c.Component
	}
}

func newMetaCmd(app *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "meta ID",
		Short: "Show a campaign's lightweight metadata (reachability, children)",
		Long: `Reads one campaign's metadata through the meta route: status, delivery type,
start time, child campaigns and the cached reachability estimate. --json
prints the record exactly as the service returns it; --jq EXPR filters it.

Exit status: 0 found, 1 refused by the service (an unknown id: 404), 2 bad
usage or unreachable.`,
		Example: `  campaigns meta 6b0489… --jq .reachability_details.count`,
	}
	s := newScriptCmd(app, cmd)
	cmd.ValidArgsFunction = s.completeIDs
	out := cmdutil.AddOutputFlags(cmd, "record")
	cmd.Args = out.AdoptFields(cmdutil.ExactArgs(1, "one campaign ID"), 1)
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		if err := out.Check(); err != nil {
			return err
		}
		ctx := cmd.Context()
		done, err := s.open(ctx)
		defer done()
		if err != nil {
			return err
		}
		var rows []json.RawMessage
		err = s.svc.Pacer().Do(ctx, ops.ClassSearch, func(ctx context.Context) error {
			var err error
			rows, err = s.svc.Client.MetaRaw(ctx, api.MetaRequest{CampaignFields: &api.MetaFields{ID: args[0]}, Limit: 1, Page: 1})
			return err
		})
		if err != nil {
			return s.serviceError(err)
		}
		if len(rows) == 0 {
			// The meta route answers an empty list for an unknown id; the
			// campaign route says it in the service's own words (404).
			if _, err := s.svc.Client.Get(ctx, args[0]); err != nil {
				return s.serviceError(err)
			}
			return cmdutil.RefusedError(fmt.Errorf("the service has no metadata for campaign %s", args[0]))
		}
		rec, err := decodeTree(rows[0])
		if err != nil {
			return cmdutil.UsageError("the service's answer: %v", err)
		}
		if out.Raw() {
			return printRaw(app.Out, rows[0])
		}
		if out.Machine() {
			if err := out.Write(app.Out, rec); err != nil {
				return cmdutil.AsUsage(err)
			}
			return nil
		}
		var row api.MetaRow
		_ = json.Unmarshal(rows[0], &row)
		st := s.st
		fmt.Fprintf(app.Out, "%s  %s\n", st.Title.Render(cmdutil.Inert(orDash(row.CampaignName))), st.Status(row.CampaignStatus).Render(cmdutil.Inert(row.CampaignStatus)))
		kv := func(k, v string) {
			if v != "" {
				fmt.Fprintf(app.Out, "%s %s\n", st.Muted.Render(fmt.Sprintf("%-14s", k)), cmdutil.Inert(v))
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
		kv("rejection", cleanText(row.RejectionComment))
		return nil
	}
	return cmd
}

func orDash(s string) string {
	if s == "" {
		return "(no name)"
	}
	return s
}

// decodeTree reads JSON with numbers kept exact.
func decodeTree(raw []byte) (any, error) {
	return model.Parse(raw)
}
