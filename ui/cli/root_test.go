package cli

import (
	"strings"
	"testing"
)

func TestVersion(t *testing.T) {
	r := newRoot(t)
	if v := versionString(); v == "" || strings.Contains(v, "(devel)") {
		t.Fatalf("versionString() = %q", v)
	}
	old := Version
	Version = "v1.2.3-test"
	t.Cleanup(func() { Version = old })
	for _, args := range [][]string{{"--version"}, {"-v"}} {
		code, out, _ := r.run("", args...)
		if code != 0 || strings.TrimSpace(out) != "campaigns version v1.2.3-test" {
			t.Errorf("%v: exit %d %q", args, code, out)
		}
	}
}

func TestCompletionScripts(t *testing.T) {
	r := parallelRoot(t)
	for shell, marker := range map[string]string{
		"bash":       "complete -o default -F __start_campaigns campaigns",
		"zsh":        "#compdef campaigns",
		"fish":       "complete -c campaigns",
		"powershell": "Register-ArgumentCompleter",
	} {
		code, out, errs := r.run("", "completion", shell)
		if code != 0 || !strings.Contains(out, marker) {
			t.Errorf("completion %s: exit %d, %q lacks %q", shell, code, errs, marker)
		}
	}
	// The values of --dc complete, and only they.
	code, out, _ := r.run("", "__complete", "--dc", "")
	if code != 0 || !strings.HasPrefix(out, "01\n02\n03\n04\n05\n06\n101\n:4") {
		t.Errorf("--dc completion: exit %d %q", code, out)
	}
	code, out, _ = r.run("", "__complete", "validate", "--phase", "")
	if code != 0 || !strings.HasPrefix(out, "create\npatch\npublish\n") {
		t.Errorf("--phase completion: exit %d %q", code, out)
	}
}

func TestTrimWriterKeepsPartialLines(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	w := &trimWriter{w: &b}
	for _, p := range []string{"a  ", "b \n", "\n  c\t\nlast  "} {
		if n, err := w.Write([]byte(p)); n != len(p) || err != nil {
			t.Fatalf("Write(%q) = %d, %v", p, n, err)
		}
	}
	w.Flush()
	if got, want := b.String(), "a  b\n\n  c\nlast"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// Run, the entry main calls, ends with the contract's exit codes
// (decisions.md §5): 0 done, 1 refused or invalid, 2 bad usage.
func TestRunEndsWithTheContractsExitCodes(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		stdin string
		args  []string
		code  int
	}{
		{"", []string{"--version"}, 0},
		{`{"channel": "PUSH", "campaign_delivery_type": "ONE_TIME", "created_by": "a@example.com", "status": null}`, []string{"validate", "--phase", "create", "-"}, 1},
		{"", []string{"bogus"}, 2},
		{"", []string{"list", "--status", "sleeping"}, 2},
	} {
		var out, errs strings.Builder
		if code := Run(tc.args, strings.NewReader(tc.stdin), &out, &errs); code != tc.code {
			t.Errorf("%v: exit %d, want %d\n%s%s", tc.args, code, tc.code, out.String(), errs.String())
		}
	}
}
