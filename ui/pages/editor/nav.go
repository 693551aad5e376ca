package editor

import (
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/forms"
)

// Fewer keys between values: tab goes on from a field being typed in to
// the next one with its text selected (typing replaces it, as in a web
// form; a time zone opens its search, a list its choices), ⌫ on a text row clears it and types
// into it, a letter typed on an empty text row starts it, n goes to the next
// field that needs a value, and space on the link row links or unlinks
// the platform (link.go). Enter keeps editing in place: a copied text is
// edited from its text.

// typesText reports a row whose value is typed (in the row, or in the
// long-text dialog).
func typesText(f forms.Field) bool {
	if f.Role != forms.RoleValue {
		return false
	}
	switch f.Kind {
	case forms.Text, forms.LongText, forms.Int, forms.Float, forms.List, forms.IntList, forms.Value, forms.Pairs:
		return true
	}
	return false
}

// navKey handles the keys that act on the focused row beyond editing it:
// the link row and ⌫. ok reports a key it took.
func (m *Model) navKey(f forms.Field, msg tea.KeyMsg) (tea.Cmd, bool) {
	k := m.keys
	switch {
	case f.Path == linkRow:
		if key.Matches(msg, k.Link, k.Left, k.Right, k.Edit) {
			return m.toggleLink(), true
		}
		return nil, true
	case typesText(f) && key.Matches(msg, k.Clear):
		m.typeInto(f, true)
		return m.rowKey(msg), true
	}
	return nil, false
}

// focused is the row under the cursor of the form pane, when one is.
func (m *Model) focused() (forms.Field, bool) {
	l := &m.list
	if !m.d.loaded || m.pane != paneForm || m.step == forms.StepReview || l.cur < 0 || l.cur >= len(l.rows) {
		return forms.Field{}, false
	}
	f := l.rows[l.cur]
	return f, f.Focusable() && m.d.lockReason(f.Path) == ""
}

// typesHere reports an empty text row: a letter or digit typed on it is
// its text, never a command.
func (m *Model) typesHere(f forms.Field) bool { return typesText(f) && m.fieldText(f) == "" }

// picksHere reports a choice row: a letter typed on it picks a choice.
func (m *Model) picksHere(f forms.Field) bool {
	return f.Path != linkRow && (f.Kind == forms.Enum || f.Kind == forms.Bool)
}

// typedKey takes a plain character before any command: on an empty text
// row it starts the text (a–z, 0–9 and any character that is no
// punctuation key: "email" once opened the event-attributes dialog on its
// e); on a choice row a letter or digit
// picks a choice ("n" no, "p" PROMOTIONAL, "10" the APNs priority). A digit
// no choice begins with is still the step key. The commands of those keys
// are alt+key there (shown in the help). ok reports a key it took.
func (m *Model) typedKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	f, ok := m.focused()
	if !ok || msg.Type != tea.KeyRunes || msg.Alt || len(msg.Runes) == 0 {
		return nil, false
	}
	k := m.keys
	switch {
	case m.typesHere(f) && !key.Matches(msg, k.NextSection, k.PrevSection, k.NextStep, k.PrevStep, k.Toggle, m.c.Keys.Help):
		// The punctuation keys stay commands ({ } [ ] ? space): enter
		// first types a text that begins with one.
		m.typeInto(f, false)
		return m.rowKey(msg), true
	case m.picksHere(f):
		return m.pickKey(f, msg)
	}
	return nil, false
}

// typeInto starts editing a text row; selected: its text is selected, so
// the first key typed replaces it.
func (m *Model) typeInto(f forms.Field, selected bool) {
	m.startEdit(f)
	m.edit.Replace = selected && m.fieldText(f) != ""
}

// flowOn is tab (shift+tab) right after a value was set: on to the next
// (previous) field, as while typing.
func (m *Model) flowOn(msg tea.KeyMsg) {
	d := 1
	if key.Matches(msg, m.keys.PrevField) {
		d = -1
	}
	at := m.list.cur
	m.flow(d)
	if m.list.cur == at && m.edit == nil && m.dialogs.Empty() {
		// No field further: tab is the next pane again.
		m.flowing = false
		m.pane = (m.pane + paneCount + d) % paneCount
	}
}

// flow goes d rows on from a field just typed in and, when that row is
// typed too, starts editing it with its text selected. Tab goes on from
// there too (flowing) until another key is pressed.
func (m *Model) flow(d int) {
	m.flowing = true
	m.move(d)
	l := &m.list
	if l.cur >= len(l.rows) {
		return
	}
	switch f := l.rows[l.cur]; {
	case m.d.editReason(f.Path) != "":
	case typesText(f):
		m.typeInto(f, true)
		m.edit.Fresh = true
	case f.Kind == forms.Zone:
		m.openZone(f) // its search, ready to type
	case f.Kind == forms.Multi:
		m.startEdit(f) // its list, ready to tick
	}
}

// nextToFill goes to the next row below the cursor with a problem, else to
// the first problem of the checklist (in whatever step and content cell it
// is), and starts typing in it when it is typed.
func (m *Model) nextToFill() {
	l := &m.list
	at := -1
	for i := l.cur + 1; i < len(l.rows); i++ {
		if len(l.problems[i]) > 0 && l.rows[i].Focusable() {
			at = i
			break
		}
	}
	switch {
	case at >= 0:
		l.cur = at
	case len(m.probs.items) > 0:
		m.jumpTo(forms.FieldTarget(m.probs.items[0].p))
	default:
		m.setNotice("Nothing left to fill: the campaign is ready to publish (step 8).", false)
		return
	}
	m.pane = paneForm
	if l.cur < len(l.rows) {
		if f := l.rows[l.cur]; typesText(f) && m.d.editReason(f.Path) == "" {
			m.typeInto(f, false)
		}
	}
}

// section goes to the first field under the next heading (d > 0), or to
// the first field of the current section and then of the previous one
// (d < 0): a long step (a platform's content, a list of filters) is crossed
// a section at a time.
func (m *Model) section(d int) {
	l := &m.list
	first := func(h int) int { // the first focusable row after heading h
		for i := h + 1; i < len(l.rows); i++ {
			if l.rows[i].Focusable() {
				return i
			}
		}
		return -1
	}
	heading := func(from, step int) int {
		for i := from; i >= 0 && i < len(l.rows); i += step {
			if l.rows[i].Kind == forms.Heading {
				return i
			}
		}
		return -1
	}
	if d > 0 {
		for h := heading(l.cur+1, 1); h >= 0; h = heading(h+1, 1) {
			if i := first(h); i > l.cur {
				l.cur = i
				return
			}
		}
		return
	}
	for h := heading(l.cur-1, -1); h >= 0; h = heading(h-1, -1) {
		if i := first(h); i >= 0 && i < l.cur {
			l.cur = i
			return
		}
	}
	if i := first(-1); i >= 0 {
		l.cur = i
	}
}

// focusAdded starts typing in an item just added (a goal's name, a slide's
// image URL) when its first row is typed, as a web form focuses the new
// item; the cursor is already on that row (rebuild).
//
// A new locale starts as a copy of default (forms.SeedLocale): the cursor
// goes to its first text (the title), selected, ready to translate.
func (m *Model) focusAdded(role forms.Role) {
	l := &m.list
	switch role {
	case forms.RoleAddItem:
		if l.cur >= len(l.rows) {
			return
		}
		if f := l.rows[l.cur]; typesText(f) && m.d.editReason(f.Path) == "" {
			m.typeInto(f, false)
		}
	case forms.RoleRemoveLocale, forms.RoleRemoveVariation:
		// Removed: the cursor goes to the selector of what was removed,
		// which now shows the one left (the removal rows are last).
		sel := forms.SelLocale
		if role == forms.RoleRemoveVariation {
			sel = forms.SelVariation
		}
		for i, f := range l.rows {
			if f.Path == sel {
				l.cur = i
			}
		}
	case forms.RoleAddLocale:
		for i, f := range l.rows {
			if typesText(f) && strings.HasPrefix(f.Path, "campaign_content.content.") && m.d.editReason(f.Path) == "" {
				l.cur = i
				m.typeInto(f, true)
				return
			}
		}
	}
}

// switchPlatform shows platform p's content in one key: the locale and
// variation stay, and the cursor stays on the same field (the title stays
// the title), or on the nearest field above it that p has too.
func (m *Model) switchPlatform(p string) tea.Cmd {
	if !slices.Contains(forms.Platforms(m.d.work), p) {
		m.setNotice("The campaign is not sent to "+forms.PlatformName(p)+" (Basic details, Platforms).", true)
		return nil
	}
	old := forms.MessagePath(m.d.work, m.sel.Locale, m.sel.Variation) + ".push." + strings.ToLower(m.sel.Platform) + "."
	var wanted []string // the fields from the cursor up, as p names them
	if m.step == forms.StepContent {
		now := forms.MessagePath(m.d.work, m.sel.Locale, m.sel.Variation) + ".push." + strings.ToLower(p) + "."
		for i := min(m.list.cur, len(m.list.rows)-1); i >= 0; i-- {
			if rest, ok := strings.CutPrefix(m.list.rows[i].Path, old); ok {
				wanted = append(wanted, now+rest)
			}
		}
	}
	m.sel.Platform = p
	m.goStep(forms.StepContent)
	for _, w := range wanted {
		if i := slices.IndexFunc(m.list.rows, func(f forms.Field) bool { return f.Path == w }); i >= 0 {
			m.list.cur = i
			return m.schedulePreview()
		}
	}
	// Not on a field of the content: its first (the template).
	if i := slices.IndexFunc(m.list.rows, func(f forms.Field) bool { return strings.HasSuffix(f.Path, ".template_type") }); i >= 0 {
		m.list.cur = i
	}
	return m.schedulePreview()
}
