package editor

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/huh"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/components/dialog"
)

// rowForm edits one row through a huh form of one group holding one field:
// a huh.Input for one-line values (drawn in the row), a huh.Text for long
// text, a huh.Select for a choice and a huh.MultiSelect for a subset (drawn
// in a dialog). Only one rowForm exists at a time, so no two huh forms see
// the same keys.
//
// huh validates on blur and only reports values on submit, so after every
// key it is given the editor reads the bound value and, when it changed,
// applies it at once: the engine still runs on every key press.
type rowForm struct {
	field  forms.Field
	form   *huh.Form
	inline bool // a one-line input drawn in its row, not a dialog

	text  string   // bound to the Input, Text or Select
	multi []string // bound to the MultiSelect
	last  string   // the value last applied
	orig  string   // the value when editing began; esc on a choice restores it

	// replace: the field was reached with tab and its text is selected, as
	// in a form: the first character typed replaces it, ⌫ clears it, any
	// other key keeps it (nav.go).
	replace bool
	// fresh: editing began by going on from another field (tab, a choice
	// picked) and no key has reached it yet: a punctuation key ({ } [ ])
	// is then still its command, never the field's first character.
	fresh bool
	input *huh.Input
	area  *huh.Text
}

// chooses reports a choice (Select or MultiSelect): esc cancels it and
// enter takes it.
func (r *rowForm) chooses() bool {
	switch r.field.Kind {
	case forms.Enum, forms.Bool, forms.Multi:
		return true
	}
	return false
}

// newRowForm builds the form for row f holding text (cleaned of control
// sequences: the huh field draws its value as is).
func newRowForm(m *Model, f forms.Field, text string) *rowForm {
	r := &rowForm{field: f, last: text, orig: text}
	s := m.c.Styles
	var (
		field huh.Field
		theme = huhTheme(s)
	)
	switch f.Kind {
	case forms.LongText:
		r.text = common.CleanBlock(text)
		// No line numbers: huh.Text leaves their styles at the textarea's
		// defaults, drawn by the process's renderer (wrong over SSH).
		r.area = huh.NewText().Value(&r.text).CharLimit(0).ShowLineNumbers(false).
			Lines(max(5, m.height-20)).Placeholder(s.Hint(f.Help))
		field = r.area
	case forms.Enum, forms.Bool:
		r.text = text
		choices := f.Choices()
		switch {
		case text == "" && !slices.Contains(choices, "") && len(choices) > 0:
			// A choice that must hold a value and holds none yet (the iOS
			// audience) opens on its first option, with no "(not set)"
			// row (defect 10); enter takes it.
			r.text = choices[0]
		case !slices.Contains(choices, text):
			choices = append(choices, text) // a value from elsewhere stays choosable
		}
		opts := make([]huh.Option[string], len(choices))
		for i, c := range choices {
			label := common.Clean(c)
			if c == "" {
				label = "(not set)"
			}
			opts[i] = huh.NewOption(label, c)
		}
		if h := listHeight(m); len(opts) > h {
			field = newScrollSelect(opts, &r.text, theme, h) // scrolls; a shorter list is shown whole
		} else {
			field = huh.NewSelect[string]().Options(opts...).Value(&r.text)
		}
	case forms.Multi:
		r.multi = forms.SplitList(text)
		all := slices.Clone(f.Options)
		for _, v := range r.multi {
			if !slices.Contains(all, v) {
				all = append(all, v)
			}
		}
		opts := make([]huh.Option[string], len(all))
		for i, o := range all {
			opts[i] = huh.NewOption(common.Clean(o), o)
		}
		ms := huh.NewMultiSelect[string]().Options(opts...).Value(&r.multi)
		if h := listHeight(m); len(opts) > h {
			ms.Height(h)
		}
		field = ms
	default:
		r.inline = true
		r.text = common.Clean(text)
		theme = inlineTheme(s)
		// The row's help (often an example) stays visible while it is empty.
		r.input = huh.NewInput().Prompt("").CharLimit(0).Placeholder(s.Hint(f.Help)).Value(&r.text)
		field = r.input
	}
	r.form = huh.NewForm(huh.NewGroup(field)).
		WithTheme(theme).WithKeyMap(rowKeys(f.Kind)).
		WithShowHelp(false).WithShowErrors(false)
	// Init focuses the field; its commands (a window-size query, a blink)
	// are not needed: the size is given here.
	r.form.Init()
	r.resize(m)
	if r.inline || f.Kind == forms.LongText {
		// A cleaned value differs from the stored one: the first key saves it.
		r.last = text
	}
	return r
}

// resize fits the form to the editor's size: the value column of the row,
// or the dialog.
func (r *rowForm) resize(m *Model) {
	w := m.dialogWidth() - 6
	if r.inline {
		w = max(10, m.formWidth()-m.labelWidth()-4)
	}
	r.form.WithWidth(w)
	if r.inline {
		// One line, scrolled to the cursor at the end (the value was set
		// before the input had a width, so nothing scrolled it yet).
		r.form.WithHeight(1)
		r.form.Update(tea.KeyMsg{Type: tea.KeyEnd})
		return
	}
	r.form.Update(tea.WindowSizeMsg{Width: w, Height: m.height})
}

// value is the bound value as the field's text.
func (r *rowForm) value() string {
	if r.field.Kind == forms.Multi {
		return strings.Join(r.multi, ", ")
	}
	return r.text
}

// rowKeys adapt huh's keys to the editor's flow: the editor takes enter,
// esc and tab itself (finish, cancel), so huh never moves to another field
// or submits; enter in a long text is a new line; ctrl+e (an external
// editor, which over SSH would run on the server) is off.
func rowKeys(k forms.Kind) *huh.KeyMap {
	km := huh.NewDefaultKeyMap()
	off := func(b *key.Binding) { b.SetEnabled(false) }
	for _, b := range []*key.Binding{
		&km.Quit, &km.Input.Next, &km.Input.Prev, &km.Input.Submit,
		&km.Text.Next, &km.Text.Prev, &km.Text.Submit, &km.Text.Editor,
		&km.Select.Next, &km.Select.Prev, &km.Select.Submit,
		&km.MultiSelect.Next, &km.MultiSelect.Prev, &km.MultiSelect.Submit,
	} {
		off(b)
	}
	km.Text.NewLine = key.NewBinding(key.WithKeys("enter", "alt+enter", "ctrl+j"), key.WithHelp("enter", "new line"))
	// Filters are not offered: the lists are short and / is a value's letter.
	off(&km.Select.Filter)
	off(&km.MultiSelect.Filter)
	// space toggles; x stays a letter.
	km.MultiSelect.Toggle = key.NewBinding(key.WithKeys(" "), key.WithHelp("space", "toggle"))
	return km
}

// update handles a key while the row is edited.
func (r *rowForm) update(m *Model, msg tea.KeyMsg) tea.Cmd {
	k := m.keys
	if r.fresh {
		r.fresh = false
		if key.Matches(msg, k.NextSection, k.PrevSection, k.NextStep, k.PrevStep) {
			m.stopEditing()
			return m.updateKeys(msg)
		}
	}
	switch {
	case key.Matches(msg, k.Sync):
		return m.flush()
	case key.Matches(msg, k.UndoLink):
		return m.undoLink()
	case msg.Type == tea.KeyEsc && r.chooses():
		// Cancel: the choice goes back to what it was.
		m.stopEditing()
		if r.last != r.orig {
			return m.choose(r.field, r.orig)
		}
		return nil
	case msg.Type == tea.KeyEsc, msg.Type == tea.KeyCtrlD && !r.inline:
		m.stopEditing()
		return nil
	case (msg.Type == tea.KeyTab || msg.Type == tea.KeyShiftTab) && (r.inline || r.field.Kind == forms.LongText):
		// As in a form: on to the next field, ready to type over.
		m.stopEditing()
		if msg.Type == tea.KeyTab {
			m.flow(1)
		} else {
			m.flow(-1)
		}
		return nil
	case msg.Type == tea.KeyEnter && r.field.Kind != forms.LongText:
		m.stopEditing()
		m.flowing = true // tab goes on from here
		if v := r.value(); r.chooses() && v != r.last {
			return m.choose(r.field, v) // the choice shown when it opened
		}
		return nil
	case r.inline && (msg.Type == tea.KeyUp || msg.Type == tea.KeyDown):
		m.stopEditing()
		if msg.Type == tea.KeyUp {
			m.move(-1)
		} else {
			m.move(1)
		}
		return nil
	}
	if cmd, ok := r.tickByLetter(m, msg); ok {
		return cmd
	}
	var cmd tea.Cmd
	if !r.typeOver(msg) { // ⌫ on selected text only clears it
		_, cmd = r.form.Update(msg)
	}
	if v := r.value(); v != r.last {
		r.last = v
		return tea.Batch(cmd, m.choose(r.field, v))
	}
	return cmd
}

// view draws a dialog row form: the field, its problems live, the keys.
// It fits the editor's height: the draft's other problems give way first
// (at 80×24 a long list and four of them pushed the keys and the box's
// bottom off the screen).
func (r *rowForm) view(m *Model) string {
	s := m.c.Styles
	w := m.dialogWidth() - 6
	var lines []string
	if r.field.IsValue() {
		// The field with its context ("Excluded filter 1 operator"), not
		// its JSON path: the row's detail line keeps that.
		if l := forms.Label(r.field.Path); l != "" && l != r.field.Label {
			lines = append(lines, s.Muted.Render(common.Truncate(l, w)))
		}
	}
	lines = append(lines, r.form.View(), "")
	if r.replace {
		lines = append(lines, s.Muted.Render(common.Truncate("selected: typing replaces it, ⌫ clears it, ← → keep it", w)), "")
	}
	// The dialog covers the form and the problems panel: the field's own
	// problems and the draft's others, live, are shown here.
	var own []string
	for i, f := range m.list.rows {
		if f.Path == r.field.Path {
			own = m.list.problems[i]
		}
	}
	for _, p := range own {
		// Whole, wrapped: a cut problem could not be read here.
		for j, l := range strings.Split(ansi.Wrap(common.Clean(p), max(10, w-2), ""), "\n") {
			mark := "✗ "
			if j > 0 {
				mark = "  "
			}
			lines = append(lines, s.Error.Render(mark+l))
		}
	}
	var others []string
	for _, it := range m.probs.items {
		if !slices.Contains(own, it.plain.Text) {
			others = append(others, it.plain.Text)
		}
	}
	switch {
	case len(own) == 0:
		lines = append(lines, m.checkText())
	case len(others) == 0:
		// "1 to fix" under the field's own ✗, with no list, reads as a
		// problem that is not shown.
		lines = append(lines, s.Muted.Render("nothing else to fix before publishing"))
	default:
		lines = append(lines, s.Warning.Render(fmt.Sprintf("and %d more to fix before publishing", len(others))))
	}
	// Room for the others: the editor's height less the box (borders,
	// padding, title), the lines so far and the keys' two.
	room := min(4, m.height-6-lipgloss.Height(strings.Join(lines, "\n"))-2)
	for i, o := range others {
		if i == room-1 && len(others) > room {
			lines = append(lines, s.Muted.Render(fmt.Sprintf("  … %d more", len(others)-i)))
			break
		}
		if i == room {
			break
		}
		lines = append(lines, s.Muted.Render(common.Truncate("  · "+common.Clean(o), w)))
	}
	var help []string
	for _, b := range r.help() {
		help = append(help, b.Help().Key+": "+b.Help().Desc)
	}
	lines = append(lines, "", s.Muted.Render(strings.Join(help, " · ")))
	return dialog.Box(m.c.Styles, m.width, m.height, r.field.Label, lines...)
}

// help lists the keys of a dialog row form.
func (r *rowForm) help() []key.Binding {
	b := func(k, desc string) key.Binding { return key.NewBinding(key.WithKeys(k), key.WithHelp(k, desc)) }
	switch r.field.Kind {
	case forms.Multi:
		return []key.Binding{b("space", "toggle"), b("a–z", "tick"), b("enter", "done"), b("esc", "cancel")}
	case forms.LongText:
		return []key.Binding{b("esc", "done"), b("tab", "next field"), b("ctrl+s", "sync now")}
	}
	return []key.Binding{b("enter", "choose"), b("esc", "cancel")}
}

// listHeight is how many options a dialog shows at once.
func listHeight(m *Model) int { return max(3, m.height-14) }

// dialogWidth is a dialog's width with its border's padding.
func (m *Model) dialogWidth() int { return dialog.Width(m.width) }

// huhTheme dresses huh in the session's theme (common.HuhTheme).
func huhTheme(s themes.Styles) *huh.Theme { return common.HuhTheme(s) }

// inlineTheme is huhTheme without the field's frame: a one-line input sits
// in its row, after the label.
func inlineTheme(s themes.Styles) *huh.Theme {
	t := huhTheme(s)
	t.Focused.Base = t.Form.Base
	t.Blurred.Base = t.Form.Base
	return t
}
