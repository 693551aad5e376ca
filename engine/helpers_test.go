package engine

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/model/modeltest"
)

// del as a value in a mutation removes the key.
const del = "<del>"

// fixtureTree reads a fixture as a generic JSON tree.
func fixtureTree(t testing.TB, name string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "campaigns", name))
	if err != nil {
		t.Fatal(err)
	}
	v, err := model.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return v.(map[string]any)
}

// setPath sets (or with del removes) the value at a target-style path
// ("a.b[1].c") in a tree, creating objects on the way.
func setPath(t testing.TB, root map[string]any, path string, raw string) {
	t.Helper()
	var val any
	if raw != del {
		var err error
		if val, err = model.Parse([]byte(raw)); err != nil {
			t.Fatalf("value for %s: %v", path, err)
		}
	}
	type step struct {
		key string
		idx int // -1 for an object key
	}
	var steps []step
	for _, part := range strings.Split(path, ".") {
		name, rest, _ := strings.Cut(part, "[")
		steps = append(steps, step{name, -1})
		for rest != "" {
			n, after, _ := strings.Cut(rest, "]")
			i, err := strconv.Atoi(n)
			if err != nil {
				t.Fatalf("bad path %s", path)
			}
			steps = append(steps, step{"", i})
			rest = strings.TrimPrefix(after, "[")
		}
	}
	var cur any = root
	for i, s := range steps {
		last := i == len(steps)-1
		switch c := cur.(type) {
		case map[string]any:
			if last {
				if raw == del {
					delete(c, s.key)
				} else {
					c[s.key] = val
				}
				return
			}
			next, ok := c[s.key]
			if !ok || next == nil {
				if steps[i+1].idx >= 0 {
					t.Fatalf("path %s: no array at %s", path, s.key)
				}
				next = map[string]any{}
				c[s.key] = next
			}
			cur = next
		case []any:
			if s.idx >= len(c) {
				t.Fatalf("path %s: index %d out of range", path, s.idx)
			}
			if last {
				c[s.idx] = val
				return
			}
			cur = c[s.idx]
		default:
			t.Fatalf("path %s: cannot step into %T", path, cur)
		}
	}
}

// mutated decodes a fixture after applying the mutations in order.
func mutated(t testing.TB, fixture string, set [][2]string) *model.Campaign {
	t.Helper()
	tree := fixtureTree(t, fixture)
	for _, kv := range set {
		setPath(t, tree, kv[0], kv[1])
	}
	data, err := json.Marshal(tree)
	if err != nil {
		t.Fatal(err)
	}
	return modeltest.Decode(t, string(data))
}

func hasProblem(probs []Problem, rule, target string) bool {
	for _, p := range probs {
		if string(p.Rule) == rule && p.Target == target {
			return true
		}
	}
	return false
}

func dump(probs []Problem) string {
	var b strings.Builder
	for _, p := range probs {
		b.WriteString("\n    " + string(p.Rule) + " @ " + p.Target + ": " + p.Message)
	}
	if b.Len() == 0 {
		return " (none)"
	}
	return b.String()
}
