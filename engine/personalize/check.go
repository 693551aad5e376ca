package personalize

import (
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unsafe"

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

// CheckMessage is CheckContent for one message, whose target is base
// ("campaign_content.content.<locale>.<variation>"): the engine's memo
// (engine.Memo) checks again only the message that changed.
func CheckMessage(base string, m *model.Message) []*Error {
	if m == nil {
		return nil
	}
	w := checkWalk{base: base}
	w.value(reflect.ValueOf(m).Elem())
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
	// The payload is walked through a plan compiled once per type (below):
	// reflect.Value.Field on every field of every payload of a large
	// campaign cost more than all the engine's other rules together.
	t := v.Type()
	if !v.CanAddr() {
		cp := reflect.New(t).Elem()
		cp.Set(v)
		v = cp
	}
	walkerOf(t).walk(unsafe.Pointer(v.UnsafeAddr()), w)
}

func (w *checkWalk) text(s string) {
	if perr := Check(s); perr != nil {
		perr.Target = w.path()
		w.errs = append(w.errs, perr)
	}
}

// walker visits the text of one value of its type, at a pointer.
type walker struct {
	walk func(p unsafe.Pointer, w *checkWalk)
}

// walkers holds one walker per model type, complete ones only: bounded by
// the number of model types and a pure function of them.
var (
	walkers sync.Map // reflect.Type → *walker
	buildMu sync.Mutex
)

type sliceHeader struct {
	data unsafe.Pointer
	len  int
	cap  int
}

func walkerOf(t reflect.Type) *walker {
	if wk, ok := walkers.Load(t); ok {
		return wk.(*walker)
	}
	buildMu.Lock()
	defer buildMu.Unlock()
	pending := map[reflect.Type]*walker{}
	wk := build(t, pending)
	// Published only once every walker of the type graph is complete.
	for tt, w := range pending {
		walkers.Store(tt, w)
	}
	return wk
}

// build makes the walker of t; a type that contains itself finds its own
// walker in pending, completed before any value is walked.
func build(t reflect.Type, pending map[reflect.Type]*walker) *walker {
	if wk, ok := walkers.Load(t); ok {
		return wk.(*walker)
	}
	if wk, ok := pending[t]; ok {
		return wk
	}
	wk := &walker{}
	pending[t] = wk
	wk.walk = compileWalk(t, pending)
	return wk
}

func compileWalk(t reflect.Type, pending map[reflect.Type]*walker) func(unsafe.Pointer, *checkWalk) {
	nothing := func(unsafe.Pointer, *checkWalk) {}
	switch t.Kind() {
	case reflect.String:
		return func(p unsafe.Pointer, w *checkWalk) { w.text(*(*string)(p)) }
	case reflect.Pointer:
		if !holdsText(t.Elem(), map[reflect.Type]bool{}) {
			return nothing
		}
		elem := build(t.Elem(), pending)
		return func(p unsafe.Pointer, w *checkWalk) {
			if q := *(*unsafe.Pointer)(p); q != nil {
				elem.walk(q, w)
			}
		}
	case reflect.Slice:
		if !holdsText(t.Elem(), map[reflect.Type]bool{}) {
			return nothing
		}
		elem, size := build(t.Elem(), pending), t.Elem().Size()
		return func(p unsafe.Pointer, w *checkWalk) {
			h := (*sliceHeader)(p)
			for i := 0; i < h.len; i++ {
				w.segs = append(w.segs, seg{idx: i})
				elem.walk(unsafe.Add(h.data, uintptr(i)*size), w)
				w.segs = w.segs[:len(w.segs)-1]
			}
		}
	case reflect.Struct:
		type field struct {
			name string
			off  uintptr
			wk   *walker
		}
		var fields []field
		for _, f := range textFields(t) {
			sf := t.Field(f.index)
			fields = append(fields, field{f.name, sf.Offset, build(sf.Type, pending)})
		}
		return func(p unsafe.Pointer, w *checkWalk) {
			for _, f := range fields {
				w.segs = append(w.segs, seg{key: f.name})
				f.wk.walk(unsafe.Add(p, f.off), w)
				w.segs = w.segs[:len(w.segs)-1]
			}
		}
	}
	return nothing // maps, interfaces, numbers: unknown keys or no text
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
