package gitops

import (
	"fmt"
	"slices"
	"strings"

	"github.com/campaigns-cli/campaigns/model"
)

// Field is one field that differs among the base, the file and the service
// (diff --json). Without a base, Base is nil and Conflict false.
type Field struct {
	Path     string `json:"path"`
	Base     any    `json:"base"`
	File     any    `json:"file"`
	Service  any    `json:"service"`
	Conflict bool   `json:"conflict,omitempty"`
}

// threeWay compares base → file (the file's changes) with base → service
// (the service's): the merged components that differ from the service are
// what apply sends; a field changed on both sides differently is a
// conflict, which refuses the file unless Force makes the file win on it.
func (pl *Planner) threeWay(p *Plan, base map[string]any) {
	p.Base = base
	b, f, s := components(base), components(p.File.Tree), components(p.Service)
	merged, conflicts := Merge3(b, f, s, pl.Force)
	p.FieldConflicts = conflicts
	p.Fields = Fields(b, f, s)
	p.Changes = Compare(merged, s)
	for _, c := range Compare(f, s) {
		if !equal(norm(b[c.Component]), norm(s[c.Component])) {
			p.Drift = append(p.Drift, c.Component)
		}
	}
	switch {
	case len(conflicts) > 0 && !pl.Force:
		p.Action = ActionConflict
		p.Conflicts = conflictComponents(conflicts)
		p.Reason = fmt.Sprintf("%d field(s) changed both in the file and on the service since the export, differently: %s; settle them in the file (or apply with --force to keep the file's values for these fields only)", len(conflicts), strings.Join(conflictPaths(conflicts), ", "))
	case len(p.Changes) == 0:
		p.Action = ActionNone
	default:
		p.Action = ActionPatch
	}
}

// components is a record without what only the service sets.
func components(tree map[string]any) map[string]any {
	out := make(map[string]any, len(tree))
	for k, v := range tree {
		if !model.IsServiceOwned(k) {
			out[k] = v
		}
	}
	return out
}

// Fields lists the fields that differ among base, file and service, walking
// the three together: objects key by key, anything else (arrays included)
// as one value. base nil: the file and the service only.
func Fields(base, file, service map[string]any) []Field {
	var out []Field
	hasBase := base != nil
	var b any = absent
	if hasBase {
		b = components(base)
	}
	fields3("", b, components(file), components(service), hasBase, &out)
	return out
}

func fields3(path string, b, f, s any, hasBase bool, out *[]Field) {
	b, f, s = norm(b), norm(f), norm(s)
	if equal(f, s) && (!hasBase || equal(b, f)) {
		return
	}
	bm, bok := asObject(b)
	fm, fok := f.(map[string]any)
	sm, sok := s.(map[string]any)
	if fok && sok && bok {
		for _, k := range unionKeys(bm, fm, sm) {
			fields3(join(path, k), get(bm, k), get(fm, k), get(sm, k), hasBase, out)
		}
		return
	}
	row := Field{Path: path, Base: orNil(b), File: orNil(f), Service: orNil(s)}
	row.Conflict = hasBase && !equal(b, f) && !equal(b, s) && !equal(f, s)
	*out = append(*out, row)
}

func conflictPaths(cs []FieldConflict) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Path
	}
	return out
}

// conflictComponents names the components the conflicts are in.
func conflictComponents(cs []FieldConflict) []string {
	var out []string
	for _, c := range cs {
		comp, _, _ := strings.Cut(c.Path, ".")
		if !slices.Contains(out, comp) {
			out = append(out, comp)
		}
	}
	return out
}
