package forms

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"

	udiff "github.com/aymanbagabas/go-udiff"

	"github.com/campaigns-cli/campaigns/model"
)

// ComponentDiff is how one component differs between two versions of a
// campaign: in words, field by field, and as a unified diff of its JSON.
type ComponentDiff struct {
	Component string   `json:"component"`
	Changes   []string `json:"changes"`
	Unified   string   `json:"diff"`
}

// versionOwned are the top-level keys every version has its own of: they
// tell the versions apart and are not what changed in the campaign.
var versionOwned = map[string]bool{
	"id": true, "version_number": true, "created_at": true, "updated_at": true,
	"updated_by": true, "request_id": true, "sent_time": true,
}

// CompareVersions lists, component by component in the record's order, what
// changed from version a to version b (state and author included: support
// asks who paused it). Same versions give nil.
func CompareVersions(a, b *model.Campaign) []ComponentDiff {
	ta, tb := tree(a), tree(b)
	var keys []string
	for k := range ta {
		keys = append(keys, k)
	}
	for k := range tb {
		if _, dup := ta[k]; !dup {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, func(x, y string) int { return componentRank(x) - componentRank(y) })
	var out []ComponentDiff
	for _, k := range keys {
		if versionOwned[k] {
			continue
		}
		va, vb := ta[k], tb[k]
		if reflect.DeepEqual(va, vb) {
			continue
		}
		d := ComponentDiff{Component: k, Changes: leafChanges(k, va, vb)}
		sa, sb := pretty(va), pretty(vb)
		if u, err := udiff.ToUnified(versionLabel(a)+"/"+k, versionLabel(b)+"/"+k, sa, udiff.Strings(sa, sb), udiff.DefaultContextLines); err == nil {
			d.Unified = u
		}
		out = append(out, d)
	}
	return out
}

// componentRank orders keys as the record does: identity, the components
// of the spec's table, then unknown keys (alphabetically among equals).
func componentRank(k string) int {
	if i := slices.Index([]string{"campaign_id", "status", "channel", "campaign_delivery_type", "created_by"}, k); i >= 0 {
		return i
	}
	if i := slices.Index(model.Components, k); i >= 0 {
		return 10 + i
	}
	return 100
}

func versionLabel(c *model.Campaign) string {
	if c != nil && c.VersionNumber != nil {
		return fmt.Sprintf("v%d", *c.VersionNumber)
	}
	return "record"
}

func tree(c *model.Campaign) map[string]any {
	out := map[string]any{}
	if c == nil {
		return out
	}
	_ = json.Unmarshal(model.Encode(c), &out)
	for k, v := range out {
		if v == nil {
			delete(out, k) // an explicit null reads as absent
		}
	}
	return out
}

func pretty(v any) string {
	if v == nil {
		return ""
	}
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b) + "\n"
}

// leafChanges words each changed field of one component: "status: ACTIVE →
// PAUSED", "basic_details.tags[1]: added “promo”".
func leafChanges(component string, a, b any) []string {
	var la, lb []string
	flatten(component, a, &la)
	flatten(component, b, &lb)
	ma, mb := leafMap(la), leafMap(lb)
	var paths []string
	for _, l := range la {
		paths = append(paths, leafPath(l))
	}
	for _, l := range lb {
		if _, ok := ma[leafPath(l)]; !ok {
			paths = append(paths, leafPath(l))
		}
	}
	var out []string
	for _, p := range paths {
		va, inA := ma[p]
		vb, inB := mb[p]
		switch {
		case inA && inB && va != vb:
			out = append(out, p+": "+quoteLeaf(va)+" → "+quoteLeaf(vb))
		case inA && !inB:
			out = append(out, p+": removed (was "+quoteLeaf(va)+")")
		case !inA && inB:
			out = append(out, p+": added "+quoteLeaf(vb))
		}
	}
	return out
}

// leaves are "path: value" (flatten); the path ends at the first ": ".
func leafPath(l string) string { p, _, _ := strings.Cut(l, ": "); return p }

func leafMap(leaves []string) map[string]string {
	m := make(map[string]string, len(leaves))
	for _, l := range leaves {
		p, v, _ := strings.Cut(l, ": ")
		m[p] = v
	}
	return m
}

func quoteLeaf(v string) string { return "“" + v + "”" }
