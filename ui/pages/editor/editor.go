package editor

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/api/drafts"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/components/dialog"
	"github.com/campaigns-cli/campaigns/ui/pages/editor/dialogs"
	"github.com/campaigns-cli/campaigns/ui/pages/editor/rowform"
)

// Model is one open editor: this file routes its messages and keys.
type Model struct {
	c    *common.Common
	f    *Factory
	id   string // "" until a new draft is created
	keys keyMap

	width, height int

	d       *draft
	holding bool // the program's call holds d.h (hold)
	loadErr error
	status  drafts.Status
	feed    feed
	// lastTest is the last test sent from this editor (ctrl+r shows it).
	lastTest *dialogs.TestRun
	// sug offers names while a row that takes them is edited
	// (suggestions.go; it belongs to the rowForm it was made for).
	sug *suggester

	step  forms.Step
	sel   forms.Selection
	list  rowList
	probs problems
	steps stepsCol
	pane  int // paneForm, paneProblems or panePreview
	prev  previewPane
	// review is the Review step's verdict, estimate and scroll.
	review reviewState

	// edit is the row being edited through its huh form (nil: none).
	edit *rowform.Model
	// flowing: the last key set a value or went on with tab, so tab goes
	// on to the next field as in a form (nav.go), not to the next pane.
	flowing bool
	// pick: the letters typed on a choice row (pick.go).
	pick pickState
	// dialogs are the dialogs open over the form; the top one gets the
	// keys (dialogs.go).
	dialogs dialog.Stack
	// start is the new-draft dialog's first command (Init).
	start tea.Cmd
	// links keeps the platforms of a push message in step (link.go).
	links links

	// notice waits to be shown in the root's status line.
	notice    string
	noticeErr bool
	// pendingName is the new draft's name when it could not be sent with
	// the create request.
	pendingName string
	// resume is where the draft was left (resume.go).
	resume resumeState
	// editingLive: the person chose to edit this live campaign (live.go).
	editingLive bool
}

// CampaignID is the campaign being edited ("" until a new draft exists).
func (m *Model) CampaignID() string { return m.id }

// Title names the campaign in the root's header.
// It reads the working copy, so it holds the draft as View does.
func (m *Model) Title() string {
	defer m.hold()()
	return m.d.name()
}

// Init loads the campaign (or waits for the new-draft dialog).
func (m *Model) Init() tea.Cmd {
	if m.id == "" {
		return m.start
	}
	return m.load()
}

// own addresses commands to this editor: their answers reach it alone.
func (m *Model) own(cmds ...tea.Cmd) tea.Cmd { return common.Address(m, cmds...) }

func (m *Model) setNotice(s string, isErr bool) { m.notice, m.noticeErr = common.Clean(s), isErr }

// SetSize sets the editor's size.
func (m *Model) SetSize(w, h int) {
	defer m.hold()()
	m.width, m.height = max(w, 40), max(h, 12)
	m.dialogs.SetSize(m.width, m.height)
	if m.edit != nil && m.edit.Inline {
		m.edit.SetSize(m.inlineWidth(), m.height)
	}
	m.settle()
}

// Typing reports a focused text field or an open dialog: the root then
// leaves q and ? to us.
func (m *Model) Typing() bool { return m.edit != nil || !m.dialogs.Empty() }

// TakesLetters reports a focused row where a plain letter is text (an
// empty text row) or picks a choice: the root leaves q to it.
// It reads the working copy, so it holds the draft as View does.
func (m *Model) TakesLetters() bool {
	defer m.hold()()
	f, ok := m.focused()
	return ok && (m.typesHere(f) || m.picksHere(f))
}

// ShortHelp lists the main keys.
func (m *Model) ShortHelp() []key.Binding {
	defer m.hold()() // the root calls it outside View; it reads the working copy
	k := m.keys
	if h := m.suggestHelp(); h != nil {
		return h // a field offering names: the keys that take them
	}
	switch {
	case !m.dialogs.Empty():
		return m.dialogs.ShortHelp()
	case m.edit != nil && m.edit.Inline:
		return []key.Binding{k.Done, k.NextField, altTypingHint, k.Cancel, k.PrevField, k.Sync}
	}
	// "? help" comes before the footer is cut at 80 columns: it is the way
	// to every other key.
	if m.f.ReadOnly != "" {
		return []key.Binding{k.NextStep, k.PrevStep, k.Step, k.NextPane, m.c.Keys.Help, k.Back}
	}
	if m.d.viewOnly {
		return []key.Binding{k.Unlock, k.NextStep, k.PrevStep, k.NextPane, m.c.Keys.Help, k.Back, k.Test}
	}
	tab := k.NextPane
	if m.flowing && m.pane == paneForm {
		tab = k.NextField
	}
	var out []key.Binding
	if m.TakesLetters() {
		// Letters and digits are text or a choice here: their commands
		// are alt+key.
		out = []key.Binding{k.Edit, k.NextStep, k.PrevStep, tab, m.c.Keys.Help, altHint, k.Back, k.Sync, k.Test}
	} else {
		out = []key.Binding{k.Edit, k.NextStep, k.PrevStep, tab, m.c.Keys.Help, k.Fill, k.Back, k.Sync, k.Test}
	}
	if m.narrow() {
		// The preview is not on screen: say where it is.
		p := k.PreviewTab
		if m.pane == panePreview {
			back := k.Back
			back.SetHelp("esc", "back to the form")
			return []key.Binding{p, back, k.Up, k.Down, m.c.Keys.Help, k.NextPane}
		}
		p.SetHelp("p", "preview (full screen)")
		out = append(out[:5], append([]key.Binding{p}, out[5:]...)...)
	}
	return out
}

// FullHelp lists every key.
func (m *Model) FullHelp() [][]key.Binding {
	k := m.keys
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Edit, k.Left, k.Right, k.Toggle},
		{k.Fill, k.Clear, typeHint, pickHint, altHint, k.NextField, k.PrevField, k.Link, k.UndoLink, k.NextSection, k.PrevSection, k.AddItem},
		{k.NextStep, k.PrevStep, k.Step, k.NextPane, k.PrevPane, platformHint},
		{k.Sync, k.Unlock, k.Test, k.Results, k.Conflicts, k.PreviewTab, k.User, k.EventAttrs, k.Back, k.Complete, k.OtherName},
	}
}

// Update routes a message, then brings what is drawn up to date (settle)
// and hands a notice, if one was set, to the root's status line. It holds
// the sync engine's draft throughout (hold): the working copy is the
// engine's.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if l, ok := msg.(loadedMsg); ok && l.id == m.id && l.err == nil {
		m.d.h = l.d // held from here on
	}
	defer m.hold()()
	cmd := m.route(msg)
	cmd = tea.Batch(cmd, m.askReach())
	m.settle()
	cmd = tea.Batch(cmd, m.remember())
	if m.d.loaded && m.prev.m.Stale() && !m.prev.resized {
		// Cards and bodies are wrapped to the pane's width: draw them again.
		m.prev.resized = true
		cmd = tea.Batch(cmd, m.schedulePreview())
	}
	if m.notice != "" {
		cmd = tea.Batch(cmd, common.Notice(m.notice, m.noticeErr))
		m.notice, m.noticeErr = "", false
	}
	return m, cmd
}

// settle scrolls the rows to the cursor and frames the preview, so that
// View changes nothing.
func (m *Model) settle() {
	// A dialog covers the rows and the preview: they are brought up to date
	// by the Update that closes it.
	if m.d.loaded && !m.covered() {
		m.scrollRows()
		m.scrollPanel()
		m.framePreview()
	}
	if m.edit != nil && m.dialogs.Has(dialogs.RowID) {
		// The row's dialog shows its problems live.
		m.dialogs.Update(m.rowProblems())
	}
}

func (m *Model) route(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case loadedMsg:
		return m.loaded(msg)
	case createdMsg:
		return m.created(msg)
	case listenMsg:
		return m.heard(msg)
	case flushedMsg:
		return m.flushed(msg)
	case previewTickMsg:
		return m.previewTicked()
	case testDoneMsg:
		return m.testDone(msg)
	case publishedMsg:
		return m.published(msg)
	case reviewMsg:
		return msg.applyReview(m)
	case resolvedMsg:
		return m.resolved(msg)
	case leaveMsg:
		return m.left()
	case tea.KeyMsg:
		return m.routeKey(msg)
	case tea.MouseMsg:
		return m.mouse(msg)
	}
	if cmd, ok := m.answered(msg); ok {
		return cmd
	}
	// Anything else is the preview's (its service's answers) or the open
	// dialog's (a huh form's own messages, a cursor's blink).
	return tea.Batch(m.prev.m.Update(msg), m.toDialogs(msg))
}

// covered reports a dialog over the form.
func (m *Model) covered() bool { return !m.dialogs.Empty() }

// Publishable reports whether the publish checklist is empty.
func (m *Model) Publishable() bool { return m.d.loaded && len(m.probs.items) == 0 }
