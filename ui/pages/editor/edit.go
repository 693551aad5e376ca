package editor

import (
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/api/drafts"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/pages/editor/dialogs"
	"github.com/campaigns-cli/campaigns/ui/pages/editor/rowform"
)

// startEdit opens row f's huh form: in the row for one-line values, as a
// dialog for long text and choices.
func (m *Model) startEdit(f forms.Field) {
	m.edit = rowform.New(m.c.Styles, m.keys.EditorKeys, f, m.fieldText(f), m.height)
	if m.edit.Inline {
		m.edit.SetSize(m.inlineWidth(), m.height)
		return
	}
	m.open(dialogs.NewRow(m.c.Styles, m.edit))
}

// stopEditing closes the row's form (and its dialog).
func (m *Model) stopEditing() {
	m.edit = nil
	m.dialogs.Close("row")
}

// inlineWidth is the width of a one-line form drawn in its row.
func (m *Model) inlineWidth() int { return max(10, m.formWidth()-m.labelWidth()-4) }

// rowKey hands a key to the row being edited and acts on its answer.
func (m *Model) rowKey(msg tea.KeyMsg) tea.Cmd {
	out, cmd := m.edit.Update(msg)
	if out == nil {
		return cmd
	}
	return tea.Batch(cmd, m.route(out))
}

// rowAnswered acts on the row form's answer: a value to apply, the end of
// editing and what follows it, or a key that is the editor's.
func (m *Model) rowAnswered(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case rowform.Changed:
		if m.edit == nil {
			return nil, true
		}
		return m.choose(m.edit.Field, msg.Value), true
	case rowform.Finish:
		if m.edit == nil {
			return nil, true
		}
		f := m.edit.Field
		m.stopEditing()
		var cmd tea.Cmd
		if msg.Flowing {
			m.flowing = true
		}
		if msg.Set != nil {
			cmd = m.choose(f, *msg.Set)
		}
		switch {
		case msg.Flow != 0:
			m.flow(msg.Flow)
		case msg.Move != 0:
			m.move(msg.Move)
		case msg.Then != nil:
			cmd = tea.Batch(cmd, m.updateKeys(*msg.Then))
		}
		return cmd, true
	case rowform.Command:
		if key.Matches(msg.Key, m.keys.Sync) {
			return m.flush(), true
		}
		return m.undoLink(), true
	}
	return nil, false
}

// rowProblems are the problems the row dialog shows: its field's, the
// draft's others, and the check in words.
func (m *Model) rowProblems() dialogs.RowProblemsMsg {
	var out dialogs.RowProblemsMsg
	for i, f := range m.list.rows {
		if f.Path == m.edit.Field.Path {
			out.Own = m.list.problems[i]
		}
	}
	for _, it := range m.probs.items {
		out.Others = append(out.Others, it.plain.Text)
	}
	out.Check = m.checkText()
	return out
}

// fieldText is a row's current value as text (the selector rows read the
// editor's selection, not the campaign).
func (m *Model) fieldText(f forms.Field) string {
	switch f.Path {
	case forms.SelLocale:
		return m.sel.Locale
	case forms.SelVariation:
		return m.sel.Variation
	case forms.SelPlatform:
		return m.sel.Platform
	case linkRow:
		return m.linkText()
	}
	return f.Format(m.d.work)
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
	return m.apply(f, f.Cycle(m.d.work, step))
}

// choose sets a row to one value (selector rows change the selection).
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

// apply writes text into a field of the sync engine's working copy
// (validated now; journaled by the engine). A change that
// hides rows keeps their values (draft.restash) and gives back kept values
// to rows that show again.
func (m *Model) apply(f forms.Field, text string) tea.Cmd {
	set := m.linkedApply(f, withDefaults(f, func(c *model.Campaign) error { return f.Apply(c, text) }))
	if f.Kind == forms.Text || f.Kind == forms.LongText {
		// Typing text shows or hides no rows: no stash to keep.
		return m.changeText(f.Path, set)
	}
	before := m.d.values(m.list.rows)
	cmd := m.change(f.Path, set)
	back := m.d.restash(before, m.list.rows)
	if len(back) == 0 {
		return cmd
	}
	if err := m.d.giveBack(back); err != nil {
		m.setNotice("not saved: "+err.Error(), true)
	}
	m.changed(f.Path)
	return cmd
}

// change applies fn to the campaign (draft.change; path names the field,
// "" for several), then validates and redraws; the preview follows after a
// pause in typing.
func (m *Model) change(path string, fn func(c *model.Campaign) error) tea.Cmd {
	err, journal := m.d.change(fn)
	if err != nil {
		m.setNotice(err.Error(), true)
		return nil
	}
	if journal != nil {
		m.setNotice("not saved: "+journal.Error(), true)
	}
	m.changed(path)
	return m.schedulePreview()
}

// changed notes an edit in the sync status and judges the campaign again.
func (m *Model) changed(path string) {
	m.review.edits++
	// The engine's status follows within a few ms; until then, say pending.
	if len(m.status.Unsynced) == 0 {
		m.status.Unsynced = []string{component(path)}
	}
	if m.status.State == drafts.StateSynced {
		m.status.State = drafts.StatePending
	}
	m.afterChange()
}

// afterChange validates the whole campaign and rebuilds the rows. It runs
// on every key press, so it does no I/O and no copying.
func (m *Model) afterChange() {
	m.probs.judge(m.d, m.f.Options)
	m.rebuild()
}

// reviewPublish is the Review step's publish row.
const reviewPublish = "@review-publish"

// publishedMsg is the answer to a publish from the Review step.
type publishedMsg struct {
	state string
	err   error
}

// publishFromReview confirms with the campaign's name and when it goes
// out, then syncs, publishes through V1 and shows the new state.
func (m *Model) publishFromReview() tea.Cmd {
	if n := len(m.probs.items); n > 0 {
		m.setNotice("Fix the "+model.Count(n, "item")+" of the checklist first.", true)
		return nil
	}
	name := "this draft"
	if w := m.d.work; w.BasicDetails != nil && model.Str(w.BasicDetails.Name) != "" {
		name = "“" + model.Str(w.BasicDetails.Name) + "”"
	}
	when := forms.ScheduleTextAs(m.d.work.SchedulingDetails, m.summaryOpts().Local, m.f.localLabel())
	if when == "" {
		when = "when its trigger fires"
	}
	m.confirm("Publish "+name+"?", "It goes live and sends to real users "+when+". The edits are synced first.", publishMsg{})
	return nil
}

// publish syncs, publishes through V1 and reads the new state (the
// publish confirm's yes).
func (m *Model) publish() tea.Cmd {
	id, h, pub := m.id, m.d.h, m.f.Publisher
	ctx := m.c.Context()
	m.setNotice("Publishing…", false)
	return m.own(func() tea.Msg {
		if err := h.Flush(ctx); err != nil {
			return publishedMsg{err: err}
		}
		if err := pub.Publish(ctx, id); err != nil {
			return publishedMsg{err: err}
		}
		c, err := pub.Get(ctx, id)
		if err != nil {
			return publishedMsg{err: err}
		}
		return publishedMsg{state: model.Str(c.Status)}
	})
}

// published shows the state a publish from the Review step left.
func (m *Model) published(msg publishedMsg) tea.Cmd {
	if msg.err != nil {
		m.setNotice("publish refused: "+common.ErrorText(msg.err), true)
		return nil
	}
	// The status is the record's, not a component: the editor's state
	// follows it; the working copy changes only through the sync engine.
	m.d.state = msg.state
	m.d.locked, m.d.lockedAll = engine.Locked(m.d.state)
	m.review.verdict = nil // it was about the draft
	m.setNotice("Published: the campaign is now "+msg.state+".", false)
	m.afterChange()
	return nil
}

func (m *Model) runAction(f forms.Field) tea.Cmd {
	if f.Path == reviewPublish {
		return m.publishFromReview()
	}
	if f.Path == reviewValidate {
		return m.validateOnService()
	}
	if f.Role == forms.RoleCopyContent {
		m.open(dialogs.NewCopy(m.c.Styles, m.sel, forms.CopyTargets(m.d.work, m.sel)))
		return nil
	}
	if f.Role.Destroys() {
		// The content goes with it and there is no undo: ask first.
		m.confirm(f.Label+"?", "Its content in every platform goes too; there is no undo.", runActionMsg{f: f})
		return nil
	}
	if f.Prompt != "" {
		return m.prompt(f)
	}
	return m.run(f, "")
}

// run does action f with arg (what its prompt asked for).
func (m *Model) run(f forms.Field, arg string) tea.Cmd {
	m.notice = ""
	cmd := m.change("", func(c *model.Campaign) error { return f.Do(c, arg) })
	if m.notice == "" { // no error
		m.setNotice(strings.Join(strings.Fields(strings.TrimSuffix(f.Label, "…")+" "+arg+" ✓"), " "), false)
		if m.selectAdded(f.Role, arg) {
			cmd = tea.Batch(cmd, m.schedulePreview())
		}
		m.focusAdded(f.Role)
	}
	return cmd
}

// selectAdded shows what was just added, so its content is edited next
// rather than the one the cursor was on.
func (m *Model) selectAdded(role forms.Role, arg string) bool {
	switch role {
	case forms.RoleAddLocale:
		m.sel.Locale = arg
	case forms.RoleAddVariation:
		if vs := forms.Variations(m.d.work); len(vs) > 0 {
			m.sel.Variation = vs[len(vs)-1]
		}
	default:
		return false
	}
	m.sel = forms.FixSelection(m.d.work, m.sel)
	m.rebuild()
	return true
}
