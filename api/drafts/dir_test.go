package drafts

import (
	"path/filepath"
	"testing"
)

func TestDirNameKeepsServicesAndWorkspacesApart(t *testing.T) {
	a := DirName("embedded sandbox", "SANDBOX")
	for _, other := range []string{DirName("https://api-01.campaigns-service.example", "SANDBOX"), DirName("embedded sandbox", "ACME")} {
		if other == a {
			t.Fatalf("%q and %q share a journal directory", a, other)
		}
	}
	for _, got := range []string{DirName("../..", "a/b"), DirName("", ".."), DirName("..", "")} {
		if filepath.Base(got) != got || got == ".." || got == "." {
			t.Fatalf("names must not climb out of the data directory: %q", got)
		}
	}
}
