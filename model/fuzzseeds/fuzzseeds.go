// Package fuzzseeds adds the fuzz seeds kept in testdata/fuzz/<Target> at the
// repository root to a fuzz target. Go only looks for seeds in the package's
// own testdata folder; the layout keeps every fixture in the root one, so
// each target loads its seeds through here. For tests only.
package fuzzseeds

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Add adds every seed of testdata/fuzz/<target> to f.
func Add(f *testing.F, target string) {
	for _, name := range Files(f, target) {
		f.Add(Read(f, name)...)
	}
}

// Files are the seed files of testdata/fuzz/<target> (perhaps none).
func Files(t testing.TB, target string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(root(t), "testdata", "fuzz", target, "*"))
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// root is the repository root: the nearest folder above the test's working
// directory (its package) that holds go.mod.
func root(t testing.TB) string {
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("fuzzseeds: no go.mod above the test's directory")
		}
		dir = parent
	}
}

// Read reads one file of Go's fuzz corpus format ("go test fuzz v1", then one
// typed value a line), for the value types the project's targets take.
func Read(t testing.TB, name string) []any {
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) < 2 || strings.TrimSpace(lines[0]) != "go test fuzz v1" {
		t.Fatalf("%s: not a fuzz corpus file", name)
	}
	var out []any
	for _, l := range lines[1:] {
		v, err := value(strings.TrimSpace(l))
		if err != nil {
			t.Fatalf("%s: %q: %v", name, l, err)
		}
		out = append(out, v)
	}
	return out
}

func value(line string) (any, error) {
	typ, arg, ok := strings.Cut(line, "(")
	arg, ok2 := strings.CutSuffix(arg, ")")
	if !ok || !ok2 {
		return nil, strconv.ErrSyntax
	}
	switch typ {
	case "[]byte", "string":
		s, err := strconv.Unquote(arg)
		if typ == "[]byte" {
			return []byte(s), err
		}
		return s, err
	case "int":
		return strconv.Atoi(arg)
	case "bool":
		return strconv.ParseBool(arg)
	case "byte": // how Go writes a uint8: byte('x')
		if len(arg) < 3 || arg[0] != '\'' || arg[len(arg)-1] != '\'' {
			return nil, strconv.ErrSyntax
		}
		r, _, _, err := strconv.UnquoteChar(arg[1:len(arg)-1], '\'')
		if err != nil || r > 0xff {
			return nil, strconv.ErrSyntax
		}
		return uint8(r), nil
	case "uint8":
		n, err := strconv.ParseUint(arg, 0, 8)
		return uint8(n), err
	case "uint16":
		n, err := strconv.ParseUint(arg, 0, 16)
		return uint16(n), err
	}
	return nil, strconv.ErrSyntax
}
