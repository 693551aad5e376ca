package personalize

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// FuzzRender: no input panics; failures are *Error with a position inside
// the text; text without template syntax comes back unchanged. Seeds live in
// the repository's testdata (../../testdata/fuzz/FuzzRender), in the go
// fuzz corpus format.
func FuzzRender(f *testing.F) {
	files, err := filepath.Glob("../../testdata/fuzz/FuzzRender/*")
	if err != nil || len(files) == 0 {
		f.Fatalf("no seeds: %v", err)
	}
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		lines := strings.SplitN(strings.TrimSpace(string(b)), "\n", 2)
		if len(lines) != 2 || lines[0] != "go test fuzz v1" || !strings.HasPrefix(lines[1], "string(") {
			f.Fatalf("%s: not a go fuzz corpus file", name)
		}
		s, err := strconv.Unquote(strings.TrimSuffix(strings.TrimPrefix(lines[1], "string("), ")"))
		if err != nil {
			f.Fatalf("%s: %v", name, err)
		}
		f.Add(s)
	}
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
