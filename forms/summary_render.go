package forms

// The one renderer of the summary, shared by the editor's Review step and
// the inspector's Summary tab: each line as a heading and its sentence
// wrapped beside it, then the content matrix as a table of ✓ and ✗. Pages
// give their styles as Paint; nothing here knows a theme.

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/campaigns-cli/campaigns/model"
)

// Paint is how a page styles the summary's parts.
type Paint struct {
	Head, Text, OK, Bad, Muted func(...string) string
}

// minSummaryText is the narrowest sentence column beside whole headings.
const minSummaryText = 20

// Render draws s in width w. Nothing is cut: long sentences wrap under
// their own column.
func (s Summary) Render(w int, p Paint) []string {
	out := sentences(s.Lines, w, p)
	if s.ReadOnlyContent {
		return out // no matrix: the content is listed in words above
	}
	out = append(out, s.Matrix.render(w, p)...)
	if len(s.Push) > 0 {
		out = append(out, "")
		out = append(out, sentences(s.Push, w, p)...)
	}
	return out
}

// sentences draws headings and their sentences wrapped beside them.
func sentences(lines []SummaryLine, w int, p Paint) []string {
	head := 0
	for _, l := range lines {
		head = max(head, ansi.StringWidth(l.Head))
	}
	// The heading column takes its longest heading whole ("Control group")
	// while the sentences keep room to read; only a very narrow pane wraps
	// headings.
	if w-head-2 < minSummaryText {
		head = min(head, max(8, w/4))
	}
	textW := max(10, w-head-2)
	var out []string
	for _, l := range lines {
		wrapped := strings.Split(ansi.Wrap(l.Text, textW, ""), "\n")
		hs := strings.Split(ansi.Wrap(l.Head, head, ""), "\n")
		for i := 0; i < max(len(wrapped), len(hs)); i++ {
			left, right := "", ""
			if i < len(hs) {
				left = hs[i]
			}
			if i < len(wrapped) {
				right = wrapped[i]
			}
			pad := strings.Repeat(" ", max(0, head-ansi.StringWidth(left)))
			out = append(out, p.Head(left)+pad+"  "+p.Text(right))
		}
	}
	return out
}

// render draws the matrix: one row per locale × variation, one column per
// platform, ✓ for a message ready to send and ✗ for one with problems or
// missing.
func (m Matrix) render(w int, p Paint) []string {
	if len(m.Platforms) == 0 {
		return []string{p.Muted("Content: choose the platforms first")}
	}
	locW := len("Locale")
	for _, l := range m.Locales {
		locW = max(locW, ansi.StringWidth(l))
	}
	varW := len("variation 10")
	name := func(pl string) string {
		if pl == model.ChannelEmail {
			return "Email"
		}
		return PlatformName(pl)
	}
	hdr := padTo("Locale", locW) + "  " + padTo("Variation", varW)
	for _, pl := range m.Platforms {
		hdr += "  " + name(pl)
	}
	out := []string{"", p.Head(ansi.Truncate(hdr, w, "…"))}
	for _, l := range m.Locales {
		for _, v := range m.Variations {
			line := p.Text(padTo(l, locW) + "  " + padTo(strings.ReplaceAll(v, "_", " "), varW))
			for _, pl := range m.Platforms {
				mark := p.Bad("✗")
				if m.Ready[l][v][pl] {
					mark = p.OK("✓")
				}
				line += "  " + mark + strings.Repeat(" ", max(0, ansi.StringWidth(name(pl))-1))
			}
			out = append(out, line)
		}
	}
	return out
}

func padTo(s string, w int) string {
	if n := ansi.StringWidth(s); n < w {
		return s + strings.Repeat(" ", w-n)
	}
	return s
}
