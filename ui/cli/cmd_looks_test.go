package cli

import (
	"bytes"
	"strings"
	"testing"
)

// TestErrorSentenceEndsOnce: on a terminal the first line of an error is
// made a sentence; the data-directory lock's message already ends with one
// and read "… already open on /tmp/x..".
func TestErrorSentenceEndsOnce(t *testing.T) {
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

// TestSSHFlagHelpWrapsWhole: three flags of campaigns ssh carried a line
// break of their own, which fang's wrapping cut again ("re-read" / "when
// it" / "changes"); and "OpenSSH" as the first word came out "Openssh".
func TestSSHFlagHelpWrapsWhole(t *testing.T) {
	var o, e bytes.Buffer
	if code := Run([]string{"ssh", "--help"}, strings.NewReader(""), &o, &e); code != 0 {
		t.Fatalf("exit %d: %s", code, e.String())
	}
	stdout := o.String()
	for _, l := range strings.Split(stdout, "\n") {
		// A continuation line of one or two plain words is a line break
		// fang's wrapping met again (paths and defaults may stand alone).
		cont := strings.HasPrefix(l, strings.Repeat(" ", 10))
		if w := strings.Fields(l); cont && len(w) > 0 && len(w) <= 2 && !strings.ContainsAny(l, "()/") {
			t.Errorf("a line of one or two words in the flags' help: %q", l)
		}
	}
	if !strings.Contains(stdout, "OpenSSH") {
		t.Error("OpenSSH lost its capitals")
	}
}
