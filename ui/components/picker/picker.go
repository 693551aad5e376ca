// Package picker is a searchable list to choose one value or several: the
// Copy-to targets, the preview user, a suggested name. Typing filters the
// list (by label or value, any case); with Free, what was typed can be
// taken as is, so a list of suggestions never forbids another value.
package picker

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/campaigns-cli/campaigns/themes"
)

// Item is one choice.
type Item struct {
	Label  string // what the list shows
	Value  string // what choosing it gives (the label when empty)
	Detail string // a muted note after the label
}

func (it Item) value() string {
	if it.Value != "" {
		return it.Value
	}
	return it.Label
}

// Options configure a picker.
type Options struct {
	// Multi lets several items be chosen (space toggles, enter takes them).
	Multi bool
	// Free lets enter take the typed text when no item matches it.
	Free bool
	// Chosen are the values chosen at the start (Multi).
	Chosen []string
	// Placeholder is the filter's hint.
	Placeholder string
}

// Result is what a key did.
type Result int

const (
	Pending  Result = iota // still choosing
	Done                   // enter: Values holds the choice
	Canceled               // esc
)

// Model is a picker.
type Model struct {
	items    []Item
	opts     Options
	shown    []int // indexes of items matching the filter
	cur      int
	chosen   map[string]bool
	filter   textinput.Model
	styles   themes.Styles
	values   []string
	keyUp    key.Binding
	keyDown  key.Binding
	keyAll   key.Binding
	keyClear key.Binding
}

// New builds a picker over items.
func New(s themes.Styles, items []Item, o Options) *Model {
	m := &Model{items: items, opts: o, styles: s, chosen: map[string]bool{}}
	for _, v := range o.Chosen {
		m.chosen[v] = true
	}
	m.filter = textinput.New()
	m.filter.Prompt = "/ "
	m.filter.Placeholder = o.Placeholder
	if m.filter.Placeholder == "" {
		m.filter.Placeholder = "type to search"
	}
	m.filter.PromptStyle = s.Accent
	m.filter.TextStyle = s.Text
	m.filter.PlaceholderStyle = s.Placeholder
	m.filter.Cursor.Style = s.Cursor
	m.filter.Focus()
	m.keyUp = key.NewBinding(key.WithKeys("up", "ctrl+p"), key.WithHelp("↑", "up"))
	m.keyDown = key.NewBinding(key.WithKeys("down", "ctrl+n"), key.WithHelp("↓", "down"))
	m.keyAll = key.NewBinding(key.WithKeys("ctrl+a"), key.WithHelp("ctrl+a", "all"))
	m.keyClear = key.NewBinding(key.WithKeys("ctrl+u"), key.WithHelp("ctrl+u", "clear search"))
	m.refilter()
	return m
}

// Help names the picker's keys.
func (m *Model) Help() []key.Binding {
	b := func(k, d string) key.Binding { return key.NewBinding(key.WithKeys(k), key.WithHelp(k, d)) }
	if m.opts.Multi {
		return []key.Binding{b("space", "choose"), m.keyAll, b("enter", "done"), b("esc", "cancel")}
	}
	if m.opts.Free {
		return []key.Binding{b("enter", "choose"), b("tab", "use as typed"), b("esc", "cancel")}
	}
	return []key.Binding{b("enter", "choose"), b("esc", "cancel")}
}

// Values is the choice once Done.
func (m *Model) Values() []string { return m.values }

// Query is the text typed in the search.
func (m *Model) Query() string { return m.filter.Value() }

// Update takes one key.
func (m *Model) Update(msg tea.KeyMsg) (Result, tea.Cmd) {
	switch {
	case msg.Type == tea.KeyEsc:
		return Canceled, nil
	case msg.Type == tea.KeyEnter:
		return m.enter()
	case msg.Type == tea.KeyTab && m.opts.Free && !m.opts.Multi && strings.TrimSpace(m.filter.Value()) != "":
		m.values = []string{strings.TrimSpace(m.filter.Value())}
		return Done, nil
	case key.Matches(msg, m.keyUp):
		m.cur = max(0, m.cur-1)
		return Pending, nil
	case key.Matches(msg, m.keyDown):
		m.cur = max(0, min(len(m.shown)-1, m.cur+1))
		return Pending, nil
	case m.opts.Multi && msg.Type == tea.KeySpace:
		if it, ok := m.current(); ok {
			m.chosen[it.value()] = !m.chosen[it.value()]
		}
		return Pending, nil
	case m.opts.Multi && key.Matches(msg, m.keyAll):
		all := true
		for _, i := range m.shown {
			all = all && m.chosen[m.items[i].value()]
		}
		for _, i := range m.shown {
			m.chosen[m.items[i].value()] = !all
		}
		return Pending, nil
	case key.Matches(msg, m.keyClear):
		m.filter.SetValue("")
		m.refilter()
		return Pending, nil
	}
	var cmd tea.Cmd
	m.filter, cmd = m.filter.Update(msg)
	m.refilter()
	return Pending, cmd
}

func (m *Model) enter() (Result, tea.Cmd) {
	if m.opts.Multi {
		m.values = nil
		for _, it := range m.items {
			if m.chosen[it.value()] {
				m.values = append(m.values, it.value())
			}
		}
		if len(m.values) == 0 {
			// enter on an item with nothing ticked takes that item.
			if it, ok := m.current(); ok {
				m.values = []string{it.value()}
			}
		}
		if len(m.values) == 0 {
			return Canceled, nil
		}
		return Done, nil
	}
	q := strings.TrimSpace(m.filter.Value())
	if i := m.matchesWhole(q); q != "" && i >= 0 {
		m.values = []string{m.items[i].value()}
		return Done, nil
	}
	// The highlighted item wins while anything matches; tab takes the text
	// as typed.
	if it, ok := m.current(); ok {
		m.values = []string{it.value()}
		return Done, nil
	}
	if m.opts.Free && q != "" {
		m.values = []string{q}
		return Done, nil
	}
	return Pending, nil
}

func (m *Model) matchesWhole(q string) int {
	for i, it := range m.items {
		if strings.EqualFold(it.Label, q) || strings.EqualFold(it.value(), q) {
			return i
		}
	}
	return -1
}

func (m *Model) current() (Item, bool) {
	if m.cur < 0 || m.cur >= len(m.shown) {
		return Item{}, false
	}
	return m.items[m.shown[m.cur]], true
}

// refilter keeps the items matching the search: those starting with it
// first, then those containing it.
func (m *Model) refilter() {
	q := strings.ToLower(strings.TrimSpace(m.filter.Value()))
	var first, rest []int
	for i, it := range m.items {
		l, v := strings.ToLower(it.Label), strings.ToLower(it.value())
		switch {
		case q == "" || strings.HasPrefix(l, q) || strings.HasPrefix(v, q):
			first = append(first, i)
		case strings.Contains(l, q) || strings.Contains(v, q) || strings.Contains(strings.ToLower(it.Detail), q):
			rest = append(rest, i)
		}
	}
	m.shown = append(first, rest...)
	m.cur = max(0, min(m.cur, len(m.shown)-1))
}

// View draws the search line and as many items as fit in h lines, the
// cursor's item in view.
func (m *Model) View(w, h int) string {
	s := m.styles
	m.filter.Width = max(4, w-4)
	lines := []string{m.filter.View()}
	rows := max(1, h-2)
	start := 0
	if m.cur >= rows {
		start = m.cur - rows + 1
	}
	for n, i := range m.shown[start:] {
		if n == rows {
			break
		}
		it := m.items[i]
		mark := ""
		if m.opts.Multi {
			mark = "[ ] "
			if m.chosen[it.value()] {
				mark = "[x] "
			}
		}
		label := mark + it.Label
		line := "  " + label
		if start+n == m.cur {
			line = s.Cursor.Render("▸ ") + s.Selected.Render(label)
		}
		if it.Detail != "" {
			line += "  " + s.Muted.Render(it.Detail)
		}
		lines = append(lines, cut(line, w))
	}
	switch {
	case len(m.shown) == 0 && m.opts.Free && m.filter.Value() != "":
		lines = append(lines, s.Muted.Render(cut("  enter: use “"+m.filter.Value()+"”", w)))
	case len(m.shown) == 0:
		lines = append(lines, s.Muted.Render("  no match"))
	}
	return strings.Join(lines, "\n")
}

func cut(s string, w int) string { return ansi.Truncate(s, max(w, 0), "…") }
