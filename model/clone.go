package model

import "reflect"

// The deep copy walks the typed values directly: a round trip through JSON
// (the obvious way) costs ten times more, and the editor and the sync engine
// clone on every edit.

// copyInto sets dst (settable) to a deep copy of src, both of one type.
func copyInto(dst, src reflect.Value) {
	switch src.Kind() {
	case reflect.Pointer:
		if src.IsNil() {
			return
		}
		p := reflect.New(src.Type().Elem())
		copyInto(p.Elem(), src.Elem())
		dst.Set(p)
	case reflect.Struct:
		copyStruct(dst, src)
	case reflect.Slice:
		if src.IsNil() {
			return
		}
		s := reflect.MakeSlice(src.Type(), src.Len(), src.Len())
		for i := 0; i < src.Len(); i++ {
			copyInto(s.Index(i), src.Index(i))
		}
		dst.Set(s)
	case reflect.Map:
		if src.IsNil() {
			return
		}
		m := reflect.MakeMapWithSize(src.Type(), src.Len())
		elem := src.Type().Elem()
		for it := src.MapRange(); it.Next(); {
			v := reflect.New(elem).Elem()
			copyInto(v, it.Value())
			m.SetMapIndex(it.Key(), v)
		}
		dst.Set(m)
	case reflect.Interface:
		if src.IsNil() {
			return
		}
		dst.Set(reflect.ValueOf(CloneTree(src.Interface())))
	default:
		dst.Set(src)
	}
}

func copyStruct(dst, src reflect.Value) {
	t := src.Type()
	if t == extraType {
		dst.Set(reflect.ValueOf(cloneExtra(src.Addr().Interface().(*Extra), nil, reflect.Value{})))
		return
	}
	si := infoOf(t)
	for _, f := range si.fields {
		copyInto(dst.Field(f.index), src.Field(f.index))
	}
	if t == contentT {
		// Content has no json tags: copy its three fields by position.
		for i := 0; i < t.NumField(); i++ {
			copyInto(dst.Field(i), src.Field(i))
		}
		return
	}
	if si.extra >= 0 {
		ex := src.Field(si.extra).Addr().Interface().(*Extra)
		dst.Field(si.extra).Set(reflect.ValueOf(cloneExtra(ex, si, src)))
	}
}

// cloneExtra copies kept keys. Like Encode, it drops a wrong-typed value
// whose typed field has been set since, so a clone reads as its JSON would.
func cloneExtra(e *Extra, si *structInfo, owner reflect.Value) Extra {
	var out Extra
	if e.Unknown != nil {
		out.Unknown = make(map[string]any, len(e.Unknown))
		for k, v := range e.Unknown {
			out.Unknown[k] = CloneTree(v)
		}
	}
	if e.Invalid != nil {
		out.Invalid = make(map[string]Invalid, len(e.Invalid))
		for k, v := range e.Invalid {
			if si != nil {
				if pos, ok := si.byName[k]; ok && present(owner.Field(si.fields[pos].index)) {
					continue
				}
			}
			out.Invalid[k] = Invalid{Value: CloneTree(v.Value), Want: v.Want}
		}
	}
	for k := range e.Null {
		if si != nil {
			if pos, ok := si.byName[k]; ok && present(owner.Field(si.fields[pos].index)) {
				continue
			}
		}
		if out.Null == nil {
			out.Null = map[string]bool{}
		}
		out.Null[k] = true
	}
	return out
}

// CloneTree deep-copies a generic JSON value (objects and arrays; strings,
// numbers, booleans and null are immutable).
func CloneTree(v any) any {
	switch t := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(t))
		for k, e := range t {
			m[k] = CloneTree(e)
		}
		return m
	case []any:
		s := make([]any, len(t))
		for i, e := range t {
			s[i] = CloneTree(e)
		}
		return s
	}
	return v
}
