// Package browser is the campaign list: a page of search results, filters,
// and the selected campaign for tall windows.
package browser

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/components/window"
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

// Fresh is the filter with its text (name, tags, ids) cleared and its
// choices kept: what the filter form opens on.
func (f Filter) Fresh() Filter {
	f.Name, f.Tags, f.IDs = "", nil, nil
	return f
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
	seq   int
	page  int
	rows  []*model.Campaign
	total *int64 // the service's count, when it tells one
	err   error
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
	// win scrolls the table when the window is too short for a page.
	win window.Model

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
	// last is the filter before the one in use: one key (ctrl+r) away in a
	// fresh filter form.
	last Filter

	counts counts
	// newest is each campaign's newest version (live.go), for the
	// "superseded by" marks; supSeq tells a superseded answer.
	newest map[string]int64
	supSeq int
	// refreshGen tells the current refresh timer; refreshing, that the
	// search under way is a refresh (its changes of state are told).
	refreshGen int
	refreshing bool
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

func (b *Browser) Init() tea.Cmd {
	return tea.Batch(b.load(1), b.loadLocal(), b.scheduleRefresh())
}

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
		return searchResultMsg{seq: seq, page: page, err: err, rows: res.Campaigns, total: res.TotalCount}
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

// clampOffset scrolls the table's window to keep the cursor in view.
func (b *Browser) clampOffset() {
	b.win.SetHeight(b.visibleRows())
	b.win.Follow(b.cursor, len(b.rows))
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
		wasRefresh := b.refreshing
		b.refreshing = false
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
		b.count(msg.page, len(msg.rows), msg.total)
		if len(msg.rows) == 0 && msg.page > 1 {
			// A full page was the last one; stay where we were.
			b.lastNote = "no more campaigns"
			return b, nil
		}
		var note tea.Cmd
		if wasRefresh && msg.page == b.page {
			if ch := stateChanges(b.rows, msg.rows); ch != "" {
				note = common.Notice(ch, false)
			}
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
		return b, tea.Batch(back, note, b.askSuperseded())
	case supersedeAskMsg:
		if msg.seq != b.supSeq || b.loading {
			return b, nil // another page came since
		}
		return b, b.loadSuperseded()
	case supersededMsg:
		if msg.seq == b.supSeq {
			b.newest = msg.newest
			b.rebuildRows()
			b.rebuildPreview()
		}
		return b, nil
	case refreshMsg:
		return b, b.refresh(msg)
	case spinner.TickMsg:
		return b, common.Spin(&b.spin, b.loading, msg)
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
		// A fresh filter: the text is typed anew, not appended to the
		// last; ctrl+r in the form brings the last one back.
		b.form = newFilterForm(b.c, b.filter.Fresh(), b.w, b.h)
		b.form.last = b.filter
		return b.form.init()
	case key.Matches(msg, k.CopyID):
		if sel := b.Selected(); sel != nil {
			return b.c.Copy(common.CampaignKey(sel), "the campaign id "+common.CampaignKey(sel))
		}
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
	b.last, b.filter = b.filter, f
	return b.load(1)
}
