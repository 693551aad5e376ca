// Package editor is the draft editor: guided steps over the forms field
// model, live validation with the engine on every key press, a preview
// beside the form, sync through the sync engine, conflicts and test sends.
//
// A step is a list of rows (forms.Field) drawn by the editor, not a huh
// group: rows appear and vanish as values change (a template, a delivery
// type, a toggle), and a group redraws every field on each key (about 2 ms
// at 25 fields). Editing a row opens one small huh form holding one field
// for it (rowForm): huh.Input for one-line values, drawn in the row;
// huh.Text for long text, huh.Select for a choice (with "(not set)") and
// huh.MultiSelect for a subset, drawn as a dialog. Only one huh form lives
// at a time (two would both take the keys), built on the session's styles
// (huh's own themes use the process's renderer, wrong over SSH). huh
// validates on blur, so after every key the editor reads the bound value
// and applies it at once: the engine judges each key press, and a hovered
// choice is applied as it is hovered (esc puts the old one back). Time
// zones keep a picker of their own (see picker). The new-draft dialog is a
// huh form too.
//
// Switching a template clears the fields the new one does not use; those
// values are kept by path for the session (Model.stash) and come back when
// a template that uses them is chosen again.
//
// A key press changes the editor's own copy at once (validated in Update)
// and queues the same change for the sync engine's journal on a worker
// goroutine, so no key waits for an fsync or a deep copy; Factory.Drain
// runs before the engine closes, so quitting loses nothing typed.
package editor

import (
	"context"
	"fmt"
	"slices"
	"strings"
	gosync "sync"
	"time"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/components/preview"
)

// Creator makes a draft through the create route and returns its campaign_id.
type Creator interface {
	CreateDraft(ctx context.Context, body *model.Campaign) (string, error)
}

// Tester sends a test through the test route.
type Tester interface {
	Test(ctx context.Context, req api.TestRequest) (api.TestResult, error)
}

// Publisher validates and publishes a draft on the service.
type Publisher interface {
	Publish(ctx context.Context, id string) error
	Get(ctx context.Context, id string) (*model.Campaign, error)
}

// publishedMsg is the answer to a publish from the Review step.
type publishedMsg struct {
	id    string
	state string
	err   error
}

// PreviewUser is a profile the preview personalises for.
type PreviewUser struct {
	Name  string
	Attrs map[string]any
}

// Factory builds editors; main puts it in ui.Config.Editor and the root
// opens pages with New.
type Factory struct {
	Store   Store
	Creator Creator
	Tester  Tester
	// Options are the workspace's features for validation.
	Options engine.Options
	// Users gives the profiles the preview can personalise for (nil:
	// DefaultUsers).
	Users UserSource
	// PreviewDelay is the typing pause after which the preview redraws.
	PreviewDelay time.Duration
	// Publisher publishes from the Review step (nil: not offered).
	Publisher Publisher
	// Local is the user's time zone, for the Review's "your time" (nil:
	// the machine's; over SSH that is the server's).
	Local *time.Location

	mu     gosync.Mutex
	queues map[*opQueue]bool
}

// Drain waits until every editor's queued edits are in the journal; call
// it before closing the store so that quitting loses nothing typed.
func (f *Factory) Drain() {
	f.mu.Lock()
	qs := make([]*opQueue, 0, len(f.queues))
	for q := range f.queues {
		qs = append(qs, q)
	}
	f.mu.Unlock()
	for _, q := range qs {
		q.drain()
	}
}

func (f *Factory) track(q *opQueue, on bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.queues == nil {
		f.queues = map[*opQueue]bool{}
	}
	if on {
		f.queues[q] = true
	} else {
		delete(f.queues, q)
	}
}

// New opens campaign id in the editor, or the new-draft dialog when id is "".
func (f *Factory) New(c *common.Common, id string) *Model {
	m := &Model{
		c: c, f: f, id: id, keys: keysOf(c.Keys),
		prev:  preview.New(c.Styles, c.Highlight),
		queue: newQueue(),
		sel:   forms.Selection{Locale: forms.DefaultLocale, Variation: "variation_1"},
		event: map[string]any{},
	}
	f.track(m.queue, true)
	if f.Users != nil {
		m.users = f.Users.PreviewUsers()
	}
	if len(m.users) == 0 {
		m.users = DefaultUsers
	}
	if id == "" {
		m.dialog = newDraftDialog(m)
	}
	m.SetSize(c.Width, c.Height)
	return m
}

// UserSource gives the profiles the preview can personalise for. main fills
// it: the embedded sandbox's demo users, or sample profiles for a service
// whose profiles cannot be listed. The editor never imports the sandbox.
type UserSource interface{ PreviewUsers() []PreviewUser }

// UserList is a fixed UserSource.
type UserList []PreviewUser

// PreviewUsers returns the list.
func (l UserList) PreviewUsers() []PreviewUser { return l }

// DefaultUsers are sample profiles for the preview when the service offers
// none.
var DefaultUsers = []PreviewUser{
	{Name: "Ada (sample)", Attrs: map[string]any{"First Name": "Ada", "Last Name": "Lovelace", "City": "London", "Email (Standard)": "ada@example.com", "Points": 120}},
	{Name: "Empty profile", Attrs: nil},
}

// Model is one open editor.
type Model struct {
	c    *common.Common
	f    *Factory
	id   string
	keys keyMap

	width, height int

	loaded     bool
	loadErr    error
	base, work *model.Campaign
	state      string
	locked     []string
	lockedAll  bool

	step forms.Step
	sel  forms.Selection
	rows []forms.Field
	cur  int
	top  int

	// edit is the row being edited through its huh form (nil: none).
	edit *rowForm
	// stash keeps values a change cleared along with their rows (a
	// template switch clears what the new template does not use), by path,
	// to give them back when a row with that path shows again, empty.
	stash map[string]stashed

	patchProblems   []engine.Problem
	publishProblems []engine.Problem
	rowProblems     map[int][]string
	panel           []panelItem
	pane            int // 0 form, 1 problems, 2 preview
	pcur            int
	stepCounts      map[forms.Step]int

	prev    *preview.Model
	prevSeq int
	users   []PreviewUser
	user    int
	event   map[string]any
	queue   *opQueue
	// events is this editor's feed from the store (Subscribe).
	events      <-chan StoreEvent
	unsubscribe func()
	status      SyncStatus
	listening   bool
	notice      string
	noticeErr   bool
	dialog      dialog
	closed      bool
	// pendingName is the new draft\'s name when it could not be sent with
	// the create request.
	pendingName string
	prevCache   struct {
		key [4]int
		s   []string
	}
}

func (m *Model) storeEvent(ev StoreEvent) tea.Cmd {
	if ev.ID != m.id || !m.loaded {
		return nil
	}
	m.status = ev.Status
	if ev.Err != nil {
		m.setNotice(ev.Err.Error(), true)
	}
	var cmd tea.Cmd
	if len(ev.Remote) > 0 {
		cmd = m.takeComponents(ev.Remote)
	}
	if ev.Conflict && m.dialog == nil {
		m.openConflicts()
	}
	return cmd
}

func (m *Model) opDone(r opResult) tea.Cmd {
	if r.err != nil {
		m.setNotice("not saved: "+r.err.Error(), true)
	}
	if r.done != nil {
		_, cmd := m.Update(r.done)
		return cmd
	}
	return nil
}

type panelItem struct {
	blocking bool // stops sync (DRAFT_PATCH), else a publish checklist item
	p        engine.Problem
	// plain is the problem in the form's words (the label, no JSON path);
	// p keeps the engine's own message and target for the detail line.
	plain forms.Plain
}

// Messages, addressed by campaign id so a late answer for another campaign
// is dropped.
type (
	loadedMsg struct {
		id         string
		base, work *model.Campaign
		status     SyncStatus
		err        error
	}
	createdMsg struct {
		id  string
		err error
	}
	// listenMsg is what a listener got; only its owner listens again.
	listenMsg struct {
		owner *Model
		ev    *StoreEvent
		res   *opResult
	}
	flushedMsg struct {
		id  string
		err error
	}
	previewTickMsg struct {
		id  string
		seq int
	}
	componentMsg struct {
		id    string
		names []string
		work  *model.Campaign
	}
)

// CampaignID is the campaign being edited ("" until a new draft exists).
func (m *Model) CampaignID() string { return m.id }

// Init loads the campaign (or waits for the new-draft dialog).
func (m *Model) Init() tea.Cmd {
	if d, ok := m.dialog.(*draftDialog); ok {
		return d.init()
	}
	return m.load()
}

func (m *Model) ctx() context.Context {
	if m.c.Ctx != nil {
		return m.c.Ctx
	}
	return context.Background()
}

func (m *Model) load() tea.Cmd {
	id, st := m.id, m.f.Store
	ctx := m.ctx()
	if m.unsubscribe == nil {
		m.events, m.unsubscribe = st.Subscribe(id)
	}
	return tea.Batch(func() tea.Msg {
		if err := st.Load(ctx, id); err != nil {
			return loadedMsg{id: id, err: err}
		}
		return loadedMsg{id: id, base: st.Base(id), work: st.Working(id), status: st.Status(id)}
	}, m.listen())
}

// listen waits for the next sync event or queued-op result.
func (m *Model) listen() tea.Cmd {
	if m.listening {
		return nil
	}
	m.listening = true
	evs, res := m.events, m.queue.results
	return func() tea.Msg {
		select {
		case e, ok := <-evs:
			if !ok {
				return nil
			}
			return listenMsg{owner: m, ev: &e}
		case r, ok := <-res:
			if !ok {
				return nil
			}
			return listenMsg{owner: m, res: &r}
		}
	}
}

// SetSize sets the editor's size.
func (m *Model) SetSize(w, h int) {
	m.width, m.height = max(w, 40), max(h, 12)
	_, _, pw, ph := m.layout()
	fr := m.c.Styles.Pane
	m.prev.SetSize(pw-fr.GetHorizontalFrameSize(), ph-fr.GetVerticalFrameSize())
	if m.edit != nil {
		m.edit.resize(m)
	}
}

// Typing reports a focused text field or an open dialog: the root then
// leaves q and ? to us.
func (m *Model) Typing() bool { return m.edit != nil || m.dialog != nil }

// ShortHelp lists the main keys.
func (m *Model) ShortHelp() []key.Binding {
	if m.edit != nil && !m.edit.inline {
		return m.edit.help()
	}
	if d, ok := m.dialog.(footed); ok {
		return d.footer()
	}
	if m.dialog != nil {
		return []key.Binding{m.keys.Edit, m.keys.Cancel}
	}
	if m.edit != nil && m.edit.inline {
		return []key.Binding{m.keys.Done, m.keys.Cancel, m.keys.Sync}
	}
	// "? help" comes before the footer is cut at 80 columns: it is the way
	// to every other key.
	return []key.Binding{m.keys.Edit, m.keys.NextStep, m.keys.PrevStep, m.keys.NextPane, m.c.Keys.Help, m.keys.Back, m.keys.Sync, m.keys.Test}
}

// FullHelp lists every key.
func (m *Model) FullHelp() [][]key.Binding {
	k := m.keys
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Edit, k.Left, k.Right, k.Toggle},
		{k.NextStep, k.PrevStep, k.Step, k.NextPane, k.PrevPane},
		{k.Sync, k.Test, k.Conflicts, k.PreviewTab, k.User, k.EventAttrs, k.Back},
	}
}

// --- update --------------------------------------------------------------

// Update routes messages.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case loadedMsg:
		if msg.id != m.id {
			return m, nil
		}
		if msg.err != nil {
			m.loadErr = msg.err
			return m, nil
		}
		m.base, m.work, m.status, m.loaded = msg.base, msg.work, msg.status, true
		m.state = str(m.work.Status)
		if m.state == "" {
			m.state = model.StatusDraft
		}
		m.locked, m.lockedAll = engine.Locked(m.state)
		m.afterChange()
		var cmd tea.Cmd
		if m.pendingName != "" {
			name := m.pendingName
			m.pendingName = ""
			cmd = m.change("basic_details.name", func(c *model.Campaign) error { return forms.Set(c, "basic_details.name", name) })
		}
		// The first preview renders off the UI goroutine too.
		in := m.previewInput()
		cmd = tea.Batch(cmd, m.prev.Refresh(m.ctx(), func() preview.Input { return in }))
		if m.status.State == Conflict {
			m.openConflicts()
		}
		return m, cmd
	case createdMsg:
		if msg.err != nil {
			if d, ok := m.dialog.(*draftDialog); ok {
				return m, d.failed(m, msg.err)
			}
			return m, nil
		}
		m.id = msg.id
		m.dialog = nil
		return m, m.load()
	case listenMsg:
		var cmd tea.Cmd
		if msg.owner == m {
			m.listening = false
			if !m.closed {
				cmd = m.listen()
			}
		}
		switch {
		case msg.ev != nil:
			return m, tea.Batch(cmd, m.storeEvent(*msg.ev))
		case msg.res != nil && msg.owner == m:
			return m, tea.Batch(cmd, m.opDone(*msg.res))
		}
		return m, cmd
	case componentMsg:
		if msg.id != m.id || msg.work == nil {
			return m, nil
		}
		for _, n := range msg.names {
			copyComponent(m.work, msg.work, n)
		}
		m.base = m.f.Store.Base(m.id)
		m.afterChange()
		return m, m.schedulePreview()
	case flushedMsg:
		if msg.id != m.id {
			return m, nil
		}
		m.status = m.f.Store.Status(m.id)
		if msg.err != nil {
			switch {
			case m.status.State == Invalid:
				// Say what to do: the sync engine's own words only say why.
				m.setNotice("not sent: fix the problems marked invalid first (tab: problems); the edits are kept", true)
			default:
				m.setNotice("sync: "+strings.TrimPrefix(msg.err.Error(), "sync: "), true)
			}
			if m.status.State == Conflict && m.dialog == nil {
				m.openConflicts()
			}
		} else {
			m.base = m.f.Store.Base(m.id)
			m.setNotice("Synced.", false)
		}
		return m, m.schedulePreview()
	case previewTickMsg:
		if msg.id != m.id || msg.seq != m.prevSeq || m.work == nil {
			return m, nil
		}
		in := m.previewInput()
		return m, m.prev.Refresh(m.ctx(), func() preview.Input { return in })
	case testDoneMsg:
		if d, ok := m.dialog.(*testDialog); ok && msg.id == m.id {
			d.done(msg)
		}
		return m, nil
	case resolvedMsg:
		if msg.id != m.id {
			return m, nil
		}
		if msg.err != nil {
			m.setNotice("resolve "+msg.component+": "+msg.err.Error(), true)
			return m, nil
		}
		m.status = m.f.Store.Status(m.id)
		m.setNotice("Conflict in "+msg.component+" resolved.", false)
		next, cmd := m.Update(componentMsg{id: m.id, names: []string{msg.component}, work: m.f.Store.Working(m.id)})
		if m.status.State == Conflict {
			m.openConflicts()
		}
		return next, cmd
	case publishedMsg:
		if msg.id != m.id {
			return m, nil
		}
		if msg.err != nil {
			m.setNotice("publish refused: "+common.ErrorText(msg.err), true)
			return m, nil
		}
		m.state = msg.state
		m.work.Status = &msg.state
		m.locked, m.lockedAll = engine.Locked(m.state)
		m.setNotice("Published: the campaign is now "+msg.state+".", false)
		m.afterChange()
		return m, nil
	case leaveMsg:
		m.closed = true
		if m.unsubscribe != nil {
			m.unsubscribe()
		}
		m.queue.close()
		m.f.track(m.queue, false)
		return m, common.Pop()
	case tea.KeyMsg:
		if m.dialog != nil {
			return m, m.dialog.update(m, msg)
		}
		if !m.loaded {
			if key.Matches(msg, m.keys.Back) {
				return m, m.leave()
			}
			return m, nil
		}
		if m.edit != nil {
			return m, m.edit.update(m, msg)
		}
		return m, m.updateKeys(msg)
	case tea.MouseMsg:
		if msg.Action == tea.MouseActionPress {
			switch msg.Button {
			case tea.MouseButtonWheelUp:
				m.move(-3)
			case tea.MouseButtonWheelDown:
				m.move(3)
			}
		}
		return m, nil
	}
	if d, ok := m.dialog.(*draftDialog); ok {
		return m, d.take(m, msg)
	}
	return m, m.prev.Update(msg)
}

type leaveMsg struct{}

func (m *Model) setNotice(s string, isErr bool) { m.notice, m.noticeErr = common.Clean(s), isErr }

func (m *Model) updateKeys(msg tea.KeyMsg) tea.Cmd {
	k := m.keys
	m.notice = ""
	switch {
	case key.Matches(msg, k.Sync):
		return m.flush()
	case key.Matches(msg, k.Test):
		m.dialog = newTestDialog(m)
		return nil
	case key.Matches(msg, k.NextPane):
		m.pane = (m.pane + 1) % 3
		return nil
	case key.Matches(msg, k.PrevPane):
		m.pane = (m.pane + 2) % 3
		return nil
	case key.Matches(msg, k.NextStep):
		m.goStep(m.nextStep(1))
		return nil
	case key.Matches(msg, k.PrevStep):
		m.goStep(m.nextStep(-1))
		return nil
	case key.Matches(msg, k.Step):
		n := int(msg.Runes[0] - '1')
		if n >= 0 && n < len(forms.Steps) && forms.StepApplies(forms.Steps[n], m.channel(), m.delivery()) {
			m.goStep(forms.Steps[n])
		}
		return nil
	case key.Matches(msg, k.PreviewTab):
		m.prev.NextTab()
		return nil
	case key.Matches(msg, k.User):
		m.user = (m.user + 1) % len(m.users)
		return m.schedulePreview()
	case key.Matches(msg, k.EventAttrs):
		m.dialog = newEventDialog(m)
		return nil
	case key.Matches(msg, k.Conflicts):
		m.openConflicts()
		return nil
	case key.Matches(msg, k.Back):
		return m.leave()
	}
	switch m.pane {
	case 1:
		return m.updateProblems(msg)
	case 2:
		switch {
		case key.Matches(msg, k.Up):
			m.prev.Scroll(-1)
		case key.Matches(msg, k.Down):
			m.prev.Scroll(1)
		case key.Matches(msg, k.PageUp):
			m.prev.Scroll(-10)
		case key.Matches(msg, k.PageDown):
			m.prev.Scroll(10)
		}
		return nil
	}
	return m.updateForm(msg)
}

func (m *Model) updateProblems(msg tea.KeyMsg) tea.Cmd {
	switch {
	case key.Matches(msg, m.keys.Up):
		m.pcur = max(0, m.pcur-1)
	case key.Matches(msg, m.keys.Down):
		m.pcur = min(len(m.panel)-1, m.pcur+1)
	case key.Matches(msg, m.keys.Edit):
		if m.pcur >= 0 && m.pcur < len(m.panel) {
			m.jumpTo(forms.FieldTarget(m.panel[m.pcur].p))
		}
	}
	return nil
}

func (m *Model) updateForm(msg tea.KeyMsg) tea.Cmd {
	k := m.keys
	switch {
	case key.Matches(msg, k.Up):
		m.move(-1)
		return nil
	case key.Matches(msg, k.Down):
		m.move(1)
		return nil
	case key.Matches(msg, k.PageUp):
		m.move(-10)
		return nil
	case key.Matches(msg, k.PageDown):
		m.move(10)
		return nil
	}
	if m.cur < 0 || m.cur >= len(m.rows) {
		return nil
	}
	f := m.rows[m.cur]
	if !f.Focusable() {
		return nil
	}
	if reason := m.lockReason(f.Path); reason != "" {
		if key.Matches(msg, k.Edit, k.Toggle, k.Left, k.Right) {
			m.setNotice(reason, true)
		}
		return nil
	}
	switch f.Kind {
	case forms.Action:
		if key.Matches(msg, k.Edit) {
			return m.runAction(f)
		}
	case forms.Bool, forms.Enum:
		switch {
		case key.Matches(msg, k.Left):
			return m.cycle(f, -1)
		case key.Matches(msg, k.Right), key.Matches(msg, k.Toggle) && f.Kind == forms.Bool:
			return m.cycle(f, 1)
		case key.Matches(msg, k.Toggle):
			return m.cycle(f, 1)
		case key.Matches(msg, k.Edit):
			m.startEdit(f)
		}
	case forms.Zone:
		if key.Matches(msg, k.Edit) {
			m.dialog = newPicker(m, f)
		}
	default:
		if key.Matches(msg, k.Edit) {
			m.startEdit(f)
		}
	}
	return nil
}

// startEdit opens row f's huh form: in the row for one-line values, as a
// dialog for long text and choices.
func (m *Model) startEdit(f forms.Field) {
	m.edit = newRowForm(m, f, m.fieldText(f))
	if !m.edit.inline {
		m.dialog = m.edit
	}
}

func (m *Model) stopEditing() {
	if m.edit != nil && m.dialog == dialog(m.edit) {
		m.dialog = nil
	}
	m.edit = nil
}

// fieldText is a row's current value as text (the selection rows read the
// editor's selection, not the campaign).
func (m *Model) fieldText(f forms.Field) string {
	switch f.Path {
	case forms.SelLocale:
		return m.sel.Locale
	case forms.SelVariation:
		return m.sel.Variation
	case forms.SelPlatform:
		return m.sel.Platform
	}
	return f.Format(m.work)
}

func (m *Model) cycle(f forms.Field, step int) tea.Cmd {
	if f.Role == forms.RoleSelector {
		cur := slices.Index(f.Options, m.fieldText(f))
		n := len(f.Options)
		if n == 0 {
			return nil
		}
		return m.choose(f, f.Options[((cur+step)%n+n)%n])
	}
	return m.apply(f, f.Cycle(m.work, step))
}

// choose sets a row to one value (selection rows change the selection).
func (m *Model) choose(f forms.Field, v string) tea.Cmd {
	switch f.Path {
	case forms.SelLocale:
		m.sel.Locale = v
	case forms.SelVariation:
		m.sel.Variation = v
	case forms.SelPlatform:
		m.sel.Platform = v
	default:
		return m.apply(f, v)
	}
	m.rebuild()
	return m.schedulePreview()
}

// apply writes text into a field: at once in the editor's copy (validated
// now), and through the queue into the sync engine's journal.
func (m *Model) apply(f forms.Field, text string) tea.Cmd {
	if f.Kind == forms.Text || f.Kind == forms.LongText {
		// Typing text shows or hides no rows: no stash to keep.
		return m.change(f.Path, func(c *model.Campaign) error { return f.Apply(c, text) })
	}
	before := m.rowValues()
	cmd := m.change(f.Path, func(c *model.Campaign) error { return f.Apply(c, text) })
	return tea.Batch(cmd, m.restash(before))
}

// rowValues are the texts of the rows shown that hold a value, by path.
func (m *Model) rowValues() map[string]stashed {
	out := make(map[string]stashed, len(m.rows))
	for _, f := range m.rows {
		if f.IsValue() { // campaign values only
			if t := f.Format(m.work); t != "" {
				out[f.Path] = stashed{f, t}
			}
		}
	}
	return out
}

// stashed is a value a change cleared, as its field's text (applied again,
// it gives each copy of the campaign its own value).
type stashed struct {
	field forms.Field
	text  string
}

// restash keeps what a change cleared along with its row and gives back
// kept values to rows that show again empty (switching a template back).
func (m *Model) restash(before map[string]stashed) tea.Cmd {
	shown := make(map[string]bool, len(m.rows))
	for _, f := range m.rows {
		shown[f.Path] = true
	}
	for p, v := range before {
		if !shown[p] && v.field.Format(m.work) == "" {
			if m.stash == nil {
				m.stash = map[string]stashed{}
			}
			m.stash[p] = v
		}
	}
	var back []stashed
	for _, f := range m.rows {
		if v, ok := m.stash[f.Path]; ok && f.Format(m.work) == "" {
			back = append(back, stashed{f, v.text})
			delete(m.stash, f.Path)
		}
	}
	if len(back) == 0 {
		return nil
	}
	return m.change("", func(c *model.Campaign) error {
		for _, v := range back {
			// One value that no longer fits does not hold back the others.
			_ = v.field.Apply(c, v.text)
		}
		return nil
	})
}

// reviewPublish is the Review step's publish row.
const reviewPublish = "@review-publish"

// publishFromReview confirms with the campaign's name and when it goes
// out, then syncs, publishes through V1 and shows the new state.
func (m *Model) publishFromReview() tea.Cmd {
	if len(m.panel) > 0 {
		m.setNotice(fmt.Sprintf("Fix the %d item(s) of the checklist first.", len(m.panel)), true)
		return nil
	}
	name := "this draft"
	if m.work.BasicDetails != nil && str(m.work.BasicDetails.Name) != "" {
		name = "“" + str(m.work.BasicDetails.Name) + "”"
	}
	when := forms.ScheduleText(m.work.SchedulingDetails, m.f.Local)
	if when == "" {
		when = "when its trigger fires"
	}
	m.dialog = &confirmDialog{title: "Publish " + name + "?",
		text: "It goes live and sends to real users " + when + ". The edits are synced first.",
		yes: func(m *Model) tea.Cmd {
			id, st, q, pub := m.id, m.f.Store, m.queue, m.f.Publisher
			ctx := m.ctx()
			m.setNotice("Publishing…", false)
			return func() tea.Msg {
				q.drain()
				if err := st.Flush(ctx, id); err != nil {
					return publishedMsg{id: id, err: err}
				}
				if err := pub.Publish(ctx, id); err != nil {
					return publishedMsg{id: id, err: err}
				}
				c, err := pub.Get(ctx, id)
				if err != nil {
					return publishedMsg{id: id, err: err}
				}
				return publishedMsg{id: id, state: str(c.Status)}
			}
		}}
	return nil
}

func (m *Model) runAction(f forms.Field) tea.Cmd {
	if f.Path == reviewPublish {
		return m.publishFromReview()
	}
	if f.Role == forms.RoleCopyContent {
		m.dialog = newCopyDialog(m)
		return nil
	}
	run := func(arg string) tea.Cmd {
		m.notice = ""
		cmd := m.change("", func(c *model.Campaign) error { return f.Do(c, arg) })
		if m.notice == "" { // no error
			m.setNotice(strings.Join(strings.Fields(strings.TrimSuffix(f.Label, "…")+" "+arg+" ✓"), " "), false)
			if m.selectAdded(f.Role, arg) {
				cmd = tea.Batch(cmd, m.schedulePreview())
			}
		}
		return cmd
	}
	if f.Role.Destroys() {
		// The content goes with it and there is no undo: ask first.
		m.dialog = &confirmDialog{title: f.Label + "?",
			text: "Its content in every platform goes too; there is no undo.",
			yes:  func(*Model) tea.Cmd { return run("") }}
		return nil
	}
	if f.Prompt != "" {
		m.dialog = newPrompt(m, f.Label, f.Prompt, "", func(m *Model, arg string) tea.Cmd { return run(strings.TrimSpace(arg)) })
		return textinput.Blink
	}
	return run("")
}

// selectAdded shows what was just added, so its content is edited next
// rather than the one the cursor was on.
func (m *Model) selectAdded(role forms.Role, arg string) bool {
	switch role {
	case forms.RoleAddLocale:
		m.sel.Locale = arg
	case forms.RoleAddVariation:
		if vs := forms.Variations(m.work); len(vs) > 0 {
			m.sel.Variation = vs[len(vs)-1]
		}
	default:
		return false
	}
	m.sel = forms.FixSelection(m.work, m.sel)
	m.rebuild()
	return true
}

// change is the one way the campaign changes.
func (m *Model) change(coalesce string, fn func(c *model.Campaign) error) tea.Cmd {
	if err := fn(m.work); err != nil {
		m.setNotice(err.Error(), true)
		return nil
	}
	st, id := m.f.Store, m.id
	m.queue.push(op{key: coalesce, run: func() opResult {
		return opResult{err: st.Edit(id, func(w *model.Campaign) { _ = fn(w) })}
	}})
	m.status.Unsynced = max(m.status.Unsynced, 1)
	if m.status.State == Synced {
		m.status.State = Pending
	}
	m.afterChange()
	return m.schedulePreview()
}

func (m *Model) schedulePreview() tea.Cmd {
	m.prevSeq++
	seq, id := m.prevSeq, m.id
	d := m.f.PreviewDelay
	if d <= 0 {
		d = 120 * time.Millisecond
	}
	return tea.Tick(d, func(time.Time) tea.Msg { return previewTickMsg{id: id, seq: seq} })
}

// previewInput snapshots what the preview needs.
func (m *Model) previewInput() preview.Input {
	work := model.Clone(m.work)
	base := model.Clone(m.base)
	invalid := map[string]bool{}
	for _, p := range m.patchProblems {
		invalid[component(p.Target)] = true
	}
	u := m.users[m.user]
	ev := make(map[string]any, len(m.event))
	for k, v := range m.event {
		ev[k] = v
	}
	return preview.Input{Work: work, Base: base, Sel: m.sel, Patch: nextPatch(base, work, invalid), UserName: u.Name, User: u.Attrs, Event: ev}
}

// nextPatch is the component PATCH the sync engine will send: every changed
// component, whole, that passes DRAFT_PATCH.
func nextPatch(base, work *model.Campaign, invalid map[string]bool) *model.Campaign {
	var p *model.Campaign
	for _, n := range model.Components {
		a, b := model.Component(base, n), model.Component(work, n)
		if invalid[n] || (a == nil && b == nil) || (a != nil && b != nil && model.Equal(a, b)) {
			continue
		}
		if p == nil {
			p = &model.Campaign{}
		}
		if b == nil {
			continue // removing a component is not something a PATCH can say
		}
		model.SetComponent(p, n, b)
	}
	if base != nil && work != nil && str(base.CampaignDeliveryType) != str(work.CampaignDeliveryType) {
		if p == nil {
			p = &model.Campaign{}
		}
		p.CampaignDeliveryType = work.CampaignDeliveryType
	}
	return p
}

func component(target string) string {
	if i := strings.IndexAny(target, ".["); i >= 0 {
		return target[:i]
	}
	return target
}

func (m *Model) flush() tea.Cmd {
	id, st, q := m.id, m.f.Store, m.queue
	ctx := m.ctx()
	m.setNotice("Syncing…", false)
	return func() tea.Msg {
		q.drain()
		return flushedMsg{id: id, err: st.Flush(ctx, id)}
	}
}

// takeComponents copies components the service changed (no local edits)
// from the sync engine into the editor's copy, after queued edits ran.
func (m *Model) takeComponents(names []string) tea.Cmd {
	id, st := m.id, m.f.Store
	m.queue.push(op{run: func() opResult {
		return opResult{done: componentMsg{id: id, names: names, work: st.Working(id)}}
	}})
	return nil
}

func copyComponent(dst, src *model.Campaign, name string) {
	if name == "campaign_delivery_type" {
		dst.CampaignDeliveryType = src.CampaignDeliveryType
		return
	}
	model.SetComponent(dst, name, model.Component(src, name))
}

// GuardQuit holds q while edits have not reached the service: it asks, as
// esc does (defect 1: q quit at once, with unsent edits).
func (m *Model) GuardQuit() tea.Cmd {
	if !m.loaded || m.dialog != nil {
		return nil
	}
	m.queue.drain()
	m.status = m.f.Store.Status(m.id)
	if m.status.Unsynced == 0 && m.status.State == Synced {
		return nil
	}
	m.dialog = &leaveDialog{quit: true}
	return func() tea.Msg { return nil }
}

// leave asks first when edits have not reached the service.
func (m *Model) leave() tea.Cmd {
	if !m.loaded || m.status.State == Synced && m.status.Unsynced == 0 {
		return func() tea.Msg { return leaveMsg{} }
	}
	m.queue.drain()
	m.status = m.f.Store.Status(m.id)
	if m.status.Unsynced == 0 && m.status.State == Synced {
		return func() tea.Msg { return leaveMsg{} }
	}
	m.dialog = newLeaveDialog(m)
	return nil
}

// --- derived state --------------------------------------------------------

func (m *Model) channel() string  { return str(m.work.Channel) }
func (m *Model) delivery() string { return str(m.work.CampaignDeliveryType) }

func (m *Model) ctxFor() forms.Ctx {
	return forms.NewCtx(m.work, m.sel, m.f.Options.Features.AudienceLimit)
}

// afterChange validates the whole campaign and rebuilds the rows. It runs
// on every key press, so it does no I/O and no copying.
func (m *Model) afterChange() {
	opts := m.f.Options
	doc := body(m.work)
	m.patchProblems = engine.Validate(doc, engine.PhasePatch, opts)
	all := engine.Validate(doc, engine.PhasePublish, opts)
	seen := make(map[engine.Problem]bool, len(m.patchProblems))
	m.panel = m.panel[:0]
	for _, p := range m.patchProblems {
		seen[p] = true
		m.panel = append(m.panel, panelItem{blocking: true, p: p, plain: forms.Describe(p)})
	}
	m.publishProblems = m.publishProblems[:0]
	// The editor's own check on image and link addresses (the spec only
	// asks for a URI) joins the publish checklist.
	for _, p := range append(all, forms.CheckURLs(m.work)...) {
		if !seen[p] {
			m.publishProblems = append(m.publishProblems, p)
			m.panel = append(m.panel, panelItem{p: p, plain: forms.Describe(p)})
		}
	}
	m.pcur = min(max(0, m.pcur), max(0, len(m.panel)-1))
	m.stepCounts = map[forms.Step]int{}
	for _, it := range m.panel {
		m.stepCounts[forms.StepOf(it.p.Target)]++
	}
	m.rebuild()
}

// body is the campaign as a request body: channel, delivery type and the
// components, without the record's read-only fields (status, ids, times),
// which a body must not carry. It shares memory with c: no copy per key.
func body(c *model.Campaign) *model.Campaign {
	b := *c
	b.ID, b.CampaignID, b.RequestID, b.VersionNumber, b.Status = nil, nil, nil, nil, nil
	b.CreatedBy, b.UpdatedBy, b.CreatedAt, b.UpdatedAt, b.SentTime = nil, nil, nil, nil, nil
	b.FlowID, b.FlowName, b.ParentID, b.SenderName = nil, nil, nil, nil
	b.Extra = model.Extra{}
	return &b
}

// rebuild lists the rows of the current step and maps problems onto them.
func (m *Model) rebuild() {
	m.sel = forms.FixSelection(m.work, m.sel)
	if !forms.StepApplies(m.step, m.channel(), m.delivery()) {
		m.step = forms.StepBasic
	}
	m.rows = forms.Fields(m.step, m.ctxFor())
	if m.step == forms.StepReview && m.f.Publisher != nil && m.state == model.StatusDraft {
		m.rows = append(m.rows, forms.Field{Path: reviewPublish, Label: "Publish…", Kind: forms.Action})
	}
	if m.rowProblems == nil {
		m.rowProblems = map[int][]string{}
	}
	clear(m.rowProblems)
	for _, it := range m.panel {
		// The row the problem is fixed in (a missing email body belongs
		// beside HTML, not the email's first row: defect 4).
		t := forms.FieldTarget(it.p)
		first := -1
		matched := false
		for i, f := range m.rows {
			if !f.IsValue() && f.Role != forms.RoleDerived { // headings, actions, selectors
				continue
			}
			if t == f.Path || strings.HasPrefix(t, f.Path+".") || strings.HasPrefix(t, f.Path+"[") {
				m.rowProblems[i] = append(m.rowProblems[i], it.plain.Text)
				matched = true
			} else if first < 0 && strings.HasPrefix(f.Path, t+".") {
				first = i
			}
		}
		// A problem about a whole object shows on the object's first field.
		if !matched && first >= 0 {
			m.rowProblems[first] = append(m.rowProblems[first], it.plain.Text)
		}
	}
	m.cur = min(max(0, m.cur), max(0, len(m.rows)-1))
	if m.cur < len(m.rows) && !m.rows[m.cur].Focusable() {
		m.move(1)
	}
}

// lockReason says why a field cannot change in the campaign's state.
func (m *Model) lockReason(path string) string {
	if m.lockedAll {
		return fmt.Sprintf("Locked: a %s campaign cannot be edited.", m.state)
	}
	for _, t := range m.locked {
		if path == t || strings.HasPrefix(path, t+".") || strings.HasPrefix(path, t+"[") {
			return fmt.Sprintf("Locked: %s cannot change while the campaign is %s.", t, m.state)
		}
	}
	return ""
}

func (m *Model) move(d int) {
	if len(m.rows) == 0 {
		return
	}
	i := m.cur
	step := 1
	if d < 0 {
		step = -1
	}
	for n := 0; n < abs(d); n++ {
		j := i + step
		for j >= 0 && j < len(m.rows) && !m.rows[j].Focusable() {
			j += step
		}
		if j < 0 || j >= len(m.rows) {
			break
		}
		i = j
	}
	m.cur = i
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func (m *Model) nextStep(d int) forms.Step {
	i := slices.Index(forms.Steps, m.step)
	for {
		i = (i + d + len(forms.Steps)) % len(forms.Steps)
		if forms.StepApplies(forms.Steps[i], m.channel(), m.delivery()) {
			return forms.Steps[i]
		}
	}
}

func (m *Model) goStep(s forms.Step) {
	m.stopEditing()
	m.step, m.cur, m.top = s, 0, 0
	m.pane = 0
	m.rebuild()
}

// jumpTo shows the field a problem target names: the content cell it lives
// in is selected first, then its step and row.
func (m *Model) jumpTo(target string) {
	if rest, ok := strings.CutPrefix(target, "campaign_content.content."); ok && forms.Keyed(m.work) {
		parts := strings.Split(rest, ".")
		if len(parts) >= 2 && slices.Contains(forms.Locales(m.work), parts[0]) {
			m.sel.Locale, m.sel.Variation = parts[0], parts[1]
			parts = parts[2:]
		}
		if len(parts) >= 2 && parts[0] == "push" {
			m.sel.Platform = strings.ToUpper(parts[1])
		}
	} else if rest, ok := strings.CutPrefix(target, "campaign_content.content.push."); ok {
		m.sel.Platform = strings.ToUpper(strings.Split(rest, ".")[0])
	}
	m.sel = forms.FixSelection(m.work, m.sel)
	s, row, ok := forms.Locate(m.ctxFor(), target)
	if !ok {
		m.setNotice("No field for "+target, true)
		return
	}
	m.goStep(s)
	m.cur = row
	m.pane = 0
}

// Publishable reports whether the publish checklist is empty.
func (m *Model) Publishable() bool { return m.loaded && len(m.panel) == 0 }

func str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// --- layout --------------------------------------------------------------

// layout returns the step column, form and preview widths and the body
// height. Narrow windows drop the preview column (tab shows it instead).
func (m *Model) layout() (stepsW, formW, prevW, bodyH int) {
	bodyH = max(4, m.height-m.panelHeight()-3)
	// Wide enough for "▸ 6 Delivery controls" and its count: a step name
	// is never cut.
	stepsW = 25
	if m.width < 100 {
		stepsW = 0
	}
	rest := m.width - stepsW
	if m.width >= 110 {
		formW = rest * 52 / 100
		prevW = rest - formW - 1
	} else {
		formW, prevW = rest, rest
	}
	return
}

func (m *Model) panelHeight() int {
	if m.height < 24 {
		return 4
	}
	return 8
}

func (m *Model) formWidth() int { _, f, _, _ := m.layout(); return f }

// labelWidth fits the longest label of the step, so no label is cut
// ("Bypass do-not-d…"), up to half the form.
func (m *Model) labelWidth() int {
	lw := 12
	for _, f := range m.rows {
		if f.Kind != forms.Heading && f.Kind != forms.Action {
			lw = max(lw, 2*f.Depth+lipgloss.Width(f.Label))
		}
	}
	return min(lw, max(12, m.formWidth()/2))
}

var _ = lipgloss.Width
