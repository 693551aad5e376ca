package browser

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// --- view ------------------------------------------------------------------

type column struct {
	title string
	width int
}

func (b *Browser) columns() []column {
	wide := b.w >= 120
	// Enum columns are as wide as their widest value on the page (short
	// names chosen on purpose, never a value cut: "WHATSA…" was).
	chW, stW, verW := len("CHANNEL"), len("SCHEDULED"), len("VER")
	for _, r := range b.rows {
		chW = max(chW, ansi.StringWidth(shortChannel(model.Str(r.Channel))))
		stW = max(stW, ansi.StringWidth(common.Clean(model.Str(r.Status))))
		verW = max(verW, ansi.StringWidth(common.Version(r)))
	}
	cols := []column{{"NAME", 0}, {"CHANNEL", min(chW, 12)}, {"TYPE", 11}, {"STATUS", min(stW, 12)}, {"VER", min(verW, 6)}, {"UPDATED", 11}}
	if wide {
		cols[2].width, cols[5].width = 24, 16
	}
	if b.local.show {
		// What is not on the service yet, in place of status and version.
		cols[3], cols[4], cols[5] = column{"NOT ON THE SERVICE YET", 22}, column{"", 0}, column{"", 0}
		if wide {
			cols[3].width = 40
		}
	}
	// Narrow windows drop the columns that matter least, so the name keeps
	// room to be read: updated, then version, then channel.
	for _, drop := range []int{5, 4, 1, -1} {
		used := 2 // cursor mark
		for _, c := range cols[1:] {
			if c.width > 0 {
				used += c.width + 2
			}
		}
		cols[0].width = max(b.w-used-1, 8)
		if cols[0].width >= 16 || drop < 0 {
			break
		}
		cols[drop].width = 0
	}
	return cols
}

func (b *Browser) View() string {
	if b.form != nil {
		return b.form.view()
	}
	st := b.c.Styles
	var sb strings.Builder
	for _, l := range b.banner() {
		sb.WriteString(l + "\n")
	}
	summary := b.filter.Summary()
	if b.local.show {
		summary = "drafts kept on this computer"
	}
	sb.WriteString(" " + st.Muted.Render(ansi.Truncate(common.Clean(summary), max(b.w-2, 0), "…")) + "\n")

	cols := b.columns()
	var hdr []string
	for _, c := range cols {
		if c.width > 0 {
			hdr = append(hdr, common.Pad(c.title, c.width))
		}
	}
	sb.WriteString("  " + st.TableHeader.Render(strings.Join(hdr, "  ")) + "\n")

	n := b.visibleRows()
	var lines []string
	switch {
	case len(b.rows) == 0 && b.loading:
		lines = append(lines, "  "+b.spin.View()+" loading…")
	case len(b.rows) == 0 && b.err == "":
		lines = append(lines, "  "+st.Muted.Render(b.emptyText()))
	}
	from, _ := b.win.Range(len(b.rowCache))
	for i := from; i < len(b.rowCache) && len(lines) < n; i++ {
		sel := 0
		if i == b.cursor {
			sel = 1
		}
		lines = append(lines, b.rowCache[i][sel])
	}
	for len(lines) < n {
		lines = append(lines, "")
	}
	sb.WriteString(strings.Join(lines, "\n") + "\n")
	sb.WriteString(b.pageLine())
	if b.tall() && len(b.preview) > 0 {
		sb.WriteString("\n\n" + strings.Join(b.preview, "\n"))
	}
	return sb.String()
}

func (b *Browser) rebuildRows() {
	cols, wide := b.columns(), b.w >= 120
	b.rowCache = b.rowCache[:0]
	for _, r := range b.rows {
		b.rowCache = append(b.rowCache, [2]string{b.row(r, cols, wide, false), b.row(r, cols, wide, true)})
	}
}

// rebuildPreview draws the selected campaign's summary for tall windows;
// called when the selection, the page or the size changes, never from View.
func (b *Browser) rebuildPreview() {
	b.preview = nil
	c := b.Selected()
	if c == nil || !b.tall() {
		return
	}
	st := b.c.Styles
	rule := max(b.w-lipgloss.Width(common.Clean(common.CampaignName(c)))-6, 0)
	lines := []string{" " + st.Muted.Render("── ") + st.Subtitle.Render(common.Clean(common.CampaignName(c))) + " " + st.Muted.Render(strings.Repeat("─", rule))}
	add := func(label, value string) {
		if lipgloss.Width(value) > 0 { // styled empty text is not empty
			lines = append(lines, "  "+st.Muted.Render(common.Pad(label, 15))+value)
		}
	}
	text := func(s string) string { return st.Text.Render(common.Clean(s)) }
	status := model.Str(c.Status)
	add("Status", st.Status(status).Render(common.Clean(status))+st.Muted.Render(" · "+b.versionText(c)))
	ch := model.Str(c.Channel)
	if c.BasicDetails != nil && len(c.BasicDetails.Platforms) > 0 {
		ch += " · " + strings.Join(c.BasicDetails.Platforms, ", ")
	}
	add("Channel", text(ch))
	add("Delivery type", text(model.Str(c.CampaignDeliveryType)))
	add("Campaign ID", text(common.CampaignKey(c)))
	add("Created", common.Who(st.Text.Render, c.CreatedBy, c.CreatedAt))
	add("Updated", common.Who(st.Text.Render, c.UpdatedBy, c.UpdatedAt))
	if how, by := forms.HaltedBy(c); by != "" {
		add(how, text(by)) // "Paused  by … (its last change)"
	}
	if c.BasicDetails != nil && len(c.BasicDetails.Tags) > 0 {
		add("Tags", text(strings.Join(c.BasicDetails.Tags, ", ")))
	}
	if c.FlowID != nil || c.FlowName != nil {
		add("Flow", text(strings.TrimSpace(model.Str(c.FlowName)+" ("+model.Str(c.FlowID)+")")))
	}
	add("Parent", text(model.Str(c.ParentID)))
	if p := model.Present(c); len(p) > 0 {
		// In the form's words: the JSON keys are under enter.
		add("Filled in", text(unsyncedText(p)))
	}
	if l := b.unsynced(c); l != nil {
		add("Not on service", st.Warning.Render(unsyncedText(l.Unsynced)+" (edited here, sent when possible)"))
	}
	if why := cmp.Or(b.c.ReadOnly, common.ReadOnlyReason(c)); why != "" {
		add("Editing", st.Locked.Render("read-only: "+why))
	}
	lines = append(lines, "", "  "+st.Muted.Render("enter shows everything about it"))
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, b.w, "…")
	}
	b.preview = lines
}

// NewestFirst orders a page by when each campaign was last updated, newest
// first (the service orders by creation): the draft just edited is on top.
// Rows without a time keep their place after those with one.
func NewestFirst(rows []*model.Campaign) []*model.Campaign {
	out := slices.Clone(rows)
	slices.SortStableFunc(out, func(a, b *model.Campaign) int {
		ta, tb := model.Str(a.UpdatedAt), model.Str(b.UpdatedAt)
		if ta == "" {
			ta = model.Str(a.CreatedAt)
		}
		if tb == "" {
			tb = model.Str(b.CreatedAt)
		}
		return strings.Compare(tb, ta)
	})
	return out
}

func (b *Browser) emptyText() string {
	if b.local.offline {
		return "Nothing to list while the service cannot be reached."
	}
	if len(b.filter.Status) == 0 {
		return "No campaigns match. Drafts are hidden: press d to show them."
	}
	return "No campaigns match this filter."
}

func (b *Browser) row(c *model.Campaign, cols []column, wide, selected bool) string {
	st := b.c.Styles
	typ := common.Clean(model.Str(c.CampaignDeliveryType))
	if !wide {
		typ = shortType(typ)
	}
	name := common.Clean(common.CampaignName(c))
	if c.ParentID != nil || c.FlowID != nil {
		name = "↳ " + name
	}
	if n := b.supersededBy(c); n > 0 {
		// The mark is kept whole; the name gives way to it.
		// (the VER column beside says which version this row is).
		mark := fmt.Sprintf(" · superseded by v%d", n)
		if room := cols[0].width - ansi.StringWidth(mark); room >= 6 {
			name = ansi.Truncate(name, room, "…") + mark
		} else {
			name += mark
		}
	}
	loc := b.unsynced(c)
	if loc != nil {
		name = "● " + name // edits not yet on the service
	}
	status := common.Clean(model.Str(c.Status))
	cells := []string{
		common.Pad(name, cols[0].width),
		common.Pad(shortChannel(model.Str(c.Channel)), cols[1].width),
		common.Pad(typ, cols[2].width),
		"", // status, styled below
		common.Pad(common.Version(c), cols[4].width),
		common.Pad(common.ShortTime(model.Str(c.UpdatedAt), wide), cols[5].width),
	}
	statusCell := common.Pad(status, cols[3].width)
	if b.local.show && loc != nil {
		statusCell = common.Pad(unsyncedText(loc.Unsynced), cols[3].width)
		status = model.StatusDraft
	}
	if selected {
		cells[3] = statusCell
	} else {
		cells[3] = st.Status(status).Render(statusCell)
	}
	shown := cells[:0]
	for i, c := range cells {
		if cols[i].width > 0 {
			shown = append(shown, c)
		}
	}
	if selected {
		return st.Cursor.Render("▌ ") + st.Selected.Render(strings.Join(shown, "  "))
	}
	return "  " + strings.Join(shown, "  ")
}

func (b *Browser) pageLine() string {
	st := b.c.Styles
	var parts []string
	if b.local.show {
		line := " " + st.Muted.Render(draftCount(len(b.rows), "", ""))
		if b.local.offline {
			line += "  " + st.Warning.Render(fmt.Sprintf("offline · asking again every %s · r: now", OfflineRetry))
		}
		return line
	}
	page := fmt.Sprintf("page %d", b.page)
	if b.counts.total >= 0 {
		page += fmt.Sprintf(" of %d", max((b.counts.total+PageSize-1)/PageSize, 1))
	}
	parts = append(parts, page)
	if len(b.rows) > 0 {
		from := (b.page-1)*PageSize + 1
		parts = append(parts, fmt.Sprintf("%d–%d", from, from+len(b.rows)-1)+b.countText())
	}
	if len(b.rows) == PageSize {
		parts = append(parts, "] next")
	} else if len(b.rows) > 0 {
		parts = append(parts, "last page")
	}
	if b.page > 1 {
		parts = append(parts, "[ previous")
	}
	line := " " + st.Muted.Render(strings.Join(parts, " · "))
	switch {
	case b.err != "":
		line += "  " + st.Error.Render("✗ "+common.Clean(b.err))
	case b.loading && len(b.rows) > 0:
		line += "  " + b.spin.View() + st.Muted.Render(" loading…")
	case b.lastNote != "":
		line += "  " + st.Muted.Render(b.lastNote)
	}
	return line
}

var typeShort = map[string]string{
	model.DeliveryOneTime:           "one-time",
	model.DeliveryPeriodic:          "periodic",
	model.DeliveryEventTriggered:    "event",
	model.DeliveryBusinessEvent:     "business", // not "business ev": reads as cut
	model.DeliveryDeviceTriggered:   "device",
	model.DeliveryLocationTriggered: "location",
	model.DeliveryLiveActivity:      "live act.",
	model.DeliveryAPITriggered:      "API",
}

// channelShort are the channel column's names where the value is longer
// than the column: chosen whole; the preview shows the full value.
var channelShort = map[string]string{
	model.ChannelGoogleAds:  "G-ADS",
	model.ChannelConnectors: "CONNECT",
}

func shortChannel(ch string) string {
	if s, ok := channelShort[ch]; ok {
		return s
	}
	return common.Clean(ch)
}

func shortType(t string) string {
	if s, ok := typeShort[t]; ok {
		return s
	}
	return strings.ToLower(t)
}
