package personalize

import (
	"reflect"

	"github.com/nikolalohinski/gonja/v2/exec"
)

var (
	valuePtrT = reflect.TypeFor[*exec.Value]()
	reflectT  = reflect.TypeFor[reflect.Value]()
)

// size returns the length of v's text form (an upper bound), or a number
// above limit as soon as it passes limit.
func size(v any, limit int) int {
	w := sizer{limit: limit}
	w.any(v)
	return w.n
}

type sizer struct{ n, limit int }

func (w *sizer) any(x any) {
	switch v := x.(type) {
	case nil:
		w.n += 4
	case string:
		w.n += len(v) + 2
	case *exec.Value:
		if v == nil {
			w.n += 4
			return
		}
		w.rv(v.Val)
	case reflect.Value:
		w.rv(v)
	default:
		w.rv(reflect.ValueOf(x))
	}
}

func (w *sizer) rv(v reflect.Value) {
	w.n++ // every node costs something, so cycles and sharing end the walk
	if w.n > w.limit || !v.IsValid() {
		return
	}
	switch v.Kind() {
	case reflect.String:
		w.n += v.Len() + 2
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			w.n += v.Len()
			return
		}
		w.n += 2
		for i := 0; i < v.Len() && w.n <= w.limit; i++ {
			w.n += 2
			w.rv(v.Index(i))
		}
	case reflect.Map:
		w.n += 2
		it := v.MapRange()
		for it.Next() && w.n <= w.limit {
			w.n += 4
			w.rv(it.Key())
			w.rv(it.Value())
		}
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			w.n += 4
			return
		}
		w.rv(v.Elem())
	case reflect.Struct:
		if v.Type() == reflectT {
			if v.CanInterface() {
				w.rv(v.Interface().(reflect.Value))
			}
			return
		}
		for i := 0; i < v.NumField() && w.n <= w.limit; i++ {
			f := v.Field(i)
			if f.Type() == reflectT && !f.CanInterface() {
				// A reflect.Value behind an unexported field: read it anyway
				// (exec.Value keeps its content in one, exported).
				continue
			}
			w.rv(f)
		}
	case reflect.Func, reflect.Chan, reflect.UnsafePointer:
		w.n += 8
	default: // numbers, booleans
		w.n += 24
	}
}

// identity is the address that names a container (map, slice array, or
// pointer), or 0.
func identity(v reflect.Value) uintptr {
	for v.IsValid() && (v.Kind() == reflect.Interface || v.Type() == valuePtrT || v.Type() == reflectT) {
		switch {
		case v.Kind() == reflect.Interface:
			if v.IsNil() {
				return 0
			}
			v = v.Elem()
		case v.Type() == valuePtrT:
			if v.IsNil() || !v.CanInterface() {
				return 0
			}
			v = v.Interface().(*exec.Value).Val
		default:
			if !v.CanInterface() {
				return 0
			}
			v = v.Interface().(reflect.Value)
		}
	}
	if !v.IsValid() {
		return 0
	}
	switch v.Kind() {
	case reflect.Map, reflect.Pointer:
		return v.Pointer()
	case reflect.Slice:
		if v.Len() == 0 {
			return 0
		}
		return v.Pointer()
	}
	return 0
}

// reaches reports whether walking v can arrive at the container target; a
// walk longer than the value limit counts as reaching it (too big to tell).
func reaches(v any, target uintptr) bool {
	if target == 0 {
		return false
	}
	r := reacher{target: target, left: maxValue / 8}
	r.any(v)
	return r.found
}

type reacher struct {
	target uintptr
	left   int
	found  bool
}

func (r *reacher) any(x any) {
	switch v := x.(type) {
	case *exec.Value:
		if v != nil {
			r.rv(v.Val)
		}
	case reflect.Value:
		r.rv(v)
	case nil:
	default:
		r.rv(reflect.ValueOf(x))
	}
}

func (r *reacher) rv(v reflect.Value) {
	r.left--
	if r.left < 0 {
		r.found = true
	}
	if r.found || !v.IsValid() {
		return
	}
	if id := identity(v); id != 0 && id == r.target {
		r.found = true
		return
	}
	switch v.Kind() {
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return
		}
		for i := 0; i < v.Len() && !r.found; i++ {
			r.rv(v.Index(i))
		}
	case reflect.Map:
		it := v.MapRange()
		for it.Next() && !r.found {
			r.rv(it.Value())
		}
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			r.rv(v.Elem())
		}
	case reflect.Struct:
		if v.Type() == reflectT {
			if v.CanInterface() {
				r.rv(v.Interface().(reflect.Value))
			}
			return
		}
		for i := 0; i < v.NumField() && !r.found; i++ {
			r.rv(v.Field(i))
		}
	}
}

// --- hooks called from the rewritten template --------------------------------

// hooks are the functions the rewritten template calls, bound to one
// render's budget.
