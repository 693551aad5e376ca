package cli

import (
	"strings"
	"testing"
	"time"
)

// TestJQRunsUnderABudget: an expression that never ends, one that builds a
// huge array and one that prints without end each stop with an error
// naming the bound (exit 2), instead of spinning or taking the memory.
func TestJQRunsUnderABudget(t *testing.T) {
	e := newScriptEnv(t)
	id := e.idOf("June newsletter")
	defer func(d time.Duration, o int, m uint64) { jqTimeout, jqMaxOutput, jqMaxMemory = d, o, m }(jqTimeout, jqMaxOutput, jqMaxMemory)
	jqTimeout, jqMaxOutput, jqMaxMemory = time.Second, 1<<20, 32<<20
	cases := []struct{ expr, want string }{
		{"def f: f; f", "ran for 1s"},
		{"[range(1e9)]", "more than 32 MiB of memory"},
		{"range(1e9)", "output passed 1 MiB"},
	}
	for _, tc := range cases {
		code, out, errs := e.run("", "get", id, "--jq", tc.expr)
		if code != 2 || !strings.Contains(errs, "--jq: stopped") || !strings.Contains(errs, tc.want) {
			t.Errorf("%s: exit %d, %d bytes out, stderr %q", tc.expr, code, len(out), errs)
		}
	}
}
