package sandbox

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"testing"

	"github.com/campaigns-cli/campaigns/model/fuzzseeds"
)

func TestBodyHashIsTheJSONMeaning(t *testing.T) {
	t.Parallel()
	same := [][2]string{
		{`{"a":1,"b":[true,null,"x"]}`, " {\n\t\"b\" : [ true , null , \"x\" ] , \"a\" : 1 } "},
		{`{"s":"A\"\\/é"}`, `{"s":"\u0041\"\\\/\u00e9"}`},
		{`{"a":{"y":2,"x":1}}`, `{"a":{"x":1,"y":2}}`},
		{`{"a":1,"a":2}`, `{"a":2}`},
		{`{}`, ` { } `},
		{`[]`, `[ ]`},
		{`{"a":1} trailing`, `{"a":1}`},
	}
	for _, p := range same {
		if bodyHash([]byte(p[0])) != bodyHash([]byte(p[1])) {
			t.Errorf("%s and %s hash differently", p[0], p[1])
		}
	}
	differ := [][2]string{
		{`{"a":1}`, `{"a":1.0}`},
		{`{"a":"1"}`, `{"a":1}`},
		{`{"a":[1,2]}`, `{"a":[2,1]}`},
		{`{"a":1}`, `{"a":1,"b":null}`},
		{`{"ab":1}`, `{"a":1,"b":1}`},
		{`not json`, `not  json`},
		{`{"s":"a\"b"}`, `{"s":"a\\b"}`},
		{`[[1],2]`, `[[1,2]]`},
		{`{"a":[1],"b":2}`, `{"a":[1,"b",2]}`},
	}
	for _, p := range differ {
		if bodyHash([]byte(p[0])) == bodyHash([]byte(p[1])) {
			t.Errorf("%s and %s hash the same", p[0], p[1])
		}
	}
}

func BenchmarkBodyHash(b *testing.B) {
	body := []byte(`{"basic_details":{"name":"Bench 1","platforms":["ANDROID"],"tags":["bench"]},"utm_params":{"utm_source":"push","utm_medium":"app","utm_campaign":"c1"}}`)
	b.ReportAllocs()
	for b.Loop() {
		bodyHash(body)
	}
}

// FuzzCanonicalJSON: the canonical form of any JSON value means the same
// as the value, is its own canonical form, and nothing panics on any input.
func FuzzCanonicalJSON(f *testing.F) {
	fuzzseeds.Add(f, "FuzzCanonicalJSON")
	for _, s := range []string{`{"b":1,"a":[true,null,"\u00e9\n"]}`, `[]`, `"x"`, `-1.5e3`, `{"a":1,"a":2}`, `{`, `"\ud800"`, "\"\xff\""} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := canonicalJSON(nil, data)
		if err != nil || !json.Valid(data) {
			return // not JSON: hashed somehow, refused by the handlers anyway
		}
		var a, b any
		d1 := json.NewDecoder(bytes.NewReader(data))
		d1.UseNumber()
		if err := d1.Decode(&a); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(c, &b); err != nil {
			t.Fatalf("canonical form %q of %q is not JSON: %v", c, data, err)
		}
		d2 := json.NewDecoder(bytes.NewReader(c))
		d2.UseNumber()
		_ = d2.Decode(&b)
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("%q means %v, its canonical form %q means %v", data, a, c, b)
		}
		if again, err := canonicalJSON(nil, c); err != nil || !bytes.Equal(again, c) {
			t.Fatalf("not stable: %q then %q (%v)", c, again, err)
		}
	})
}

// BenchmarkCanonicalForm compares the canonical form made by canonicalJSON
// with the same made by decoding and encoding again (encoding/json sorts
// map keys), for a component PATCH body (small) and a whole campaign (the
// event-triggered fixture, 4.7 KB). The numbers are cited in canon.go.
func BenchmarkCanonicalForm(b *testing.B) {
	fixture, err := os.ReadFile("../../testdata/campaigns/push_event_triggered.json")
	if err != nil {
		b.Fatal(err)
	}
	bodies := []struct {
		name string
		body []byte
	}{
		{"small", []byte(`{"basic_details":{"name":"Bench 1","platforms":["ANDROID"],"tags":["bench"]},"utm_params":{"utm_source":"push","utm_medium":"app","utm_campaign":"c1"}}`)},
		{"campaign", fixture},
	}
	for _, bb := range bodies {
		body := bb.body
		b.Run(bb.name+"/canonicalJSON", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(body)))
			var dst []byte
			for b.Loop() {
				if dst, err = canonicalJSON(dst[:0], body); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(bb.name+"/decode_encode", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(body)))
			for b.Loop() {
				dec := json.NewDecoder(bytes.NewReader(body))
				dec.UseNumber()
				var v any
				if err := dec.Decode(&v); err != nil {
					b.Fatal(err)
				}
				if _, err := json.Marshal(v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
