package editor

import (
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/ui/common"
)

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
