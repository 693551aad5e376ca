package editor

import (
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/huh"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/components/filterlist"
	"github.com/campaigns-cli/campaigns/ui/pages/editor/rowform"
)

// NameSource offers the names a workspace already uses (events, attributes,
// segments, tags …), best first. main fills it (api/suggest: the
// workspace's campaigns read through search and, on the sandbox, its users
// and segments, cached and refreshed in the background); Suggest is called
// on every key press, so it must answer from memory.
type NameSource interface {
	Suggest(kind model.NameKind, prefix string, max int) []string
}

// SegmentPairs, when the NameSource has it, knows which segment id goes
// with which name: taking one suggestion fills the other when it is empty.
type SegmentPairs interface {
	SegmentPair(idOrName string, isID bool) (string, bool)
}

// maxSuggestions is how many names the list under the rows shows.
const maxSuggestions = 5

// suggester completes a one-line field whose row takes names (the forms'
// field table, Field.Names) from the editor's NameSource. Typing narrows
// the names; the first is drawn as ghost text after the cursor (not
// without colour, where it would read as typed); tab or ctrl+e takes it,
// ctrl+n/ctrl+p choose another. Free text stays: enter keeps what is typed.
// A list field (tags) completes its last item. It wraps the row's huh
// input from outside (the editor's key routing hands it the keys first),
// so rowform.go knows nothing of it. The names are a filterlist whose
// query is the text typed.
type suggester struct {
	r     *rowform.Model // the row form it was made for
	src   NameSource
	kind  model.NameKind
	in    *huh.Input
	ghost bool // draw the chosen name after the cursor

	head  string // the text before the item being completed (lists)
	token string // the item being completed
	list  bool   // the field is a list: its last item is completed
	// names are the names offered for token; the one under its cursor is
	// chosen (none yet: an empty item, or nothing typed).
	names *filterlist.Model
	// typed: the text changed since the row opened. Until then no name is
	// chosen, so tab through a filled row never changes its value.
	typed bool
}

// suggestions is the completer of the row being edited (nil when none is
// edited, it takes no names or no source is wired), made when first asked
// for after the row form opened.
func (m *Model) suggestions() *suggester {
	r := m.edit
	if r == nil || !r.Inline || m.f.Names == nil || r.Field.Names == "" {
		m.sug = nil
		return nil
	}
	if m.sug != nil && m.sug.r == r {
		return m.sug
	}
	in, ok := r.Form().GetFocusedField().(*huh.Input)
	if !ok {
		m.sug = nil
		return nil
	}
	g := &suggester{r: r, src: m.f.Names, kind: r.Field.Names, in: in, ghost: !m.c.Styles.Theme.Plain, list: r.Field.Kind == forms.List}
	g.names = filterlist.New(m.c.Styles, nil, filterlist.Options{External: true, Filter: g.match})
	g.refresh(r.Text())
	r.Redraw()
	m.sug = g
	return g
}

// suggestHelp is the help line while a row offering names is edited.
func (m *Model) suggestHelp() []key.Binding {
	g, k := m.sug, m.keys
	if g == nil || m.edit == nil || g.r != m.edit || len(g.names.Shown()) == 0 {
		return nil
	}
	if g.chosen() != "" {
		return []key.Binding{k.Complete, k.OtherName, k.Done, k.Cancel}
	}
	return []key.Binding{k.OtherName, k.Done, k.Cancel, k.Sync}
}

// refresh offers the names for the item being typed in text; the name
// chosen stays while the names offered do not change.
func (g *suggester) refresh(text string) {
	before, token, chosen := g.names.Shown(), g.token, g.names.Cursor()
	g.names.SetQuery(text)
	names := g.names.Shown()
	if g.token == token && slices.EqualFunc(names, before, func(a, b filterlist.Item) bool { return a.Value == b.Value }) {
		g.names.SetCursor(chosen)
	} else if strings.TrimSpace(g.token) != "" && g.typed {
		// Typed: the first name is chosen. Nothing typed: the list shows
		// the names, and tab still finishes the row until one is chosen.
		g.names.SetCursor(0)
	}
	g.showGhost()
}

// match is the names for the item being typed in text, best first (the
// list's filter: it also notes the item and the text before it).
func (g *suggester) match(text string) []filterlist.Item {
	head, token := "", text
	if g.list {
		if i := strings.LastIndex(text, ","); i >= 0 {
			head, token = text[:i+1], text[i+1:]
			// "a, b": the space after the comma belongs to the head.
			trimmed := strings.TrimLeft(token, " ")
			head, token = head+token[:len(token)-len(trimmed)], trimmed
		}
	}
	g.head, g.token = head, token
	names := g.src.Suggest(g.kind, token, maxSuggestions+8)
	var have map[string]bool
	if g.list {
		// A tag already in the list is not offered again.
		have = map[string]bool{}
		for _, t := range forms.SplitList(head) {
			have[strings.ToLower(t)] = true
		}
	}
	// One letter is in too many names: only those starting with it.
	first := len([]rune(strings.TrimSpace(token))) == 1
	out := make([]filterlist.Item, 0, maxSuggestions)
	for _, n := range names {
		switch {
		case len(out) == maxSuggestions:
			return out
		case have[strings.ToLower(n)], first && !strings.HasPrefix(strings.ToLower(n), strings.ToLower(token)):
			continue
		}
		out = append(out, filterlist.Item{Label: common.Clean(n), Value: n})
	}
	return out
}

// showGhost gives the input the chosen name when it continues what is
// typed: huh draws the rest after the cursor.
func (g *suggester) showGhost() {
	chosen := g.chosen()
	if !g.ghost || chosen == "" || g.token == "" || !strings.HasPrefix(strings.ToLower(chosen), strings.ToLower(g.token)) {
		g.in.Suggestions(nil)
		return
	}
	name, typed := []rune(chosen), []rune(g.token)
	if len(name) <= len(typed) {
		g.in.Suggestions(nil)
		return
	}
	g.in.Suggestions([]string{g.head + g.token + string(name[len(typed):])})
}

// chosen is the name tab would take ("" for none).
func (g *suggester) chosen() string {
	if g == nil {
		return ""
	}
	it, _ := g.names.Current()
	return it.Value
}

// key handles the suggestion keys; handled is false for any other key (or
// when there is nothing to take: tab then finishes the row as always).
func (g *suggester) key(r *rowform.Model, m *Model, msg tea.KeyMsg) (cmd tea.Cmd, handled bool) {
	if g == nil || len(g.names.Shown()) == 0 {
		return nil, false
	}
	k := m.keys
	switch {
	case key.Matches(msg, k.OtherName):
		step := 1
		if msg.Type == tea.KeyCtrlP {
			step = -1
		}
		g.names.Move(step)
		g.showGhost()
		r.Redraw()
		return nil, true
	case key.Matches(msg, k.Complete) && g.chosen() != "":
		changed := r.Take(g.head + g.chosen())
		g.refresh(r.Text())
		r.Redraw()
		var cmds []tea.Cmd
		if changed {
			cmds = append(cmds, m.choose(r.Field, r.Value()))
		}
		cmds = append(cmds, g.fillPair(m, r.Field, r.Text()))
		if r.Field.Kind != forms.List {
			// Taken: on to the next field, as tab does after typing (the
			// next text once ran into the name taken).
			m.stopEditing()
			m.flow(1)
		}
		return tea.Batch(cmds...), true
	}
	return nil, false
}

// fillPair fills a custom segment filter's id from the name just taken, or
// its name from the id, when the other is empty and the source knows it.
func (g *suggester) fillPair(m *Model, f forms.Field, v string) tea.Cmd {
	pairs, ok := g.src.(SegmentPairs)
	if !ok || (g.kind != model.NameSegmentName && g.kind != model.NameSegmentID) {
		return nil
	}
	isID := g.kind == model.NameSegmentID
	base, other := strings.TrimSuffix(f.Path, ".name"), ".id"
	if isID {
		base, other = strings.TrimSuffix(f.Path, ".id"), ".name"
	}
	pair, ok := pairs.SegmentPair(v, isID)
	if !ok {
		return nil
	}
	for _, row := range m.list.rows {
		if row.Path == base+other && m.fieldText(row) == "" {
			return m.apply(row, pair)
		}
	}
	return nil
}

// lines lists the names offered, under the rows, and how to take one.
func (g *suggester) lines(m *Model, w int) []string {
	if g == nil || len(g.names.Shown()) == 0 {
		return nil
	}
	title := "names in use · ctrl+n picks one, tab takes it"
	if g.chosen() != "" {
		title = "names in use · tab takes ▸ · ctrl+n/p another"
	}
	g.names.SetSize(w, maxSuggestions)
	return append([]string{m.c.Styles.Muted.Render(common.Truncate(title, w))}, g.names.Lines()...)
}

// suggestLines are the suggestions of the row being edited (none when no
// row is edited or it takes no names). It runs in Update (scrollRows).
func (m *Model) suggestLines(w int) []string {
	return m.suggestions().lines(m, w)
}
