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
// input from outside (editKey), so rowform.go knows nothing of it.
type suggester struct {
	r     *rowForm // the row form it was made for
	src   NameSource
	kind  model.NameKind
	in    *huh.Input
	ghost bool // draw the chosen name after the cursor

	head  string   // the text before the item being completed (lists)
	token string   // the item being completed
	names []string // names offered for token
	cur   int      // the chosen name; -1: none yet (an empty item)
	// typed: the text changed since the row opened. Until then no name is
	// chosen, so tab through a filled row never changes its value.
	typed bool
}

// suggestions is the completer of the row being edited (nil when none is
// edited, it takes no names or no source is wired), made when first asked
// for after the row form opened.
func (m *Model) suggestions() *suggester {
	r := m.edit
	if r == nil || !r.inline || m.f.Names == nil || r.field.Names == "" {
		m.sug = nil
		return nil
	}
	if m.sug != nil && m.sug.r == r {
		return m.sug
	}
	in, ok := r.form.GetFocusedField().(*huh.Input)
	if !ok {
		m.sug = nil
		return nil
	}
	g := &suggester{r: r, src: m.f.Names, kind: r.field.Names, in: in, ghost: !m.c.Styles.Theme.Plain, cur: -1}
	g.refresh(r.text, r.field.Kind == forms.List)
	r.redraw()
	m.sug = g
	return g
}

// editKey is a key for the row being edited: the suggestion keys first,
// then the row form; the names follow what it typed.
func (m *Model) editKey(msg tea.KeyMsg) tea.Cmd {
	r, g := m.edit, m.suggestions()
	if cmd, ok := g.key(r, m, msg); ok {
		return cmd
	}
	before := r.text
	cmd := r.update(m, msg)
	if g != nil && m.edit == r {
		g.typed = g.typed || r.text != before
		g.refresh(r.text, r.field.Kind == forms.List)
		r.redraw()
	}
	return cmd
}

// suggestHelp is the help line while a row offering names is edited.
func (m *Model) suggestHelp() []key.Binding {
	g, k := m.sug, m.keys
	if g == nil || m.edit == nil || g.r != m.edit || len(g.names) == 0 {
		return nil
	}
	if g.chosen() != "" {
		return []key.Binding{k.Complete, k.OtherName, k.Done, k.Cancel}
	}
	return []key.Binding{k.OtherName, k.Done, k.Cancel, k.Sync}
}

// refresh offers the names for the item being typed in text.
func (g *suggester) refresh(text string, list bool) {
	head, token := "", text
	if list {
		if i := strings.LastIndex(text, ","); i >= 0 {
			head, token = text[:i+1], text[i+1:]
			// "a, b": the space after the comma belongs to the head.
			trimmed := strings.TrimLeft(token, " ")
			head, token = head+token[:len(token)-len(trimmed)], trimmed
		}
	}
	names := g.src.Suggest(g.kind, token, maxSuggestions+8)
	if list {
		// A tag already in the list is not offered again.
		have := map[string]bool{}
		for _, t := range forms.SplitList(head) {
			have[strings.ToLower(t)] = true
		}
		kept := names[:0:0]
		for _, n := range names {
			if !have[strings.ToLower(n)] {
				kept = append(kept, n)
			}
		}
		names = kept
	}
	if len([]rune(strings.TrimSpace(token))) == 1 {
		// One letter is in too many names: only those starting with it.
		kept := names[:0:0]
		for _, n := range names {
			if strings.HasPrefix(strings.ToLower(n), strings.ToLower(token)) {
				kept = append(kept, n)
			}
		}
		names = kept
	}
	names = names[:min(len(names), maxSuggestions)]
	changed := token != g.token || !slices.Equal(names, g.names)
	g.head, g.token, g.names = head, token, names
	if changed {
		g.cur = 0
		if strings.TrimSpace(token) == "" || !g.typed {
			// Nothing typed: the list shows the names, and tab still
			// finishes the row until one is chosen.
			g.cur = -1
		}
	}
	g.cur = min(g.cur, len(g.names)-1)
	g.showGhost()
}

// showGhost gives the input the chosen name when it continues what is
// typed: huh draws the rest after the cursor.
func (g *suggester) showGhost() {
	if !g.ghost || g.cur < 0 || g.token == "" || !strings.HasPrefix(strings.ToLower(g.names[g.cur]), strings.ToLower(g.token)) {
		g.in.Suggestions(nil)
		return
	}
	name, typed := []rune(g.names[g.cur]), []rune(g.token)
	if len(name) <= len(typed) {
		g.in.Suggestions(nil)
		return
	}
	g.in.Suggestions([]string{g.head + g.token + string(name[len(typed):])})
}

// chosen is the name tab would take ("" for none).
func (g *suggester) chosen() string {
	if g == nil || g.cur < 0 || g.cur >= len(g.names) {
		return ""
	}
	return g.names[g.cur]
}

// key handles the suggestion keys; handled is false for any other key (or
// when there is nothing to take: tab then finishes the row as always).
func (g *suggester) key(r *rowForm, m *Model, msg tea.KeyMsg) (cmd tea.Cmd, handled bool) {
	if g == nil || len(g.names) == 0 {
		return nil, false
	}
	k := m.keys
	switch {
	case key.Matches(msg, k.OtherName):
		step := 1
		if msg.Type == tea.KeyCtrlP {
			step = -1
		}
		n := len(g.names)
		g.cur = ((max(g.cur, -1)+step)%n + n) % n
		if g.cur < 0 {
			g.cur = n - 1
		}
		g.showGhost()
		r.redraw()
		return nil, true
	case key.Matches(msg, k.Complete) && g.chosen() != "":
		r.text = g.head + g.chosen()
		g.in.Value(&r.text)
		r.form.Update(tea.KeyMsg{Type: tea.KeyEnd})
		g.refresh(r.text, r.field.Kind == forms.List)
		r.redraw()
		var cmds []tea.Cmd
		if v := r.value(); v != r.last {
			r.last = v
			cmds = append(cmds, m.choose(r.field, v))
		}
		cmds = append(cmds, g.fillPair(m, r.field, r.text))
		if r.field.Kind != forms.List {
			// Taken: on to the next field, as tab does after typing (the
			// next text once ran into the name taken).
			m.stopEditing()
			m.flow(1)
		}
		return tea.Batch(cmds...), true
	}
	return nil, false
}

// redrawMsg makes the row's huh form draw again: a huh group draws its
// fields in Update, so a suggestion set after a key would show one key late.
type redrawMsg struct{}

func (r *rowForm) redraw() { r.form.Update(redrawMsg{}) }

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
	if g == nil || len(g.names) == 0 {
		return nil
	}
	s := m.c.Styles
	title := "names in use · ctrl+n picks one, tab takes it"
	if g.cur >= 0 {
		title = "names in use · tab takes ▸ · ctrl+n/p another"
	}
	out := []string{s.Muted.Render(common.Truncate(title, w))}
	for i, n := range g.names {
		if i == g.cur {
			out = append(out, s.Cursor.Render("▸ ")+s.Selected.Render(common.Truncate(common.Clean(n), w-2)))
		} else {
			out = append(out, "  "+s.Text.Render(common.Truncate(common.Clean(n), w-2)))
		}
	}
	return out
}

// suggestLines are the suggestions of the row being edited (none when no
// row is edited or it takes no names). It runs in Update (scrollRows).
func (m *Model) suggestLines(w int) []string {
	return m.suggestions().lines(m, w)
}
