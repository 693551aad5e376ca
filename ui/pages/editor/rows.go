package editor

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/components/window"
)

// rowList is the rows of the current step, the one under the cursor, the
// problems mapped onto rows, and the window that scrolls them. Scrolling
// follows the cursor in Update (scrollRows); View only shows the window.
type rowList struct {
	rows     []forms.Field
	cur      int
	problems map[int][]string // row index → problem messages
	win      window.Model
	detail   []string // the focused row's details, drawn under the list
	lines    []string // the rows the window shows, as drawn
	// drawn caches row lines by what they show: a key press redraws only
	// the row it changed.
	drawn map[rowKey]string
}

// rowKey is everything a drawn row depends on.
type rowKey struct {
	path, label, help, text, state string
	kind                           forms.Kind
	depth, problems, w, lw         int
	focused                        bool
}

// rebuild lists the rows of the current step and maps problems onto them.
func (m *Model) rebuild() {
	l := &m.list
	// The cursor stays on its field when rows appear or go above it (a
	// fallback's click target that follows the message's): the index
	// alone would move it onto another field while it is being filled.
	// Action rows keep the index: an item added is where its Add row was.
	keep := ""
	if l.cur >= 0 && l.cur < len(l.rows) && l.rows[l.cur].Role == forms.RoleValue {
		keep = l.rows[l.cur].Path
	}
	m.sel = forms.FixSelection(m.d.work, m.sel)
	if !forms.StepApplies(m.step, m.d.channel(), m.d.delivery()) {
		m.step = forms.StepBasic
	}
	l.rows = m.withLinkRow(forms.Fields(m.step, m.ctxFor()))
	if m.step == forms.StepReview {
		l.rows = append(l.rows, m.reviewRows()...)
	}
	if l.problems == nil {
		l.problems = map[int][]string{}
	}
	clear(l.problems)
	for _, it := range m.probs.items {
		// The row the problem is fixed in (a missing email body belongs
		// beside HTML, not the email's first row: defect 4).
		t := forms.FieldTarget(it.p)
		first := -1
		matched := false
		for i, f := range l.rows {
			if !f.IsValue() && f.Role != forms.RoleDerived { // headings, actions, selectors
				continue
			}
			if engine.Under(t, f.Path) {
				l.problems[i] = append(l.problems[i], it.plain.Text)
				matched = true
			} else if first < 0 && len(f.Path) > len(t) && f.Path[len(t)] == '.' && strings.HasPrefix(f.Path, t) {
				first = i
			}
		}
		// A problem about a whole object shows on the object's first field.
		if !matched && first >= 0 {
			l.problems[first] = append(l.problems[first], it.plain.Text)
		}
	}
	if i := slices.IndexFunc(l.rows, func(f forms.Field) bool { return f.Path == keep }); keep != "" && i >= 0 {
		l.cur = i
	}
	l.cur = min(max(0, l.cur), max(0, len(l.rows)-1))
	if l.cur < len(l.rows) && !l.rows[l.cur].Focusable() {
		m.move(1)
	}
}

func (m *Model) ctxFor() forms.Ctx {
	return forms.NewCtx(m.d.work, m.sel, m.f.Options.Features.AudienceLimit)
}

// move takes the cursor d focusable rows on (back when d < 0).
func (m *Model) move(d int) {
	l := &m.list
	if len(l.rows) == 0 {
		return
	}
	i := l.cur
	step := 1
	if d < 0 {
		step, d = -1, -d
	}
	for range d {
		j := i + step
		for j >= 0 && j < len(l.rows) && !l.rows[j].Focusable() {
			j += step
		}
		if j < 0 || j >= len(l.rows) {
			break
		}
		i = j
	}
	l.cur = i
}

func (m *Model) nextStep(d int) forms.Step {
	i := slices.Index(forms.Steps, m.step)
	for {
		i = (i + d + len(forms.Steps)) % len(forms.Steps)
		if forms.StepApplies(forms.Steps[i], m.d.channel(), m.d.delivery()) {
			return forms.Steps[i]
		}
	}
}

func (m *Model) goStep(s forms.Step) {
	m.stopEditing()
	m.step, m.list.cur = s, 0
	m.review.win.GotoTop()
	m.list.win.GotoTop()
	m.pane = paneForm
	m.rebuild()
}

// jumpTo shows the field a problem target names: the content cell it lives
// in is selected first, then its step and row.
func (m *Model) jumpTo(target string) {
	work := m.d.work
	if rest, ok := strings.CutPrefix(target, "campaign_content.content."); ok && forms.Keyed(work) {
		parts := strings.Split(rest, ".")
		if len(parts) >= 2 && slices.Contains(forms.Locales(work), parts[0]) {
			m.sel.Locale, m.sel.Variation = parts[0], parts[1]
			parts = parts[2:]
		}
		if len(parts) >= 2 && parts[0] == "push" {
			m.sel.Platform = strings.ToUpper(parts[1])
		}
	} else if rest, ok := strings.CutPrefix(target, "campaign_content.content.push."); ok {
		m.sel.Platform = strings.ToUpper(strings.Split(rest, ".")[0])
	}
	m.sel = forms.FixSelection(work, m.sel)
	s, row, ok := forms.Locate(m.ctxFor(), target)
	if !ok {
		m.setNotice("No field for "+target, true)
		return
	}
	m.goStep(s)
	m.list.cur = m.shifted(row)
	m.pane = paneForm
}

// updateForm handles a key on the form pane: moving, or acting on the row
// under the cursor.
func (m *Model) updateForm(msg tea.KeyMsg) tea.Cmd {
	k, l := m.keys, &m.list
	if m.step == forms.StepReview && m.reviewKey(msg) {
		return nil
	}
	switch {
	case key.Matches(msg, k.Up):
		m.move(-1)
		return nil
	case key.Matches(msg, k.Down):
		m.move(1)
		return nil
	case key.Matches(msg, k.PageUp):
		m.move(-10)
		return nil
	case key.Matches(msg, k.PageDown):
		m.move(10)
		return nil
	case m.picking(msg):
		// The letters after the first on a choice row add up, even one
		// that is a key of its own ("in": n is not next to fill here).
		cmd, _ := m.pickKey(l.rows[l.cur], msg)
		return cmd
	case key.Matches(msg, k.Fill):
		m.nextToFill()
		return nil
	case key.Matches(msg, k.NextSection):
		m.section(1)
		m.flowing = true // tab goes on from the field it lands on
		return nil
	case key.Matches(msg, k.PrevSection):
		m.section(-1)
		m.flowing = true
		return nil
	}
	if l.cur < 0 || l.cur >= len(l.rows) {
		return nil
	}
	f := l.rows[l.cur]
	if !f.Focusable() {
		return nil
	}
	if reason := m.d.editReason(f.Path); reason != "" {
		typed := m.d.viewOnly && (msg.Type == tea.KeyRunes || key.Matches(msg, k.Clear))
		if typed || key.Matches(msg, k.Edit, k.Toggle, k.Left, k.Right) {
			m.setNotice(reason, true)
		}
		return nil
	}
	if cmd, ok := m.navKey(f, msg); ok {
		return cmd
	}
	switch f.Kind {
	case forms.Action:
		if key.Matches(msg, k.Edit) {
			return m.runAction(f)
		}
	case forms.Bool, forms.Enum:
		switch {
		case key.Matches(msg, k.Left):
			m.flowing = true
			return m.cycle(f, -1)
		case key.Matches(msg, k.Right), key.Matches(msg, k.Toggle):
			m.flowing = true
			return m.cycle(f, 1)
		case key.Matches(msg, k.Edit):
			m.startEdit(f)
		default:
			if cmd, ok := m.pickKey(f, msg); ok {
				return cmd
			}
		}
	case forms.Zone:
		if key.Matches(msg, k.Edit) {
			m.openZone(f)
		}
	default:
		if key.Matches(msg, k.Edit) {
			m.startEdit(f)
		}
	}
	return nil
}

// scrollRows sizes the rows' window, keeps the cursor in it and draws the
// rows it shows. It runs at the end of Update and on resize, never in View.
func (m *Model) scrollRows() {
	l := &m.list
	if !m.d.loaded || m.step == forms.StepReview {
		return
	}
	_, w, _, h := m.layout()
	l.detail = m.detailLines(w)
	listH := max(1, h-2-len(l.detail))
	l.win.SetHeight(listH)
	l.win.Follow(l.cur, len(l.rows))
	// Only the rows shown are drawn, so a key costs the same whatever the
	// length of the step.
	top, end := l.win.Range(len(l.rows))
	lines := make([]string, 0, end-top)
	lw := m.labelWidth()
	if l.drawn == nil || len(l.drawn) > 1024 {
		l.drawn = make(map[rowKey]string, 64)
	}
	for i := top; i < end; i++ {
		f := &l.rows[i]
		focused := i == l.cur && m.pane == paneForm
		if focused && m.edit != nil && m.edit.Inline {
			lines = append(lines, common.Clip(m.rowLine(i, w, lw), w)) // the huh field: drawn fresh
			continue
		}
		k := rowKey{path: f.Path, label: f.Label, help: f.Help, text: m.fieldText(*f), state: m.d.state,
			kind: f.Kind, depth: f.Depth, problems: len(l.problems[i]), w: w, lw: lw, focused: focused}
		line, ok := l.drawn[k]
		if !ok {
			line = common.Clip(m.rowLine(i, w, lw), w)
			l.drawn[k] = line
		}
		lines = append(lines, line)
	}
	l.lines = lines
}

// shown is the rows the window scrolled to, as drawn.
func (l *rowList) shown() []string { return l.lines }

// formView is the step's title, the rows and the focused row's details, as
// exactly h lines of width w.
func (m *Model) formView(w, h int) []string {
	s := m.c.Styles
	if m.step == forms.StepReview {
		return column(m.reviewLines(w, h), w, h)
	}
	name := fmt.Sprintf("%s  (%d/%d)", m.step, int(m.step)+1, len(forms.Steps))
	title := s.Subtitle.Render(name)
	if m.pane == paneForm {
		title = s.Title.Render(name)
	}
	lines := append([]string{title, ""}, m.list.shown()...)
	for len(lines) < h-len(m.list.detail) {
		lines = append(lines, "")
	}
	lines = append(lines[:min(len(lines), h-len(m.list.detail))], m.list.detail...)
	return column(lines, w, h)
}

func (m *Model) rowLine(i, w, lw int) string {
	s := m.c.Styles
	f := m.list.rows[i]
	indent := strings.Repeat("  ", f.Depth)
	focused := i == m.list.cur && m.pane == paneForm
	if f.Kind == forms.Heading {
		return s.Accent.Render(common.Truncate(indent+f.Label, w))
	}
	if f.Kind == forms.Action {
		label := indent + "[ " + f.Label + " ]"
		if focused {
			// The cursor mark, as on value rows: without colour a
			// highlighted button looks like any other (defect 2).
			return s.Cursor.Render("▸") + s.Selected.Render(common.Truncate(label, w-1))
		}
		return " " + s.Key.Render(common.Truncate(label, w-1))
	}
	label := pad(common.Truncate(indent+f.Label, lw), lw)
	var val string
	vw := max(4, w-lw-4)
	text := m.fieldText(f)
	if focused && m.edit != nil && m.edit.Inline {
		val = m.edit.View()
		if m.edit.Replace {
			// Selected, as a form shows a field reached with tab.
			val = s.TypeOver.Render(common.Truncate(common.Clean(text), vw))
		}
	} else {
		val = common.Clean(text)
		switch f.Kind {
		case forms.Enum, forms.Bool:
			if val == "" {
				val = "–"
			}
			val = "‹ " + val + " ›"
		case forms.Multi:
			val = "{" + val + "}"
		}
		if text == "" && f.Kind != forms.Enum && f.Kind != forms.Bool {
			hint := f.Help
			if hint != "" && s.Theme.Plain {
				// Without colour a muted hint reads as a value that is set.
				hint = "(" + hint + ")"
			}
			val = s.Placeholder.Render(common.Truncate(hint, vw))
		} else {
			val = common.Truncate(val, vw)
		}
	}
	mark := "  "
	if m.d.lockReason(f.Path) != "" {
		mark = s.Locked.Render("🔒")
	} else if len(m.list.problems[i]) > 0 {
		mark = s.Error.Render("✗ ")
	}
	if focused {
		return s.Cursor.Render("▸") + s.Selected.Render(label) + " " + val + " " + mark
	}
	return " " + s.Text.Render(label) + " " + val + " " + mark
}

// detailLines explains the focused row: its problems, lock and help.
func (m *Model) detailLines(w int) []string {
	s, l := m.c.Styles, &m.list
	var out []string
	if l.cur >= len(l.rows) || m.pane != paneForm {
		return nil
	}
	f := l.rows[l.cur]
	out = append(out, m.suggestLines(w)...)
	if n := m.linkNote(f); n != "" {
		out = append(out, s.Warning.Render(common.Truncate(n, w)))
	}
	if r := m.d.lockReason(f.Path); r != "" && f.Editable() {
		out = append(out, s.Locked.Render(common.Truncate(r, w)))
	}
	for i, p := range l.problems[l.cur] {
		if i == 2 {
			out = append(out, s.Error.Render(fmt.Sprintf("  … %d more", len(l.problems[l.cur])-2)))
			break
		}
		// The focused row's problems in full, wrapped: a cut message could
		// only be read by tabbing into the panel.
		for j, l := range strings.Split(ansi.Wrap(common.Clean(p), max(10, w-2), ""), "\n") {
			mark := "✗ "
			if j > 0 {
				mark = "  "
			}
			out = append(out, s.Error.Render(mark+l))
		}
	}
	if m.edit != nil && m.edit.Replace {
		out = append(out, s.Muted.Render(common.Truncate("selected: typing replaces it, ⌫ clears it, ← → keep it", w)))
	}
	if f.Help != "" && f.Kind != forms.Text && f.Kind != forms.Int {
		out = append(out, s.Muted.Render(common.Truncate(f.Help, w)))
	}
	if f.IsValue() {
		out = append(out, s.Muted.Render(pathTail(f.Path, w)))
	}
	return out
}

// pathTail fits a field's path into w cells keeping its end, which names
// the field ("…filters[0].action_name"); its start ("trigger_condition.
// included_…") is the step the editor already shows.
func pathTail(p string, w int) string {
	if common.Width(p) <= w {
		return p
	}
	r := []rune(p)
	return "…" + string(r[len(r)-max(0, w-1):])
}
