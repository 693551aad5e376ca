package common

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// Truncate cuts s to w cells, ending in "…" when it was cut. Widths are
// measured by x/ansi: escape sequences take no room and wide characters
// (CJK, emoji) take two cells.
func Truncate(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if ansi.StringWidth(s) <= w {
		return s
	}
	return ansi.Truncate(s, w, "…")
}

// Clip cuts s to w cells without a mark.
func Clip(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if len(s) <= w || ansi.StringWidth(s) <= w {
		return s
	}
	return ansi.Truncate(s, w, "")
}

// Pad cuts (with "…") or pads s to exactly w cells.
func Pad(s string, w int) string {
	if w <= 0 {
		return ""
	}
	n := ansi.StringWidth(s)
	if n > w {
		return ansi.Truncate(s, w, "…")
	}
	return s + strings.Repeat(" ", w-n)
}

// PadClip cuts (without a mark) or pads s to exactly w cells.
func PadClip(s string, w int) string {
	if w <= 0 {
		return ""
	}
	n := ansi.StringWidth(s)
	if n > w {
		s = ansi.Truncate(s, w, "")
		n = ansi.StringWidth(s)
	}
	return s + strings.Repeat(" ", w-n)
}

// Fit cuts or pads s to exactly h lines no wider than w cells, so nothing is
// drawn outside the window.
func Fit(s string, w, h int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	for i, l := range lines {
		lines[i] = Clip(l, w)
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	return strings.Join(lines, "\n")
}
