package cmdutil

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestJQRawStringsAndJSON(t *testing.T) {
	t.Parallel()
	var in any
	dec := json.NewDecoder(strings.NewReader(`[{"id":"a","n":1.50,"tags":["x"]},{"id":"b","n":2}]`))
	dec.UseNumber()
	if err := dec.Decode(&in); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := writeJQ(&out, `.[] | .id`, in); err != nil {
		t.Fatal(err)
	}
	if out.String() != "a\nb\n" {
		t.Fatalf("raw strings: %q", out.String())
	}
	out.Reset()
	if err := writeJQ(&out, `.[0] | {n, tags}`, in); err != nil {
		t.Fatal(err)
	}
	if out.String() != "{\n  \"n\": 1.50,\n  \"tags\": [\n    \"x\"\n  ]\n}\n" {
		t.Fatalf("object: %q", out.String())
	}
}

func TestJQBadExpressionNamesPosition(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	err := writeJQ(&out, `.[] | select(.status == )`, []any{})
	var je *jqError
	if !errors.As(err, &je) {
		t.Fatalf("want a jq error, got %v", err)
	}
	if !strings.Contains(err.Error(), `unexpected token ")" at position 25`) || !strings.Contains(err.Error(), "\n    "+strings.Repeat(" ", 24)+"^") {
		t.Fatalf("message:\n%s", err)
	}
	err = writeJQ(&out, `.foo`, []any{})
	if !errors.As(err, &je) || !strings.Contains(err.Error(), "cannot iterate") && !strings.Contains(err.Error(), "expected an object") {
		t.Fatalf("runtime error: %v", err)
	}
}

func TestTablePlainWhenNotATerminal(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	st := StylesFor(&out, func(string) string { return "" })
	s := renderTable(st, []string{"ID", "STATUS"}, [][]string{{"a", "ACTIVE"}}, 1)
	if strings.Contains(s, "\x1b[") || !strings.Contains(s, "ACTIVE") {
		t.Fatalf("table: %q", s)
	}
}
