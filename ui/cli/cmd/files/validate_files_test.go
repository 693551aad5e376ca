package files

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Several files and folders (recursively) give the files shape; exit 0 all
// valid, 1 any invalid, 2 any unreadable.
func TestValidateManyFilesAndFolders(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	good, _ := os.ReadFile(fixtures + "/push_one_time.json")
	os.MkdirAll(filepath.Join(dir, "sub"), 0o755)
	os.WriteFile(filepath.Join(dir, "a.json"), good, 0o644)
	os.WriteFile(filepath.Join(dir, "sub", "b.json"), good, 0o644)
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not a campaign"), 0o644)

	code, out, stderr := validateMany(t, "", dir)
	if code != 0 || !out.Valid || len(out.Files) != 2 || out.Files[0].File != filepath.Join(dir, "a.json") || out.Files[1].File != filepath.Join(dir, "sub", "b.json") {
		t.Fatalf("a folder of valid files: exit %d %+v %s", code, out, stderr)
	}

	bad := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(bad, []byte(`{"channel": "PUSH"}`), 0o644)
	code, out, _ = validateMany(t, "", dir, bad)
	if code != 1 || out.Valid || len(out.Files) != 3 || out.Files[2].Valid || len(out.Files[2].Errors) == 0 || !out.Files[0].Valid {
		t.Fatalf("one invalid file: exit %d %+v", code, out)
	}
	for _, f := range out.Files {
		if f.Errors == nil {
			t.Fatalf("errors must be a list in every entry: %+v", out)
		}
	}

	broken := filepath.Join(t.TempDir(), "broken.json")
	os.WriteFile(broken, []byte("{\n oops"), 0o644)
	code, out, stderr = validateMany(t, "", bad, broken, "/nonexistent.json")
	if code != 2 || out.Valid || len(out.Files) != 3 || !strings.Contains(out.Files[1].Error, "line 2") || !strings.Contains(out.Files[2].Error, "cannot read") {
		t.Fatalf("unreadable files: exit %d %+v", code, out)
	}
	if !strings.Contains(stderr, "broken.json") {
		t.Errorf("stderr does not name the broken file: %q", stderr)
	}

	// Standard input among files.
	code, out, _ = validateMany(t, string(good), "-", filepath.Join(dir, "a.json"))
	if code != 0 || len(out.Files) != 2 || out.Files[0].File != "-" {
		t.Fatalf("stdin among files: exit %d %+v", code, out)
	}
}

func validateMany(t *testing.T, stdin string, args ...string) (int, filesOutput, string) {
	t.Helper()
	code, stdout, stderr := validateCLI(t, stdin, append([]string{"validate"}, args...)...)
	var out filesOutput
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatalf("%v: stdout is not the files JSON: %v\n%s\n%s", args, err, stdout, stderr)
	}
	return code, out, stderr
}
