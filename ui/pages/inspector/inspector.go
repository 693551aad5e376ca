// Package inspector shows one campaign whole: overview, components as a
// folded tree, the highlighted JSON, and the results of validation and
// status actions.
package inspector

import (
	"cmp"
	"fmt"
	"strings"

	"github.com/campaigns-cli/campaigns/ui/components/window"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// Inspector panes, in tab order.
const (
	paneSummary = iota
	paneOverview
	paneComponents
	paneJSON
	paneChecks
	paneVersions
	paneCount
)

var paneNames = [paneCount]string{"Summary", "Overview", "Components", "JSON", "Checks", "Versions"}

// Messages of the inspector, addressed to the inspector that asked
// (common.Address); seq tells a superseded request's answer.
type (
	campaignMsg struct {
		seq int
		c   *model.Campaign
		err error
	}
	metaMsg struct {
		seq int
		row *api.MetaRow
		err error
	}
	highlightMsg  struct{ src, out string }
	actionDoneMsg struct {
		action string
		name   string
		// channel and state of the campaign when the action ran: they
		// decide how a validation's verdict reads.
		channel, state string
		valid          api.ValidateResult
		res            ops.Result // a write's outcome, from the core
		err            error
	}
)

// OrphanNotice tells the outcome of an action whose inspector was closed
// while it ran.
func (m actionDoneMsg) OrphanNotice() common.NoticeMsg {
	name := "“" + common.Clean(m.name) + "”"
	switch {
	case m.err != nil:
		return common.NoticeMsg{Text: fmt.Sprintf("%s of %s refused: %s", strings.ToLower(m.action), name, common.ErrorText(m.err)), Err: true}
	case m.action == actValidate:
		return common.NoticeMsg{Text: "Validate " + name + ": " + forms.ValidateVerdict(m.channel, m.state, len(m.valid.Errors)), Err: !m.valid.Valid}
	}
	return common.NoticeMsg{Text: pastTense[m.action] + " " + name}
}

type problemRef struct {
	target string
	line   int
}

// check is one entry of the Checks pane: a validation, a publish or a status
// action and what came of it.
type check struct {
	title    string
	ok       bool
	problems []api.ErrorDetail
}

// Inspector shows one campaign whole: overview, components as a folded tree,
// the highlighted JSON, and the results of validation and actions.
type Inspector struct {
	c    *common.Common
	id   string
	w, h int
	// picked is the version of the list row that opened the inspector: the
	// service reads only the newest version, which may be another one.
	picked *int64

	camp    *model.Campaign
	loading bool
	err     string
	seq     int

	meta     *api.MetaRow
	metaErr  string
	metaSeq  int
	metaDone bool

	pane int
	// win scrolls each pane; its lines are set when they change (clamp).
	win   [paneCount]window.Model
	lines [paneCount][]string

	roots   []*treeNode
	tcursor int

	jsonSrc string
	jsonOut string // highlighted jsonSrc, once ready
	// jsonLines is what the JSON pane draws: jsonOut (or jsonSrc until it is
	// ready) wrapped to the pane's width.
	jsonLines []string

	overview   []string
	checks     []check
	checkLines []string // checks drawn, rebuilt when they or the width change
	// problems lists every problem of the Checks pane in order, with the
	// line it starts on; pcursor selects one (enter shows it in the tree).
	problems []problemRef
	pcursor  int

	locked    []string
	lockedAll bool
	unknown   map[string]string // path → wanted type ("" unknown key)
	readOnly  string

	menu    *menu
	confirm *confirm
	busy    string
	spin    spinner.Model

	summary []string // the Summary tab, drawn

	// doc is the version document shown when this inspector was opened on
	// one version (read-only, never re-read); nil: the campaign as GET
	// returns it.
	doc *model.Campaign
	// versions are every version of the campaign, newest first; vcursor
	// is the Versions tab's cursor, vmark the version marked to compare.
	versions     []*model.Campaign
	verSeq       int
	verDone      bool
	verErr       string
	vcursor      int
	vmark        int
	versionLines []string
	diff         []forms.ComponentDiff
	diffTitle    string
	// refreshGen tells the current refresh timer from superseded ones;
	// refreshing, that the read under way is the timer's.
	refreshGen int
	refreshing bool
}

// New opens campaignID; Init reads it. version is the version of the list
// row it was opened from (nil: none).
func New(c *common.Common, campaignID string, version *int64) *Inspector {
	in := &Inspector{c: c, id: campaignID, picked: version, vmark: -1}
	in.spin = spinner.New(spinner.WithSpinner(spinner.Dot), spinner.WithStyle(c.Styles.Accent))
	return in
}

func (in *Inspector) Title() string {
	if in.camp != nil {
		return common.CampaignName(in.camp)
	}
	return in.id
}

// Campaign is the campaign shown (nil until read).
func (in *Inspector) Campaign() *model.Campaign { return in.camp }

func (in *Inspector) Init() tea.Cmd {
	if in.doc != nil {
		in.set(in.doc)
		return in.highlight()
	}
	return tea.Batch(in.reload(), in.loadVersions(), in.scheduleRefresh())
}

// CampaignID is the campaign the inspector was opened on.
func (in *Inspector) CampaignID() string { return in.id }

// Pane names the pane on show: Summary, Overview, Components, JSON,
// Checks or Versions.
func (in *Inspector) Pane() string { return paneNames[in.pane] }

// CheckResult is one entry of the Checks pane.
type CheckResult struct {
	Title    string
	OK       bool
	Problems []api.ErrorDetail
}

// Checks lists the Checks pane, newest first.
func (in *Inspector) Checks() []CheckResult {
	out := make([]CheckResult, len(in.checks))
	for i, c := range in.checks {
		out[i] = CheckResult{Title: c.title, OK: c.ok, Problems: c.problems}
	}
	return out
}

// Actions lists what the action menu offers (VALIDATE, PUBLISH, STOP…).
func (in *Inspector) Actions() []string {
	if in.camp == nil {
		return nil
	}
	var out []string
	for _, it := range in.menuItems() {
		out = append(out, it.action)
	}
	return out
}

// SelectedPath is the target path of the Components node under the cursor.
func (in *Inspector) SelectedPath() string {
	if vis := visible(in.roots); in.tcursor < len(vis) {
		return vis[in.tcursor].path
	}
	return ""
}

func (in *Inspector) reload() tea.Cmd {
	if in.doc != nil {
		return nil // one version as searched: there is nothing to re-read
	}
	in.seq++
	in.metaSeq++
	in.loading = true
	seq, mseq, id, client, ctx := in.seq, in.metaSeq, in.id, in.c.Client, in.c.Ctx
	get := func() tea.Msg {
		c, err := client.Get(ctx, id)
		return campaignMsg{seq: seq, c: c, err: err}
	}
	meta := func() tea.Msg {
		// With child campaigns on, a parent tells how many children it has
		// and a child names its parent.
		res, err := client.Meta(ctx, api.MetaRequest{CampaignFields: &api.MetaFields{ID: id}, IncludeChildCampaigns: true, Limit: 1, Page: 1})
		m := metaMsg{seq: mseq, err: err}
		for i := range res.Campaigns {
			if res.Campaigns[i].CampaignID == id {
				m.row = &res.Campaigns[i]
			}
		}
		return m
	}
	return common.Address(in, get, meta, in.spin.Tick)
}

// wide windows show the overview beside the other panes.
func (in *Inspector) wide() bool { return in.w >= 150 }

// leftWidth is the overview column of the wide layout.
func (in *Inspector) leftWidth() int { return min(max(in.w*2/5, 60), 90) }

// paneWidth is the width of the pane that scrolls.
func (in *Inspector) paneWidth() int {
	if in.wide() {
		return in.w - in.leftWidth() - 3
	}
	return in.w
}

func (in *Inspector) SetSize(w, h int) {
	in.w, in.h = w, h
	if in.wide() && in.pane == paneOverview {
		in.pane = paneSummary
	}
	in.rebuildOverview()
	in.rebuildSummary()
	in.rebuildVersions()
	in.rebuildChecks()
	in.rebuildJSON()
	in.clamp()
}

// Typing: the action menu and the confirmation have the keys while open, so
// q pressed in them does not quit.
func (in *Inspector) Typing() bool { return in.menu != nil || in.confirm != nil }

func (in *Inspector) ShortHelp() []key.Binding {
	k := in.c.Keys
	switch {
	case in.confirm != nil:
		return []key.Binding{k.Confirm, k.Cancel}
	case in.menu != nil:
		// enter runs the action under the cursor (its letter runs it too);
		// esc closes the menu, not the inspector.
		return []key.Binding{k.Up, k.Down,
			key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "run")),
			key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "close"))}
	}
	// The pane's own keys first: at 80 columns the footer keeps only the
	// first few.
	out := []key.Binding{k.NextPane}
	switch {
	case in.pane == paneVersions:
		out = append(out, k.Open, k.Mark, k.Diff)
	case in.pane == paneComponents:
		out = append(out, k.Toggle)
	case in.pane == paneChecks && len(in.problems) > 0:
		out = append(out, k.ShowInTree)
	}
	if in.doc == nil {
		out = append(out, k.Actions, k.Validate)
	}
	if in.editable() {
		out = append(out, k.Edit)
	} else if in.viewable() {
		out = append(out, viewKey(k.Edit))
	}
	if in.parentID() != "" {
		out = append(out, k.OpenParent)
	}
	out = append(out, k.Back, k.Help, k.Refresh)
	if in.camp != nil && in.c.ReadOnly == "" {
		out = append(out, k.Duplicate) // late: at 80 columns ? help stays
	}
	// y and Y last: the Summary tab names them in its own last line.
	return append(out, k.CopyID, k.CopyReport)
}

func (in *Inspector) FullHelp() [][]key.Binding {
	k := in.c.Keys
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom},
		{k.NextPane, k.PrevPane, k.Toggle, k.ExpandAll, k.CollapseAll},
		{k.Actions, k.Validate, k.ShowInTree, k.Edit, k.Duplicate, k.OpenParent, k.Refresh},
		{k.CopyID, k.CopyReport, k.Mark, k.Diff, k.Mouse},
		{k.Help, k.Back, k.Quit, k.ForceQuit},
	}
}

// parentID is the periodic parent of a child campaign, "" for others.
func (in *Inspector) parentID() string {
	if in.camp != nil && model.Str(in.camp.ParentID) != "" {
		return model.Str(in.camp.ParentID)
	}
	if in.meta != nil {
		return in.meta.ParentCampaignID
	}
	return ""
}

// editable: the editor can take this campaign (a draft, or a live one
// within the locks of its state).
func (in *Inspector) editable() bool {
	return in.camp != nil && in.doc == nil && in.readOnly == "" && !in.lockedAll
}

// viewable: on a read-only profile a campaign the editor knows opens in its
// view mode (the Review, the preview), where nothing writes.
func (in *Inspector) viewable() bool {
	return in.camp != nil && in.c.ReadOnly != "" && common.ReadOnlyReason(in.camp) == ""
}

// viewKey is the edit key as "view" (read-only profiles).
func viewKey(k key.Binding) key.Binding {
	return key.NewBinding(key.WithKeys(k.Keys()...), key.WithHelp(k.Help().Key, "view in the editor"))
}

func (in *Inspector) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case campaignMsg:
		if msg.seq != in.seq {
			return in, nil
		}
		in.loading = false
		defer func() { in.refreshing = false }()
		if msg.err != nil {
			in.err = common.ErrorText(msg.err)
			return in, nil
		}
		in.err = ""
		var note tea.Cmd
		if prev := in.camp; in.refreshing && prev != nil && model.Str(prev.Status) != model.Str(msg.c.Status) {
			// A refresh found its state changed (by the service or someone
			// else; an action's own outcome is told by the action): say so.
			note = common.Notice(fmt.Sprintf("“%s” is now %s (was %s)", common.Clean(common.CampaignName(msg.c)),
				common.Clean(model.Str(msg.c.Status)), common.Clean(model.Str(prev.Status))), false)
		}
		in.set(msg.c)
		return in, tea.Batch(in.highlight(), note)
	case versionsMsg:
		if msg.seq != in.verSeq {
			return in, nil
		}
		in.verDone = true
		in.verErr = common.ErrorText(msg.err)
		if msg.err == nil {
			sortVersions(msg.rows)
			in.versions = msg.rows
			in.vcursor = min(in.vcursor, max(len(in.versions)-1, 0))
		}
		in.rebuildVersions()
		in.rebuildSummary()
		in.clamp()
		return in, nil
	case refreshMsg:
		return in, in.refresh(msg)
	case metaMsg:
		if msg.seq != in.metaSeq {
			return in, nil
		}
		in.metaDone = true
		in.meta, in.metaErr = msg.row, common.ErrorText(msg.err)
		in.rebuildOverview()
		in.rebuildSummary()
		in.clamp()
		return in, nil
	case highlightMsg:
		if msg.src == in.jsonSrc {
			in.jsonOut = msg.out
			in.rebuildJSON()
			in.clamp()
		}
		return in, nil
	case actionDoneMsg:
		return in, in.actionDone(msg)
	case spinner.TickMsg:
		return in, common.Spin(&in.spin, in.loading || in.busy != "", msg)
	case common.FocusMsg:
		return in, tea.Batch(in.reload(), in.loadVersions())
	case tea.MouseMsg:
		if in.menu != nil || in.confirm != nil {
			return in, nil
		}
		switch msg.Button {
		case tea.MouseButtonWheelUp:
			in.scroll(-3)
		case tea.MouseButtonWheelDown:
			in.scroll(3)
		}
		return in, nil
	case tea.KeyMsg:
		return in, in.handleKey(msg)
	}
	return in, nil
}

// reopen unfolds the nodes whose paths were unfolded before a re-read.
func reopen(nodes []*treeNode, open map[string]bool) {
	for _, n := range nodes {
		if open[n.path] {
			n.open = true
			reopen(n.children, open)
		}
	}
}

// set takes a freshly read campaign and recomputes everything drawn from
// it: locks, unknown fields, tree (keeping what was unfolded) and JSON.
func (in *Inspector) set(c *model.Campaign) {
	open := map[string]bool{}
	for _, n := range visible(in.roots) {
		if n.open {
			open[n.path] = true
		}
	}
	cursorPath := ""
	if vis := visible(in.roots); in.tcursor < len(vis) {
		cursorPath = vis[in.tcursor].path
	}
	in.camp = c
	in.locked, in.lockedAll = engine.Locked(model.Str(c.Status))
	in.unknown = map[string]string{}
	for _, f := range common.UnknownFields(c) {
		in.unknown[f.Path] = f.Want
	}
	in.readOnly = cmp.Or(in.c.ReadOnly, common.ReadOnlyReason(c))
	if in.doc != nil {
		in.readOnly = "one version as the search returned it; the service acts on the newest only"
	}

	src := model.Encode(c)
	in.roots = nil
	if tree, err := parseTree(src); err == nil {
		for _, n := range tree.children {
			if _, odd := in.unknown[n.path]; isMeta(n.key) && !odd {
				continue // shown in the overview (unless of the wrong type)
			}
			in.roots = append(in.roots, n)
		}
	}
	reopen(in.roots, open)
	in.tcursor = 0
	for i, n := range visible(in.roots) {
		if n.path == cursorPath {
			in.tcursor = i
		}
	}
	in.jsonSrc = common.CleanBlock(indentJSON(src))
	in.jsonOut = ""
	in.rebuildJSON()
	in.rebuildOverview()
	in.rebuildSummary()
	in.rebuildVersions()
	in.clamp()
}

// isMeta: top-level identity and audit keys, drawn in the overview.
func isMeta(k string) bool {
	switch k {
	case "channel", "campaign_delivery_type", "sender_name":
		return true
	}
	return model.IsServiceOwned(k) && k != "request_id"
}

// highlight colours the JSON off the update path; the result is cached by
// content in the shared highlighter.
func (in *Inspector) highlight() tea.Cmd {
	src, h := in.jsonSrc, in.c.Highlight
	return common.Address(in, func() tea.Msg { return highlightMsg{src: src, out: h.JSON(src)} })
}
