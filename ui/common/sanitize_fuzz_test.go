package common

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/campaigns-cli/campaigns/model/fuzzseeds"
)

// FuzzClean: whatever a campaign holds, Clean's output carries no escape,
// no C0 or C1 control character and no invisible format character, keeps
// every printable letter of plain text, and cleaning twice changes nothing.
func FuzzClean(f *testing.F) {
	fuzzseeds.Add(f, "FuzzClean")
	f.Add("Spring \x1b]0;OWNED\x07\x1b]52;c;Y3VybCBldmlsLmV4YW1wbGUgfCBzaA==\x07\x1b[2Jsale")
	f.Add("a\u009b31mb\x1bP1;2|x\x1b\\c\x9d0;t\x9c")
	f.Add("Soldes d’été 🎉 \u200d ✓")
	f.Fuzz(func(t *testing.T, s string) {
		got := Clean(s)
		for _, r := range got {
			if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || (unicode.Is(unicode.Cf, r) && r != 0x200d) {
				t.Fatalf("Clean(%q) = %q keeps %U", s, got, r)
			}
		}
		if Clean(got) != got {
			t.Fatalf("Clean is not stable on %q: %q then %q", s, got, Clean(got))
		}
		if utf8.ValidString(s) && !strings.ContainsAny(s, "\x1b\u009b\u009d\u0090\u009e\u009f") {
			for _, r := range s {
				if unicode.IsLetter(r) && !strings.ContainsRune(got, r) {
					t.Fatalf("Clean(%q) = %q lost %q", s, got, r)
				}
			}
		}
		if cb := CleanBlock(s); strings.ContainsAny(cb, "\x1b\x07\u009b") {
			t.Fatalf("CleanBlock(%q) = %q", s, cb)
		}
	})
}
