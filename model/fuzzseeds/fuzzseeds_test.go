package fuzzseeds

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func TestReadEveryValueKind(t *testing.T) {
	name := filepath.Join(t.TempDir(), "seed")
	body := "go test fuzz v1\n[]byte(\"{\\\"a\\\":1}\")\nstring(\"x\\ny\")\nint(-3)\nbool(true)\nbyte('\\x00')\nuint8(200)\nuint16(700)\n"
	if err := os.WriteFile(name, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	got := Read(t, name)
	want := []any{[]byte(`{"a":1}`), "x\ny", -3, true, uint8(0), uint8(200), uint16(700)}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %#v", got)
	}
}

func TestRootIsTheModule(t *testing.T) {
	if _, err := os.Stat(filepath.Join(root(t), "go.mod")); err != nil {
		t.Fatal(err)
	}
}
