package editor

// The Review step's summary: each line of forms.Summary as a heading and
// its sentence wrapped beside it, and the content matrix as a table of ✓
// and ✗.

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/themes"
)

// minSummaryText is the narrowest sentence column beside whole headings.
const minSummaryText = 20

// summaryLines renders sum in width w. Nothing is cut: long sentences wrap under
// their own column.
func summaryLines(s themes.Styles, sum forms.Summary, w int) []string {
	out := sentenceLines(s, sum.Lines, w)
	out = append(out, matrixLines(s, sum.Matrix, w)...)
	if len(sum.Push) > 0 {
		out = append(out, "")
		out = append(out, sentenceLines(s, sum.Push, w)...)
	}
	return out
}

// sentenceLines renders headings and their sentences wrapped beside them.
func sentenceLines(s themes.Styles, lines []forms.SummaryLine, w int) []string {
	head := 0
	for _, l := range lines {
		head = max(head, lipgloss.Width(l.Head))
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
		h := ansi.Wrap(l.Head, head, "")
		hs := strings.Split(h, "\n")
		for i := 0; i < max(len(wrapped), len(hs)); i++ {
			left, right := "", ""
			if i < len(hs) {
				left = hs[i]
			}
			if i < len(wrapped) {
				right = wrapped[i]
			}
			pad := strings.Repeat(" ", max(0, head-lipgloss.Width(left)))
			out = append(out, s.Subtitle.Render(left)+pad+"  "+s.Text.Render(right))
		}
	}
	return out
}

// matrixLines renders the content matrix: one row per locale × variation, one
// column per platform, ✓ for a message ready to send and ✗ for one with
// problems or missing.
func matrixLines(s themes.Styles, m forms.Matrix, w int) []string {
	if len(m.Platforms) == 0 {
		return []string{s.Muted.Render("Content: choose the platforms first")}
	}
	locW := len("Locale")
	for _, l := range m.Locales {
		locW = max(locW, lipgloss.Width(l))
	}
	varW := len("variation 10")
	name := func(p string) string {
		if p == model.ChannelEmail {
			return "Email"
		}
		return forms.PlatformName(p)
	}
	hdr := padTo("Locale", locW) + "  " + padTo("Variation", varW)
	for _, p := range m.Platforms {
		hdr += "  " + name(p)
	}
	out := []string{"", s.Subtitle.Render(ansi.Truncate(hdr, w, "…"))}
	for _, l := range m.Locales {
		for _, v := range m.Variations {
			line := s.Text.Render(padTo(l, locW) + "  " + padTo(strings.ReplaceAll(v, "_", " "), varW))
			for _, p := range m.Platforms {
				mark := s.Error.Render("✗")
				if m.Ready[l][v][p] {
					mark = s.OK.Render("✓")
				}
				line += "  " + mark + strings.Repeat(" ", max(0, lipgloss.Width(name(p))-1))
			}
			out = append(out, line)
		}
	}
	return out
}

func padTo(s string, w int) string {
	if n := lipgloss.Width(s); n < w {
		return s + strings.Repeat(" ", w-n)
	}
	return s
}
