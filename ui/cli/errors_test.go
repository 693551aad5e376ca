package cli

import (
	"strings"
	"testing"
)

// Usage mistakes exit 2 and show the usage of the command they were made
// on; flags that exclude each other are named plainly.
func TestUsageErrorsShowThatCommandsUsage(t *testing.T) {
	r := parallelRoot(t)
	for _, tc := range []struct {
		args       []string
		msg, usage string
	}{
		{[]string{"bogus"}, `unknown command "bogus" for "campaigns"`, "campaigns [command]"},
		{[]string{"serv"}, "Did you mean this?\n\tserve", "campaigns [command]"},
		{[]string{"valdate"}, "Did you mean this?\n\tvalidate", "campaigns [command]"},
		{[]string{"serve", "--bogus"}, "unknown flag: --bogus", "campaigns serve [flags]"},
		{[]string{"auth", "login", "-x"}, "unknown shorthand flag: 'x'", "campaigns auth login [flags]"},
		{[]string{"auth", "nope"}, `unknown command "nope" for "campaigns auth"`, "campaigns auth [command]"},
		{[]string{"auth", "switch", "a", "b"}, "takes one profile NAME", "campaigns auth switch NAME"},
		{[]string{"ssh", "--dc", "01", "--base-url", "http://x", "--demo"}, "--base-url and --dc cannot be used together", "campaigns ssh [flags]"},
		{[]string{"--dc", "7"}, `unknown --dc "7": use 01, 02, 03, 04, 05, 06, 101`, "campaigns [flags]"},
		{[]string{"validate", "--phase"}, "flag needs an argument: --phase", "campaigns validate FILE|DIR|-... [flags]"},
		{[]string{"serve", "--idempotency-quota", "lots"}, `"lots" is not a size`, "campaigns serve [flags]"},
		{[]string{"man", "extra"}, `unexpected argument "extra"`, "campaigns man [flags]"},
		{[]string{"completion", "tcsh"}, `unknown command "tcsh" for "campaigns completion"`, "campaigns completion [command]"},
		// Flags that exclude each other are named plainly.
		{[]string{"list", "--page", "2", "--all"}, "campaigns list: --all and --page cannot be used together\n", "campaigns list [flags]"},
		{[]string{"get", "x", "--dc", "01", "--base-url", "http://127.0.0.1:9"}, "campaigns get: --base-url and --dc cannot be used together\n", "campaigns get ID [flags]"},
		{[]string{"auth", "login", "--profile", "p", "--dc", "01", "--base-url", "http://x", "--workspace-id", "W", "--with-key"}, "campaigns auth login: --base-url and --dc cannot be used together\n", "campaigns auth login [flags]"},
	} {
		code, out, errs := r.run("", tc.args...)
		if code != 2 || !strings.Contains(errs, tc.msg) || !strings.Contains(errs, "Usage:\n") || !strings.Contains(errs, "\n  "+tc.usage) {
			t.Errorf("%v: exit %d, want 2 with %q and the usage %q\nstdout %q\nstderr %s", tc.args, code, tc.msg, tc.usage, out, errs)
		}
		if strings.Contains(errs, "goroutine") || strings.Count(errs, tc.msg) != 1 {
			t.Errorf("%v: the message must come once, and no stack trace:\n%s", tc.args, errs)
		}
	}
}

// TestEnumFlagsSayOneThing: a single-value enum flag (--dc), a list flag
// (--status) and --state refuse an unknown value in the same words, exit 2.
func TestEnumFlagsSayOneThing(t *testing.T) {
	r := parallelRoot(t)
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--dc", "7"}, `unknown --dc "7": use 01,`},
		{[]string{"list", "--status", "active,LIVE"}, `unknown --status "LIVE": use DRAFT,`},
		{[]string{"validate", "--state", "LIVE", "-"}, `unknown --state "LIVE": use DRAFT,`},
	} {
		code, _, errs := r.run("{}", tc.args...)
		if code != 2 || !strings.Contains(errs, tc.msg) {
			t.Errorf("%v: exit %d, want 2 with %q:\n%s", tc.args, code, tc.msg, errs)
		}
	}
}

// TestErrorSentenceEndsOnce: on a terminal the first line of an error is
// made a sentence; the data-directory lock's message already ends with one
// and read "… already open on /tmp/x..".
func TestErrorSentenceEndsOnce(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"another campaigns editor is already open on /tmp/x.": "another campaigns editor is already open on /tmp/x.",
		"unknown flag: --nope":                                "unknown flag: --nope.",
		"is the service running?":                             "is the service running?",
	} {
		if got := sentence(in); got != want {
			t.Errorf("sentence(%q) = %q, want %q", in, got, want)
		}
	}
}
