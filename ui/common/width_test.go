package common

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// narrowRanges are the ranges narrowRune takes, as pairs.
var narrowRanges = [][2]rune{{0, 0x02ff}, {0x2000, 0x206f}, {0x2190, 0x21ff}, {0x2500, 0x25fc}, {0x2713, 0x2718}}

// Every rune narrowFits counts as one cell takes one at most, and so does
// any grapheme cluster made only of them: a line of them is never wider
// than its runes, so Clip may keep it unmeasured.
func TestNarrowRunesAreNarrow(t *testing.T) {
	var narrow []rune
	for _, rg := range narrowRanges {
		for r := rg[0]; r <= rg[1]; r++ {
			if !narrowRune(r) {
				t.Fatalf("%U in the ranges is not narrow", r)
			}
			if w := ansi.StringWidth(string(r)); w > 1 {
				t.Errorf("%U (%q) takes %d cells", r, r, w)
			}
			narrow = append(narrow, r)
		}
	}
	// Wide ones next to the ranges stay out: ◽ ◾, ✅ and a combining mark.
	for _, r := range []rune{0x25fd, 0x25fe, 0x2705, 0x0301, 0xfe0f, 0x1f600, 0x4e00} {
		if narrowRune(r) {
			t.Errorf("%U (%q) counted narrow", r, r)
		}
	}
	rnd := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b strings.Builder
		for range 1 + rnd.IntN(8) {
			b.WriteRune(narrow[rnd.IntN(len(narrow))])
		}
		s := b.String()
		if w, n := ansi.StringWidth(s), utf8.RuneCountInString(s); w > n {
			t.Fatalf("%q takes %d cells, more than its %d runes", s, w, n)
		}
	}
}

// Clip keeps a line that fits and cuts one that does not, the same with or
// without the unmeasured path.
func TestClipFitsAndCuts(t *testing.T) {
	box := "│ Mine (local) ▸ ‹ ANDROID › ✓ … " + strings.Repeat("─", 20) + " │"
	for _, tc := range []struct {
		s    string
		w    int
		want string
	}{
		{box, ansi.StringWidth(box), box},
		{box, 100, box},
		{box, 5, "│ Min"},
		{"日本語のテキスト", 8, "日本語の"},                         // wide: measured, cut
		{"\x1b[31mred\x1b[0m", 3, "\x1b[31mred\x1b[0m"}, // escapes take no room
		{"e\u0301te\u0301", 3, "e\u0301te\u0301"},       // combining marks join
	} {
		if got := Clip(tc.s, tc.w); got != tc.want {
			t.Errorf("Clip(%q, %d) = %q, want %q", tc.s, tc.w, got, tc.want)
		}
	}
}

// BenchmarkFitScreen fits a 160×48 screen of bordered lines, as the root
// does with every frame.
func BenchmarkFitScreen(b *testing.B) {
	line := "│ " + strings.Repeat("Title ▸ ‹ ANDROID › ✓ · ", 6) + "│"
	screen := strings.TrimSuffix(strings.Repeat(line+"\n", 48), "\n")
	b.ReportAllocs()
	for b.Loop() {
		_ = Fit(screen, 160, 48)
	}
}
