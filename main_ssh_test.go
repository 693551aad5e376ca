package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestSSHUsageErrors(t *testing.T) {
	t.Setenv("CAMPAIGNS_API_KEY", "")
	t.Setenv("HOME", t.TempDir()) // no ~/.ssh/authorized_keys to fall back on
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"ssh"}, "authorized_keys does not exist"},
		{[]string{"ssh", "--demo", "--base-url", "http://x"}, "--demo serves the embedded sandbox"},
		{[]string{"ssh", "--demo", "--authorized-keys", "k"}, "--demo lets any key in"},
		{[]string{"ssh", "--authorized-keys", "k", "--base-url", "http://x", "--workspace-id", "W"}, "CAMPAIGNS_API_KEY"},
		{[]string{"ssh", "--demo", "--max-sessions", "0"}, "--max-sessions must be at least 1"},
		{[]string{"ssh", "--demo", "--idle-timeout", "-1s"}, "cannot be negative"},
		{[]string{"ssh", "--demo", "--theme", "neon"}, `unknown --theme "neon"`},
		{[]string{"ssh", "--demo", "extra"}, `unexpected argument "extra"`},
		{[]string{"ssh", "--port", "22"}, "flag provided but not defined: -port"},
	} {
		var out, errb bytes.Buffer
		code := run(tc.args, strings.NewReader(""), &out, &errb)
		if code != 2 || !strings.Contains(errb.String(), tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, code, errb.String(), tc.want)
		}
	}
}

func TestSSHHelp(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"ssh", "--help"}, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, flag := range []string{"--addr", "--host-key", "--authorized-keys", "--demo", "--max-sessions", "--idle-timeout", "--max-session", "--base-url", "--dc", "--workspace-id", "CAMPAIGNS_API_KEY"} {
		if !strings.Contains(out.String(), flag) {
			t.Errorf("ssh --help does not mention %s", flag)
		}
	}
}

func TestSSHExpandsAQuotedTilde(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	var out, errb bytes.Buffer
	code := run([]string{"ssh", "--data", t.TempDir(), "--authorized-keys", "~/missing_keys"}, strings.NewReader(""), &out, &errb)
	if code != 1 || !strings.Contains(errb.String(), home+"/missing_keys") {
		t.Fatalf("exit %d, stderr %q; want 1 and an error naming %s/missing_keys", code, errb.String(), home)
	}
}
