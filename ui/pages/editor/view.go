package editor

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// Panes of the editor, in tab order.
const (
	paneForm = iota
	paneProblems
	panePreview
	paneCount
)

// View assembles the screen from state computed in Update: no validation,
// rendering of HTML, highlighting or scrolling happens here, and nothing
// is changed. The campaign's name is the root's title and notices are the
// root's status line.
func (m *Model) View() string {
	defer m.hold()()
	s := m.c.Styles
	if !m.dialogs.Empty() {
		return m.fit(m.dialogs.View())
	}
	if m.loadErr != nil {
		return m.fit(s.Error.Render("Could not open the campaign: "+common.Clean(m.loadErr.Error())) + "\n\n" + s.Muted.Render("esc to go back"))
	}
	if !m.d.loaded {
		return m.fit(s.Muted.Render("Loading " + common.Clean(m.id) + "…"))
	}
	stepsW, formW, prevW, bodyH := m.layout()
	// Columns come back as exactly bodyH lines of their exact width, so the
	// body is joined line by line without measuring blocks again.
	var cols [][]string
	if stepsW > 0 {
		cols = append(cols, m.stepsView(stepsW, bodyH))
	}
	switch {
	case m.narrow() && m.pane == panePreview:
		cols = append(cols, m.prev.framed)
	case m.narrow():
		cols = append(cols, m.formView(formW, bodyH))
	default:
		cols = append(cols, m.formView(formW, bodyH), []string{" "}, m.prev.framed)
	}
	_ = prevW
	var b strings.Builder
	if bn := m.banner(); bn != "" {
		b.WriteString(common.Clip(bn, m.width))
		b.WriteByte('\n')
	}
	for i := 0; i < bodyH; i++ {
		for _, c := range cols {
			if len(c) == 1 {
				b.WriteString(c[0])
				continue
			}
			if i < len(c) {
				b.WriteString(c[i])
			}
		}
		b.WriteByte('\n')
	}
	b.WriteString(m.panelView(m.width, m.panelHeight()))
	b.WriteByte('\n')
	b.WriteString(common.Clip(m.statusLine(), m.width))
	return b.String()
}

// narrow reports a window without room for the preview beside the form
// (below 110 columns): p shows it in the form's place.
func (m *Model) narrow() bool { return m.width < 110 }

// fit clips a dialog or a message to the editor's size.
func (m *Model) fit(s string) string { return common.Fit(s, m.width, m.height) }

// layout returns the step column, form and preview widths and the body
// height. Narrow windows drop the preview column (tab shows it instead).
func (m *Model) layout() (stepsW, formW, prevW, bodyH int) {
	bodyH = max(4, m.height-m.panelHeight()-1-m.bannerHeight())
	// Wide enough for "▸ 6 Delivery controls" and its count: a step name
	// is never cut.
	stepsW = 25
	if m.width < 100 {
		stepsW = 0
	}
	rest := m.width - stepsW
	if m.width >= 110 {
		formW = rest * 52 / 100
		// A choice is shown whole ("‹ All eligible devices ›") when the
		// preview can give up the cells it needs and keep minPreviewWidth.
		if need := m.choiceRowWidth(); need > formW {
			formW = max(formW, min(need, rest-1-minPreviewWidth))
		}
		prevW = rest - formW - 1
	} else {
		formW, prevW = rest, rest
	}
	return
}

func (m *Model) panelHeight() int {
	if m.height < 24 {
		return 4
	}
	return 8
}

func (m *Model) formWidth() int { _, f, _, _ := m.layout(); return f }

// labelWidth fits the longest label of the step, so no label is cut
// ("Bypass do-not-d…", "Only the triggering pla…" at 120 columns): the
// value keeps minValueWidth cells, which at 80 columns and more leaves room
// for every label the forms have (TestLabelsWholeAtEveryWidth).
func (m *Model) labelWidth() int {
	lw := 12
	for _, f := range m.list.rows {
		if f.Kind != forms.Heading && f.Kind != forms.Action {
			lw = max(lw, 2*f.Depth+labelCells(f.Label))
		}
	}
	return min(lw, max(12, m.formWidth()-4-minValueWidth))
}

// minPreviewWidth is the least the preview keeps when the form widens for
// a choice.
const minPreviewWidth = 40

// choiceRowWidth is the form width that shows the step's longest label
// and its widest choice ("‹ option ›") whole, beside the cursor and mark.
func (m *Model) choiceRowWidth() int {
	lw, cw := 12, 0
	for _, f := range m.list.rows {
		if f.Kind == forms.Heading || f.Kind == forms.Action {
			continue
		}
		lw = max(lw, 2*f.Depth+labelCells(f.Label))
		if f.Kind == forms.Enum {
			for _, o := range f.Options {
				cw = max(cw, common.Width(o)+4)
			}
		}
	}
	if cw == 0 {
		return 0
	}
	return lw + 4 + cw
}

// minValueWidth is the least room a value gets beside its label.
const minValueWidth = 12

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

// pad cuts (without a mark) or pads s to exactly w cells.
func pad(s string, w int) string { return common.PadClip(s, w) }

func (m *Model) drawSteps(w, h int) []string {
	s := m.c.Styles
	var lines []string
	for i, st := range forms.Steps {
		if !forms.StepApplies(st, m.d.channel(), m.d.delivery()) {
			continue
		}
		label := fmt.Sprintf("%d %s", i+1, st)
		mark := "  "
		if n := m.probs.perStep[st]; n > 0 {
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

// stepsCol keeps the steps column as last drawn with everything it shows:
// typing redraws the whole screen on every key, but the column changes only
// when a step's problem count, the current step, the channel, the delivery
// type or the size does. It is a memo of its key, not state: View may fill
// it without changing what any later View shows.
type stepsCol struct {
	key   stepsKey
	lines []string
}

type stepsKey struct {
	w, h              int
	step              forms.Step
	channel, delivery string
	counts            [16]int // problems per step, by index in forms.Steps
}

// stepsView is the steps column, exactly h lines of width w (drawSteps).
func (m *Model) stepsView(w, h int) []string {
	k := stepsKey{w: w, h: h, step: m.step, channel: m.d.channel(), delivery: m.d.delivery()}
	if len(forms.Steps) > len(k.counts) {
		return m.drawSteps(w, h)
	}
	for i, st := range forms.Steps {
		k.counts[i] = m.probs.perStep[st]
	}
	if m.steps.lines == nil || m.steps.key != k {
		m.steps = stepsCol{key: k, lines: m.drawSteps(w, h)}
	}
	return m.steps.lines
}

// labelCells is lipgloss.Width of a label without its split into lines
// (an allocation for each row of the step at each key press).
func labelCells(s string) int {
	if strings.Contains(s, "\n") {
		return lipgloss.Width(s)
	}
	return common.Width(s)
}

// statusLine is the editor's own line: the sync state, the channel,
// delivery type and status, and how far the draft is from publishable. It
// fits the window: at 80 columns the longer wordings give way in order of
// least use (the delivery type, then the long form of the check, then the
// channel) rather than being cut mid-word ("2 to fix befo").
func (m *Model) statusLine() string {
	s := m.c.Styles
	sync := m.syncText()
	state := s.Status(m.d.state).Render(m.d.state)
	long, short := m.checkText(), m.checkShort()
	full := s.Muted.Render(fmt.Sprintf("   %s · %s · ", m.d.channel(), m.d.delivery())) + state
	brief := s.Muted.Render(fmt.Sprintf("  %s · ", m.d.channel())) + state
	for _, c := range []struct{ mid, right string }{
		{full, long}, {brief, long}, {full, short}, {brief, short}, {"  " + state, short}, {"", short},
	} {
		left := sync + c.mid
		if common.Width(left)+2+common.Width(c.right) <= m.width {
			return left + strings.Repeat(" ", m.width-common.Width(left)-common.Width(c.right)) + c.right
		}
	}
	// Even the sync state alone is too long (a list of invalid
	// components): it is cut, the check stays whole.
	w := max(1, m.width-common.Width(short)-2)
	return common.Truncate(sync, w) + strings.Repeat(" ", max(2, m.width-common.Width(common.Truncate(sync, w))-common.Width(short))) + short
}

// checkShort is checkText in a few cells: "2 to fix", "✓ ready".
func (m *Model) checkShort() string {
	s := m.c.Styles
	if n := len(m.probs.items); n > 0 {
		return s.Warning.Render(fmt.Sprintf("%d to fix", n))
	}
	if m.d.state != "" && m.d.state != model.StatusDraft {
		return s.OK.Render("✓ no problems")
	}
	return s.OK.Render("✓ ready")
}
