package editor

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// keyMap is the editor's view of the one keymap (common.KeyMap): its own
// bindings and the ones it shares with every screen, under one name each.
type keyMap struct {
	common.EditorKeys
	Up, Down, NextPane, PrevPane key.Binding
	// Complete, OtherName: suggestions; Results: the last test's results.
	Complete, OtherName, Results key.Binding
}

func keysOf(k common.KeyMap) keyMap {
	return keyMap{EditorKeys: k.Editor, Up: k.Up, Down: k.Down, NextPane: k.NextPane, PrevPane: k.PrevPane,
		Complete: k.Complete, OtherName: k.OtherName, Results: k.Results}
}

// routeKey is where every key press goes: the open dialog, the row being
// edited (its suggestions first), a letter typed on a row that takes it,
// or the editor's commands.
func (m *Model) routeKey(msg tea.KeyMsg) tea.Cmd {
	// alt+key is the key's command wherever a plain letter or digit
	// would be text or a choice (typedKey).
	command := msg.Type == tea.KeyRunes && msg.Alt && m.edit == nil && m.dialogs.Empty()
	if command && key.Matches(msg, m.keys.UndoLink) {
		// A binding that is an alt+key itself (alt+z, the one there
		// is) is that binding, not the plain key's command.
		return m.undoLink()
	}
	if command {
		msg.Alt = false
	}
	flowing := m.flowing
	m.flowing = false
	m.forgetPick()
	switch {
	case !m.dialogs.Empty():
		return m.toDialogs(msg)
	case !m.d.loaded:
		if key.Matches(msg, m.keys.Back) {
			return m.leave()
		}
		return nil
	case m.spelling(msg):
		// The rest of the number just picked, typed on ("0.5"): not
		// the next field's text, nor a command.
		return nil
	case m.edit != nil && m.altWhileTyping(msg):
		// Typing, alt+key finishes the field and is the key's
		// command: the enter before it is not needed.
		m.stopEditing()
		msg.Alt = false
		return m.updateKeys(msg)
	case m.edit != nil:
		return m.editKey(msg)
	case flowing && m.pane == paneForm && key.Matches(msg, m.keys.NextField, m.keys.PrevField):
		m.flowOn(msg)
		return nil
	}
	if !command {
		if cmd, ok := m.typedKey(msg); ok {
			return cmd
		}
	}
	return m.updateKeys(msg)
}

// mouse scrolls the rows with the wheel.
func (m *Model) mouse(msg tea.MouseMsg) tea.Cmd {
	if msg.Action == tea.MouseActionPress {
		m.flowing = false
		switch msg.Button {
		case tea.MouseButtonWheelUp:
			m.move(-3)
		case tea.MouseButtonWheelDown:
			m.move(3)
		}
	}
	return nil
}

// editKey is a key for the row being edited: the suggestion keys first,
// then the row form; the names follow what it typed.
func (m *Model) editKey(msg tea.KeyMsg) tea.Cmd {
	r, g := m.edit, m.suggestions()
	if cmd, ok := g.key(r, m, msg); ok {
		return cmd
	}
	before := r.Text()
	cmd := m.rowKey(msg)
	if g != nil && m.edit == r {
		g.typed = g.typed || r.Text() != before
		g.refresh(r.Text())
		r.Redraw()
	}
	return cmd
}

// dialogKey opens the dialog a key names, if it names one: the test send,
// the last test's results, the preview user, the event attributes, the
// conflicts.
func (m *Model) dialogKey(msg tea.KeyMsg) bool {
	k := m.keys
	for _, d := range []struct {
		key  key.Binding
		open func()
	}{{k.Test, m.openTest}, {k.Results, m.openResults}, {k.User, m.openUsers}, {k.EventAttrs, m.openEventAttrs}, {k.Conflicts, m.openConflicts}} {
		if key.Matches(msg, d.key) {
			d.open()
			return true
		}
	}
	return false
}

// updateKeys are the editor's commands, then the focused pane's keys.
func (m *Model) updateKeys(msg tea.KeyMsg) tea.Cmd {
	k := m.keys
	if cmd, ok := m.liveKey(msg); ok {
		return cmd
	}
	switch {
	case key.Matches(msg, k.Sync):
		return m.flush()
	case key.Matches(msg, k.UndoLink):
		return m.undoLink()
	case key.Matches(msg, k.AddItem) && m.step != forms.StepReview:
		return m.addAnother()
	case key.Matches(msg, k.Android, k.IOS, k.Web) && m.d.channel() == model.ChannelPush:
		return m.switchPlatform(map[string]string{"a": model.PlatformAndroid, "i": model.PlatformIOS, "w": model.PlatformWeb}[msg.String()])
	case m.dialogKey(msg):
		return nil
	case key.Matches(msg, k.NextPane):
		m.pane = (m.pane + 1) % paneCount
		return nil
	case key.Matches(msg, k.PrevPane):
		m.pane = (m.pane + paneCount - 1) % paneCount
		return nil
	case key.Matches(msg, k.NextStep):
		m.goStep(m.nextStep(1))
		return nil
	case key.Matches(msg, k.PrevStep):
		m.goStep(m.nextStep(-1))
		return nil
	case key.Matches(msg, k.Step):
		n := int(msg.Runes[0] - '1')
		if n >= 0 && n < len(forms.Steps) && forms.StepApplies(forms.Steps[n], m.d.channel(), m.d.delivery()) {
			m.goStep(forms.Steps[n])
		}
		return nil
	case key.Matches(msg, k.PreviewTab):
		if m.narrow() && m.pane != panePreview {
			// No room beside the form: the preview takes the screen.
			m.pane = panePreview
			m.setNotice("Preview: p next tab · esc back to the form", false)
			return nil
		}
		m.prev.m.NextTab()
		return nil
	case m.narrow() && m.pane == panePreview && key.Matches(msg, k.Back):
		m.pane = paneForm
		return nil
	case key.Matches(msg, k.Back):
		return m.leave()
	}
	switch m.pane {
	case paneProblems:
		return m.updateProblems(msg)
	case panePreview:
		switch {
		case key.Matches(msg, k.Up):
			m.prev.m.Scroll(-1)
		case key.Matches(msg, k.Down):
			m.prev.m.Scroll(1)
		case key.Matches(msg, k.PageUp):
			m.prev.m.Scroll(-10)
		case key.Matches(msg, k.PageDown):
			m.prev.m.Scroll(10)
		}
		return nil
	}
	return m.updateForm(msg)
}

// altWhileTyping reports alt+key on a row being typed in whose plain key
// is one of the editor's commands (a step, a section, a platform, the next
// field to fill, the preview's keys): the field is done and the command
// follows (alt+i after a title shows iOS), one key instead of enter and
// the key. The text input's own alt keys (alt+b, alt+f, alt+d: a word
// back, forward, deleted) are none of them and stay its own.
func (m *Model) altWhileTyping(msg tea.KeyMsg) bool {
	r := m.edit
	if msg.Type != tea.KeyRunes || !msg.Alt || len(msg.Runes) != 1 || !r.Inline || r.Chooses() {
		return false
	}
	k := m.keys
	msg.Alt = false
	return key.Matches(msg, k.NextSection, k.PrevSection, k.NextStep, k.PrevStep, k.Step, k.Fill,
		k.Android, k.IOS, k.Web, k.PreviewTab, k.User, k.EventAttrs, k.Conflicts, k.AddItem)
}

// typeHint and altHint show in the help what a plain letter or digit does
// on an empty text row or a choice row (typedKey), and how the key's
// command is reached there; they are not bindings of their own.
var (
	typeHint = key.NewBinding(key.WithKeys("a–z"), key.WithHelp("a–z 0–9", "type into an empty field"))
	altHint  = key.NewBinding(key.WithKeys("alt"), key.WithHelp("alt+key", "the key's command on a text or choice row, or while typing"))
	// altTypingHint: while typing, alt+key ends the field first.
	altTypingHint = key.NewBinding(key.WithKeys("alt"), key.WithHelp("alt+key", "done, then its command"))
)

// pickHint shows in the help that a letter on a choice row picks a choice
// (pickKey); it is not a binding of its own.
var pickHint = key.NewBinding(key.WithKeys("a–z"), key.WithHelp("a–z", "pick a choice"))

// platformHint shows the three platform keys as one entry of the help.
var platformHint = key.NewBinding(key.WithKeys("a", "i", "w"), key.WithHelp("a/i/w", "Android/iOS/Web content"))
