// Package rowform edits one row of the editor through a huh form of one
// group holding one field: a huh.Input for one-line values (drawn in the
// row), a huh.Text for long text, a huh.Select for a choice and a
// huh.MultiSelect for a subset (drawn in a dialog, dialogs.Row). Only one
// exists at a time, so no two huh forms see the same keys.
//
// huh validates on blur and only reports values on submit, so after every
// key the form reads the bound value and, when it changed, answers
// Changed: the editor applies it at once and the engine still runs on
// every key press. The form never changes the editor: it answers Changed,
// Finish (editing is over, and what follows) or Command (a key that is the
// editor's).
package rowform

import (
	"slices"
	"strings"
	"unicode"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/huh"
	"github.com/charmbracelet/x/ansi"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// Changed: the value is now Value (the form stays open).
type Changed struct{ Value string }

// Finish: editing is over. Set, when not nil, is the value the row takes
// (a choice confirmed, or put back by esc); then the cursor moves Move
// rows, or goes on Flow fields as tab does, or the key Then is the
// editor's command; Flowing: tab goes on to the next field from here.
type Finish struct {
	Set     *string
	Move    int
	Flow    int
	Flowing bool
	Then    *tea.KeyMsg
}

// Command: the key is the editor's (sync, undo a linked write); the form
// stays open.
type Command struct{ Key tea.KeyMsg }

// Model is the form editing one row.
type Model struct {
	Field  forms.Field
	Inline bool // a one-line input drawn in its row, not a dialog
	// Replace: the field was reached with tab and its text is selected, as
	// in a form: the first character typed replaces it, ⌫ clears it, any
	// other key keeps it.
	Replace bool
	// Fresh: editing began by going on from another field (tab, a choice
	// picked) and no key has reached it yet: a punctuation key ({ } [ ])
	// is then still its command, never the field's first character.
	Fresh bool

	form  *huh.Form
	s     themes.Styles
	keys  common.EditorKeys
	w, h  int      // the form's width; the screen's height (lists, text)
	text  string   // bound to the Input, Text or Select
	multi []string // bound to the MultiSelect
	last  string   // the value last answered
	orig  string   // the value when editing began; esc on a choice restores it
	input *huh.Input
	area  *huh.Text
	lines int // the long text's box, in lines (areaLines)
}

// New builds the form for row f holding text (cleaned of control
// sequences: the huh field draws its value as is), for a screen h lines
// high.
func New(s themes.Styles, keys common.EditorKeys, f forms.Field, text string, h int) *Model {
	r := &Model{Field: f, s: s, keys: keys, h: h, orig: text}
	r.build(text)
	return r
}

// build makes the huh form over value text.
func (r *Model) build(text string) {
	s, f := r.s, r.Field
	r.last = text
	var (
		field huh.Field
		theme = common.HuhTheme(s)
	)
	r.Inline, r.input, r.area = false, nil, nil
	switch f.Kind {
	case forms.LongText:
		r.text = common.CleanBlock(text)
		// No line numbers: huh.Text leaves their styles at the textarea's
		// defaults, drawn by the process's renderer (wrong over SSH).
		r.lines = r.areaLines()
		r.area = huh.NewText().Value(&r.text).CharLimit(0).ShowLineNumbers(false).
			Lines(r.lines).Placeholder(s.Hint(f.Help))
		field = r.area
	case forms.Enum, forms.Bool:
		r.text = text
		choices := f.Choices()
		switch {
		case text == "" && !slices.Contains(choices, "") && len(choices) > 0:
			// A choice that must hold a value and holds none yet (the iOS
			// audience) opens on its first option, with no "(not set)"
			// row; enter takes it.
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
		if h := ListHeight(r.h); len(opts) > h {
			field = newScrollSelect(opts, &r.text, theme, h) // scrolls; a shorter list is shown whole
		} else {
			// The theme before the options: huh measures the list as they
			// are set, with its own default theme built anew when none is.
			sel := huh.NewSelect[string]()
			sel.WithTheme(theme)
			field = sel.Options(opts...).Value(&r.text)
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
		ms := huh.NewMultiSelect[string]()
		ms.WithTheme(theme) // before the options, as for a select
		ms.Options(opts...).Value(&r.multi)
		if h := ListHeight(r.h); len(opts) > h {
			ms.Height(h)
		}
		field = ms
	default:
		r.Inline = true
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
	// are not needed: the size is given by SetSize.
	r.form.Init()
}

// areaLines is how many lines the box of a long text shows: the text's
// lines as the box wraps them and one to type on, from 5 up to the room on
// the screen (areaRoom), so the box grows as the text does. A box as tall
// as the screen whatever its text cost five times as much to draw on every
// key at 200×60 (BenchmarkMessageDialogKeystroke: 3.6 -> 0.7 ms).
func (r *Model) areaLines() int {
	room := r.areaRoom()
	w := max(10, r.w-4) // the box's inside, less its frame
	n := 1
	for l := range strings.SplitSeq(r.text, "\n") {
		n += max(1, (ansi.StringWidth(l)+w-1)/w)
		if n >= room {
			return room
		}
	}
	return max(5, n)
}

// areaRoom is the most lines the box of a long text may take.
func (r *Model) areaRoom() int { return max(5, r.h-20) }

// growArea makes the box of a long text as tall as its text needs and
// reports whether it grew. It never shrinks while the text is edited: the
// textarea keeps its scroll when it shrinks, which would leave lines
// hidden above an empty box. Once as tall as it gets, the text is no
// longer measured on every key.
func (r *Model) growArea() bool {
	if r.area == nil || r.lines >= r.areaRoom() {
		return false
	}
	n := r.areaLines()
	if n <= r.lines {
		return false
	}
	r.lines = n
	r.area.Lines(n)
	return true
}

// fitArea grows the box (growArea) and the form around it: huh sizes a
// form's group to its fields when told the window's size.
func (r *Model) fitArea() {
	if r.growArea() && r.w > 0 {
		r.form.Update(tea.WindowSizeMsg{Width: r.w, Height: r.h})
	}
}

// ListHeight is how many options a dialog shows at once on a screen h
// lines high.
func ListHeight(h int) int { return max(3, h-14) }

// SetSize fits the form to w columns (the value column of the row, or the
// dialog's inside) on a screen h lines high.
func (r *Model) SetSize(w, h int) {
	r.w, r.h = w, h
	r.lines = 0  // the room changed: size the box again
	r.growArea() // the form is told the size below
	r.form.WithWidth(w)
	if r.Inline {
		// One line, scrolled to the cursor at the end (the value was set
		// before the input had a width, so nothing scrolled it yet).
		r.form.WithHeight(1)
		r.form.Update(tea.KeyMsg{Type: tea.KeyEnd})
		return
	}
	r.form.Update(tea.WindowSizeMsg{Width: w, Height: h})
}

// chooses reports a choice (Select or MultiSelect): esc cancels it and
// enter takes it.
func (r *Model) chooses() bool {
	switch r.Field.Kind {
	case forms.Enum, forms.Bool, forms.Multi:
		return true
	}
	return false
}

// Chooses reports a choice (Select or MultiSelect), where a letter picks.
func (r *Model) Chooses() bool { return r.chooses() }

// Value is the bound value as the field's text.
func (r *Model) Value() string { return r.value() }

func (r *Model) value() string {
	if r.Field.Kind == forms.Multi {
		return strings.Join(r.multi, ", ")
	}
	return r.text
}

// Text is the text being typed (Input, Text) or the choice shown.
func (r *Model) Text() string { return r.text }

// Form is the huh form (its focused field, for the suggestions).
func (r *Model) Form() *huh.Form { return r.form }

// View draws the field.
func (r *Model) View() string { return r.form.View() }

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

func ptr(s string) *string { return &s }

// Update handles a key while the row is edited and answers what it did
// (nil: nothing the editor need act on).
func (r *Model) Update(msg tea.KeyMsg) (tea.Msg, tea.Cmd) {
	k := r.keys
	if r.Fresh {
		r.Fresh = false
		if key.Matches(msg, k.NextSection, k.PrevSection, k.NextStep, k.PrevStep) {
			return Finish{Then: &msg}, nil
		}
	}
	switch {
	case key.Matches(msg, k.Sync, k.UndoLink):
		return Command{Key: msg}, nil
	case msg.Type == tea.KeyEsc && r.chooses():
		// Cancel: the choice goes back to what it was.
		if r.last != r.orig {
			return Finish{Set: ptr(r.orig)}, nil
		}
		return Finish{}, nil
	case msg.Type == tea.KeyEsc, msg.Type == tea.KeyCtrlD && !r.Inline:
		return Finish{}, nil
	case (msg.Type == tea.KeyTab || msg.Type == tea.KeyShiftTab) && (r.Inline || r.Field.Kind == forms.LongText):
		// As in a form: on to the next field, ready to type over.
		if msg.Type == tea.KeyTab {
			return Finish{Flow: 1}, nil
		}
		return Finish{Flow: -1}, nil
	case msg.Type == tea.KeyEnter && r.Field.Kind != forms.LongText:
		// Tab goes on from here; a choice is the one shown when it opened.
		if v := r.value(); r.chooses() && v != r.last {
			return Finish{Flowing: true, Set: &v}, nil
		}
		return Finish{Flowing: true}, nil
	case r.Inline && (msg.Type == tea.KeyUp || msg.Type == tea.KeyDown):
		if msg.Type == tea.KeyUp {
			return Finish{Move: -1}, nil
		}
		return Finish{Move: 1}, nil
	}
	if v, ok := r.tickByLetter(msg); ok {
		return Changed{Value: v}, nil
	}
	var cmd tea.Cmd
	if !r.typeOver(msg) { // ⌫ on selected text only clears it
		_, cmd = r.form.Update(msg)
	}
	if v := r.value(); v != r.last {
		r.last = v
		r.fitArea()
		return Changed{Value: v}, cmd
	}
	return nil, cmd
}

// typeOver handles the first key on a selected text: a character replaces
// it, ⌫ clears it (taken: true), any other key keeps it.
func (r *Model) typeOver(msg tea.KeyMsg) bool {
	if !r.Replace {
		return false
	}
	r.Replace = false
	switch msg.Type {
	case tea.KeyRunes, tea.KeySpace:
		r.setText("")
	case tea.KeyBackspace, tea.KeyDelete:
		r.setText("")
		return true
	}
	return false
}

// setText replaces the text being edited.
func (r *Model) setText(s string) {
	r.text = s
	switch {
	case r.input != nil:
		r.input.Value(&r.text)
	case r.area != nil:
		r.area.Value(&r.text)
		r.fitArea()
	}
}

// Take replaces the text typed with s, the cursor at its end (a name
// taken from the suggestions); changed reports a new value.
func (r *Model) Take(s string) (changed bool) {
	r.setText(s)
	r.form.Update(tea.KeyMsg{Type: tea.KeyEnd})
	if v := r.value(); v != r.last {
		r.last = v
		return true
	}
	return false
}

// redrawMsg makes the row's huh form draw again: a huh group draws its
// fields in Update, so a suggestion set after a key would show one key late.
type redrawMsg struct{}

// Redraw draws the form again (after its input's suggestions changed).
func (r *Model) Redraw() { r.form.Update(redrawMsg{}) }

// tickByLetter: in a list of ticks (Platforms) a letter ticks, or unticks,
// the first choice it begins ("a" ANDROID, "i" IOS), as letters pick a
// choice on a choice row. Other letters go to the list.
func (r *Model) tickByLetter(msg tea.KeyMsg) (string, bool) {
	letter, ok := LetterOf(msg)
	if r.Field.Kind != forms.Multi || !ok {
		return "", false
	}
	at := slices.IndexFunc(r.Field.Options, func(o string) bool { return strings.HasPrefix(strings.ToLower(o), letter) })
	if at < 0 {
		return "", false
	}
	opt := r.Field.Options[at]
	ticked := slices.Clone(r.multi)
	if i := slices.Index(ticked, opt); i >= 0 {
		ticked = slices.Delete(ticked, i, i+1)
	} else {
		ticked = append(ticked, opt)
	}
	// In the list's order, as space leaves them.
	order := func(v string) int {
		if i := slices.Index(r.Field.Options, v); i >= 0 {
			return i
		}
		return len(r.Field.Options)
	}
	slices.SortStableFunc(ticked, func(a, b string) int { return order(a) - order(b) })
	v := strings.Join(ticked, ", ")
	// huh reads the bound ticks only when the list is built: build it
	// again (esc still goes back to the value it opened with).
	r.build(v)
	r.SetSize(r.w, r.h)
	return v, true
}

// inlineTheme is the session's huh theme without the field's frame: a
// one-line input sits in its row, after the label.
func inlineTheme(s themes.Styles) *huh.Theme {
	t := common.HuhTheme(s)
	t.Focused.Base = t.Form.Base
	t.Blurred.Base = t.Form.Base
	return t
}

// LetterOf is the lower-case letter a key press types, if it types one
// letter and nothing else (the letter keys that pick a choice, tick one or
// pick in the new-draft dialog's lists).
func LetterOf(msg tea.KeyMsg) (string, bool) {
	if msg.Type != tea.KeyRunes || msg.Alt || len(msg.Runes) != 1 || !unicode.IsLetter(msg.Runes[0]) {
		return "", false
	}
	return string(unicode.ToLower(msg.Runes[0])), true
}
