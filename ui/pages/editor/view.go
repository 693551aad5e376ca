package editor

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// View assembles the screen from state computed in Update: no validation,
// rendering of HTML or highlighting happens here.
func (m *Model) View() string {
	s := m.c.Styles
	if m.dialog != nil {
		return m.fit(m.dialog.view(m))
	}
	if m.loadErr != nil {
		return m.fit(s.Error.Render("Could not open the campaign: "+common.Clean(m.loadErr.Error())) + "\n\n" + s.Muted.Render("esc to go back"))
	}
	if !m.loaded {
		return m.fit(s.Muted.Render("Loading " + common.Clean(m.id) + "…"))
	}
	stepsW, formW, prevW, bodyH := m.layout()
	// Columns come back as exactly bodyH lines of their exact width, so the
	// body is joined line by line without measuring blocks again.
	var cols [][]string
	if stepsW > 0 {
		cols = append(cols, m.stepsView(stepsW, bodyH))
	}
	narrowPreview := m.width < 110 && m.pane == 2
	if narrowPreview {
		cols = append(cols, m.previewView(prevW, bodyH))
	} else {
		cols = append(cols, m.formView(formW, bodyH))
		if m.width >= 110 {
			cols = append(cols, []string{" "}, m.previewView(prevW, bodyH))
		}
	}
	var b strings.Builder
	b.WriteString(clip(m.headerLine(), m.width))
	for i := 0; i < bodyH; i++ {
		b.WriteByte('\n')
		for _, c := range cols {
			if len(c) == 1 {
				b.WriteString(c[0])
				continue
			}
			b.WriteString(c[i])
		}
	}
	b.WriteByte('\n')
	b.WriteString(m.panelView(m.width, m.panelHeight()))
	b.WriteByte('\n')
	b.WriteString(clip(m.statusLine(), m.width))
	return clipHeight(b.String(), m.height)
}

// clip cuts a line to w cells.
func clip(s string, w int) string {
	if len(s) <= w || lipgloss.Width(s) <= w {
		return s
	}
	return lipgloss.NewStyle().MaxWidth(w).Render(s)
}

// clipHeight keeps the first h lines.
func clipHeight(s string, h int) string {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			n++
			if n == h {
				return s[:i]
			}
		}
	}
	return s
}

// column pads or clips lines to exactly h lines of width w.
func column(lines []string, w, h int) []string {
	out := make([]string, h)
	for i := range out {
		if i < len(lines) {
			out[i] = pad(lines[i], w)
		} else {
			out[i] = strings.Repeat(" ", w)
		}
	}
	return out
}

// fit clips the view to the window so nothing is drawn outside it.
func (m *Model) fit(s string) string {
	lines := strings.Split(s, "\n")
	if len(lines) > m.height {
		lines = lines[:m.height]
	}
	for i, l := range lines {
		if len(l) > m.width && lipgloss.Width(l) > m.width {
			lines[i] = lipgloss.NewStyle().MaxWidth(m.width).Render(l)
		}
	}
	return strings.Join(lines, "\n")
}

func (m *Model) headerLine() string {
	s := m.c.Styles
	name := ""
	if m.work.BasicDetails != nil {
		name = str(m.work.BasicDetails.Name)
	}
	if name == "" {
		name = "untitled draft"
	}
	left := s.Title.Render(common.Clean(name)) + s.Muted.Render(fmt.Sprintf("  %s · %s · ", m.channel(), m.delivery())) + s.Status(m.state).Render(m.state)
	check := m.checkText()
	gap := max(1, m.width-lipgloss.Width(left)-lipgloss.Width(check))
	return left + strings.Repeat(" ", gap) + check
}

// checkText is how far the draft is from publishable.
func (m *Model) checkText() string {
	s := m.c.Styles
	if n := len(m.panel); n > 0 {
		if m.state != "" && m.state != "DRAFT" {
			return s.Warning.Render(fmt.Sprintf("%d to fix", n))
		}
		return s.Warning.Render(fmt.Sprintf("%d to fix before publishing", n))
	}
	// A published campaign is not "ready to publish" (defect 10): its
	// edits go to the live campaign.
	if m.state != "" && m.state != "DRAFT" {
		return s.OK.Render("✓ no problems · edits apply to the " + strings.ToLower(m.state) + " campaign")
	}
	return s.OK.Render("✓ ready to publish")
}

func (m *Model) stepsView(w, h int) []string {
	s := m.c.Styles
	counts := m.stepCounts
	var lines []string
	for i, st := range forms.Steps {
		if !forms.StepApplies(st, m.channel(), m.delivery()) {
			continue
		}
		label := fmt.Sprintf("%d %s", i+1, st)
		mark := "  "
		if n := counts[st]; n > 0 {
			mark = s.Warning.Render(fmt.Sprintf("%2d", n))
		} else if st != forms.StepReview {
			mark = s.OK.Render(" ✓")
		}
		style := s.Text
		if st == m.step {
			style = s.Selected
			label = "▸ " + label
		} else {
			label = "  " + label
		}
		lines = append(lines, style.Render(pad(label, w-4))+mark+" ")
	}
	return column(lines, w, h)
}

func pad(s string, w int) string {
	n := lipgloss.Width(s)
	if n < w {
		return s + strings.Repeat(" ", w-n)
	}
	if n > w {
		return lipgloss.NewStyle().MaxWidth(w).Render(s)
	}
	return s
}

func truncate(s string, w int) string {
	if w <= 1 {
		return ""
	}
	r := []rune(s)
	if len(r) <= w {
		return s
	}
	return string(r[:w-1]) + "…"
}

func (m *Model) formView(w, h int) []string {
	s := m.c.Styles
	if m.step == forms.StepReview {
		return column(strings.Split(m.reviewView(w), "\n"), w, h)
	}
	name := fmt.Sprintf("%s  (%d/%d)", m.step, int(m.step)+1, len(forms.Steps))
	title := s.Subtitle.Render(name)
	if m.pane == 0 {
		title = s.Title.Render(name)
	}
	lw := m.labelWidth()
	// The focused row's details take the last lines.
	detail := m.detailLines(w)
	listH := max(1, h-2-len(detail))
	if m.cur < m.top {
		m.top = m.cur
	}
	if m.cur >= m.top+listH {
		m.top = m.cur - listH + 1
	}
	m.top = max(0, min(m.top, max(0, len(m.rows)-listH)))
	lines := []string{title, ""}
	for i := m.top; i < len(m.rows) && i < m.top+listH; i++ {
		lines = append(lines, m.rowLine(i, w, lw))
	}
	for len(lines) < h-len(detail) {
		lines = append(lines, "")
	}
	lines = append(lines, detail...)
	return column(lines, w, h)
}

func (m *Model) rowLine(i, w, lw int) string {
	s := m.c.Styles
	f := m.rows[i]
	indent := strings.Repeat("  ", f.Depth)
	focused := i == m.cur && m.pane == 0
	if f.Kind == forms.Heading {
		return s.Accent.Render(truncate(indent+f.Label, w))
	}
	if f.Kind == forms.Action {
		label := indent + "[ " + f.Label + " ]"
		if focused {
			// The cursor mark, as on value rows: without colour a
			// highlighted button looks like any other (defect 2).
			return s.Cursor.Render("▸") + s.Selected.Render(truncate(label, w-1))
		}
		return " " + s.Key.Render(truncate(label, w-1))
	}
	label := pad(truncate(indent+f.Label, lw), lw)
	var val string
	vw := max(4, w-lw-4)
	text := m.fieldText(f)
	if focused && m.edit != nil && m.edit.inline {
		val = m.edit.form.View()
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
			val = s.Placeholder.Render(truncate(hint, vw))
		} else {
			val = truncate(val, vw)
		}
	}
	mark := "  "
	if m.lockReason(f.Path) != "" {
		mark = s.Locked.Render("🔒")
	} else if len(m.rowProblems[i]) > 0 {
		mark = s.Error.Render("✗ ")
	}
	if focused {
		return s.Cursor.Render("▸") + s.Selected.Render(label) + " " + val + " " + mark
	}
	return " " + s.Text.Render(label) + " " + val + " " + mark
}

// detailLines explains the focused row: its problems, lock and help.
func (m *Model) detailLines(w int) []string {
	s := m.c.Styles
	var out []string
	if m.cur >= len(m.rows) || m.pane != 0 {
		return nil
	}
	f := m.rows[m.cur]
	if r := m.lockReason(f.Path); r != "" && f.Editable() {
		out = append(out, s.Locked.Render(truncate(r, w)))
	}
	// The focused row's problems in full, wrapped: a cut message could
	// only be read by tabbing into the panel.
	for i, p := range m.rowProblems[m.cur] {
		if i == 2 {
			out = append(out, s.Error.Render(fmt.Sprintf("  … %d more", len(m.rowProblems[m.cur])-2)))
			break
		}
		for j, l := range strings.Split(ansi.Wrap(common.Clean(p), max(10, w-2), ""), "\n") {
			mark := "✗ "
			if j > 0 {
				mark = "  "
			}
			out = append(out, s.Error.Render(mark+l))
		}
	}
	if f.Help != "" && f.Kind != forms.Text && f.Kind != forms.Int {
		out = append(out, s.Muted.Render(truncate(f.Help, w)))
	}
	if f.IsValue() {
		out = append(out, s.Muted.Render(truncate(f.Path, w)))
	}
	return out
}

func (m *Model) reviewView(w int) string {
	s := m.c.Styles
	lines := []string{s.Title.Render("Review"), ""}
	// The Review step's own actions, as rows (enter runs the focused one).
	for i, f := range m.rows {
		if f.Kind == forms.Action {
			lines = append(lines, m.rowLine(i, w, m.labelWidth()))
		}
	}
	if len(m.panel) == 0 {
		lines = append(lines, s.OK.Render("✓ Ready to publish: every publish check passes."))
	} else {
		lines = append(lines, s.Warning.Render(fmt.Sprintf("Publish checklist: %d item(s) left", len(m.panel))))
		for i, it := range m.panel {
			if i == 12 {
				lines = append(lines, s.Muted.Render(fmt.Sprintf("… and %d more in the problems panel", len(m.panel)-12)))
				break
			}
			for j, l := range strings.Split(ansi.Wrap(common.Clean(it.plain.Text), max(10, w-2), ""), "\n") {
				mark := "☐ "
				if j > 0 {
					mark = "  "
				}
				lines = append(lines, s.Error.Render(mark+l))
			}
		}
	}
	// The campaign in words: who, when, what (part 4).
	loc := m.f.Local
	if loc == nil {
		loc = time.Local
	}
	sum := forms.Summarize(m.work, forms.SummaryOpts{Local: loc, Reach: -1, Problems: m.publishProblems})
	lines = append(lines, "")
	lines = append(lines, summaryLines(s, sum, w)...)
	lines = append(lines, "", s.Subtitle.Render("Sync"), "  "+m.syncText())
	lines = append(lines, "", s.Subtitle.Render("Content"),
		fmt.Sprintf("  locales: %s", strings.Join(forms.Locales(m.work), ", ")),
		fmt.Sprintf("  variations: %d", len(forms.Variations(m.work))))
	if m.channel() == "PUSH" {
		lines = append(lines, "  platforms: "+strings.Join(forms.Platforms(m.work), ", "))
	}
	if m.f.Publisher != nil && m.state == "DRAFT" {
		lines = append(lines, "", s.Muted.Render("enter on Publish… syncs, asks, then publishes."))
	}
	return strings.Join(lines, "\n")
}

func (m *Model) previewView(w, h int) []string {
	key := [4]int{m.prev.Version(), w, h, m.pane}
	if m.prevCache.key == key && m.prevCache.s != nil {
		return m.prevCache.s
	}
	m.prevCache.s = column(strings.Split(m.renderPreview(w, h), "\n"), w, h)
	m.prevCache.key = [4]int{m.prev.Version(), w, h, m.pane}
	return m.prevCache.s
}

func (m *Model) renderPreview(w, h int) string {
	st := m.c.Styles.Pane
	if m.pane == 2 {
		st = m.c.Styles.FocusedPane
	}
	// lipgloss widths include padding, not borders.
	inner := w - st.GetHorizontalFrameSize()
	m.prev.SetSize(inner, h-st.GetVerticalFrameSize())
	return st.Width(w - st.GetHorizontalBorderSize()).Height(h - st.GetVerticalBorderSize()).MaxHeight(h).Render(m.prev.View())
}

func (m *Model) panelView(w, h int) string {
	s := m.c.Styles
	title := fmt.Sprintf("Problems (%d blocking sync, %d for publish)", len(m.patchProblems), len(m.publishProblems))
	if m.pane == 1 {
		title = s.Title.Render(title + "  enter: go to field")
	} else {
		title = s.Subtitle.Render(title)
	}
	lines := []string{title}
	rows := h - 1
	text := func(it panelItem) string {
		tag := "publish"
		if it.blocking {
			tag = "invalid"
		}
		return fmt.Sprintf("%-8s %s", tag, common.Clean(it.plain.Text))
	}
	// The problem under the cursor is wrapped whole: in a narrow window a
	// cut line is the only place its message would be shown.
	var selected []string
	if m.pane == 1 && m.pcur < len(m.panel) {
		wrapped := lipgloss.NewStyle().Width(max(w-2, 10)).Render(text(m.panel[m.pcur]))
		selected = strings.Split(wrapped, "\n")
		// The path and rule stay one line away for engineers.
		it := m.panel[m.pcur]
		selected = append(selected, truncate("         "+common.Clean(it.p.Target)+" · "+it.p.Rule, w-2))
		if len(selected) > rows {
			selected = append(selected[:rows-1], truncate(strings.Join(selected[rows-1:], " "), w-2))
		}
	}
	start := 0
	if fit := max(rows-max(len(selected)-1, 0), 1); m.pcur >= fit {
		start = m.pcur - fit + 1
	}
	for i := start; i < len(m.panel) && len(lines) < h; i++ {
		it := m.panel[i]
		if m.pane == 1 && i == m.pcur {
			for j, l := range selected {
				mark := " "
				if j == 0 {
					mark = s.Cursor.Render("▸")
				}
				lines = append(lines, mark+s.Selected.Render(strings.TrimRight(l, " ")))
			}
			continue
		}
		st := s.Warning
		if it.blocking {
			st = s.Error
		}
		line := truncate(text(it), w-2)
		if lipgloss.Width(line) > w-2 { // wide characters
			line = clip(line, w-2)
		}
		lines = append(lines, " "+st.Render(line))
	}
	if len(m.panel) == 0 {
		lines = append(lines, s.OK.Render(" No problems."))
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	return strings.Join(lines[:h], "\n")
}

// syncText is the sync status in words.
func (m *Model) syncText() string {
	s := m.c.Styles
	st := m.status
	switch st.State {
	case Synced:
		if st.Unsynced > 0 {
			return s.Warning.Render("saving…")
		}
		return s.OK.Render("● synced")
	case Pending:
		n := max(st.Pending, st.Unsynced, 1)
		return s.Warning.Render(fmt.Sprintf("● %d component(s) pending", n))
	case Invalid:
		return s.Error.Render("● invalid (not sent): " + strings.Join(sortedKeys(st.Invalid), ", "))
	case Offline:
		return s.Warning.Render("● " + common.Clean(st.Text) + " (edits kept, retrying)")
	case Conflict:
		return s.Error.Render("● conflict in " + strings.Join(st.Conflicts, ", ") + " (c to resolve)")
	case RateLimited:
		return s.Warning.Render("● " + common.Clean(st.Text))
	case Failed:
		return s.Error.Render("● " + common.Clean(st.Text))
	}
	return ""
}

func (m *Model) statusLine() string {
	s := m.c.Styles
	left := m.syncText()
	if m.notice != "" {
		st := s.Muted
		if m.noticeErr {
			st = s.Error
		}
		left += "  " + st.Render(truncate(m.notice, max(10, m.width-lipgloss.Width(left)-4)))
	}
	return left
}
