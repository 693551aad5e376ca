// Package inspector shows one campaign whole: overview, components as a
// folded tree, the highlighted JSON, and the results of validation and
// status actions.
package inspector

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// Inspector panes, in tab order.
const (
	paneOverview = iota
	paneComponents
	paneJSON
	paneChecks
	paneCount
)

var paneNames = [paneCount]string{"Overview", "Components", "JSON", "Checks"}

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
		valid  api.ValidateResult
		err    error
	}
)

// OrphanNotice tells the outcome of an action whose inspector was closed
// while it ran.
func (m actionDoneMsg) OrphanNotice() common.NoticeMsg {
	name := "“" + common.Clean(m.name) + "”"
	switch {
	case m.err != nil:
		return common.NoticeMsg{Text: fmt.Sprintf("%s of %s refused: %s", strings.ToLower(m.action), name, common.ErrorText(m.err)), Err: true}
	case m.action == actValidate && m.valid.Valid:
		return common.NoticeMsg{Text: "Validate " + name + ": ready to publish"}
	case m.action == actValidate:
		return common.NoticeMsg{Text: fmt.Sprintf("Validate %s: %d problem(s) block publishing", name, len(m.valid.Errors)), Err: true}
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

	pane   int
	offset [paneCount]int

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
}

// New opens campaignID; Init reads it. version is the version of the list
// row it was opened from (nil: none).
func New(c *common.Common, campaignID string, version *int64) *Inspector {
	in := &Inspector{c: c, id: campaignID, picked: version}
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

func (in *Inspector) Init() tea.Cmd { return in.reload() }

// CampaignID is the campaign the inspector was opened on.
func (in *Inspector) CampaignID() string { return in.id }

// Pane names the pane on show: Overview, Components, JSON or Checks.
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
		in.pane = paneComponents
	}
	in.rebuildOverview()
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
	out := []key.Binding{k.NextPane, k.Actions, k.Validate}
	if in.editable() {
		out = append(out, k.Edit)
	}
	if in.parentID() != "" {
		out = append(out, k.OpenParent)
	}
	if in.pane == paneComponents {
		out = append(out, k.Toggle)
	}
	if in.pane == paneChecks && len(in.problems) > 0 {
		out = append(out, k.ShowInTree)
	}
	return append(out, k.Back, k.Help, k.Refresh)
}

func (in *Inspector) FullHelp() [][]key.Binding {
	k := in.c.Keys
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom},
		{k.NextPane, k.PrevPane, k.Toggle, k.ExpandAll, k.CollapseAll},
		{k.Actions, k.Validate, k.ShowInTree, k.Edit, k.OpenParent, k.Refresh},
		{k.Help, k.Back, k.Quit, k.ForceQuit},
	}
}

// parentID is the periodic parent of a child campaign, "" for others.
func (in *Inspector) parentID() string {
	if in.camp != nil && common.Str(in.camp.ParentID) != "" {
		return common.Str(in.camp.ParentID)
	}
	if in.meta != nil {
		return in.meta.ParentCampaignID
	}
	return ""
}

// editable: the editor can take this campaign (a draft, or a live one
// within the locks of its state).
func (in *Inspector) editable() bool {
	return in.camp != nil && in.readOnly == "" && !in.lockedAll
}

func (in *Inspector) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case campaignMsg:
		if msg.seq != in.seq {
			return in, nil
		}
		in.loading = false
		if msg.err != nil {
			in.err = common.ErrorText(msg.err)
			return in, nil
		}
		in.err = ""
		in.set(msg.c)
		return in, in.highlight()
	case metaMsg:
		if msg.seq != in.metaSeq {
			return in, nil
		}
		in.metaDone = true
		in.meta, in.metaErr = msg.row, common.ErrorText(msg.err)
		in.rebuildOverview()
		return in, nil
	case highlightMsg:
		if msg.src == in.jsonSrc {
			in.jsonOut = msg.out
			in.rebuildJSON()
		}
		return in, nil
	case actionDoneMsg:
		return in, in.actionDone(msg)
	case spinner.TickMsg:
		if !in.loading && in.busy == "" {
			return in, nil
		}
		var cmd tea.Cmd
		in.spin, cmd = in.spin.Update(msg)
		return in, cmd
	case common.FocusMsg:
		return in, in.reload()
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
	in.locked, in.lockedAll = engine.Locked(common.Str(c.Status))
	in.unknown = map[string]string{}
	for _, f := range common.UnknownFields(c) {
		in.unknown[f.Path] = f.Want
	}
	in.readOnly = common.ReadOnlyReason(c)

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
	in.clamp()
}

// isMeta: top-level identity and audit keys, drawn in the overview.
func isMeta(k string) bool {
	switch k {
	case "id", "campaign_id", "version_number", "status", "channel", "campaign_delivery_type",
		"created_by", "updated_by", "created_at", "updated_at", "sent_time", "flow_id", "flow_name", "parent_id", "sender_name":
		return true
	}
	return false
}

// highlight colours the JSON off the update path; the result is cached by
// content in the shared highlighter.
func (in *Inspector) highlight() tea.Cmd {
	src, h := in.jsonSrc, in.c.Highlight
	return common.Address(in, func() tea.Msg { return highlightMsg{src: src, out: h.JSON(src)} })
}

func (in *Inspector) handleKey(msg tea.KeyMsg) tea.Cmd {
	k := in.c.Keys
	if in.confirm != nil {
		switch {
		case key.Matches(msg, k.Confirm):
			action := in.confirm.action
			in.confirm = nil
			return in.run(action)
		case key.Matches(msg, k.Cancel):
			in.confirm = nil
			return common.Notice("Cancelled: nothing was changed", false)
		}
		return nil
	}
	if in.menu != nil {
		switch {
		case key.Matches(msg, k.Up):
			in.menu.move(-1)
		case key.Matches(msg, k.Down):
			in.menu.move(1)
		case key.Matches(msg, k.Back):
			in.menu = nil
		case key.Matches(msg, k.Open):
			item := in.menu.items[in.menu.cursor]
			in.menu = nil
			return in.choose(item.action)
		default:
			for _, it := range in.menu.items {
				if msg.String() == it.key {
					in.menu = nil
					return in.choose(it.action)
				}
			}
			// A status key the campaign does not allow says why, instead of
			// doing nothing (s on an active event-triggered campaign).
			if action, ok := statusKeys[msg.String()]; ok {
				c := in.camp
				if why := forms.ActionRefusal(common.Str(c.Channel), common.Str(c.CampaignDeliveryType), common.Str(c.Status), action); why != "" {
					in.menu = nil
					return common.Notice(common.Clean(why), true)
				}
			}
		}
		return nil
	}
	switch {
	case key.Matches(msg, k.Back):
		return common.Pop()
	case key.Matches(msg, k.NextPane):
		in.pane = (in.pane + 1) % paneCount
		if in.wide() && in.pane == paneOverview {
			in.pane = paneComponents
		}
	case key.Matches(msg, k.PrevPane):
		in.pane = (in.pane + paneCount - 1) % paneCount
		if in.wide() && in.pane == paneOverview {
			in.pane = paneChecks
		}
	case key.Matches(msg, k.Refresh):
		return in.reload()
	case key.Matches(msg, k.Actions):
		if in.camp == nil || in.busy != "" {
			return nil
		}
		in.menu = newMenu(in.menuItems())
	case key.Matches(msg, k.Validate):
		if in.camp == nil || in.busy != "" {
			return nil
		}
		return in.choose(actValidate)
	case key.Matches(msg, k.Edit):
		if in.editable() {
			return common.OpenEditor(in.id)
		}
	case key.Matches(msg, k.OpenParent):
		if p := in.parentID(); p != "" {
			return common.OpenInspector(p, nil)
		}
	case in.pane == paneChecks && key.Matches(msg, k.ShowInTree) && len(in.problems) > 0:
		in.jumpTo(in.problems[in.pcursor].target)
	case in.pane == paneComponents && key.Matches(msg, k.Toggle):
		if vis := visible(in.roots); in.tcursor < len(vis) && vis[in.tcursor].kind != 0 {
			vis[in.tcursor].open = !vis[in.tcursor].open
		}
		in.clamp()
	case in.pane == paneComponents && key.Matches(msg, k.ExpandAll):
		for _, n := range in.roots {
			setOpen(n, true)
		}
	case in.pane == paneComponents && key.Matches(msg, k.CollapseAll):
		for _, n := range in.roots {
			setOpen(n, false)
		}
		in.tcursor = min(in.tcursor, len(in.roots)-1)
		in.clamp()
	case key.Matches(msg, k.Up):
		in.scroll(-1)
	case key.Matches(msg, k.Down):
		in.scroll(1)
	case key.Matches(msg, k.PageUp):
		in.scroll(-in.contentHeight())
	case key.Matches(msg, k.PageDown):
		in.scroll(in.contentHeight())
	case key.Matches(msg, k.Top):
		in.scroll(-1 << 30)
	case key.Matches(msg, k.Bottom):
		in.scroll(1 << 30)
	}
	return nil
}

// --- actions -----------------------------------------------------------------

const actValidate, actPublish = "VALIDATE", "PUBLISH"

// statusActions are the STOP, PAUSE and RESUME the spec allows for c: by
// delivery type and state (engine.Actions), and for Push and Email only.
func statusActions(c *model.Campaign) []string {
	switch common.Str(c.Channel) {
	case model.ChannelPush, model.ChannelEmail:
		return engine.Actions(common.Str(c.CampaignDeliveryType), common.Str(c.Status))
	}
	return nil
}

// statusKeys are the menu's keys for the status actions.
var statusKeys = map[string]string{"s": model.ActionStop, "u": model.ActionResume}

func (in *Inspector) menuItems() []menuItem {
	items := []menuItem{{key: "v", action: actValidate, label: "Validate", desc: "check the publish rules; changes nothing"}}
	st := common.Str(in.camp.Status)
	if st == model.StatusDraft && in.readOnly == "" {
		items = append(items, menuItem{key: "p", action: actPublish, label: "Publish", desc: "make the draft live (asks first)"})
	}
	for _, a := range statusActions(in.camp) {
		switch a {
		case model.ActionStop:
			items = append(items, menuItem{key: "s", action: a, label: "Stop", desc: "end the campaign for good (asks first)"})
		case model.ActionPause:
			items = append(items, menuItem{key: "p", action: a, label: "Pause", desc: "halt sending until resumed (asks first)"})
		case model.ActionResume:
			items = append(items, menuItem{key: "u", action: a, label: "Resume", desc: "start sending again (asks first)"})
		}
	}
	return items
}

// choose runs a menu choice: validation at once, everything that changes
// the campaign after a confirmation.
func (in *Inspector) choose(action string) tea.Cmd {
	if action == actValidate {
		return in.run(action)
	}
	in.confirm = &confirm{action: action, text: in.consequence(action)}
	return nil
}

func (in *Inspector) consequence(action string) string {
	c := in.camp
	name := "“" + common.Clean(common.CampaignName(c)) + "”"
	what := fmt.Sprintf("%s (%s %s, now %s)", name, common.Clean(common.Str(c.Channel)), common.Clean(common.Str(c.CampaignDeliveryType)), common.Clean(common.Str(c.Status)))
	switch action {
	case model.ActionStop:
		return "Stop " + what + "?\n\nRemaining sends are halted; messages already dispatched are still delivered. A stopped campaign cannot be resumed or edited again."
	case model.ActionPause:
		return "Pause " + what + "?\n\nIt sends nothing until you resume it. " + forms.EditNote(model.StatusPaused)
	case model.ActionResume:
		return "Resume " + what + "?\n\nIt starts sending to real users again (SCHEDULED if its start time is still ahead, else ACTIVE)."
	case actPublish:
		return "Publish " + what + "?\n\nThe service checks the publish rules first. If they pass, the campaign goes live and will send to real users: SCHEDULED when its start time lies ahead, else ACTIVE. A published campaign is no longer a draft."
	}
	return action + " " + what + "?"
}

func (in *Inspector) run(action string) tea.Cmd {
	id, name, client, ctx := in.id, common.CampaignName(in.camp), in.c.Client, in.c.Ctx
	switch action {
	case actValidate:
		in.busy = "validating…"
	case actPublish:
		in.busy = "publishing…"
	default:
		in.busy = strings.ToLower(action) + "…"
	}
	do := func() tea.Msg {
		m := actionDoneMsg{action: action, name: name}
		switch action {
		case actValidate:
			m.valid, m.err = client.Validate(ctx, id)
		case actPublish:
			m.err = client.Publish(ctx, id)
		default:
			_, m.err = client.SetStatus(ctx, id, action)
		}
		return m
	}
	return common.Address(in, do, in.spin.Tick)
}

var pastTense = map[string]string{model.ActionStop: "Stopped", model.ActionPause: "Paused", model.ActionResume: "Resumed", actPublish: "Published"}

func (in *Inspector) actionDone(m actionDoneMsg) tea.Cmd {
	in.busy = ""
	name := "“" + common.Clean(m.name) + "”"
	var ch check
	var note tea.Cmd
	switch {
	case m.action == actValidate && m.err == nil:
		ch.title = "Validate " + name
		if m.valid.Valid {
			ch.ok = true
			ch.title += ": ready to publish"
		} else {
			ch.title += fmt.Sprintf(": %d problem(s) block publishing", len(m.valid.Errors))
			for _, e := range m.valid.Errors {
				ch.problems = append(ch.problems, api.ErrorDetail{Target: e.Field, Message: e.Issue})
			}
		}
		note = common.Notice(ch.title, !ch.ok)
	case m.err != nil:
		verb := strings.ToLower(m.action)
		if m.action == actValidate {
			verb = "validation"
		}
		ch.title = fmt.Sprintf("%s of %s refused: %s", capitalize(verb), name, common.ErrorText(m.err))
		ch.problems = common.ErrorDetails(m.err)
		note = common.Notice(ch.title, true)
	default:
		ch.ok = true
		ch.title = pastTense[m.action] + " " + name
		note = common.Notice(ch.title+"; re-reading it", false)
	}
	in.checks = append([]check{ch}, in.checks...)
	in.pcursor = 0
	in.rebuildChecks()
	if len(ch.problems) > 0 || m.action == actValidate {
		in.pane = paneChecks
		in.offset[paneChecks] = 0
	}
	cmds := []tea.Cmd{note}
	if m.action != actValidate {
		// Whatever the answer, show the campaign as the service has it now.
		cmds = append(cmds, in.reload(), common.CampaignChanged(in.id))
	}
	return tea.Batch(cmds...)
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// jumpTo shows a problem's target in the Components pane: the node with that
// path, or its nearest ancestor present when the field itself is missing.
func (in *Inspector) jumpTo(target string) {
	var best *treeNode
	var chain []*treeNode
	var walk func(nodes []*treeNode, path []*treeNode)
	walk = func(nodes []*treeNode, path []*treeNode) {
		for _, n := range nodes {
			if n.path == target || strings.HasPrefix(target, n.path+".") || strings.HasPrefix(target, n.path+"[") {
				p := append(slices.Clone(path), n)
				if best == nil || len(n.path) > len(best.path) {
					best, chain = n, p
				}
				walk(n.children, p)
			}
		}
	}
	walk(in.roots, nil)
	in.pane = paneComponents
	if best == nil {
		return
	}
	for _, n := range chain[:len(chain)-1] {
		n.open = true
	}
	for i, n := range visible(in.roots) {
		if n == best {
			in.tcursor = i
		}
	}
	in.clamp()
}

// --- scrolling ---------------------------------------------------------------

// contentHeight: the body minus the pane tabs and the state line.
func (in *Inspector) contentHeight() int { return max(in.h-2, 1) }

func (in *Inspector) lineCount() int {
	switch in.pane {
	case paneOverview:
		return len(in.overview)
	case paneComponents:
		return len(visible(in.roots)) + in.cursorExtra()
	case paneJSON:
		return len(in.jsonLines)
	}
	return len(in.checkLines)
}

func (in *Inspector) scroll(d int) {
	if in.pane == paneChecks && len(in.problems) > 0 && (d == 1 || d == -1) {
		in.pcursor = max(min(in.pcursor+d, len(in.problems)-1), 0)
		in.rebuildChecks()
		line, h := in.problems[in.pcursor].line, in.contentHeight()
		if line < in.offset[paneChecks] {
			in.offset[paneChecks] = max(line-1, 0)
		}
		if line+2 >= in.offset[paneChecks]+h {
			in.offset[paneChecks] = line + 3 - h
		}
		in.clamp()
		return
	}
	if in.pane == paneComponents {
		n := len(visible(in.roots))
		in.tcursor = max(min(in.tcursor+d, n-1), 0)
		in.clamp()
		return
	}
	in.offset[in.pane] += d
	in.clamp()
}

func (in *Inspector) clamp() {
	h := in.contentHeight()
	if in.pane == paneComponents {
		o := &in.offset[paneComponents]
		if in.tcursor < *o {
			*o = in.tcursor
		}
		if end := in.tcursor + in.cursorExtra(); end >= *o+h {
			*o = min(end-h+1, in.tcursor)
		}
	}
	for p := range paneCount {
		cur := in.pane
		in.pane = p
		in.offset[p] = max(min(in.offset[p], in.lineCount()-h), 0)
		in.pane = cur
	}
}

// --- view ------------------------------------------------------------------

func (in *Inspector) View() string {
	st := in.c.Styles
	if in.camp == nil {
		switch {
		case in.err != "":
			return "\n " + st.Error.Render("✗ Could not read campaign "+common.Clean(in.id)+": "+common.Clean(in.err)) +
				"\n\n " + st.Muted.Render("r to try again · esc back")
		default:
			return "\n " + in.spin.View() + " reading campaign " + common.Clean(in.id) + "…"
		}
	}
	var tabs []string
	for i, n := range paneNames {
		if in.wide() && i == paneOverview {
			continue
		}
		if i == in.pane {
			tabs = append(tabs, st.ActiveTab.Render(n))
		} else {
			tabs = append(tabs, st.Tab.Render(n))
		}
	}
	head := strings.Join(tabs, "")
	switch {
	case in.busy != "":
		head += "  " + in.spin.View() + st.Muted.Render(" "+in.busy)
	case in.loading:
		head += "  " + in.spin.View() + st.Muted.Render(" reading…")
	case in.err != "":
		head += "  " + st.Error.Render("✗ "+common.Clean(in.err))
	}
	if n, h := in.lineCount(), in.contentHeight(); n > h && in.pane != paneComponents {
		pos := fmt.Sprintf("%d–%d of %d", in.offset[in.pane]+1, min(in.offset[in.pane]+h, n), n)
		if gap := in.w - lipgloss.Width(head) - lipgloss.Width(pos) - 1; gap > 0 {
			head += strings.Repeat(" ", gap) + st.Muted.Render(pos)
		}
	}
	if in.confirm != nil || in.menu != nil {
		return head + "\n" + in.stateLine() + "\n" + in.dialog()
	}
	body := in.paneLines()
	if in.wide() {
		// Overview on the left, the chosen pane on the right.
		lw, h := in.leftWidth(), in.contentHeight()
		sep := st.Muted.Render("│")
		rows := make([]string, h)
		for i := range h {
			left, right := "", ""
			if i < len(in.overview) {
				left = " " + in.overview[i]
			}
			if i < len(body) {
				right = body[i]
			}
			rows[i] = common.Pad(left, lw) + " " + sep + " " + ansi.Truncate(right, in.paneWidth(), "")
		}
		body = rows
	}
	return head + "\n" + in.stateLine() + "\n" + strings.Join(body, "\n")
}

// stateLine says at a glance what can be done with the campaign.
func (in *Inspector) stateLine() string {
	st := in.c.Styles
	status := common.Str(in.camp.Status)
	badge := st.Status(status).Render(common.Clean(status))
	var text string
	switch {
	case in.readOnly != "":
		text = st.Locked.Render("read-only: " + in.readOnly)
	case in.lockedAll:
		text = st.Locked.Render("nothing can be edited in this state")
	case len(in.locked) > 0:
		text = st.Locked.Render("locked: " + strings.Join(in.locked, ", "))
	default:
		text = st.OK.Render("every field can be edited")
	}
	if in.picked != nil && in.camp.VersionNumber != nil && *in.picked != *in.camp.VersionNumber {
		text = st.Warning.Render(fmt.Sprintf("showing version %d, the newest (the list row was version %d)", *in.camp.VersionNumber, *in.picked)) + "  " + text
	}
	return ansi.Truncate(" "+badge+"  "+text, in.w, "…")
}

func (in *Inspector) paneLines() []string {
	h := in.contentHeight()
	var lines []string
	switch in.pane {
	case paneOverview:
		lines = in.overview
	case paneComponents:
		lines = in.treeLines(in.offset[paneComponents], h)
		return lines
	case paneJSON:
		lines = in.jsonLines
	case paneChecks:
		lines = in.checkLines
	}
	off := in.offset[in.pane]
	if off > len(lines) {
		off = len(lines)
	}
	lines = lines[off:]
	if len(lines) > h {
		lines = lines[:h]
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = " " + l
	}
	return out
}

func (in *Inspector) treeLines(off, h int) []string {
	st := in.c.Styles
	vis := visible(in.roots)
	if len(vis) == 0 {
		return []string{" " + st.Muted.Render("This campaign has no components yet.")}
	}
	var out []string
	for i := off; i < len(vis) && len(out) < h; i++ {
		n := vis[i]
		mark := "  "
		if n.kind != 0 {
			mark = "▸ "
			if n.open {
				mark = "▾ "
			}
		}
		indent := strings.Repeat("  ", n.depth-1)
		label := common.Clean(n.label())
		var val string
		if n.kind == 0 {
			val = common.Clean(n.value)
		} else if !n.open {
			val = common.Clean(n.summary())
		}
		text := label
		if val != "" {
			text += ": " + val
		}
		var badges []string
		if want, ok := in.unknown[n.path]; ok {
			if want == "" {
				badges = append(badges, st.Warning.Render("[unknown field, kept]"))
			} else {
				badges = append(badges, st.Error.Render("[wrong type: want "+want+"]"))
			}
		}
		if in.lockedAll && n.depth == 1 || slices.Contains(in.locked, n.path) {
			badges = append(badges, st.Locked.Render("[locked]"))
		}
		line := indent + mark
		if i == in.tcursor {
			// The selected node is shown whole: a long value wraps under itself.
			parts := in.wrapNode(n, text)
			line = st.Cursor.Render("▌") + line + st.Selected.Render(parts[0])
			for _, p := range parts[1:] {
				out = append(out, line)
				line = " " + indent + "  " + st.Selected.Render(p)
			}
		} else if n.depth == 1 {
			line = " " + line + st.Subtitle.Render(text)
		} else {
			line = " " + line + st.Text.Render(text)
		}
		if len(badges) > 0 {
			line += " " + strings.Join(badges, " ")
		}
		out = append(out, line)
	}
	return out
}

// wrapNode splits a node's text to the pane's width.
func (in *Inspector) wrapNode(n *treeNode, text string) []string {
	limit := in.paneWidth() - 2*(n.depth-1) - 4
	if limit < 10 || lipgloss.Width(text) <= limit {
		return []string{text}
	}
	return strings.Split(ansi.Wrap(text, limit, " ,"), "\n")
}

// cursorExtra is how many lines the selected node takes beyond its first.
func (in *Inspector) cursorExtra() int {
	vis := visible(in.roots)
	if in.tcursor >= len(vis) {
		return 0
	}
	n := vis[in.tcursor]
	text := common.Clean(n.label())
	if n.kind == 0 {
		text += ": " + common.Clean(n.value)
	} else if !n.open {
		text += ": " + n.summary()
	}
	return len(in.wrapNode(n, text)) - 1
}

// rebuildJSON wraps the (highlighted, once ready) JSON to the pane's width.
func (in *Inspector) rebuildJSON() {
	src, colored := in.jsonSrc, in.jsonOut != "" && in.jsonOut != in.jsonSrc
	if colored {
		src = in.jsonOut
	}
	limit := max(in.paneWidth()-2, 10)
	in.jsonLines = in.jsonLines[:0]
	for _, l := range strings.Split(src, "\n") {
		if colored {
			// chroma leaves a colour open across a line break now and then.
			l += "\x1b[0m"
		}
		if lipgloss.Width(l) > limit {
			in.jsonLines = append(in.jsonLines, strings.Split(ansi.Hardwrap(l, limit, true), "\n")...)
			continue
		}
		in.jsonLines = append(in.jsonLines, l)
	}
}

func (in *Inspector) rebuildChecks() {
	st := in.c.Styles
	if len(in.checks) == 0 {
		in.checkLines = []string{st.Muted.Render("No checks yet: v validates against the publish rules, a lists the actions.")}
		return
	}
	wrap := in.c.Styles.Renderer().NewStyle().Width(max(in.paneWidth()-8, 20))
	var out []string
	in.problems = in.problems[:0]
	for _, c := range in.checks {
		// The title holds the service's reason for a refusal: wrapped
		// whole, not cut at the pane's edge.
		mark, style := "✓ ", st.OK
		if !c.ok {
			mark, style = "✗ ", st.Error
		}
		for i, l := range strings.Split(wrap.Render(common.Clean(c.title)), "\n") {
			if i > 0 {
				mark = "  "
			}
			out = append(out, style.Render(mark+strings.TrimRight(l, " ")))
		}
		for _, p := range c.problems {
			target := common.Clean(p.Target)
			if target == "" {
				target = "(campaign)"
			}
			sel := len(in.problems) == in.pcursor
			in.problems = append(in.problems, problemRef{target: p.Target, line: len(out)})
			if sel {
				out = append(out, st.Cursor.Render(" ▌ ")+st.Selected.Render(target))
			} else {
				out = append(out, "   "+st.Warning.Render(target))
			}
			for _, l := range strings.Split(wrap.Render(common.Clean(p.Message)), "\n") {
				out = append(out, "     "+st.Text.Render(strings.TrimRight(l, " ")))
			}
		}
		out = append(out, "")
	}
	in.checkLines = out
}

func (in *Inspector) dialog() string {
	st := in.c.Styles
	w := min(in.w-4, 72)
	var content string
	if in.confirm != nil {
		text := in.c.Styles.Renderer().NewStyle().Width(w - 6).Render(in.confirm.text)
		content = text + "\n\n" + st.Key.Render("y") + st.Muted.Render(" confirm   ") + st.Key.Render("n/esc") + st.Muted.Render(" cancel")
	} else {
		var lines []string
		lines = append(lines, st.Title.Render("Actions for “"+common.Clean(common.CampaignName(in.camp))+"”"), "")
		for i, it := range in.menu.items {
			row := common.Pad(common.Pad(it.key, 2)+common.Pad(it.label, 10)+it.desc, w-8)
			if i == in.menu.cursor {
				lines = append(lines, st.Selected.Render("> "+row))
			} else {
				lines = append(lines, "  "+st.Text.Render(row))
			}
		}
		if common.Str(in.camp.Status) != model.StatusDraft && len(statusActions(in.camp)) == 0 {
			lines = append(lines, "", st.Muted.Render(fmt.Sprintf("Stop, pause and resume do not apply to %s %s campaigns in %s.",
				common.Clean(common.Str(in.camp.Channel)), common.Clean(common.Str(in.camp.CampaignDeliveryType)), common.Clean(common.Str(in.camp.Status)))))
		}
		content = in.c.Styles.Renderer().NewStyle().Width(w - 6).Render(strings.Join(lines, "\n"))
	}
	box := st.Dialog.Render(content)
	return in.c.Styles.Renderer().Place(in.w, in.contentHeight(), lipgloss.Center, lipgloss.Center, box)
}
