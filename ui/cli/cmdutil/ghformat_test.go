package cmdutil

import (
	"strings"
	"testing"
)

// A name holding an escape sequence or a tab can neither drive the
// terminal nor break the columns of the tab-separated rows.
func TestTabSeparatedRowsAreCleaned(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	WriteTSV(&b, nil, [][]string{{"id1", "Sale\x1b[2J\tnow\nplease", "PUSH"}}, false)
	if got := b.String(); got != "id1\tSale [2J now please\tPUSH\n" {
		t.Fatalf("%q", got)
	}
}
