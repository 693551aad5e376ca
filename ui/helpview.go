package ui

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/lipgloss"
)

// fullHelpView lays out every key of the screen in w×h cells: the keys
// are cut into columns short enough, and the columns wrap onto more rows
// of columns when they do not fit side by side, so no key is hidden behind
// an "…" (at 80×24 the editor's help once showed two of its four columns).
func (r *root) fullHelpView(groups [][]key.Binding, w, h int) string {
	var all []key.Binding
	for _, g := range groups {
		for _, b := range g {
			if b.Enabled() {
				all = append(all, b)
			}
		}
	}
	if len(all) == 0 {
		return ""
	}
	keep := r.help.Width
	r.help.Width = 0 // one column at a time, never cut
	defer func() { r.help.Width = keep }()
	// The screen's own columns first, wrapped onto more rows when they
	// do not fit side by side; then shorter columns until it all fits.
	var cols []string
	longest := 0
	for _, g := range groups {
		if len(g) > 0 {
			cols = append(cols, r.help.FullHelpView([][]key.Binding{g}))
			longest = max(longest, len(g))
		}
	}
	out := pack(cols, w)
	for rows := longest - 1; rows >= 1 && lipgloss.Height(out) > h; rows-- {
		cols = cols[:0]
		for i := 0; i < len(all); i += rows {
			cols = append(cols, r.help.FullHelpView([][]key.Binding{all[i:min(i+rows, len(all))]}))
		}
		out = pack(cols, w)
	}
	return out
}

// pack lays columns side by side, starting a new row of columns where the
// next would pass the width.
func pack(cols []string, w int) string {
	const gap = "    "
	var blocks, line []string
	lineW := 0
	for _, c := range cols {
		cw := lipgloss.Width(c)
		if len(line) > 0 && lineW+len(gap)+cw > w {
			blocks = append(blocks, lipgloss.JoinHorizontal(lipgloss.Top, line...))
			line, lineW = nil, 0
		}
		if len(line) > 0 {
			line = append(line, gap)
			lineW += len(gap)
		}
		line = append(line, c)
		lineW += cw
	}
	blocks = append(blocks, lipgloss.JoinHorizontal(lipgloss.Top, line...))
	sep := "\n\n" // a blank line between rows of columns
	if len(blocks) > 0 && lipgloss.Height(blocks[0]) == 1 {
		sep = "\n" // rows of single keys read as lines
	}
	return strings.Join(blocks, sep)
}
