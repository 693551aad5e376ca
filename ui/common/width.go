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
	if len(s) <= w || narrowFits(s, w) || ansi.StringWidth(s) <= w {
		return s
	}
	return ansi.Truncate(s, w, "")
}

// narrowFits reports that s takes at most w cells without measuring its
// graphemes (the costly part of drawing a screen): it holds at most w
// runes, each of which takes one cell at most on its own and cannot widen
// a cluster (see narrowRune). false says nothing: measure.
func narrowFits(s string, w int) bool {
	n := 0
	for _, r := range s {
		if n++; n > w || !narrowRune(r) {
			return false
		}
	}
	return true
}

// narrowRune: ASCII and Latin before the combining marks, general
// punctuation (… ‹ › •), arrows, box drawing, blocks and the geometric
// shapes that are never emoji (◽ ◾ are), and the check marks ✓ ✗. None is
// wide, none joins a wide cluster (TestNarrowRunesAreNarrow).
func narrowRune(r rune) bool {
	switch {
	case r < 0x0300,
		r >= 0x2000 && r <= 0x206f,
		r >= 0x2190 && r <= 0x21ff,
		r >= 0x2500 && r <= 0x25fc,
		r >= 0x2713 && r <= 0x2718:
		return true
	}
	return false
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

// Width is the cells s takes on screen (escape sequences take none, wide
// characters two).
func Width(s string) int { return ansi.StringWidth(s) }
