package editor

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// problems is the problems panel: what stops sync (DRAFT_PATCH) and what
// stands before publishing (DRAFT_PUBLISH), judged on every change.
type problems struct {
	patch, publish []engine.Problem
	items          []panelItem // patch problems first, then the rest
	cur            int
	perStep        map[forms.Step]int
}

type panelItem struct {
	blocking bool // stops sync (DRAFT_PATCH), else a publish checklist item
	p        engine.Problem
}

// judge validates the whole campaign in both phases. It runs on every key
// press, so it does no I/O and no copying.
func (pp *problems) judge(d *draft, opts engine.Options) {
	doc := d.body()
	pp.patch = engine.Validate(doc, engine.PhasePatch, opts)
	all := engine.Validate(doc, engine.PhasePublish, opts)
	seen := make(map[engine.Problem]bool, len(pp.patch))
	pp.items = pp.items[:0]
	for _, p := range pp.patch {
		seen[p] = true
		pp.items = append(pp.items, panelItem{blocking: true, p: p})
	}
	pp.publish = pp.publish[:0]
	for _, p := range all {
		if !seen[p] {
			pp.publish = append(pp.publish, p)
			pp.items = append(pp.items, panelItem{p: p})
		}
	}
	pp.cur = min(max(0, pp.cur), max(0, len(pp.items)-1))
	pp.perStep = map[forms.Step]int{}
	for _, it := range pp.items {
		pp.perStep[forms.StepOf(it.p.Target)]++
	}
}

// invalid names the components that fail DRAFT_PATCH (not sent).
func (pp *problems) invalid() map[string]bool {
	out := map[string]bool{}
	for _, p := range pp.patch {
		out[component(p.Target)] = true
	}
	return out
}

// update moves through the panel; enter shows the field of the problem.
func (m *Model) updateProblems(msg tea.KeyMsg) tea.Cmd {
	pp := &m.probs
	switch {
	case key.Matches(msg, m.keys.Up):
		pp.cur = max(0, pp.cur-1)
	case key.Matches(msg, m.keys.Down):
		pp.cur = min(len(pp.items)-1, pp.cur+1)
	case key.Matches(msg, m.keys.Edit):
		if pp.cur >= 0 && pp.cur < len(pp.items) {
			m.jumpTo(pp.items[pp.cur].p.Target)
		}
	}
	return nil
}

// checkText is how far the draft is from publishable.
func (m *Model) checkText() string {
	s := m.c.Styles
	if n := len(m.probs.items); n > 0 {
		return s.Warning.Render(fmt.Sprintf("%d to fix before publishing", n))
	}
	return s.OK.Render("✓ ready to publish")
}

// panelView draws the panel in w×h: the problem under the cursor wrapped
// whole (in a narrow window a cut line is the only place its message would
// be shown), the others one line each.
func (m *Model) panelView(w, h int) string {
	s, pp := m.c.Styles, &m.probs
	title := fmt.Sprintf("Problems (%d blocking sync, %d for publish)", len(pp.patch), len(pp.publish))
	if m.pane == paneProblems {
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
		return fmt.Sprintf("%-8s %s: %s", tag, common.Clean(it.p.Target), common.Clean(it.p.Message))
	}
	var selected []string
	if m.pane == paneProblems && pp.cur < len(pp.items) {
		wrapped := s.Renderer().NewStyle().Width(max(w-2, 10)).Render(text(pp.items[pp.cur]))
		selected = strings.Split(wrapped, "\n")
		if len(selected) > rows {
			selected = append(selected[:rows-1], common.Truncate(strings.Join(selected[rows-1:], " "), w-2))
		}
	}
	start := 0
	if fit := max(rows-max(len(selected)-1, 0), 1); pp.cur >= fit {
		start = pp.cur - fit + 1
	}
	for i := start; i < len(pp.items) && len(lines) < h; i++ {
		it := pp.items[i]
		if m.pane == paneProblems && i == pp.cur {
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
		lines = append(lines, " "+st.Render(common.Truncate(text(it), w-2)))
	}
	if len(pp.items) == 0 {
		lines = append(lines, s.OK.Render(" No problems."))
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	return strings.Join(lines[:h], "\n")
}
