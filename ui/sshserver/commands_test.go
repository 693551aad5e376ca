package sshserver

import (
	"strings"
	"testing"
)

// Only the reading commands and their reading flags run over SSH; the
// service, the profile, the data directory, a log file, --jq and a status
// action are refused, each saying why.
func TestCheckCommandLetsOnlyReadsThrough(t *testing.T) {
	t.Parallel()
	cases := []struct {
		cmd  string
		want string // "" allowed; else part of the refusal
	}{
		{"list", ""},
		{"list --status PAUSED --name spring --json --all", ""},
		{"list --status=PAUSED --page 2", ""},
		{"get 6b0489aa00000000000000aa --json", ""},
		{"meta 6b0489aa00000000000000aa", ""},
		{"status 6b0489aa00000000000000aa --json", ""},
		{"validate 6b0489aa00000000000000aa", ""},
		{"get --help", ""},
		{"status 6b0489aa00000000000000aa stop", "status only reads"},
		{"get X --base-url http://evil", `not “--base-url”`},
		{"list --profile prod", `not “--profile”`},
		{"list --data /tmp", `not “--data”`},
		{"get X --debug", `not “--debug”`},
		{"get X --jq .", `not “--jq”`},
		{"apply dir --confirm", "allowed: list, get, meta, status, validate"},
		{"rm -rf /", "allowed: list, get, meta, status, validate"},
		{"get a b", "takes one campaign ID"},
	}
	for _, tc := range cases {
		got := CheckCommand(strings.Fields(tc.cmd))
		switch {
		case tc.want == "" && got != "":
			t.Errorf("%q refused: %s", tc.cmd, got)
		case tc.want != "" && !strings.Contains(got, tc.want):
			t.Errorf("%q: %q, want it to say %q", tc.cmd, got, tc.want)
		}
	}
}
