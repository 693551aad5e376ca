package common

import (
	"strings"
	"testing"
)

func TestCleanRemovesControlSequences(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"plain", "Summer sale", "Summer sale"},
		{"csi colour", "\x1b[31mRed\x1b[0m title", "Red title"},
		{"cursor move and clear", "a\x1b[2J\x1b[Hb", "ab"},
		{"osc title with BEL", "x\x1b]0;pwned\x07y", "xy"},
		{"osc 52 clipboard with ST", "x\x1b]52;c;ZXZpbA==\x1b\\y", "xy"},
		{"escape with a final byte", "a\x1bcb", "ab"},
		{"C1 CSI", "a\u009b31mb", "a31mb"},
		{"bell backspace DEL", "a\x07\x08\x7fb", "ab"},
		{"newline and tab", "a\nb\tc", "a b c"},
		{"bidi override", "a\u202eb", "ab"},
		{"unicode kept", "Soldes d’été 🎉 ✓", "Soldes d’été 🎉 ✓"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := Clean(tc.in)
			if got != tc.want {
				t.Fatalf("Clean(%q) = %q, want %q", tc.in, got, tc.want)
			}
			if strings.ContainsAny(got, "\x1b\x07\x9b") {
				t.Fatalf("control character left in %q", got)
			}
		})
	}
}

func TestCleanBlockKeepsLines(t *testing.T) {
	got := CleanBlock("{\n\t\"a\": \"\x1b[31mx\"\n}")
	if got != "{\n    \"a\": \"x\"\n}" {
		t.Fatalf("got %q", got)
	}
}
