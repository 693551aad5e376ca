package cli

import (
	"strings"

	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// scheduleLine says when a campaign sends, from either form the service gives
// (decisions.md §2 "read form"): "from Thu 28 Nov 2024 12:00 UTC".
func scheduleLine(c *model.Campaign) string {
	if c.SchedulingDetails == nil {
		return ""
	}
	return cleanText(forms.ScheduleTextRead(ops.RequestForm(c, nil).SchedulingDetails, c.SchedulingDetails, nil, ""))
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
		return "none: " + cleanText(why)
	}
	acts := engine.Actions(dtype, status)
	return strings.ToLower(strings.Join(acts, ", ")) + "  (campaigns status " + id + " " + strings.ToLower(acts[0]) + ")"
}

// cleanText is text from the service made safe for a terminal.
func cleanText(s string) string { return common.Clean(s) }
