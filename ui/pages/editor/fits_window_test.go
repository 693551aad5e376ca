package editor

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
	"github.com/campaigns-cli/campaigns/ui/pages/editor/rowform"
)

// The large campaign's content step is never higher or wider than the
// window, from 80×24 to 200×60.
func TestNarrowWindowFits(t *testing.T) {
	c := largeCampaign(t)
	for _, size := range [][2]int{{80, 24}, {200, 60}, {160, 48}} {
		m, _ := newTestEditor(t, c, size[0], size[1])
		m.goStep(forms.StepContent)
		out := m.View()
		lines := strings.Split(out, "\n")
		if len(lines) > size[1] {
			t.Errorf("%v: %d lines", size, len(lines))
		}
		for _, l := range lines {
			if w := len([]rune(ansiStrip(l))); w > size[0] {
				t.Errorf("%v: line %d wide: %q", size, w, l)
				break
			}
		}
	}
}

// At 80 columns and more no label is cut (at 120 columns the label column
// was half the form, 24 cells: "Only the triggering pla…"; at 110, 22:
// "Include opted-out u…"). For every campaign of testdata and every step, the longest label is
// focused and must be read whole on the screen.
func TestLabelsWholeAtEveryWidth(t *testing.T) {
	files, err := os.ReadDir("../../../testdata/campaigns")
	if err != nil {
		t.Fatal(err)
	}
	sizes := [][2]int{{80, 24}, {100, 30}, {110, 30}, {120, 36}, {160, 48}, {200, 60}}
	for _, fe := range files {
		if !strings.HasSuffix(fe.Name(), ".json") {
			continue
		}
		for _, sz := range sizes {
			t.Run(fmt.Sprintf("%s/%dx%d", fe.Name(), sz[0], sz[1]), func(t *testing.T) {
				m, _ := newTestEditor(t, fixture(t, fe.Name()), sz[0], sz[1])
				for _, st := range forms.Steps {
					if st == forms.StepReview || !forms.StepApplies(st, m.d.channel(), m.d.delivery()) {
						continue
					}
					m.goStep(st)
					longest, lw := -1, 0
					for i, f := range m.list.rows {
						if w := 2*f.Depth + lipgloss.Width(f.Label); f.Kind != forms.Heading && f.Kind != forms.Action && w > lw {
							longest, lw = i, w
						}
					}
					if longest < 0 {
						continue
					}
					m.list.cur = longest
					m.settle()
					f := m.list.rows[longest]
					want := strings.Repeat("  ", f.Depth) + f.Label + " "
					var line string
					for _, l := range strings.Split(ansiStrip(m.View()), "\n") {
						if strings.Contains(l, "▸"+strings.Repeat("  ", f.Depth)+f.Label[:1]) {
							line = l
						}
						if lipgloss.Width(l) > sz[0] {
							t.Errorf("step %s: a line wider than the terminal (%d > %d): %q", st, lipgloss.Width(l), sz[0], l)
						}
					}
					if !strings.Contains(line, "▸"+want) {
						t.Errorf("step %s: label %q cut: %q", st, f.Label, line)
					}
				}
			})
		}
	}
}

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

// TestTestDialogFitsAt80Columns: the test-send dialog at 80 columns was 53
// cells wide: "‹ Inline (this editor's copy) ›" lost its "›" to the next
// line and the keys' help broke "[ Send test ]" in two.
func TestTestDialogFitsAt80Columns(t *testing.T) {
	m := summerSale(t, 80, 21)
	m.openTest()
	for _, mode := range []string{"‹ Inline (this editor's copy) ›", "‹ Saved draft (the service's copy) ›"} {
		view := ansiStrip(m.View())
		if !strings.Contains(view, mode) || !strings.Contains(view, "[ Send test ] it sends") {
			t.Errorf("a choice or the help is broken over two lines:\n%s", view)
		}
		for _, l := range strings.Split(view, "\n") {
			if lipgloss.Width(l) > 80 {
				t.Errorf("a line wider than the terminal: %q", l)
			}
		}
		press(m, kDown, kDown, kRight) // Mode: the saved draft
	}
}

// The new-draft box is whole at every size after a resize: the editor is
// made at the terminal's size and then given its body's (the form kept the
// first size and the box lost its bottom lines at 80×24).
func TestNewDraftBoxWholeAfterResize(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {120, 36}, {200, 60}} {
		f := &Factory{}
		m := f.New(testCommon(sz[0], sz[1]), "")
		m.SetSize(sz[0], sz[1]-3) // the root's header and footer
		m.Init()
		view := ansiStrip(m.View())
		if n := strings.Count(view, "\n") + 1; n > sz[1]-3 {
			t.Errorf("%dx%d: %d lines in %d", sz[0], sz[1], n, sz[1]-3)
		}
		if !strings.Contains(view, "╚") || !strings.Contains(view, "esc: cancel") {
			t.Errorf("%dx%d: the box is cut:\n%s", sz[0], sz[1], view)
		}
	}
}

// At 80×24 a choice list with the field's problem and four others keeps
// the keys' help and the box's bottom on the screen, the problem whole
// (it was cut: "is required in a user at…") and the field named by its
// label, not its JSON path.
func TestRowDialogFitsWithManyProblems(t *testing.T) {
	c := marketerPush(t)
	c.BasicDetails.Platforms = nil
	c.CampaignContent, c.TriggerCondition = nil, nil
	c.SegmentationDetails.ExcludedFilters = c.SegmentationDetails.IncludedFilters
	m, _ := newTestEditor(t, c, 80, 21)
	m.goStep(forms.StepAudience)
	focus(t, m, "segmentation_details.included_filters.filters[0].operator")
	press(m, kEnter)
	press(m, uitest.Key("up")) // (not set): the field's own problem
	view := ansiStrip(m.View())
	if n := strings.Count(view, "\n") + 1; n > 21 {
		t.Errorf("%d lines in 21", n)
	}
	if len(m.probs.items) < 4 {
		t.Fatalf("%d problems: too few to fill the dialog", len(m.probs.items))
	}
	for _, want := range []string{"esc: cancel", "╚", "filter 1 operator", "more to fix before publishing"} {
		if !strings.Contains(view, want) {
			t.Errorf("the dialog lacks %q:\n%s", want, view)
		}
	}
	if strings.Contains(view, "segmentation_details") {
		t.Errorf("a JSON path in the dialog:\n%s", view)
	}
	for _, l := range strings.Split(view, "\n") {
		if strings.Contains(l, "✗") && strings.Contains(l, "…") {
			t.Errorf("the field's problem is cut: %q", l)
		}
	}
}

// At 80×24 a choice list longer than the dialog (Operator: more than 7)
// scrolls to the chosen option with the options before it in sight (it
// showed it at the top of its window, blank rows below).
func TestLongChoiceListScrolls(t *testing.T) {
	m, _ := newTestEditor(t, marketerPush(t), 80, 21)
	m.goStep(forms.StepAudience)
	focus(t, m, "segmentation_details.included_filters.filters[0].operator")
	choices := m.list.rows[m.list.cur].Choices()
	h := rowform.ListHeight(m.height)
	if len(choices) <= h {
		t.Fatalf("%d choices fit in %d rows: the list does not scroll", len(choices), h)
	}
	press(m, kEnter)
	shown := func() []string {
		var out []string
		for _, l := range strings.Split(ansiStrip(m.View()), "\n") {
			for _, ch := range choices {
				label := ch
				if ch == "" {
					label = "(not set)"
				}
				if t := strings.TrimRight(l, " ║"); strings.HasSuffix(t, "┃   "+label) || strings.HasSuffix(t, "┃ ▸ "+label) {
					out = append(out, strings.TrimSpace(strings.Trim(strings.TrimSpace(l), "║┃ ")))
				}
			}
		}
		return out
	}
	for i := 0; i < len(choices); i++ {
		got := shown()
		if len(got) != h {
			t.Fatalf("after %d down: %d options shown, want %d: %q\n%s", i, len(got), h, got, ansiStrip(m.View()))
		}
		cur := slices.IndexFunc(got, func(s string) bool { return strings.HasPrefix(s, "▸ ") })
		if cur < 0 {
			t.Fatalf("after %d down: no option under the cursor: %q", i, got)
		}
		if i > 0 && i < len(choices)-1 && cur == 0 {
			t.Fatalf("after %d down: the chosen option is at the top, the one before it hidden: %q", i, got)
		}
		press(m, kDown)
	}
}

// At 80 columns the preview-user dialog's keys are on one line (they broke
// before "cancel").
func TestUserDialogHelpOnOneLine(t *testing.T) {
	m := summerSale(t, 80, 21)
	press(m, runes("u"))
	if view := ansiStrip(m.View()); !strings.Contains(view, "Preview user") || !strings.Contains(view, "esc: cancel") {
		t.Errorf("the keys are broken over two lines:\n%s", view)
	}
}
