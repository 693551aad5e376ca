package inspector

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// contentHeight: the body minus the pane tabs and the state line.
func (in *Inspector) contentHeight() int { return max(in.h-2, 1) }

// scroll moves the pane on show by d lines (the cursor, in the panes that
// have one).
func (in *Inspector) scroll(d int) {
	win, n := &in.win[in.pane], len(in.lines[in.pane])
	if in.pane == paneChecks && len(in.problems) > 0 && (d == 1 || d == -1) {
		in.pcursor = max(min(in.pcursor+d, len(in.problems)-1), 0)
		in.rebuildChecks()
		in.clamp()
		// A problem's line, with the one above it and its two below
		// (the path and the rule) in view.
		line := in.problems[in.pcursor].line
		win.Follow(line-1, n)
		win.Follow(min(line+2, n-1), n)
		return
	}
	if in.pane == paneVersions && len(in.versions) > 0 && (d == 1 || d == -1) {
		in.vcursor = max(min(in.vcursor+d, len(in.versions)-1), 0)
		in.rebuildVersions()
		in.clamp()
		return
	}
	if in.pane == paneComponents {
		n := len(visible(in.roots))
		in.tcursor = max(min(in.tcursor+d, n-1), 0)
		in.clamp()
		return
	}
	win.Scroll(d, n)
}

// clamp gives every pane its lines at the current size and keeps the tree's
// cursor in view. It runs whenever what a pane shows changes,
// never from View.
func (in *Inspector) clamp() {
	w, h := in.paneWidth(), in.contentHeight()
	prefixed := func(lines []string) []string {
		out := make([]string, len(lines))
		for i, l := range lines {
			out[i] = common.Clip(" "+l, w)
		}
		return out
	}
	for p := range paneCount {
		var lines []string
		switch p {
		case paneSummary:
			lines = prefixed(in.summary)
		case paneVersions:
			lines = prefixed(in.versionLines)
		case paneOverview:
			lines = prefixed(in.overview)
		case paneComponents:
			lines = in.treeLines(0, 1<<30)
			for i, l := range lines {
				lines[i] = common.Clip(l, w)
			}
		case paneJSON:
			lines = prefixed(in.jsonLines)
		case paneChecks:
			lines = prefixed(in.checkLines)
		}
		in.lines[p] = lines
		win := &in.win[p]
		win.SetHeight(h)
		if p == paneComponents {
			// The cursor's node with the lines it opens below it, its
			// own line first when they do not all fit.
			win.Follow(min(in.tcursor+in.cursorExtra(), len(lines)-1), len(lines))
			win.Follow(in.tcursor, len(lines))
		} else {
			win.Scroll(0, len(lines))
		}
	}
}

func (in *Inspector) View() string {
	st := in.c.Styles
	if in.camp == nil {
		switch {
		case in.err != "":
			return "\n " + st.Error.Render("✗ Could not read campaign "+common.Clean(in.id)+": "+common.Clean(in.err)) +
				"\n\n " + st.Muted.Render("r to try again · esc back")
		default:
			return "\n " + in.spin.View() + " reading campaign " + common.Clean(in.id) + "…"
		}
	}
	var tabs []string
	for i, n := range paneNames {
		if in.wide() && i == paneOverview {
			continue
		}
		if i == in.pane {
			tabs = append(tabs, st.ActiveTab.Render(n))
		} else {
			tabs = append(tabs, st.Tab.Render(n))
		}
	}
	head := strings.Join(tabs, "")
	switch {
	case in.busy != "":
		head += "  " + in.spin.View() + st.Muted.Render(" "+in.busy)
	case in.loading:
		head += "  " + in.spin.View() + st.Muted.Render(" reading…")
	case in.err != "":
		head += "  " + st.Error.Render("✗ "+common.Clean(in.err))
	}
	if n := len(in.lines[in.pane]); n > in.win[in.pane].Height && in.pane != paneComponents {
		from, to := in.win[in.pane].Range(n)
		pos := fmt.Sprintf("%d–%d of %d", from+1, to, n)
		if gap := in.w - lipgloss.Width(head) - lipgloss.Width(pos) - 1; gap > 0 {
			head += strings.Repeat(" ", gap) + st.Muted.Render(pos)
		}
	}
	if in.confirm != nil || in.menu != nil {
		return head + "\n" + in.stateLine() + "\n" + in.dialog()
	}
	body := in.paneLines()
	if in.wide() {
		// Overview on the left, the chosen pane on the right.
		lw, h := in.leftWidth(), in.contentHeight()
		sep := st.Muted.Render("│")
		rows := make([]string, h)
		for i := range h {
			left, right := "", ""
			if i < len(in.overview) {
				left = " " + in.overview[i]
			}
			if i < len(body) {
				right = body[i]
			}
			rows[i] = common.Pad(left, lw) + " " + sep + " " + ansi.Truncate(right, in.paneWidth(), "")
		}
		body = rows
	}
	return head + "\n" + in.stateLine() + "\n" + strings.Join(body, "\n")
}

// stateLine says at a glance what can be done with the campaign.
func (in *Inspector) stateLine() string {
	st := in.c.Styles
	status := model.Str(in.camp.Status)
	badge := st.Status(status).Render(common.Clean(status))
	var text string
	switch {
	case in.readOnly != "":
		text = st.Locked.Render("read-only: " + in.readOnly)
	case in.lockedAll:
		text = st.Locked.Render("nothing can be edited in this state")
	case len(in.locked) > 0:
		text = st.Locked.Render("locked: " + strings.Join(in.locked, ", "))
	default:
		text = st.OK.Render("every field can be edited")
	}
	if note := in.versionNote(); note != "" {
		text = st.Warning.Render(note)
	} else if in.picked != nil && in.camp.VersionNumber != nil && *in.picked != *in.camp.VersionNumber {
		text = st.Warning.Render(fmt.Sprintf("showing version %d, the newest (the list row was version %d)", *in.camp.VersionNumber, *in.picked)) + "  " + text
	}
	return ansi.Truncate(" "+badge+"  "+text, in.w, "…")
}

// paneLines is the part of the pane on show its window is over (the lines
// as set: the root pads the body).
func (in *Inspector) paneLines() []string {
	lines := in.lines[in.pane]
	from, to := in.win[in.pane].Range(len(lines))
	return lines[from:to]
}

func (in *Inspector) treeLines(off, h int) []string {
	st := in.c.Styles
	vis := visible(in.roots)
	if len(vis) == 0 {
		return []string{" " + st.Muted.Render("This campaign has no components yet.")}
	}
	var out []string
	for i := off; i < len(vis) && len(out) < h; i++ {
		n := vis[i]
		mark := "  "
		if n.kind != 0 {
			mark = "▸ "
			if n.open {
				mark = "▾ "
			}
		}
		indent := strings.Repeat("  ", n.depth-1)
		label := common.Clean(n.label())
		var val string
		if n.kind == 0 {
			val = common.Clean(n.value)
		} else if !n.open {
			val = common.Clean(n.summary())
		}
		text := label
		if val != "" {
			text += ": " + val
		}
		var badges []string
		if want, ok := in.unknown[n.path]; ok {
			if want == "" {
				badges = append(badges, st.Warning.Render("[unknown field, kept]"))
			} else {
				badges = append(badges, st.Error.Render("[wrong type: want "+want+"]"))
			}
		}
		if in.lockedAll && n.depth == 1 || slices.Contains(in.locked, n.path) {
			badges = append(badges, st.Locked.Render("[locked]"))
		}
		line := indent + mark
		if i == in.tcursor {
			// The selected node is shown whole: a long value wraps under itself.
			parts := in.wrapNode(n, text)
			line = st.Cursor.Render("▌") + line + st.Selected.Render(parts[0])
			for _, p := range parts[1:] {
				out = append(out, line)
				line = " " + indent + "  " + st.Selected.Render(p)
			}
		} else if n.depth == 1 {
			line = " " + line + st.Subtitle.Render(text)
		} else {
			line = " " + line + st.Text.Render(text)
		}
		if len(badges) > 0 {
			line += " " + strings.Join(badges, " ")
		}
		out = append(out, line)
	}
	return out
}

// wrapNode splits a node's text to the pane's width.
func (in *Inspector) wrapNode(n *treeNode, text string) []string {
	limit := in.paneWidth() - 2*(n.depth-1) - 4
	if limit < 10 || lipgloss.Width(text) <= limit {
		return []string{text}
	}
	return strings.Split(ansi.Wrap(text, limit, " ,"), "\n")
}

// cursorExtra is how many lines the selected node takes beyond its first.
func (in *Inspector) cursorExtra() int {
	vis := visible(in.roots)
	if in.tcursor >= len(vis) {
		return 0
	}
	n := vis[in.tcursor]
	text := common.Clean(n.label())
	if n.kind == 0 {
		text += ": " + common.Clean(n.value)
	} else if !n.open {
		text += ": " + n.summary()
	}
	return len(in.wrapNode(n, text)) - 1
}

// rebuildJSON wraps the (highlighted, once ready) JSON to the pane's width.
func (in *Inspector) rebuildJSON() {
	src, colored := in.jsonSrc, in.jsonOut != "" && in.jsonOut != in.jsonSrc
	if colored {
		src = in.jsonOut
	}
	limit := max(in.paneWidth()-2, 10)
	in.jsonLines = in.jsonLines[:0]
	for _, l := range strings.Split(src, "\n") {
		if colored {
			// chroma leaves a colour open across a line break now and then.
			l += ansi.ResetStyle
		}
		if lipgloss.Width(l) > limit {
			in.jsonLines = append(in.jsonLines, strings.Split(ansi.Hardwrap(l, limit, true), "\n")...)
			continue
		}
		in.jsonLines = append(in.jsonLines, l)
	}
}

func (in *Inspector) rebuildChecks() {
	st := in.c.Styles
	if len(in.checks) == 0 {
		in.checkLines = []string{st.Muted.Render("No checks yet: v validates against the publish rules, a lists the actions.")}
		return
	}
	wrap := in.c.Styles.Renderer().NewStyle().Width(max(in.paneWidth()-8, 20))
	var out []string
	in.problems = in.problems[:0]
	reported := forms.NewReported(in.camp)
	for _, c := range in.checks {
		// The title holds the service's reason for a refusal: wrapped
		// whole, not cut at the pane's edge.
		mark, style := "✓ ", st.OK
		if !c.ok {
			mark, style = "✗ ", st.Error
		}
		for i, l := range strings.Split(wrap.Render(common.Clean(c.title)), "\n") {
			if i > 0 {
				mark = "  "
			}
			out = append(out, style.Render(mark+strings.TrimRight(l, " ")))
		}
		for _, p := range c.problems {
			// In plain words, the field by its label, once ("Platforms:
			// choose at least one…", not "basic_details.platforms" over
			// "basic_details.platforms is required…"); the path under it
			// for engineers.
			plain := reported.Describe(p.Target, p.Message).Text
			sel := len(in.problems) == in.pcursor
			in.problems = append(in.problems, problemRef{target: p.Target, line: len(out)})
			for i, l := range strings.Split(wrap.Render(common.Clean(plain)), "\n") {
				l = strings.TrimRight(l, " ")
				switch {
				case i > 0:
					out = append(out, "   "+st.Text.Render(l))
				case sel:
					out = append(out, st.Cursor.Render(" ▌ ")+st.Selected.Render(l))
				default:
					out = append(out, "   "+st.Text.Render(l))
				}
			}
			if target := common.Clean(p.Target); target != "" {
				out = append(out, "     "+st.Muted.Render(common.Truncate(target, max(in.paneWidth()-8, 20))))
			}
		}
		out = append(out, "")
	}
	in.checkLines = out
}

func (in *Inspector) dialog() string {
	st := in.c.Styles
	w := min(in.w-4, 72)
	var content string
	if in.confirm != nil {
		text := in.c.Styles.Renderer().NewStyle().Width(w - 6).Render(in.confirm.text)
		content = text + "\n\n" + st.Key.Render("y") + st.Muted.Render(" confirm   ") + st.Key.Render("n/esc") + st.Muted.Render(" cancel")
	} else {
		var lines []string
		lines = append(lines, st.Title.Render("Actions for “"+common.Clean(common.CampaignName(in.camp))+"”"), "")
		for i, it := range in.menu.items {
			row := common.Pad(common.Pad(it.key, 2)+common.Pad(it.label, 10)+it.desc, w-8)
			if i == in.menu.cursor {
				lines = append(lines, st.Selected.Render("> "+row))
			} else {
				lines = append(lines, "  "+st.Text.Render(row))
			}
		}
		if in.c.ReadOnly != "" {
			lines = append(lines, "", st.Locked.Render("Only validating: "+in.c.ReadOnly+"."))
		} else if model.Str(in.camp.Status) != model.StatusDraft && len(statusActions(in.camp)) == 0 {
			lines = append(lines, "", st.Muted.Render(fmt.Sprintf("Stop, pause and resume do not apply to %s %s campaigns in %s.",
				common.Clean(model.Str(in.camp.Channel)), common.Clean(model.Str(in.camp.CampaignDeliveryType)), common.Clean(model.Str(in.camp.Status)))))
		}
		content = in.c.Styles.Renderer().NewStyle().Width(w - 6).Render(strings.Join(lines, "\n"))
	}
	box := st.Dialog.Render(content)
	return in.c.Styles.Renderer().Place(in.w, in.contentHeight(), lipgloss.Center, lipgloss.Center, box)
}
