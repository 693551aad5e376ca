package model

import (
	"bytes"
	"cmp"
	"encoding/json"
	"maps"
	"math"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

func present(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Interface:
		return !v.IsNil()
	}
	return true
}

func encodeValue(buf *bytes.Buffer, v reflect.Value) {
	if v.Kind() == reflect.Interface {
		if v.IsNil() {
			buf.WriteString("null")
			return
		}
		encodeAny(buf, v.Interface())
		return
	}
	if v.Kind() == reflect.Pointer {
		if v.IsNil() {
			buf.WriteString("null")
			return
		}
		if c, ok := v.Interface().(*Content); ok {
			c.encode(buf)
			return
		}
		v = v.Elem()
	}
	switch v.Kind() {
	case reflect.String:
		writeString(buf, v.String())
	case reflect.Bool:
		buf.WriteString(strconv.FormatBool(v.Bool()))
	case reflect.Int64:
		buf.WriteString(strconv.FormatInt(v.Int(), 10))
	case reflect.Float64:
		buf.WriteString(strconv.FormatFloat(v.Float(), 'g', -1, 64))
	case reflect.Slice:
		if v.IsNil() {
			buf.WriteString("null")
			return
		}
		buf.WriteByte('[')
		for i := 0; i < v.Len(); i++ {
			if i > 0 {
				buf.WriteByte(',')
			}
			encodeValue(buf, v.Index(i))
		}
		buf.WriteByte(']')
	case reflect.Map:
		if v.IsNil() {
			buf.WriteString("null")
			return
		}
		keys := v.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return keys[i].String() < keys[j].String() })
		buf.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				buf.WriteByte(',')
			}
			writeString(buf, k.String())
			buf.WriteByte(':')
			encodeValue(buf, v.MapIndex(k))
		}
		buf.WriteByte('}')
	case reflect.Struct:
		if v.Type() == contentT {
			c := v.Interface().(Content)
			c.encode(buf)
			return
		}
		encodeStruct(buf, v)
	default:
		encodeAny(buf, v.Interface())
	}
}

func encodeStruct(buf *bytes.Buffer, v reflect.Value) {
	si := infoOf(v.Type())
	buf.WriteByte('{')
	sep := members(buf)
	for _, f := range si.fields {
		fv := v.Field(f.index)
		if !present(fv) {
			continue
		}
		sep(f.name)
		encodeValue(buf, fv)
	}
	if si.extra >= 0 {
		e := v.Field(si.extra).Interface().(Extra)
		for _, k := range sortedKeys(e.Unknown) {
			sep(k)
			encodeAny(buf, e.Unknown[k])
		}
		for _, k := range sortedKeys(e.Invalid) {
			// A typed value set since the decode wins over the stale one.
			if pos, ok := si.byName[k]; ok && present(v.Field(si.fields[pos].index)) {
				continue
			}
			sep(k)
			encodeAny(buf, e.Invalid[k].Value)
		}
		for _, k := range sortedKeys(e.Null) {
			if pos, ok := si.byName[k]; ok && present(v.Field(si.fields[pos].index)) {
				continue
			}
			if _, bad := e.Invalid[k]; bad {
				continue
			}
			sep(k)
			buf.WriteString("null")
		}
	}
	buf.WriteByte('}')
}

func (c *Content) encode(buf *bytes.Buffer) {
	buf.WriteByte('{')
	sep := members(buf)
	if c.Flat != nil {
		if c.Flat.Push != nil {
			sep("push")
			encodeValue(buf, reflect.ValueOf(c.Flat.Push))
		}
		if c.Flat.Email != nil {
			sep("email")
			encodeValue(buf, reflect.ValueOf(c.Flat.Email))
		}
	}
	for _, loc := range LocaleOrder(c.Keyed) {
		sep(loc)
		vars := c.Keyed[loc]
		buf.WriteByte('{')
		for i, vk := range VariationOrder(vars) {
			if i > 0 {
				buf.WriteByte(',')
			}
			writeString(buf, vk)
			buf.WriteByte(':')
			if vars[vk] == nil {
				buf.WriteString("{}")
				continue
			}
			encodeStruct(buf, reflect.ValueOf(vars[vk]).Elem())
		}
		buf.WriteByte('}')
	}
	for _, k := range sortedKeys(c.Bad) {
		sep(k)
		encodeAny(buf, c.Bad[k])
	}
	buf.WriteByte('}')
}

// LocaleOrder lists the keys of keyed content with "default" first.
func LocaleOrder[V any](keyed map[string]V) []string {
	keys := sortedKeys(keyed)
	for i, k := range keys {
		if k == "default" {
			copy(keys[1:i+1], keys[:i])
			keys[0] = k
			break
		}
	}
	return keys
}

// VariationOrder lists variation keys by number (variation_2 before
// variation_10); other keys follow by name.
func VariationOrder[V any](vars map[string]V) []string {
	keys := sortedKeys(vars)
	num := func(k string) int {
		if rest, ok := strings.CutPrefix(k, "variation_"); ok {
			if n, err := strconv.Atoi(rest); err == nil {
				return n
			}
		}
		return math.MaxInt
	}
	slices.SortStableFunc(keys, func(a, b string) int { return cmp.Compare(num(a), num(b)) })
	return keys
}

func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}

func encodeAny(buf *bytes.Buffer, v any) {
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		buf.WriteString("null")
		return
	}
	buf.Truncate(buf.Len() - 1) // Encode adds a newline
}

const hex = "0123456789abcdef"

// writeString writes s as a JSON string without HTML escaping, so html_content
// stays readable.
func writeString(buf *bytes.Buffer, s string) {
	buf.WriteByte('"')
	for i := 0; i < len(s); {
		b := s[i]
		if b < utf8.RuneSelf {
			switch {
			case b == '"' || b == '\\':
				buf.WriteByte('\\')
				buf.WriteByte(b)
			case b == '\n':
				buf.WriteString(`\n`)
			case b == '\r':
				buf.WriteString(`\r`)
			case b == '\t':
				buf.WriteString(`\t`)
			case b < 0x20:
				buf.WriteString(`\u00`)
				buf.WriteByte(hex[b>>4])
				buf.WriteByte(hex[b&0xF])
			default:
				buf.WriteByte(b)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			buf.WriteString(`\ufffd`)
		case r == '\u2028' || r == '\u2029':
			buf.WriteString(`\u202`)
			buf.WriteByte(hex[r&0xF])
		default:
			buf.WriteString(s[i : i+size])
		}
		i += size
	}
	buf.WriteByte('"')
}

// members writes an object's member names after its '{': a comma before
// every one but the first, then the name and its colon.
func members(buf *bytes.Buffer) func(key string) {
	first := true
	return func(key string) {
		if !first {
			buf.WriteByte(',')
		}
		first = false
		writeString(buf, key)
		buf.WriteByte(':')
	}
}
