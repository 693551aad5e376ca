package editor

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/components/window"
)

// problems is the problems panel: what stops sync (DRAFT_PATCH) and what
// stands before publishing (DRAFT_PUBLISH), judged on every change.
type problems struct {
	patch, publish []engine.Problem
	items          []panelItem // patch problems first, then the rest
	cur            int
	perStep        map[forms.Step]int
	// win scrolls the panel's lines (lines), drawn in Update (scrollPanel).
	win   window.Model
	lines []string
	// memo keeps the engine's verdict on each content message between
	// judgements; at is where the change being judged lies ("" when it
	// may lie anywhere: changeText).
	memo *engine.Memo
	at   string
	urls forms.URLMemo
	// drawn keeps the lines of items not under the cursor by what they
	// show (typing redraws the panel on every key, mostly the same lines);
	// emptied when it holds 1024.
	drawn map[panelKey]string
}

// panelKey is everything a panel line not under the cursor depends on.
type panelKey struct {
	blocking bool
	text     string
	w        int
}

type panelItem struct {
	blocking bool // stops sync (DRAFT_PATCH), else a publish checklist item
	p        engine.Problem
	// plain is the problem in the form's words (the label, no JSON path);
	// p keeps the engine's own message and target for the detail line.
	plain forms.Plain
}

// judge validates the whole campaign in both phases. It runs on every key
// press, so it does no I/O and no copying, and the engine checks again only
// the content message that changed (engine.Memo; the verdict is the same).
func (pp *problems) judge(d *draft, opts engine.Options) {
	if pp.memo == nil {
		pp.memo = engine.NewMemo()
	}
	pp.memo.Changed(pp.at)
	doc := d.body()
	pp.patch = pp.memo.Validate(doc, engine.PhasePatch, opts)
	all := pp.memo.Validate(doc, engine.PhasePublish, opts)
	seen := make(map[engine.ProblemKey]bool, len(pp.patch))
	pp.items = pp.items[:0]
	for _, p := range pp.patch {
		seen[p.Key()] = true
		pp.items = append(pp.items, panelItem{blocking: true, p: p, plain: forms.Describe(p)})
	}
	pp.publish = pp.publish[:0]
	// The editor's own check on image and link addresses (the spec only
	// asks for a URI) joins the publish checklist.
	engineSaid := make(map[string]bool, len(all))
	for _, p := range all {
		engineSaid[p.Target] = true
	}
	for _, p := range append(all, pp.urls.Check(d.work)...) {
		// The engine refuses non-web image addresses too: one problem a field.
		if !seen[p.Key()] && !(p.Rule == forms.RuleURLScheme && engineSaid[p.Target]) {
			pp.publish = append(pp.publish, p)
			pp.items = append(pp.items, panelItem{p: p, plain: forms.Describe(p)})
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
			m.jumpTo(forms.FieldTarget(pp.items[pp.cur].p))
		}
	}
	return nil
}

// checkText is how far the draft is from publishable.
func (m *Model) checkText() string {
	s := m.c.Styles
	published := m.d.state != "" && m.d.state != model.StatusDraft
	if n := len(m.probs.items); n > 0 {
		if published {
			return s.Warning.Render(fmt.Sprintf("%d to fix", n))
		}
		return s.Warning.Render(fmt.Sprintf("%d to fix before publishing", n))
	}
	// A published campaign is not "ready to publish" (defect 10): its
	// edits go to the live campaign.
	if published {
		return s.OK.Render("✓ no problems · edits apply to the " + strings.ToLower(m.d.state) + " campaign")
	}
	return s.OK.Render("✓ ready to publish")
}

// scrollPanel draws the panel's lines for the window and scrolls its
// window to the item under the cursor, which is wrapped whole (in a narrow
// window a cut line is the only place its message would be shown); the
// others take one line each. It runs in Update (settle), never in View.
func (m *Model) scrollPanel() {
	s, pp := m.c.Styles, &m.probs
	w, rows := m.width, m.panelHeight()-1
	text := func(it panelItem) string {
		tag := "publish"
		if it.blocking {
			tag = "invalid"
		}
		return fmt.Sprintf("%-8s %s", tag, common.Clean(it.plain.Text))
	}
	// The cursor's item, wrapped, takes lines first..last; every other
	// item one line. Only the lines the viewport shows are drawn.
	var wrapped []string
	focus := m.pane == paneProblems && pp.cur < len(pp.items)
	if focus {
		wrapped = strings.Split(s.Renderer().NewStyle().Width(max(w-2, 10)).Render(text(pp.items[pp.cur])), "\n")
		// The path and rule stay one line away for engineers.
		it := pp.items[pp.cur]
		wrapped = append(wrapped, common.Truncate("         "+common.Clean(it.p.Target)+" · "+string(it.p.Rule), w-2))
		if len(wrapped) > rows {
			wrapped = append(wrapped[:rows-1], common.Truncate(strings.Join(wrapped[rows-1:], " "), w-2))
		}
	}
	n := len(pp.items) + max(len(wrapped)-1, 0)
	if len(pp.items) == 0 {
		n = 1
	}
	first, last := pp.cur, pp.cur+max(len(wrapped)-1, 0)
	pp.win.SetHeight(rows)
	pp.win.Scroll(0, n)
	if focus {
		// The cursor's item whole, its first line first.
		pp.win.Follow(last, n)
		pp.win.Follow(first, n)
	}
	off := pp.win.Top
	pp.lines = make([]string, n)
	for i, it := range pp.items {
		line := i
		if focus && i > pp.cur {
			line += len(wrapped) - 1
		}
		switch {
		case focus && i == pp.cur:
			for j, l := range wrapped {
				mark := " "
				if j == 0 {
					mark = s.Cursor.Render("▸")
				}
				pp.lines[line+j] = mark + s.Selected.Render(strings.TrimRight(l, " "))
			}
		case line >= off && line < off+rows:
			k := panelKey{it.blocking, it.plain.Text, w}
			l, ok := pp.drawn[k]
			if !ok {
				st := s.Warning
				if it.blocking {
					st = s.Error
				}
				l = " " + st.Render(common.Truncate(text(it), w-2))
				if pp.drawn == nil || len(pp.drawn) > 1024 {
					pp.drawn = make(map[panelKey]string, 16)
				}
				pp.drawn[k] = l
			}
			pp.lines[line] = l
		}
	}
	if len(pp.items) == 0 {
		pp.lines[0] = s.OK.Render(" No problems.")
	}
}

// panelView is the panel's title and the lines its viewport scrolled to,
// as exactly h lines.
func (m *Model) panelView(w, h int) string {
	s, pp := m.c.Styles, &m.probs
	title := fmt.Sprintf("Problems (%d blocking sync, %d for publish)", len(pp.patch), len(pp.publish))
	if below := len(pp.lines) - min(pp.win.Top, len(pp.lines)) - (h - 1); below > 0 {
		// Not all shown (at 80×24 the panel had room for 3 of 4, and
		// nothing said so).
		more := "↓ for more"
		if m.pane != paneProblems {
			more = "tab, ↓ for more"
		}
		title = fmt.Sprintf("%d problems, %s (%d blocking sync, %d for publish)", len(pp.items), more, len(pp.patch), len(pp.publish))
	}
	if m.pane == paneProblems {
		title = s.Title.Render(title + "  enter: go to field")
	} else {
		title = s.Subtitle.Render(title)
	}
	lines := []string{title}
	off := min(pp.win.Top, len(pp.lines))
	lines = append(lines, pp.lines[off:min(off+h-1, len(pp.lines))]...)
	for len(lines) < h {
		lines = append(lines, "")
	}
	return strings.Join(lines[:h], "\n")
}
