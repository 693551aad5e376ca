package editor

import (
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
)

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

// apply writes text into a field: at once in the editor's copy (validated
// now), and through the queue into the sync engine's journal. A change that
// hides rows keeps their values (draft.restash) and gives back kept values
// to rows that show again.
func (m *Model) apply(f forms.Field, text string) tea.Cmd {
	set := func(c *model.Campaign) error { return f.Apply(c, text) }
	if f.Kind == forms.Text || f.Kind == forms.LongText {
		// Typing text shows or hides no rows: no stash to keep.
		return m.change(f.Path, set)
	}
	before := m.d.values(m.list.rows)
	cmd := m.change(f.Path, set)
	back := m.d.restash(before, m.list.rows)
	if len(back) == 0 {
		return cmd
	}
	if err := m.d.giveBack(back); err != nil {
		m.setNotice(err.Error(), true)
	}
	m.changed()
	return cmd
}

// change applies fn to the campaign (draft.change), then validates and
// redraws; the preview follows after a pause in typing.
func (m *Model) change(coalesce string, fn func(c *model.Campaign) error) tea.Cmd {
	if err := m.d.change(coalesce, fn); err != nil {
		m.setNotice(err.Error(), true)
		return nil
	}
	m.changed()
	return m.schedulePreview()
}

// changed notes an edit in the sync status and judges the campaign again.
func (m *Model) changed() {
	m.status.Unsynced = max(m.status.Unsynced, 1)
	if m.status.State == Synced {
		m.status.State = Pending
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
