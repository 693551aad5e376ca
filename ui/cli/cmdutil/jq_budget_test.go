package cmdutil

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestJQRunsUnderABudget: an expression that never ends, one that builds a
// huge array and one that prints without end each stop with an error
// naming the bound (exit 2), instead of spinning or taking the memory.
// Each case lowers only its own bound.
func TestJQRunsUnderABudget(t *testing.T) {
	record := map[string]any{"id": "c1", "status": "DRAFT"}
	defer func(d time.Duration, o int, m uint64) { jqTimeout, jqMaxOutput, jqMaxMemory = d, o, m }(jqTimeout, jqMaxOutput, jqMaxMemory)
	cases := []struct {
		expr    string
		timeout time.Duration
		output  int
		memory  uint64
		want    string
	}{
		{"def f: f; f", 50 * time.Millisecond, 1 << 30, 1 << 40, "ran for 50ms"},
		{"[range(1e9)]", time.Hour, 1 << 30, 8 << 20, "more than 8 MiB of memory"},
		{"range(1e9)", time.Hour, 1 << 20, 1 << 40, "output passed 1 MiB"},
	}
	for _, tc := range cases {
		jqTimeout, jqMaxOutput, jqMaxMemory = tc.timeout, tc.output, tc.memory
		var out bytes.Buffer
		err := (&OutputFlags{JQ: tc.expr}).Write(&out, record)
		if code := ExitCode(err); code != ExitUsage || !strings.Contains(fmt.Sprint(err), "--jq: stopped") || !strings.Contains(fmt.Sprint(err), tc.want) {
			t.Errorf("%s: exit %d, %d bytes out, error %v", tc.expr, code, out.Len(), err)
		}
	}
}
