package inspector

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/common"
)

type menuItem struct{ key, action, label, desc string }

type menu struct {
	items  []menuItem
	cursor int
}

func newMenu(items []menuItem) *menu { return &menu{items: items} }

func (m *menu) move(d int) { m.cursor = max(min(m.cursor+d, len(m.items)-1), 0) }

type confirm struct{ action, text string }

// indentJSON pretty-prints a compact document (returned unchanged when it
// is not JSON).
func indentJSON(src []byte) string {
	var buf bytes.Buffer
	if json.Indent(&buf, src, "", "  ") != nil {
		return string(src)
	}
	return buf.String()
}

// rebuildOverview recomputes the overview lines; called when the campaign,
// its meta or the width changes, never from View.
func (in *Inspector) rebuildOverview() {
	if in.camp == nil {
		in.overview = nil
		return
	}
	st := in.c.Styles
	c := in.camp
	var lines []string
	labelW := 16
	w := in.w
	if in.wide() {
		w = in.leftWidth()
	}
	valueW := max(w-labelW-3, 20)
	pending := "" // a section title, written with its first line
	add := func(label, value string) {
		if ansi.StringWidth(value) == 0 { // styled empty text is empty too
			return
		}
		if pending != "" {
			if len(lines) > 0 {
				lines = append(lines, "")
			}
			lines = append(lines, st.Subtitle.Render(pending))
			pending = ""
		}
		// Long values wrap under themselves rather than leaving the window.
		for i, l := range strings.Split(in.c.Styles.Renderer().NewStyle().Width(valueW).Render(value), "\n") {
			if i > 0 {
				label = ""
			}
			lines = append(lines, st.Muted.Render(common.Pad(label, labelW))+strings.TrimRight(l, " "))
		}
	}
	text := func(s string) string { return st.Text.Render(common.Clean(s)) }
	opt := func(p *string) string {
		if p == nil || *p == "" {
			return ""
		}
		return text(*p)
	}
	section := func(title string) { pending = title }

	section("Campaign")
	add("Name", text(common.CampaignName(c)))
	status := model.Str(c.Status)
	statusLine := st.Status(status).Render(common.Clean(common.OrUnset(status)))
	if c.VersionNumber != nil {
		statusLine += st.Muted.Render(fmt.Sprintf(" · version %d", *c.VersionNumber))
	}
	add("Status", statusLine)
	ch := opt(c.Channel)
	if c.BasicDetails != nil && len(c.BasicDetails.Platforms) > 0 {
		ch += st.Muted.Render(" · ") + text(strings.Join(c.BasicDetails.Platforms, ", "))
	}
	add("Channel", ch)
	add("Delivery type", opt(c.CampaignDeliveryType))
	if c.SchedulingDetails != nil { // either form (ops.RequestForm reads the read form)
		add("Schedule", text(forms.ScheduleTextRead(ops.RequestForm(c, nil).SchedulingDetails, c.SchedulingDetails, nil, "")))
	}
	switch {
	case c.ID != nil && model.Str(c.ID) == model.Str(c.CampaignID):
		add("Campaign ID", opt(c.CampaignID)+st.Muted.Render(" (also the document id)"))
	default:
		add("Campaign ID", opt(c.CampaignID))
		add("Document ID", opt(c.ID)) // differs once versioning made new documents
	}
	if c.BasicDetails != nil {
		if len(c.BasicDetails.Tags) > 0 {
			add("Tags", text(strings.Join(c.BasicDetails.Tags, ", ")))
		}
		add("Team", opt(c.BasicDetails.Team))
	}

	section("History")
	add("Created", common.Who(st.Text.Render, c.CreatedBy, c.CreatedAt))
	add("Updated", common.Who(st.Text.Render, c.UpdatedBy, c.UpdatedAt))
	if how, by := forms.HaltedBy(c); by != "" {
		add(how, st.Text.Render(common.Clean(by)))
	}
	if c.SentTime != nil && *c.SentTime != "" {
		add("Sent", text(common.FullTime(*c.SentTime)))
	}

	if c.FlowID != nil || c.FlowName != nil || c.ParentID != nil || (in.meta != nil && (in.meta.ParentCampaignID != "" || in.meta.TotalChildCampaigns != nil)) {
		section("Links")
		if c.FlowID != nil || c.FlowName != nil {
			add("Flow", text(strings.TrimSpace(model.Str(c.FlowName)+" ("+model.Str(c.FlowID)+")")))
		}
		if c.ParentID != nil {
			add("Parent", opt(c.ParentID)+st.Muted.Render("  (p opens it)"))
		}
		if in.meta != nil {
			if in.meta.ParentCampaignID != "" && c.ParentID == nil {
				add("Parent", text(in.meta.ParentCampaignID)+st.Muted.Render("  (p opens it)"))
			}
			if in.meta.TotalChildCampaigns != nil {
				add("Children", text(fmt.Sprint(*in.meta.TotalChildCampaigns)))
			}
		}
	}

	if c.Connector != nil || c.SenderName != nil {
		section("Sending")
		if c.Connector != nil {
			add("Connector", text(strings.TrimSpace(model.Str(c.Connector.ConnectorType)+" · "+model.Str(c.Connector.ConnectorName))))
		}
		add("Sender name", opt(c.SenderName))
	}

	section("Audience")
	switch {
	case !in.metaDone:
		add("Reachability", st.Muted.Render("reading…"))
	case in.metaErr != "":
		add("Reachability", st.Warning.Render("unavailable: "+common.Clean(in.metaErr)))
	case in.meta == nil || in.meta.ReachabilityDetails == nil:
		add("Reachability", st.Muted.Render(noReach(c)))
	default:
		r := in.meta.ReachabilityDetails
		add("Reachability", text(fmt.Sprintf("%s users", forms.Thousands(r.Count)))+st.Muted.Render(" · as of "+common.FullTime(r.LastUpdatedTime)))
	}
	if in.meta != nil && in.meta.RejectionComment != "" {
		add("Rejected", st.Error.Render(common.Clean(in.meta.RejectionComment)))
	}

	section("Editing")
	switch {
	case in.readOnly != "":
		add("Editable", st.Locked.Render("no, read-only: "+in.readOnly))
	case in.lockedAll:
		add("Editable", st.Locked.Render("no: a "+common.Clean(status)+" campaign cannot be changed"))
	case len(in.locked) > 0:
		add("Editable", st.Text.Render("yes, except ")+st.Locked.Render(strings.Join(in.locked, ", ")))
	default:
		add("Editable", st.OK.Render("every field"))
	}
	acts := statusActions(c)
	if status == model.StatusDraft && in.readOnly == "" {
		acts = append([]string{"PUBLISH"}, acts...)
	}
	if len(acts) == 0 {
		// The reason is the channel, the type or the state: say which.
		why := forms.NoActionReason(model.Str(c.Channel), model.Str(c.CampaignDeliveryType), status)
		if why == "" {
			why = "none in this state"
		}
		add("Actions", st.Muted.Render(common.Clean(why)))
	} else {
		add("Actions", text(strings.Join(acts, ", "))+st.Muted.Render("  (a)"))
	}

	present := model.Present(c)
	if len(present) == 0 {
		add("Components", st.Muted.Render("none yet"))
	} else {
		add("Components", text(strings.Join(present, ", ")))
	}
	if len(in.unknown) > 0 {
		section("Fields this editor does not know (kept as sent)")
		for _, f := range common.UnknownFields(c) {
			if f.Want == "" {
				add("", st.Warning.Render(common.Clean(f.Path)))
			} else {
				add("", st.Error.Render(common.Clean(f.Path))+st.Muted.Render("  wrong type, want "+f.Want))
			}
		}
	}
	in.overview = lines
}

// noReach says why a campaign has no reachability estimate, for its own
// type and state: to a draft of an estimated type, "only for scheduled
// one-time, event and business-event campaigns" read as if it never would.
func noReach(c *model.Campaign) string {
	switch model.Str(c.CampaignDeliveryType) {
	case model.DeliveryOneTime, model.DeliveryEventTriggered, model.DeliveryBusinessEvent:
	default:
		return "not computed: only for scheduled one-time, event and business-event campaigns"
	}
	if model.Str(c.Status) == model.StatusDraft {
		return "not computed yet: the service estimates it once the campaign is published"
	}
	return "not computed yet: the service estimates it once a day"
}
