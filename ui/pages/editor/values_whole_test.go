package editor

import (
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// A choice is shown whole where the window leaves the preview room to give
// (120 columns cut "‹ All eligible devic…"); no line is wider than the
// window.
func TestChoiceValuesWhole(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {120, 36}, {200, 60}} {
		m, _ := newTestEditor(t, marketerPush(t), sz[0], sz[1])
		m.goStep(forms.StepBasic)
		out := ansiStrip(m.View())
		if !strings.Contains(out, "‹ All eligible devices ›") {
			t.Errorf("%dx%d: the iOS audience choice is cut:\n%s", sz[0], sz[1], out)
		}
		for _, l := range strings.Split(out, "\n") {
			if common.Width(l) > sz[0] {
				t.Errorf("%dx%d: line of %d cells: %q", sz[0], sz[1], common.Width(l), l)
			}
		}
		if _, _, prevW, _ := m.layout(); sz[0] >= 110 && prevW < minPreviewWidth {
			t.Errorf("%dx%d: the preview shrank to %d", sz[0], sz[1], prevW)
		}
	}
}

// The path on the detail line keeps its end, which names the field, when
// the form is too narrow for it (120 columns showed
// "trigger_condition.included_filters.filters[0].ac…").
func TestDetailPathKeepsItsEnd(t *testing.T) {
	m, _ := newTestEditor(t, marketerPush(t), 120, 36)
	m.goStep(forms.StepTrigger)
	const want = "filters[0].action_name"
	for i, f := range m.list.rows {
		if strings.HasSuffix(f.Path, want) {
			m.list.cur = i
		}
	}
	m.settle()
	out := ansiStrip(m.View())
	if !strings.Contains(out, "…"+strings.SplitN(want, ".", 2)[0]) && !strings.Contains(out, "."+want) {
		t.Fatalf("the path's end is not shown:\n%s", out)
	}
	if strings.Contains(out, "filters[0].ac…") {
		t.Errorf("the path is cut at its end:\n%s", out)
	}
}
