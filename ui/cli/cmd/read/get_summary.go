package read

import (
	"fmt"
	"strings"

	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// str is a record's value as text.
var str = cmdutil.Str

// printSummary shows a campaign record in a few readable lines.
func printSummary(io *cmdutil.IOStreams, r map[string]any) {
	c := new(model.Campaign)
	_ = model.FromTree(r, c)
	st := io.OutStyles()
	var b strings.Builder
	width := cmdutil.TerminalWidth(st)
	line := func(k, v string) {
		if v != "" {
			fmt.Fprintf(&b, "%s %s\n", st.Muted.Render(fmt.Sprintf("%-14s", k)), wrapList(cmdutil.Inert(v), width, 15))
		}
	}
	name := cmdutil.NameOf(r)
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
	fmt.Fprint(io.Out, b.String())
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

// scheduleLine says when a campaign sends, from either form the service gives
// (decisions.md §2 "read form"): "from Thu 28 Nov 2024 12:00 UTC".
func scheduleLine(c *model.Campaign) string {
	if c.SchedulingDetails == nil {
		return ""
	}
	return common.Clean(forms.ScheduleTextRead(ops.RequestForm(c, nil).SchedulingDetails, c.SchedulingDetails, nil, ""))
}

// actionsLine is what can be done to the campaign now, with the command,
// or why nothing can (an SMS campaign, an API-triggered one: this tool
// leaves them out).
func actionsLine(r map[string]any) string {
	id, status := str(r["campaign_id"]), str(r["status"])
	channel, dtype := str(r["channel"]), str(r["campaign_delivery_type"])
	if status == model.StatusDraft && (channel == model.ChannelPush || channel == model.ChannelEmail) {
		return "publish  (campaigns publish " + id + ")"
	}
	if why := forms.NoActionReason(channel, dtype, status); why != "" {
		return "none: " + common.Clean(why)
	}
	acts := engine.Actions(dtype, status)
	return strings.ToLower(strings.Join(acts, ", ")) + "  (campaigns status " + id + " " + strings.ToLower(acts[0]) + ")"
}
