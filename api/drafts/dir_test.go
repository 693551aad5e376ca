package drafts

import (
	"path/filepath"
	"testing"
)

func TestDirNameKeepsServicesAndWorkspacesApart(t *testing.T) {
	t.Parallel()
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

func TestDefaultDirSeparatesServicesAndWorkspaces(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", "/state")
	a := DefaultDir("http://127.0.0.1:8787", "SANDBOX")
	if a != "/state/campaigns/journal/127.0.0.1-8787_SANDBOX" {
		t.Errorf("dir %q", a)
	}
	if b := DefaultDir("https://api-01.campaigns-service.example", "SANDBOX"); b == a {
		t.Error("two services share a journal directory")
	}
	if c := DefaultDir("http://127.0.0.1:8787", "../../etc"); filepath.Dir(c) != "/state/campaigns/journal" {
		t.Errorf("workspace escaped the directory: %q", c)
	}
}
