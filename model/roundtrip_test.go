package model

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// filler sets every field of a model value to a distinct non-zero value, so a
// field that is dropped, swapped or renamed on the way through JSON shows up.
type filler struct{ n int }

func (f *filler) next() int { f.n++; return f.n }

func (f *filler) fill(v reflect.Value, depth int) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.Type().Elem().Kind() == reflect.Struct && depth > 4 {
			return // FilterGroup → Filter → FilterGroup recurses
		}
		p := reflect.New(v.Type().Elem())
		f.fill(p.Elem(), depth+1)
		v.Set(p)
	case reflect.Interface:
		v.Set(reflect.ValueOf(any(fmt.Sprintf("any-%d", f.next()))))
	case reflect.String:
		v.SetString(fmt.Sprintf("s-%d \"ü\" <b>", f.next()))
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int64:
		v.SetInt(int64(f.next()) * 1_000_000_007)
	case reflect.Float64:
		v.SetFloat(float64(f.next()) + 0.25)
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 2, 2)
		for i := range 2 {
			f.fill(s.Index(i), depth)
		}
		v.Set(s)
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		for i := range 2 {
			e := reflect.New(v.Type().Elem()).Elem()
			f.fill(e, depth)
			m.SetMapIndex(reflect.ValueOf(fmt.Sprintf("k%d", i)), e)
		}
		v.Set(m)
	case reflect.Struct:
		if v.Type() == contentT {
			f.fillContent(v.Addr().Interface().(*Content), depth)
			return
		}
		for i := 0; i < v.NumField(); i++ {
			fv := v.Field(i)
			if fv.Type() == extraType {
				f.fillExtra(fv.Addr().Interface().(*Extra), v.Type().Name())
				continue
			}
			f.fill(fv, depth)
		}
	}
}

// fillExtra adds unknown keys of every JSON kind, numbers kept exact.
func (f *filler) fillExtra(e *Extra, typ string) {
	e.SetUnknown("x_"+strings.ToLower(typ), map[string]any{
		"n":    json.Number("12345678901234567890"),
		"f":    json.Number("2.50"),
		"list": []any{"a", true, nil, json.Number("3")},
	})
	e.SetUnknown("zz_plain", fmt.Sprintf("kept-%d", f.next()))
}

func (f *filler) fillContent(c *Content, depth int) {
	flat := &Message{}
	f.fill(reflect.ValueOf(&flat.Push).Elem(), depth)
	f.fill(reflect.ValueOf(&flat.Email).Elem(), depth)
	c.Flat = flat // the flat shape has no room for unknown keys of its own
	c.Keyed = map[string]map[string]*Message{}
	for _, loc := range []string{"default", "es"} {
		c.Keyed[loc] = map[string]*Message{}
		for _, vk := range []string{"variation_1", "variation_2"} {
			m := &Message{}
			f.fill(reflect.ValueOf(m).Elem(), depth)
			c.Keyed[loc][vk] = m
		}
	}
	c.Bad = map[string]any{"zz_bad": "not an object"}
}

// modelTypes walks every struct type reachable from Campaign.
func modelTypes() []reflect.Type {
	seen := map[reflect.Type]bool{}
	var out []reflect.Type
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Map {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct || t == extraType || seen[t] || t.PkgPath() != contentT.PkgPath() {
			return
		}
		seen[t] = true
		out = append(out, t)
		for i := 0; i < t.NumField(); i++ {
			walk(t.Field(i).Type)
		}
	}
	walk(reflect.TypeFor[Campaign]())
	return out
}

// TestEveryFieldRoundTrips sets every field of every model type (and unknown
// keys on every object) and sends each value through encoding/json, which
// goes through the generated MarshalJSON/UnmarshalJSON: what comes back must
// be the same value, field for field.
func TestEveryFieldRoundTrips(t *testing.T) {
	types := modelTypes()
	if len(types) < 50 {
		t.Fatalf("only %d model types reachable from Campaign", len(types))
	}
	for _, typ := range types {
		t.Run(typ.Name(), func(t *testing.T) {
			f := &filler{}
			orig := reflect.New(typ)
			f.fill(orig.Elem(), 0)
			data, err := json.Marshal(orig.Elem().Interface()) // by value: the value receiver
			if err != nil {
				t.Fatal(err)
			}
			back := reflect.New(typ)
			if err := json.Unmarshal(data, back.Interface()); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(orig.Interface(), back.Interface()) {
				t.Fatalf("round trip changed the value:\nsent %s\ngot  %s", data, Encode(back.Interface()))
			}
			// Every declared field was written.
			if typ != contentT {
				var obj map[string]json.RawMessage
				if err := json.Unmarshal(data, &obj); err != nil {
					t.Fatal(err)
				}
				for _, name := range KnownFields(orig.Interface()) {
					if _, ok := obj[name]; !ok {
						t.Errorf("field %s was not written: %s", name, data)
					}
				}
				if _, ok := obj["zz_plain"]; !ok {
					t.Errorf("unknown key lost: %s", data)
				}
			}
		})
	}
}

// TestDecodeResetsTheTarget: decoding into a used value starts from zero, as
// encoding/json users of the hand-kept methods relied on.
func TestDecodeResetsTheTarget(t *testing.T) {
	name := "old"
	bd := BasicDetails{Name: &name, Team: &name}
	if err := json.Unmarshal([]byte(`{"name":"new","zz":1}`), &bd); err != nil {
		t.Fatal(err)
	}
	if bd.Team != nil || bd.Name == nil || *bd.Name != "new" || bd.Extra.Unknown["zz"] != json.Number("1") {
		t.Fatalf("decode kept stale state: %s", Encode(&bd))
	}
}
