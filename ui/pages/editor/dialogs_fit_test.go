package editor

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

// TestLabelsWholeAtEveryWidth: at 80 columns and more no label is cut
// (issue 12, Deliver 2). At 120 columns the label column was half the form,
// 24 cells: "Only the triggering pla…"; at 110, 22: "Include opted-out u…".
// For every campaign of testdata and every step, the longest label is
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

// TestTestDialogFitsAt80Columns: the test-send dialog at 80 columns was 53
// cells wide: "‹ Inline (this editor's copy) ›" lost its "›" to the next
// line and the keys' help broke "[ Send test ]" in two.
func TestTestDialogFitsAt80Columns(t *testing.T) {
	m, _ := newTestEditor(t, fixture(t, "push_one_time.json"), 80, 21)
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

// TestZonePickerOpensOnTheZoneSet: the time-zone picker opened on
// Africa/Abidjan for a campaign in Europe/Madrid (the list shows the first
// 200 zones), so enter replaced the zone set with another.
func TestZonePickerOpensOnTheZoneSet(t *testing.T) {
	m, _ := newTestEditor(t, fixture(t, "push_one_time.json"), 80, 21)
	m.goStep(forms.StepSchedule)
	for i, f := range m.list.rows {
		if f.Kind == forms.Zone {
			m.list.cur = i
		}
	}
	press(m, kEnter)
	if view := ansiStrip(m.View()); !strings.Contains(view, "▸ Europe/Madrid") {
		t.Fatalf("the picker does not open on the zone set:\n%s", view)
	}
	press(m, kEnter)
	if got := m.fieldText(m.list.rows[m.list.cur]); got != "Europe/Madrid" {
		t.Errorf("enter on the picker as opened set the zone to %q", got)
	}
}

// TestNewDraftBoxWholeAfterResize: the editor is made at the terminal's
// size and then given its body's: the new-draft form kept the first size
// and its box lost its bottom lines at 80×24.
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

func marketerPush(t *testing.T) *model.Campaign {
	t.Helper()
	b, err := os.ReadFile("../../../testdata/fixtures/marketer-push.json")
	if err != nil {
		t.Fatal(err)
	}
	c, err := model.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	id, st := "c-marketer", model.StatusDraft
	c.CampaignID, c.ID, c.Status = &id, &id, &st
	return c
}

// TestRowDialogFitsWithManyProblems: at 80×24 a choice list with the
// field's problem and four others pushed the keys' help and the box's
// bottom off the screen; the problem was cut ("is required in a user at…")
// and the dialog named the field by its JSON path.
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

// TestLongChoiceListScrolls: at 80×24 a choice list longer than the dialog
// (Operator: more than 7) showed the chosen option at the top of its window
// with blank rows below and the options before it out of sight.
func TestLongChoiceListScrolls(t *testing.T) {
	m, _ := newTestEditor(t, marketerPush(t), 80, 21)
	m.goStep(forms.StepAudience)
	focus(t, m, "segmentation_details.included_filters.filters[0].operator")
	choices := m.list.rows[m.list.cur].Choices()
	h := listHeight(m)
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

// TestUserDialogHelpOnOneLine: at 80 columns the preview-user dialog's
// keys broke before "cancel".
func TestUserDialogHelpOnOneLine(t *testing.T) {
	m, _ := newTestEditor(t, fixture(t, "push_one_time.json"), 80, 21)
	press(m, runes("u"))
	if view := ansiStrip(m.View()); !strings.Contains(view, "Preview user") || !strings.Contains(view, "esc: cancel") {
		t.Errorf("the keys are broken over two lines:\n%s", view)
	}
}
