package common

import (
	"strings"
	"unicode"

	"github.com/charmbracelet/x/ansi"
)

// Clean makes campaign text safe to draw: escape sequences (CSI, OSC, DCS …)
// are removed whole, then every remaining C0/C1 control character and DEL,
// so a title cannot move the cursor, retitle the window or write to the
// clipboard. Newlines and tabs become spaces: a field is drawn on one line.
func Clean(s string) string {
	if isPlain(s) {
		return s
	}
	s = ansi.Strip(s)
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case r == '\n' || r == '\t' || r == '\r':
			b.WriteByte(' ')
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
			// dropped: control character
		case r == unicode.ReplacementChar:
			b.WriteRune(r)
		case unicode.Is(unicode.Cf, r) && r != 0x200d:
			// bidi overrides and other invisible format characters could
			// reorder what is drawn; keep the zero-width joiner for emoji.
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// CleanBlock is Clean for multi-line text (JSON, HTML bodies): newlines are
// kept, everything else is cleaned as in Clean.
func CleanBlock(s string) string {
	if isPlain(s) {
		return s
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = Clean(strings.ReplaceAll(l, "\t", "    "))
	}
	return strings.Join(lines, "\n")
}

// isPlain is the fast path: printable ASCII only.
func isPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			return false
		}
	}
	return true
}
