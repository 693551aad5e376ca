package cli

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
)

// hostileFolder is a folder of campaign files with a named pipe, a link to
// /dev/zero and a link out of the folder among them, each named *.json.
func hostileFolder(t *testing.T) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("named pipes and links as on unix")
	}
	dir := t.TempDir()
	good := `{"channel":"PUSH","campaign_delivery_type":"ONE_TIME","created_by":"ana@example.com","basic_details":{"name":"Good"}}`
	if err := os.WriteFile(filepath.Join(dir, "good.json"), []byte(good), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo.json"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero.json")); err != nil {
		t.Fatal(err)
	}
	outside := filepath.Join(t.TempDir(), "secret.json")
	os.WriteFile(outside, []byte(good), 0o600)
	if err := os.Symlink(outside, filepath.Join(dir, "out.json")); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestFoldersReadOnlyRegularFiles: validate, diff and apply on a folder
// read its regular files only: the named pipe (which used to hang them),
// the link to /dev/zero (which used to exhaust the memory) and the link
// out of the folder are each skipped with a line saying why.
func TestFoldersReadOnlyRegularFiles(t *testing.T) {
	e := parallelScript(t)
	dir := hostileFolder(t)
	for _, cmd := range [][]string{{"diff", dir}, {"apply", dir}} {
		_, out, errs := e.run("", cmd...)
		for _, want := range []string{"fifo.json", "named pipe", "zero.json", "out.json", "out of the folder"} {
			if !strings.Contains(errs, want) {
				t.Errorf("%s: stderr does not say %q:\n%s\n%s", cmd[0], want, out, errs)
			}
		}
	}
	code, out, errs := e.rootEnv.run("", "validate", "--phase", "create", dir)
	if code != 0 || !strings.Contains(errs, "skipped "+filepath.Join(dir, "fifo.json")) || strings.Contains(out, "zero.json") {
		t.Errorf("validate: exit %d\n%s\n%s", code, out, errs)
	}
	// Named on the command line, a pipe is an error (exit 2), not a hang.
	code, _, errs = e.run("", "diff", filepath.Join(dir, "fifo.json"))
	if code != 2 || !strings.Contains(errs, "named pipe") {
		t.Errorf("diff of a pipe: exit %d %s", code, errs)
	}
}

// TestFileBoundsAndEncoding: a file over the service's 1 MiB body limit is
// refused before it is parsed; invalid UTF-8 is refused with the byte
// offset; a UTF-8 byte order mark is accepted.
func TestFileBoundsAndEncoding(t *testing.T) {
	e := parallelScript(t)
	dir := t.TempDir()
	body := `{"channel":"PUSH","campaign_delivery_type":"ONE_TIME","created_by":"ana@example.com","basic_details":{"name":"N"}}`
	big := filepath.Join(dir, "big.json")
	os.WriteFile(big, []byte(`{"basic_details":{"name":"`+strings.Repeat("x", 2<<20)+`"}}`), 0o600)
	badUTF8 := filepath.Join(dir, "latin1.json")
	os.WriteFile(badUTF8, []byte(`{"channel":"PUSH","basic_details":{"name":"Caf`+"\xe9"+`"}}`), 0o600)
	bom := filepath.Join(t.TempDir(), "bom.json")
	os.WriteFile(bom, append([]byte{0xef, 0xbb, 0xbf}, body...), 0o600)

	for _, args := range [][]string{{"apply", big}, {"diff", big}} {
		if code, _, errs := e.run("", args...); code != 2 || !strings.Contains(errs, "1 MiB") {
			t.Errorf("%v: exit %d %s", args, code, errs)
		}
	}
	code, _, errs := e.run("", "apply", badUTF8)
	if code != 2 || !strings.Contains(errs, "not UTF-8") || !strings.Contains(errs, "byte offset 46") {
		t.Errorf("invalid UTF-8: exit %d %s", code, errs)
	}
	if code, out, errs := e.rootEnv.run("", "validate", "--phase", "create", bom); code != 0 {
		t.Errorf("validate of a file with a BOM: exit %d %s %s", code, out, errs)
	}
	code, out, errs := e.run("", "apply", "--confirm", bom)
	if code != 0 || !strings.Contains(out, "created draft") {
		t.Errorf("a file with a BOM: exit %d\n%s\n%s", code, out, errs)
	}
	if code, _, errs := e.rootEnv.run("", "validate", big); code != 2 || !strings.Contains(errs, "1 MiB") {
		t.Errorf("validate of a 2 MiB file: exit %d %s", code, errs)
	}
}
