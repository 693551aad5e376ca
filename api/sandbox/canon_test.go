package sandbox

import "testing"

func TestBodyHashIsTheJSONMeaning(t *testing.T) {
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
