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
	m.dialogs.Close(dialogs.RowID)
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

// changeText is change for text typed into the row at path: that one value
// changes (and, linked, the same field of the message's other platforms:
// the same message), so the problems panel has the engine check again only
// what lies at path. Any other change is judged in full.
func (m *Model) changeText(path string, fn func(c *model.Campaign) error) tea.Cmd {
	m.probs.at = path
	defer func() { m.probs.at = "" }()
	return m.change(path, fn)
}

// withDefaults wraps an edit of f with the values that follow from it
// (engine.Follow: the other share of two, "If Action").
func withDefaults(f forms.Field, set func(c *model.Campaign) error) func(c *model.Campaign) error {
	return func(c *model.Campaign) error {
		if err := set(c); err != nil {
			return err
		}
		engine.Follow(c, f.Path)
		return nil
	}
}

// addAnother is + : another item in the list under the cursor (a second
// button, filter, slide or goal) without going down to its Add row, and
// typed into at once, as enter on that row.
func (m *Model) addAnother() tea.Cmd {
	l := &m.list
	if l.cur < 0 || l.cur >= len(l.rows) {
		return nil
	}
	i := addRowFor(l.rows, l.cur)
	if i < 0 {
		m.setNotice("No list here to add to: + adds a button, a filter, a slide or a goal where the step has one.", true)
		return nil
	}
	if reason := m.d.editReason(l.rows[i].Path); reason != "" {
		m.setNotice(reason, true)
		return nil
	}
	l.cur, m.pane = i, paneForm
	return m.runAction(l.rows[i])
}

// addRowFor is the Add row + uses from row cur: the innermost list the
// row is an item of, else the first list below it in its section (a
// button after a platform's image); -1 when there is none.
func addRowFor(rows []forms.Field, cur int) int {
	at, best := strings.TrimPrefix(rows[cur].Path, "@remove:"), -1
	for i, f := range rows {
		list, ok := strings.CutPrefix(f.Path, "@add:")
		if ok && f.Role == forms.RoleAddItem && strings.HasPrefix(at, list+"[") && (best < 0 || len(f.Path) > len(rows[best].Path)) {
			best = i
		}
	}
	if best >= 0 {
		return best
	}
	for i := cur + 1; i < len(rows); i++ {
		switch f := rows[i]; {
		case f.Role == forms.RoleAddItem:
			return i
		case f.Kind == forms.Heading && f.Item:
			for i+1 < len(rows) && rows[i+1].Depth > f.Depth {
				i++ // past the item's rows
			}
		case f.Kind == forms.Heading:
			return -1 // the next section
		}
	}
	return -1
}
