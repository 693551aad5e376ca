package model

import (
	"os"
	"reflect"
	"testing"

	"github.com/campaigns-cli/campaigns/model/fuzzseeds"
)

var parseSeeds = []string{
	`{"basic_details":{"name":"Bench 1","platforms":["ANDROID"],"tags":["bench"]},"utm_params":{"utm_source":"push"}}`,
	`{"a":1,"a":2}`, `[]`, `{}`, ` [ 1 , -0 , 2.5e-3 , 1E+9 , true , false , null ] `, `"x"`, `0`, `-12`,
	`{"a":[{"b":[[]]}]}`, `01`, `1.`, `1e`, `-`, `{"a" 1}`, `{"a":1,}`, `[1,]`, `{`, `[`, `"abc`, `tru`, `nul`,
	`{"é":"\u00e9"}`, "\"\x01\"", `{"a":"b\"c"}`, `1 2`, `{} x`, `  `, ``,
}

// TestParseFastAgrees: wherever the fast way reads a document, encoding/json
// reads the same tree; the fast way leaves the rest, valid or not, to it.
func TestParseFastAgrees(t *testing.T) {
	for _, s := range parseSeeds {
		checkParseFast(t, []byte(s))
	}
	// The common request bodies take the fast way.
	for _, s := range parseSeeds[:5] {
		if _, ok := parseFast([]byte(s)); !ok {
			t.Errorf("%q: not read the fast way", s)
		}
	}
}

func checkParseFast(t *testing.T, data []byte) {
	t.Helper()
	fast, ok := parseFast(data)
	slow, err := parseJSON(data)
	if !ok {
		return
	}
	if err != nil {
		t.Fatalf("%q: the fast way reads %v, encoding/json refuses it: %v", data, fast, err)
	}
	if !reflect.DeepEqual(fast, slow) {
		t.Fatalf("%q: the fast way reads %#v, encoding/json %#v", data, fast, slow)
	}
}

// FuzzParseFast: on any input, the fast way reads what encoding/json reads,
// or leaves the input to it.
func FuzzParseFast(f *testing.F) {
	fuzzseeds.Add(f, "FuzzParseFast")
	for _, s := range parseSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkParseFast(t, data) })
}

// BenchmarkParse compares the two ways Parse reads a typical request body
// (the event-triggered fixture, 2 KB): parseFast, and encoding/json, which
// reads the documents parseFast declines. The numbers are cited in
// parse_fast.go's comment.
func BenchmarkParse(b *testing.B) {
	body, err := os.ReadFile("../testdata/campaigns/push_event_triggered.json")
	if err != nil {
		b.Fatal(err)
	}
	b.Run("fast", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(body)))
		for b.Loop() {
			if _, ok := parseFast(body); !ok {
				b.Fatal("the fixture is not on the fast way")
			}
		}
	})
	b.Run("encoding_json", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(body)))
		for b.Loop() {
			if _, err := parseJSON(body); err != nil {
				b.Fatal(err)
			}
		}
	})
}
