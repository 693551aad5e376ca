package gen

import (
	"bytes"
	"os"
	"testing"
)

// TestGeneratedFilesAreCurrent fails when campaign.go or enums.go changed
// and the generated files were not regenerated.
func TestGeneratedFilesAreCurrent(t *testing.T) {
	for _, f := range []struct {
		gen     func(string) ([]byte, error)
		in, out string
	}{{Generate, "campaign.go", "json_gen.go"}, {GenerateEnums, "enums.go", "enums_gen.go"}} {
		want, err := f.gen("../../" + f.in)
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile("../../" + f.out)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(want, got) {
			t.Errorf("model/%s is out of date: run go generate ./model", f.out)
		}
	}
}
