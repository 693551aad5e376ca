// Package filterlist is the one filterable list of the screens: the time
// zone search, the preview user, the Copy-to targets and the names
// suggested while a field is typed. Typing narrows the items (by its own
// rule, or the list's: those starting with the text first, then those
// containing it); the list draws only the lines its window shows, so a key
// costs the same however many items match.
package filterlist

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/components/window"
)

// Item is one choice.
type Item struct {
	Label  string // what the list shows (cleaned by the caller)
	Value  string // what choosing it gives (the label when empty)
	Detail string // a muted note after the label
}

// Val is what choosing the item gives.
func (it Item) Val() string {
	if it.Value != "" {
		return it.Value
	}
	return it.Label
}

// Options configure a list.
type Options struct {
	// Multi lets several items be chosen (space toggles, enter takes them).
	Multi bool
	// Free lets enter take the typed text when no item matches it, and tab
	// take it as typed even when one does.
	Free bool
	// Chosen are the values chosen at the start (Multi).
	Chosen []string
	// Placeholder is the search's hint.
	Placeholder string
	// Filter gives the items matching a query, best first; nil filters the
	// items given to New.
	Filter func(query string) []Item
	// External: the query is set from outside (SetQuery), as a suggestion
	// list follows the field being typed; no search line is drawn, keys
	// only move the cursor, and no item is under it until one is chosen.
	External bool
}

// Result is what a key did.
type Result int

const (
	Pending  Result = iota // still choosing
	Done                   // enter (or tab, Free): Values holds the choice
	Canceled               // esc
)

// Model is a filterable list.
type Model struct {
	items  []Item
	opts   Options
	shown  []Item // the items matching the query, best first
	cur    int    // the item under the cursor in shown; -1: none
	chosen map[string]bool
	filter textinput.Model
	styles themes.Styles
	values []string
	win    window.Model
	width  int
	keys   keys
	// mark is the cursor's mark, drawn once; drawn keeps the lines of the
	// items off the cursor as drawn, by label: a key redraws only the
	// cursor's line (lipgloss costs more than the search).
	mark  string
	drawn map[string]string
}

type keys struct{ up, down, all, clear key.Binding }

// New builds a list over items (or over Options.Filter's answers).
func New(s themes.Styles, items []Item, o Options) *Model {
	m := &Model{items: items, opts: o, styles: s, chosen: map[string]bool{}, width: 40}
	for _, v := range o.Chosen {
		m.chosen[v] = true
	}
	m.filter = textinput.New()
	m.filter.Prompt = "/ "
	m.filter.Placeholder = o.Placeholder
	if m.filter.Placeholder == "" {
		m.filter.Placeholder = "type to search"
	}
	m.filter.PromptStyle, m.filter.TextStyle, m.filter.PlaceholderStyle = s.Accent, s.Text, s.Placeholder
	m.filter.Cursor.Style, m.filter.Cursor.TextStyle = s.Cursor, s.Text
	if !o.External {
		m.filter.Focus()
	}
	m.keys = keys{
		up:    key.NewBinding(key.WithKeys("up", "ctrl+p"), key.WithHelp("↑", "up")),
		down:  key.NewBinding(key.WithKeys("down", "ctrl+n"), key.WithHelp("↓", "down")),
		all:   key.NewBinding(key.WithKeys("ctrl+a"), key.WithHelp("ctrl+a", "all")),
		clear: key.NewBinding(key.WithKeys("ctrl+u"), key.WithHelp("ctrl+u", "clear search")),
	}
	m.win.SetHeight(10)
	m.mark = s.Cursor.Render("▸ ")
	m.refilter()
	return m
}

// Help names the list's keys.
func (m *Model) Help() []key.Binding {
	b := func(k, d string) key.Binding { return key.NewBinding(key.WithKeys(k), key.WithHelp(k, d)) }
	switch {
	case m.opts.Multi:
		return []key.Binding{b("space", "choose"), m.keys.all, b("enter", "done"), b("esc", "cancel")}
	case m.opts.Free:
		return []key.Binding{b("enter", "choose"), b("tab", "use as typed"), b("esc", "cancel")}
	}
	return []key.Binding{b("enter", "choose"), b("esc", "cancel")}
}

// SetSize gives the list w columns and h lines of items (the search line
// is drawn above them).
func (m *Model) SetSize(w, h int) {
	if w != m.width {
		m.drawn = nil // drawn for another width
	}
	m.width = w
	m.filter.Width = max(4, w-4)
	m.win.SetHeight(h)
	m.win.Follow(m.cur, len(m.shown))
}

// Values is the choice once Done.
func (m *Model) Values() []string { return m.values }

// Query is the text typed in the search (or set, External).
func (m *Model) Query() string { return m.filter.Value() }

// SetQuery filters the list by q (External: the text being typed).
func (m *Model) SetQuery(q string) {
	m.filter.SetValue(q)
	m.refilter()
}

// Shown is the items matching the query, best first.
func (m *Model) Shown() []Item { return m.shown }

// Cursor is the index in Shown of the item under the cursor (-1: none).
func (m *Model) Cursor() int { return m.cur }

// SetCursor puts the cursor on item i of Shown (-1: on none).
func (m *Model) SetCursor(i int) {
	m.cur = max(-1, min(i, len(m.shown)-1))
	m.win.Follow(m.cur, len(m.shown))
}

// Select puts the cursor on the item whose value is v, if one is shown.
func (m *Model) Select(v string) bool {
	for i, it := range m.shown {
		if it.Val() == v {
			m.SetCursor(i)
			return true
		}
	}
	return false
}

// Move takes the cursor d items on, round the list (from none, down is the
// first and up the last).
func (m *Model) Move(d int) {
	n := len(m.shown)
	if n == 0 {
		return
	}
	switch {
	case m.cur < 0 && d > 0:
		m.SetCursor(d - 1)
	case m.cur < 0:
		m.SetCursor(n + d)
	default:
		m.SetCursor(((m.cur+d)%n + n) % n)
	}
}

// Current is the item under the cursor.
func (m *Model) Current() (Item, bool) {
	if m.cur < 0 || m.cur >= len(m.shown) {
		return Item{}, false
	}
	return m.shown[m.cur], true
}

// Update takes one key.
func (m *Model) Update(msg tea.KeyMsg) (Result, tea.Cmd) {
	q := strings.TrimSpace(m.filter.Value())
	switch {
	case msg.Type == tea.KeyEsc:
		return Canceled, nil
	case msg.Type == tea.KeyEnter:
		return m.enter()
	case msg.Type == tea.KeyTab && m.opts.Free && !m.opts.Multi:
		if q == "" {
			return Pending, nil
		}
		m.values = []string{q}
		return Done, nil
	case key.Matches(msg, m.keys.up):
		m.SetCursor(max(0, m.cur-1))
		return Pending, nil
	case key.Matches(msg, m.keys.down):
		m.SetCursor(max(0, min(len(m.shown)-1, m.cur+1)))
		return Pending, nil
	case m.opts.Multi && msg.Type == tea.KeySpace:
		if it, ok := m.Current(); ok {
			m.chosen[it.Val()] = !m.chosen[it.Val()]
		}
		return Pending, nil
	case m.opts.Multi && key.Matches(msg, m.keys.all):
		all := true
		for _, it := range m.shown {
			all = all && m.chosen[it.Val()]
		}
		for _, it := range m.shown {
			m.chosen[it.Val()] = !all
		}
		return Pending, nil
	case key.Matches(msg, m.keys.clear):
		m.SetQuery("")
		return Pending, nil
	case m.opts.External:
		return Pending, nil
	}
	before := m.filter.Value()
	var cmd tea.Cmd
	m.filter, cmd = m.filter.Update(msg)
	if m.filter.Value() != before {
		m.refilter()
	}
	return Pending, cmd
}

func (m *Model) enter() (Result, tea.Cmd) {
	if m.opts.Multi {
		m.values = nil
		for _, it := range m.items {
			if m.chosen[it.Val()] {
				m.values = append(m.values, it.Val())
			}
		}
		if len(m.values) == 0 {
			// enter on an item with nothing ticked takes that item.
			if it, ok := m.Current(); ok {
				m.values = []string{it.Val()}
			}
		}
		if len(m.values) == 0 {
			return Canceled, nil
		}
		return Done, nil
	}
	q := strings.TrimSpace(m.filter.Value())
	for _, it := range m.shown {
		if q != "" && (strings.EqualFold(it.Label, q) || strings.EqualFold(it.Val(), q)) {
			m.values = []string{it.Val()}
			return Done, nil
		}
	}
	// The highlighted item wins while anything matches; tab takes the text
	// as typed.
	if it, ok := m.Current(); ok {
		m.values = []string{it.Val()}
		return Done, nil
	}
	if m.opts.Free && q != "" {
		m.values = []string{q}
		return Done, nil
	}
	return Pending, nil
}

// refilter keeps the items matching the query and the cursor on one.
func (m *Model) refilter() {
	q := m.filter.Value()
	if m.opts.Filter != nil {
		m.shown = m.opts.Filter(q)
	} else {
		m.shown = rank(m.items, strings.ToLower(strings.TrimSpace(q)))
	}
	if m.opts.External {
		m.cur = -1
	} else {
		m.cur = max(0, min(m.cur, len(m.shown)-1))
	}
	m.win.Follow(m.cur, len(m.shown))
}

// rank is the items starting with q, then those containing it.
func rank(items []Item, q string) []Item {
	if q == "" {
		return items
	}
	var first, rest []Item
	for _, it := range items {
		l, v := strings.ToLower(it.Label), strings.ToLower(it.Val())
		switch {
		case strings.HasPrefix(l, q) || strings.HasPrefix(v, q):
			first = append(first, it)
		case strings.Contains(l, q) || strings.Contains(v, q) || strings.Contains(strings.ToLower(it.Detail), q):
			rest = append(rest, it)
		}
	}
	return append(first, rest...)
}

// Lines draws the items the window shows, the cursor's marked.
func (m *Model) Lines() []string {
	s, w := m.styles, m.width
	from, to := m.win.Range(len(m.shown))
	lines := make([]string, 0, to-from)
	for i := from; i < to; i++ {
		it := m.shown[i]
		label := it.Label
		if m.opts.Multi {
			label = "[ ] " + label
			if m.chosen[it.Val()] {
				label = "[x] " + it.Label
			}
		}
		if i == m.cur {
			lines = append(lines, m.line(m.mark+s.Selected.Render(ansi.Truncate(label, max(0, w-2), "…")), it))
			continue
		}
		line, ok := m.drawn[label+"\x00"+it.Detail]
		if !ok {
			line = m.line("  "+s.Text.Render(ansi.Truncate(label, max(0, w-2), "…")), it)
			if m.drawn == nil || len(m.drawn) > 512 {
				m.drawn = make(map[string]string, 64)
			}
			m.drawn[label+"\x00"+it.Detail] = line
		}
		lines = append(lines, line)
	}
	return lines
}

// line ends an item's line with its detail, cut to the width.
func (m *Model) line(head string, it Item) string {
	if it.Detail != "" {
		head += "  " + m.styles.Muted.Render(it.Detail)
	}
	return ansi.Truncate(head, max(0, m.width), "…")
}

// View is the search line and the items shown, or a note when none
// matches (empty: what to say then, "" for "no match").
func (m *Model) View(empty string) string {
	lines := []string{m.filter.View()}
	if m.opts.External {
		lines = nil
	}
	lines = append(lines, m.Lines()...)
	if len(m.shown) == 0 {
		if empty == "" {
			empty = "no match"
		}
		lines = append(lines, m.styles.Muted.Render(ansi.Truncate("  "+empty, max(0, m.width), "…")))
	}
	return strings.Join(lines, "\n")
}
