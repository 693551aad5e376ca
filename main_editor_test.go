package main

import (
	"bytes"
	"strings"
	"testing"
)

// The editor's flags are checked before any terminal or service is touched.
func TestEditorUsageErrors(t *testing.T) {
	t.Setenv("CAMPAIGNS_API_KEY", "")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--theme", "neon"}, `unknown theme "neon"`},
		{[]string{"--base-url", "https://example.com"}, "needs --workspace-id and the API key"},
		{[]string{"--base-url", "https://example.com", "--dc", "01"}, "not both"},
		{[]string{"--workspace-id", "W"}, "--workspace-id needs --base-url or --dc"},
		{[]string{"--bogus"}, "flag provided but not defined"},
	}
	for _, tc := range cases {
		var out, errb bytes.Buffer
		if code := run(tc.args, strings.NewReader(""), &out, &errb); code != 2 {
			t.Errorf("%v: exit %d, want 2", tc.args, code)
		}
		if !strings.Contains(errb.String(), tc.want) {
			t.Errorf("%v: stderr %q lacks %q", tc.args, errb.String(), tc.want)
		}
	}
}

func TestEditorBadDataCenter(t *testing.T) {
	t.Setenv("CAMPAIGNS_API_KEY", "k")
	var out, errb bytes.Buffer
	if code := run([]string{"--dc", "99", "--workspace-id", "W"}, strings.NewReader(""), &out, &errb); code != 2 {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	if !strings.Contains(errb.String(), "99") {
		t.Fatalf("stderr %q does not name the data center", errb.String())
	}
}

func TestEditorHelp(t *testing.T) {
	var out, errb bytes.Buffer
	// campaigns --help prints the overview of every command; the editor's own
	// flags come with --help after any editor flag.
	if code := run([]string{"--theme", "plain", "--help"}, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, flag := range []string{"--base-url", "--dc", "--workspace-id", "--theme", "--data", "CAMPAIGNS_API_KEY", "NO_COLOR"} {
		if !strings.Contains(out.String(), flag) {
			t.Errorf("help lacks %s", flag)
		}
	}
}
