package main

import (
	"io"
	"strings"
	"testing"

	"campaigns/api/sandbox"
)

func TestServeHelpAndUsageErrors(t *testing.T) {
	var out, errb strings.Builder
	if code := run([]string{"serve", "--help"}, nil, &out, &errb); code != 0 {
		t.Fatalf("--help: exit %d", code)
	}
	for _, s := range []string{"--addr", "--data", "--workspace ID:KEY[:FLAGS]", "audience_limit", "scope=view|create_manage|create_manage_publish", sandbox.DefaultDataDir()} {
		if !strings.Contains(out.String(), s) {
			t.Errorf("--help does not mention %q", s)
		}
	}
	for _, args := range [][]string{{"serve", "--workspace", "nokey"}, {"serve", "--workspace", "A:k:scope=root"}, {"serve", "--bogus"}, {"serve", "extra"}} {
		errb.Reset()
		if code := run(args, nil, io.Discard, &errb); code != 2 || errb.Len() == 0 {
			t.Errorf("%v: exit %d, stderr %q", args, code, errb.String())
		}
	}
}
