// Package browser is the campaign list: a page of search results, filters,
// and the selected campaign for tall windows.
package browser

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/spinner"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// PageSize is the search route's largest page.
const PageSize = 15

// Filter is what the browser searches for. An empty Status means "every state
// but DRAFT" (the service's default); the browser starts with drafts shown
// (DefaultFilter: a marketer's own drafts are what they come back to), and
// archived campaigns appear only when asked for.
type Filter struct {
	Name     string
	Tags     []string
	IDs      []string
	Status   []string
	Channels []string
	Types    []string
	Children bool
	Archived bool
}

// Request is the search body of a page of this filter.
func (f Filter) Request(page int) api.SearchRequest {
	req := api.SearchRequest{
		Limit: PageSize, Page: page,
		IncludeChildCampaigns:   f.Children,
		IncludeArchiveCampaigns: f.Archived,
	}
	if f.Name != "" || len(f.Tags) > 0 || len(f.IDs) > 0 || len(f.Status) > 0 || len(f.Channels) > 0 || len(f.Types) > 0 {
		req.CampaignFields = &api.SearchFields{
			Name: f.Name, Tags: f.Tags, IDs: f.IDs, Status: f.Status,
			Channels: f.Channels, CampaignDeliveryType: f.Types,
		}
	}
	return req
}

// DefaultFilter is the browser's starting filter: every state, drafts
// included, archived aside.
func DefaultFilter() Filter { return Filter{Status: slices.Clone(withDrafts)} }

// withDrafts lists every state but ARCHIVED (which its own toggle governs).
var withDrafts = []string{model.StatusDraft, model.StatusScheduled, model.StatusActive, model.StatusSending, model.StatusPaused, model.StatusSent, model.StatusStopped}

// ToggleDrafts adds or removes DRAFT. With no status chosen ("all but
// drafts"), showing drafts means asking for every state explicitly.
func (f *Filter) ToggleDrafts() {
	switch {
	case len(f.Status) == 0:
		f.Status = slices.Clone(withDrafts)
		if f.Archived {
			f.Status = append(f.Status, model.StatusArchived)
		}
	case slices.Contains(f.Status, model.StatusDraft):
		f.Status = slices.DeleteFunc(slices.Clone(f.Status), func(s string) bool { return s == model.StatusDraft })
		if len(f.Status) == 0 || sameSet(f.Status, withDrafts[1:]) || sameSet(f.Status, append(slices.Clone(withDrafts[1:]), model.StatusArchived)) {
			f.Status = nil
		}
	default:
		f.Status = append(slices.Clone(f.Status), model.StatusDraft)
	}
}

// ShowsDrafts reports whether drafts are part of the results.
func (f Filter) ShowsDrafts() bool { return slices.Contains(f.Status, model.StatusDraft) }

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for _, s := range a {
		if !slices.Contains(b, s) {
			return false
		}
	}
	return true
}

// Summary is the one-line description of the filter shown above the table.
func (f Filter) Summary() string {
	var parts []string
	switch {
	case len(f.Status) == 0:
		parts = append(parts, "status: all but drafts")
	case sameSet(f.Status, withDrafts) || sameSet(f.Status, append(slices.Clone(withDrafts), model.StatusArchived)):
		parts = append(parts, "status: all")
	default:
		parts = append(parts, "status: "+strings.ToLower(strings.Join(f.Status, ",")))
	}
	if len(f.Channels) > 0 {
		parts = append(parts, "channel: "+strings.ToLower(strings.Join(f.Channels, ",")))
	}
	if len(f.Types) > 0 {
		short := make([]string, len(f.Types))
		for i, t := range f.Types {
			short[i] = shortType(t)
		}
		parts = append(parts, "type: "+strings.Join(short, ","))
	}
	if f.Name != "" {
		parts = append(parts, fmt.Sprintf("name: %q", f.Name))
	}
	if len(f.Tags) > 0 {
		parts = append(parts, "tags: "+strings.Join(f.Tags, ","))
	}
	if len(f.IDs) > 0 {
		parts = append(parts, "ids: "+strings.Join(f.IDs, ","))
	}
	if f.Children {
		parts = append(parts, "+children")
	}
	if f.Archived {
		parts = append(parts, "+archived")
	}
	return strings.Join(parts, " · ")
}

// searchResultMsg answers one search (the seq of the request); it is
// addressed to the browser that asked.
type searchResultMsg struct {
	seq  int
	page int
	rows []*model.Campaign
	err  error
}

// Browser is the campaign list: a page of search results with filters.
type Browser struct {
	c      *common.Common
	w, h   int
	filter Filter
	page   int
	rows   []*model.Campaign
	cursor int
	// focusID is the campaign the cursor goes to when the next page comes
	// (the one just left in the editor or inspector).
	focusID string
	// vp scrolls the table when the window is too short for a page; its
	// lines are the rows (rowCache), set when they are drawn anew.
	vp viewport.Model

	loading  bool
	seq      int
	err      string
	lastNote string

	preview []string // the selected campaign, for tall windows
	// rowCache holds each row drawn plain and selected, so that a key press
	// only picks lines; rebuilt when the page or the width changes.
	rowCache [][2]string

	spin spinner.Model
	form *filterForm
	// local is the drafts kept on this computer (local.go).
	local local
}

// New builds the browser; Init starts the first search.
func New(c *common.Common) *Browser {
	b := &Browser{c: c, page: 1, filter: DefaultFilter()}
	b.spin = spinner.New(spinner.WithSpinner(spinner.Dot), spinner.WithStyle(c.Styles.Accent))
	return b
}

func (b *Browser) Title() string { return "browse" }

func (b *Browser) Init() tea.Cmd { return tea.Batch(b.load(1), b.loadLocal()) }

// Filter returns the current filter.
func (b *Browser) Filter() Filter { return b.filter }

// Page is the number of the page shown.
func (b *Browser) Page() int { return b.page }

// Err is the last search's error ("" when it succeeded).
func (b *Browser) Err() string { return b.err }

// Rows returns the campaigns of the page shown.
func (b *Browser) Rows() []*model.Campaign { return b.rows }

// Selected is the campaign under the cursor, nil when the page is empty.
func (b *Browser) Selected() *model.Campaign {
	if b.cursor < 0 || b.cursor >= len(b.rows) {
		return nil
	}
	return b.rows[b.cursor]
}

func (b *Browser) load(page int) tea.Cmd {
	b.seq++
	b.loading = true
	b.err = ""
	seq, req, client, ctx := b.seq, b.filter.Request(page), b.c.Client, b.c.Ctx
	fetch := func() tea.Msg {
		res, err := client.Search(ctx, req)
		return searchResultMsg{seq: seq, page: page, err: err, rows: res.Campaigns}
	}
	return common.Address(b, fetch, b.spin.Tick)
}

func (b *Browser) SetSize(w, h int) {
	b.w, b.h = w, h
	if b.form != nil {
		b.form.setSize(w, h)
	}
	b.rebuildRows()
	b.clampOffset()
	b.rebuildPreview()
}

// Typing: the filter form has the keys while it is open.
func (b *Browser) Typing() bool { return b.form != nil }

func (b *Browser) ShortHelp() []key.Binding {
	k := b.c.Keys
	switch {
	case b.form != nil:
		return []key.Binding{
			key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "search")),
			k.Select,
			key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next field")),
			key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
		}
	}
	// d is a toggle: the footer says which way it goes now.
	drafts := k.ToggleDrafts
	if b.filter.ShowsDrafts() {
		drafts.SetHelp("d", "hide drafts")
	} else {
		drafts.SetHelp("d", "show drafts")
	}
	if len(b.local.drafts) > 0 || b.local.show {
		// The announced drafts are one key away.
		return b.unlessReadOnly(k.Open, k.Unsynced, k.Filter, drafts, k.Help, k.Quit, k.New, k.Refresh, k.NextPage)
	}
	return b.unlessReadOnly(k.Open, k.Filter, drafts, k.NextPage, k.Help, k.Quit, k.New, k.Refresh)
}

// unlessReadOnly drops the new-draft and duplicate keys on a read-only
// profile.
func (b *Browser) unlessReadOnly(keys ...key.Binding) []key.Binding {
	if b.c.ReadOnly == "" {
		return keys
	}
	writes := []string{b.c.Keys.New.Help().Key, b.c.Keys.Duplicate.Help().Key}
	return slices.DeleteFunc(keys, func(kb key.Binding) bool { return slices.Contains(writes, kb.Help().Key) })
}

func (b *Browser) FullHelp() [][]key.Binding {
	k := b.c.Keys
	return [][]key.Binding{
		{k.Up, k.Down, k.Top, k.Bottom, k.Open, k.Inspect},
		b.unlessReadOnly(k.NextPage, k.PrevPage, k.Refresh, k.New, k.Duplicate),
		{k.Filter, k.ToggleDrafts, k.ToggleChildren, k.ToggleArchived, k.ClearFilter, k.Unsynced},
		{k.Help, k.Back, k.Quit, k.ForceQuit},
	}
}

// visibleRows is how many table rows fit: the body minus the filter line,
// the table header and the page line.
func (b *Browser) visibleRows() int {
	if b.tall() {
		return PageSize
	}
	return max(b.h-3-len(b.banner()), 1)
}

// tall windows show the selected campaign under the table.
func (b *Browser) tall() bool { return b.h >= PageSize+3+8+len(b.banner()) }

// clampOffset scrolls the table's viewport to keep the cursor in view.
func (b *Browser) clampOffset() {
	n := b.visibleRows()
	b.vp.Width, b.vp.Height = b.w, n
	off := b.vp.YOffset
	if b.cursor < off {
		off = b.cursor
	}
	if b.cursor >= off+n {
		off = b.cursor - n + 1
	}
	b.vp.SetYOffset(off)
}

func (b *Browser) move(d int) {
	if len(b.rows) == 0 {
		return
	}
	b.cursor = max(min(b.cursor+d, len(b.rows)-1), 0)
	b.clampOffset()
	b.rebuildPreview()
}

func (b *Browser) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if cmd, ok := b.updateLocal(msg); ok {
		return b, cmd
	}
	switch msg := msg.(type) {
	case searchResultMsg:
		if msg.seq != b.seq {
			return b, nil // a late answer to a request that was replaced
		}
		b.loading = false
		if msg.err != nil {
			if cmd, ok := b.searchFailed(msg.err); ok {
				return b, cmd
			}
			b.err = common.ErrorText(msg.err)
			return b, nil
		}
		back := b.searchWorked()
		if b.local.show {
			// The journal's list stays until u (or a filter) leaves it.
			return b, back
		}
		if len(msg.rows) == 0 && msg.page > 1 {
			// A full page was the last one; stay where we were.
			b.lastNote = "no more campaigns"
			return b, nil
		}
		b.lastNote = ""
		// The cursor stays on the campaign it is on now (the user may have
		// moved while the page loaded), when the new page still holds it.
		// Rows are matched by document id first: with versioning, one
		// campaign has a row per version.
		var keepDoc, keepCampaign string
		if sel := b.Selected(); sel != nil && msg.page == b.page {
			keepDoc, keepCampaign = model.Str(sel.ID), common.CampaignKey(sel)
		}
		if b.focusID != "" {
			keepDoc, keepCampaign = "", b.focusID
			b.focusID = ""
		}
		b.page, b.rows = msg.page, NewestFirst(msg.rows)
		b.cursor = 0
		found := false
		for i, r := range b.rows {
			if keepDoc != "" && model.Str(r.ID) == keepDoc {
				b.cursor, found = i, true
			}
		}
		for i := len(b.rows) - 1; i >= 0 && !found && keepCampaign != ""; i-- {
			if common.CampaignKey(b.rows[i]) == keepCampaign {
				b.cursor = i
			}
		}
		b.rebuildRows()
		b.clampOffset()
		b.rebuildPreview()
		return b, back
	case spinner.TickMsg:
		if !b.loading {
			return b, nil
		}
		var cmd tea.Cmd
		b.spin, cmd = b.spin.Update(msg)
		return b, cmd
	case common.FocusMsg:
		// Back from a campaign's screen: the cursor goes to that campaign
		// when the page comes back holding it.
		b.focusID = msg.Left
		return b, tea.Batch(b.load(b.page), b.loadLocal())
	case common.CampaignChangedMsg:
		return b, tea.Batch(b.load(b.page), b.loadLocal())
	case tea.MouseMsg:
		if b.form != nil {
			return b, nil
		}
		switch msg.Button {
		case tea.MouseButtonWheelUp:
			b.move(-1)
		case tea.MouseButtonWheelDown:
			b.move(1)
		}
		return b, nil
	case tea.KeyMsg:
		if b.form != nil {
			return b, b.updateForm(msg)
		}
		return b, b.handleKey(msg)
	}
	if b.form != nil {
		return b, b.form.update(msg)
	}
	return b, nil
}

func (b *Browser) handleKey(msg tea.KeyMsg) tea.Cmd {
	k := b.c.Keys
	if b.local.show && !b.local.offline && (key.Matches(msg, k.NextPage) || key.Matches(msg, k.PrevPage) ||
		key.Matches(msg, k.ToggleDrafts) || key.Matches(msg, k.ToggleChildren) || key.Matches(msg, k.ToggleArchived) ||
		key.Matches(msg, k.ClearFilter) || key.Matches(msg, k.Filter)) {
		b.local.show = false // a search again
	}
	switch {
	case key.Matches(msg, k.Unsynced):
		return b.toggleLocal()
	case key.Matches(msg, k.Up):
		b.move(-1)
	case key.Matches(msg, k.Down):
		b.move(1)
	case key.Matches(msg, k.Top):
		b.move(-len(b.rows))
	case key.Matches(msg, k.Bottom):
		b.move(len(b.rows))
	case key.Matches(msg, k.NextPage):
		if b.loading {
			return nil
		}
		if len(b.rows) < PageSize {
			b.lastNote = "this is the last page"
			return nil
		}
		return b.load(b.page + 1)
	case key.Matches(msg, k.PrevPage):
		if b.loading || b.page == 1 {
			return nil
		}
		return b.load(b.page - 1)
	case key.Matches(msg, k.Refresh):
		return b.load(b.page)
	case key.Matches(msg, k.Open):
		return b.open()
	case key.Matches(msg, k.Inspect):
		// Drafts open in the editor; the inspector is where one is
		// validated and published.
		if sel := b.Selected(); sel != nil {
			return common.OpenInspector(common.CampaignKey(sel), sel.VersionNumber)
		}
	case key.Matches(msg, k.Filter):
		b.form = newFilterForm(b.c, b.filter, b.w, b.h)
		return b.form.init()
	case key.Matches(msg, k.ToggleDrafts):
		b.filter.ToggleDrafts()
		return b.load(1)
	case key.Matches(msg, k.ToggleChildren):
		b.filter.Children = !b.filter.Children
		return b.load(1)
	case key.Matches(msg, k.ToggleArchived):
		b.filter.Archived = !b.filter.Archived
		b.syncArchived()
		return b.load(1)
	case key.Matches(msg, k.ClearFilter):
		b.filter = DefaultFilter()
		return b.load(1)
	case key.Matches(msg, k.New):
		if b.c.ReadOnly != "" {
			return common.Notice("no new draft: "+b.c.ReadOnly, true)
		}
		return common.OpenEditor("")
	case key.Matches(msg, k.Duplicate):
		if b.c.ReadOnly != "" {
			return common.Notice("no duplicate: "+b.c.ReadOnly, true)
		}
		if sel := b.Selected(); sel != nil {
			return common.Duplicate(common.CampaignKey(sel))
		}
	}
	return nil
}

// syncArchived keeps ARCHIVED in an explicit status list in step with the
// archived toggle: the service drops archived campaigns without the toggle
// even when the status asks for them.
func (b *Browser) syncArchived() {
	if len(b.filter.Status) == 0 {
		return
	}
	has := slices.Contains(b.filter.Status, model.StatusArchived)
	switch {
	case b.filter.Archived && !has && sameSet(b.filter.Status, withDrafts):
		b.filter.Status = append(slices.Clone(b.filter.Status), model.StatusArchived)
	case !b.filter.Archived && has:
		b.filter.Status = slices.DeleteFunc(slices.Clone(b.filter.Status), func(s string) bool { return s == model.StatusArchived })
		if len(b.filter.Status) == 0 {
			b.filter.Status = nil
		}
	}
}

// open shows the selected campaign: drafts the editor can edit go to the
// editor, everything else to the inspector.
func (b *Browser) open() tea.Cmd {
	sel := b.Selected()
	if sel == nil {
		return nil
	}
	id := common.CampaignKey(sel)
	// A read-only profile has no editor: the inspector says why.
	if b.c.ReadOnly == "" && model.Str(sel.Status) == model.StatusDraft && common.ReadOnlyReason(sel) == "" {
		return common.OpenEditor(id)
	}
	return common.OpenInspector(id, sel.VersionNumber)
}

func (b *Browser) updateForm(msg tea.KeyMsg) tea.Cmd {
	done, apply, cmd := b.form.key(msg)
	if !done {
		return cmd
	}
	f := b.form.filter()
	b.form = nil
	if !apply {
		return nil
	}
	b.filter = f
	return b.load(1)
}

// --- view ------------------------------------------------------------------

type column struct {
	title string
	width int
}

func (b *Browser) columns() []column {
	wide := b.w >= 120
	cols := []column{{"NAME", 0}, {"CHANNEL", 7}, {"TYPE", 11}, {"STATUS", 9}, {"VER", 3}, {"UPDATED", 11}}
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
	for i := b.vp.YOffset; i < len(b.rowCache) && len(lines) < n; i++ {
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
	plain := make([]string, len(b.rowCache))
	for i, r := range b.rowCache {
		plain[i] = r[0]
	}
	b.vp.SetContent(strings.Join(plain, "\n"))
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
	add("Status", st.Status(status).Render(common.Clean(status))+st.Muted.Render(" · "+common.Version(c)))
	ch := model.Str(c.Channel)
	if c.BasicDetails != nil && len(c.BasicDetails.Platforms) > 0 {
		ch += " · " + strings.Join(c.BasicDetails.Platforms, ", ")
	}
	add("Channel", text(ch))
	add("Delivery type", text(model.Str(c.CampaignDeliveryType)))
	add("Campaign ID", text(common.CampaignKey(c)))
	add("Created", common.Who(st.Text.Render, c.CreatedBy, c.CreatedAt))
	add("Updated", common.Who(st.Text.Render, c.UpdatedBy, c.UpdatedAt))
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
	loc := b.unsynced(c)
	if loc != nil {
		name = "● " + name // edits not yet on the service
	}
	status := common.Clean(model.Str(c.Status))
	cells := []string{
		common.Pad(name, cols[0].width),
		common.Pad(common.Clean(model.Str(c.Channel)), cols[1].width),
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
	parts = append(parts, fmt.Sprintf("page %d", b.page))
	if len(b.rows) > 0 {
		from := (b.page-1)*PageSize + 1
		parts = append(parts, fmt.Sprintf("%d–%d", from, from+len(b.rows)-1))
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

func shortType(t string) string {
	if s, ok := typeShort[t]; ok {
		return s
	}
	return strings.ToLower(t)
}
