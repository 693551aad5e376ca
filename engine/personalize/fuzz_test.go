package personalize

import (
	"github.com/campaigns-cli/campaigns/model/fuzzseeds"
	"strings"
	"testing"
)

// FuzzRender: no input panics; failures are *Error with a position inside
// the text; text without template syntax comes back unchanged. Seeds live in
// testdata/fuzz/FuzzRender at the repository root.
func FuzzRender(f *testing.F) {
	fuzzseeds.Add(f, "FuzzRender")
	f.Fuzz(func(t *testing.T, src string) {
		out, err := Render(src, shopper)
		if err != nil {
			pe, ok := err.(*Error)
			if !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			lines := strings.Count(normalizeNewlines(src), "\n") + 1
			if pe.Line < 1 || pe.Line > lines || pe.Column < 1 || pe.Message == "" {
				t.Fatalf("error outside the text (%d lines): %+v", lines, pe)
			}
			return
		}
		if !NeedsRendering(src) && out != src {
			t.Fatalf("plain text changed: %q -> %q", src, out)
		}
		if len(out) > maxOutput {
			t.Fatalf("output of %d bytes", len(out))
		}
	})
}
