package gitops

import (
	"reflect"
	"slices"
)

// absent stands for a key an object does not have (a JSON null is read as
// absent too: the service never stores a null for a known field).
type absentT struct{}

var absent any = absentT{}

// FieldConflict is one field changed on both sides, differently: the base
// (the service copy the file was made from), the file and the service.
// A value that a side does not have is Missing there.
type FieldConflict struct {
	Path    string `json:"path"`
	Base    any    `json:"base"`
	File    any    `json:"file"`
	Service any    `json:"service"`
	// InBase, InFile and InService are false where the field is absent.
	InBase    bool `json:"-"`
	InFile    bool `json:"-"`
	InService bool `json:"-"`
}

// FieldChange is one field whose value differs between two documents.
type FieldChange struct {
	Path     string
	From, To any
	// InFrom and InTo are false where the field is absent.
	InFrom, InTo bool
}

// Merge3 merges the file's changes (base → file) with the service's
// (base → service) field by field, objects key by key and anything else
// (arrays included) as one value: a field changed on one side only takes
// that side's value, a field changed on both sides to the same value takes
// it, and a field changed on both sides differently is a conflict. A
// conflict keeps the service's value unless fileWins, which makes the file
// win on that field only.
func Merge3(base, file, service map[string]any, fileWins bool) (map[string]any, []FieldConflict) {
	var conflicts []FieldConflict
	merged := merge3("", base, file, service, fileWins, &conflicts)
	m, _ := merged.(map[string]any)
	if m == nil {
		m = map[string]any{}
	}
	return m, conflicts
}

func merge3(path string, base, file, svc any, fileWins bool, out *[]FieldConflict) any {
	base, file, svc = norm(base), norm(file), norm(svc)
	switch {
	case equal(file, svc):
		return file
	case equal(base, file):
		return svc
	case equal(base, svc):
		return file
	}
	bm, bok := asObject(base)
	fm, fok := file.(map[string]any)
	sm, sok := svc.(map[string]any)
	if fok && sok && bok {
		merged := map[string]any{}
		for _, k := range unionKeys(bm, fm, sm) {
			v := merge3(join(path, k), get(bm, k), get(fm, k), get(sm, k), fileWins, out)
			if v != absent {
				merged[k] = v
			}
		}
		return merged
	}
	*out = append(*out, FieldConflict{Path: path,
		Base: orNil(base), File: orNil(file), Service: orNil(svc),
		InBase: base != absent, InFile: file != absent, InService: svc != absent})
	if fileWins {
		return file
	}
	return svc
}

// FieldDiff lists the fields (leaves, arrays whole) that differ from a to
// b, in path order.
func FieldDiff(a, b map[string]any) []FieldChange {
	var out []FieldChange
	fieldDiff("", a, b, &out)
	return out
}

func fieldDiff(path string, a, b any, out *[]FieldChange) {
	a, b = norm(a), norm(b)
	if equal(a, b) {
		return
	}
	am, aok := a.(map[string]any)
	bm, bok := b.(map[string]any)
	if aok && bok {
		for _, k := range unionKeys(am, bm) {
			fieldDiff(join(path, k), get(am, k), get(bm, k), out)
		}
		return
	}
	*out = append(*out, FieldChange{Path: path, From: orNil(a), To: orNil(b), InFrom: a != absent, InTo: b != absent})
}

// asObject reads v as an object; absent reads as an empty one, so a field
// added under a component the base lacked still merges field by field.
func asObject(v any) (map[string]any, bool) {
	if v == absent {
		return map[string]any{}, true
	}
	m, ok := v.(map[string]any)
	return m, ok
}

func norm(v any) any {
	if v == nil {
		return absent
	}
	return v
}

func orNil(v any) any {
	if v == absent {
		return nil
	}
	return v
}

func get(m map[string]any, k string) any {
	v, ok := m[k]
	if !ok {
		return absent
	}
	return v
}

func equal(a, b any) bool { return reflect.DeepEqual(a, b) }

func unionKeys(ms ...map[string]any) []string {
	var keys []string
	for _, m := range ms {
		for k := range m {
			if !slices.Contains(keys, k) {
				keys = append(keys, k)
			}
		}
	}
	slices.SortFunc(keys, compareComponents)
	return keys
}

// join appends a key to a dotted path (decisions.md §4).
func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}
