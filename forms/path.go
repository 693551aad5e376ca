// Package forms is the editor's field model: every editable field of a Push
// or Email campaign, addressed by its decisions.md §4 target path, with the
// rules that say when a field applies, and the operations on the content
// matrix (locales × variations × platforms) and templates.
//
// Fields are reached by walking the model with reflection over the json tags,
// so a field's target and its getter/setter are one and the same string: a
// problem's target maps to its field and back without a lookup table.
package forms

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/campaigns-cli/campaigns/model"
)

// seg is one step of a target path: a JSON key, optionally indexed.
type seg struct {
	key   string
	index int // -1 when not indexed
}

func splitPath(p string) ([]seg, error) {
	if p == "" {
		return nil, fmt.Errorf("empty path")
	}
	// One allocation: every row's value is read through here on each key
	// press.
	out := make([]seg, 0, strings.Count(p, ".")+1)
	for rest, more := p, true; more; {
		var part string
		part, rest, more = strings.Cut(rest, ".")
		key, idx := part, -1
		if i := strings.IndexByte(part, '['); i >= 0 {
			if !strings.HasSuffix(part, "]") {
				return nil, fmt.Errorf("bad index in %q", part)
			}
			n, err := strconv.Atoi(part[i+1 : len(part)-1])
			if err != nil || n < 0 {
				return nil, fmt.Errorf("bad index in %q", part)
			}
			key, idx = part[:i], n
		}
		if key == "" {
			return nil, fmt.Errorf("empty key in %q", p)
		}
		out = append(out, seg{key, idx})
	}
	return out, nil
}

var (
	tagMu    sync.RWMutex
	tagCache = map[reflect.Type]map[string]int{}
	extraT   = reflect.TypeFor[model.Extra]()
	contentT = reflect.TypeFor[model.Content]()
)

// fieldIndex maps a struct type's json names to field indexes.
func fieldIndex(t reflect.Type) map[string]int {
	tagMu.RLock()
	m := tagCache[t]
	tagMu.RUnlock()
	if m != nil {
		return m
	}
	m = map[string]int{}
	for i := 0; i < t.NumField(); i++ {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			m[name] = i
		}
	}
	tagMu.Lock()
	tagCache[t] = m
	tagMu.Unlock()
	return m
}

// walk follows path from c. With create it allocates missing pointers, slice
// elements and map entries; without it a missing step ends the walk with
// ok=false. It returns the addressed value and the struct holding the last
// key (for Extra.Fix).
func walk(c *model.Campaign, path string, create bool) (v reflect.Value, parent reflect.Value, last string, err error) {
	segs, err := splitPath(path)
	if err != nil {
		return v, parent, "", err
	}
	cur := reflect.ValueOf(c).Elem()
	for i := 0; i < len(segs); i++ {
		s := segs[i]
		// Pointers are allocated lazily.
		if cur.Kind() == reflect.Pointer {
			if cur.IsNil() {
				if !create {
					return reflect.Value{}, parent, "", nil
				}
				cur.Set(reflect.New(cur.Type().Elem()))
			}
			cur = cur.Elem()
		}
		if cur.Type() == contentT {
			msg, rest, ok := contentStep(cur.Addr().Interface().(*model.Content), segs[i:], create)
			if !ok {
				return reflect.Value{}, parent, "", nil
			}
			cur = reflect.ValueOf(msg).Elem()
			i += rest - 1
			continue
		}
		if cur.Kind() != reflect.Struct {
			return reflect.Value{}, parent, "", fmt.Errorf("%s: %q is not an object", path, s.key)
		}
		fi, ok := fieldIndex(cur.Type())[s.key]
		if !ok {
			return reflect.Value{}, parent, "", fmt.Errorf("%s: unknown field %q", path, s.key)
		}
		parent, last = cur, s.key
		cur = cur.Field(fi)
		if s.index >= 0 {
			if cur.Kind() != reflect.Slice {
				return reflect.Value{}, parent, "", fmt.Errorf("%s: %q is not a list", path, s.key)
			}
			if s.index >= cur.Len() {
				if !create {
					return reflect.Value{}, parent, "", nil
				}
				grown := reflect.MakeSlice(cur.Type(), s.index+1, s.index+1)
				reflect.Copy(grown, cur)
				cur.Set(grown)
			}
			cur = cur.Index(s.index)
		}
	}
	return cur, parent, last, nil
}

// contentStep resolves the segments after campaign_content.content: either
// "push"/"email" of the flat shape (consumes 0 segments, returns the flat
// message) or "<locale>.<variation>" of the keyed shape (consumes 2).
func contentStep(ct *model.Content, segs []seg, create bool) (*model.Message, int, bool) {
	if segs[0].key == "push" || segs[0].key == "email" {
		if ct.Flat == nil {
			if !create {
				return nil, 0, false
			}
			ct.Flat = &model.Message{}
		}
		return ct.Flat, 0, true
	}
	if len(segs) < 2 {
		return nil, 0, false
	}
	loc, vr := segs[0].key, segs[1].key
	vars := ct.Keyed[loc]
	if vars == nil {
		if !create {
			return nil, 0, false
		}
		if ct.Keyed == nil {
			ct.Keyed = map[string]map[string]*model.Message{}
		}
		vars = map[string]*model.Message{}
		ct.Keyed[loc] = vars
	}
	msg := vars[vr]
	if msg == nil {
		if !create {
			return nil, 0, false
		}
		msg = &model.Message{}
		vars[vr] = msg
	}
	return msg, 2, true
}

// Get reads the value at path as its Go value (nil when absent).
func Get(c *model.Campaign, path string) any {
	v, _, _, err := walk(c, path, false)
	if err != nil || !v.IsValid() {
		return nil
	}
	if (v.Kind() == reflect.Pointer || v.Kind() == reflect.Slice || v.Kind() == reflect.Map || v.Kind() == reflect.Interface) && v.IsNil() {
		return nil
	}
	if v.Kind() == reflect.Pointer {
		return v.Elem().Interface()
	}
	return v.Interface()
}

// Set writes val at path, creating the objects on the way. val is the plain
// Go value (string, bool, int64, float64, []string, …) or nil to clear the
// field. A wrong-typed value kept in the parent's Extra.Invalid is dropped,
// since the field now holds a value of the right type.
func Set(c *model.Campaign, path string, val any) error {
	v, parent, last, err := walk(c, path, true)
	if err != nil {
		return err
	}
	if !v.IsValid() {
		return fmt.Errorf("%s: cannot be set", path)
	}
	if err := assign(v, val); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if parent.IsValid() {
		if ef := parent.FieldByName("Extra"); ef.IsValid() && ef.Type() == extraT {
			ef.Addr().Interface().(*model.Extra).Fix(last)
		}
	}
	return nil
}

func assign(v reflect.Value, val any) error {
	if val == nil {
		v.SetZero()
		return nil
	}
	rv := reflect.ValueOf(val)
	if v.Kind() == reflect.Interface {
		v.Set(rv)
		return nil
	}
	if v.Kind() == reflect.Pointer {
		if rv.Type().AssignableTo(v.Type()) {
			v.Set(rv)
			return nil
		}
		if !rv.Type().ConvertibleTo(v.Type().Elem()) {
			return fmt.Errorf("wants %s, got %T", v.Type().Elem(), val)
		}
		p := reflect.New(v.Type().Elem())
		p.Elem().Set(rv.Convert(v.Type().Elem()))
		v.Set(p)
		return nil
	}
	if rv.Type().AssignableTo(v.Type()) {
		v.Set(rv)
		return nil
	}
	if rv.Type().ConvertibleTo(v.Type()) && v.Kind() != reflect.String {
		v.Set(rv.Convert(v.Type()))
		return nil
	}
	return fmt.Errorf("wants %s, got %T", v.Type(), val)
}

// Len is the length of the list at path (0 when absent).
func Len(c *model.Campaign, path string) int {
	v, _, _, err := walk(c, path, false)
	if err != nil || !v.IsValid() || v.Kind() != reflect.Slice {
		return 0
	}
	return v.Len()
}

// Append adds a zero element to the list at path and returns its index.
func Append(c *model.Campaign, path string) (int, error) {
	n := Len(c, path)
	v, _, _, err := walk(c, fmt.Sprintf("%s[%d]", path, n), true)
	if err != nil {
		return 0, err
	}
	if !v.IsValid() {
		return 0, fmt.Errorf("%s: not a list", path)
	}
	return n, nil
}

// Remove deletes element i of the list at path; the list becomes nil when
// it empties, so an emptied optional list is not sent.
func Remove(c *model.Campaign, path string, i int) error {
	v, _, _, err := walk(c, path, false)
	if err != nil {
		return err
	}
	if !v.IsValid() || v.Kind() != reflect.Slice || i < 0 || i >= v.Len() {
		return fmt.Errorf("%s[%d]: no such element", path, i)
	}
	out := reflect.MakeSlice(v.Type(), 0, v.Len()-1)
	out = reflect.AppendSlice(out, v.Slice(0, i))
	out = reflect.AppendSlice(out, v.Slice(i+1, v.Len()))
	if out.Len() == 0 {
		v.SetZero()
	} else {
		v.Set(out)
	}
	return nil
}

// Invalid returns the wrong-typed value kept for the field at path, if any.
func Invalid(c *model.Campaign, path string) (model.Invalid, bool) {
	i := strings.LastIndexByte(path, '.')
	if i < 0 {
		inv, ok := c.Extra.Invalid[path]
		return inv, ok
	}
	v, _, _, err := walk(c, path[:i], false)
	if err != nil || !v.IsValid() {
		return model.Invalid{}, false
	}
	if v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return model.Invalid{}, false
		}
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return model.Invalid{}, false
	}
	ef := v.FieldByName("Extra")
	if !ef.IsValid() || ef.Type() != extraT {
		return model.Invalid{}, false
	}
	// Read in place: a copy of Extra in an interface cost an allocation
	// for every row drawn.
	var ex *model.Extra
	if ef.CanAddr() {
		ex = ef.Addr().Interface().(*model.Extra)
	} else {
		x := ef.Interface().(model.Extra)
		ex = &x
	}
	inv, ok := ex.Invalid[path[i+1:]]
	return inv, ok
}
