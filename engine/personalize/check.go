package personalize

import (
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/campaigns-cli/campaigns/model"
)

// CheckContent parses, without rendering, the personalisation of every text
// field of cc's push and email payloads (the fields RenderContent renders)
// and returns an *Error, Target set, for each field that does not parse, in
// locale, variation and field order. Unknown keys are not looked at. It
// reads cc without changing or copying it and builds a field's path only
// when the field fails, so the engine can run it on every key press: parses
// come from the bounded cache (cache.go), keyed by the field's text.
func CheckContent(cc *model.CampaignContent) []*Error {
	if cc == nil || cc.Content == nil {
		return nil
	}
	w := checkWalk{}
	if m := cc.Content.Flat; m != nil {
		w.base = "campaign_content.content"
		w.value(reflect.ValueOf(m).Elem())
	}
	for _, loc := range model.LocaleOrder(cc.Content.Keyed) {
		vs := cc.Content.Keyed[loc]
		for _, v := range model.VariationOrder(vs) {
			if m := vs[v]; m != nil {
				w.base = "campaign_content.content." + loc + "." + v
				w.value(reflect.ValueOf(m).Elem())
			}
		}
	}
	return w.errs
}

// seg is one step of a field's path: a key, or an index when key is "".
type seg struct {
	key string
	idx int
}

type checkWalk struct {
	base string
	segs []seg
	errs []*Error
}

func (w *checkWalk) path() string {
	var b strings.Builder
	b.WriteString(w.base)
	for _, s := range w.segs {
		if s.key == "" {
			b.WriteByte('[')
			b.WriteString(strconv.Itoa(s.idx))
			b.WriteByte(']')
			continue
		}
		b.WriteByte('.')
		b.WriteString(s.key)
	}
	return b.String()
}

func (w *checkWalk) value(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			w.value(v.Elem())
		}
	case reflect.String:
		if perr := Check(v.String()); perr != nil {
			perr.Target = w.path()
			w.errs = append(w.errs, perr)
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			w.segs = append(w.segs, seg{idx: i})
			w.value(v.Index(i))
			w.segs = w.segs[:len(w.segs)-1]
		}
	case reflect.Struct:
		for _, f := range textFields(v.Type()) {
			w.segs = append(w.segs, seg{key: f.name})
			w.value(v.Field(f.index))
			w.segs = w.segs[:len(w.segs)-1]
		}
	}
}

type textField struct {
	index int
	name  string
}

// plans holds, per model struct type, the fields that can hold text. It
// is bounded by the number of model types and a pure function of them.
var plans sync.Map // reflect.Type → []textField

func textFields(t reflect.Type) []textField {
	if p, ok := plans.Load(t); ok {
		return p.([]textField)
	}
	var out []textField
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Type == extraT || !f.IsExported() || !holdsText(f.Type, map[reflect.Type]bool{}) {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" || name == "-" {
			continue
		}
		out = append(out, textField{i, name})
	}
	plans.Store(t, out)
	return out
}

// holdsText reports whether a value of type t can contain a string.
func holdsText(t reflect.Type, seen map[reflect.Type]bool) bool {
	switch t.Kind() {
	case reflect.String:
		return true
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return holdsText(t.Elem(), seen)
	case reflect.Struct:
		if t == extraT || seen[t] {
			return false
		}
		seen[t] = true
		for i := 0; i < t.NumField(); i++ {
			if f := t.Field(i); f.IsExported() && holdsText(f.Type, seen) {
				return true
			}
		}
	}
	return false
}
