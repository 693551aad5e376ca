package engine

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestEveryRuleHasACase: every rule id (rules.go) has at least one failing
// case in ruleCases (or, for the patch-only rules, in patch_test.go), so a
// new rule cannot land untested.
func TestEveryRuleHasACase(t *testing.T) {
	elsewhere := map[RuleID]bool{RuleStateLocked: true, RuleTopChannelChange: true, RuleTopLiveActivityPatch: true}
	covered := map[string]bool{}
	for _, tc := range ruleCases {
		covered[tc.rule] = true
	}
	for _, id := range ruleIDs(t) {
		if !covered[string(id)] && !elsewhere[id] {
			t.Errorf("rule %s has no case in ruleCases", id)
		}
	}
}

// ruleConsts reads every rule id constant of rules.go: name and value.
func ruleConsts(t *testing.T) map[string]RuleID {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "rules.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]RuleID{}
	ast.Inspect(f, func(n ast.Node) bool {
		if vs, ok := n.(*ast.ValueSpec); ok {
			for i, name := range vs.Names {
				if lit, ok := vs.Values[i].(*ast.BasicLit); ok && strings.HasPrefix(name.Name, "Rule") {
					v, _ := strconv.Unquote(lit.Value)
					out[name.Name] = RuleID(v)
				}
			}
		}
		return true
	})
	return out
}

func ruleIDs(t *testing.T) []RuleID {
	var out []RuleID
	for _, id := range ruleConsts(t) {
		out = append(out, id)
	}
	return out
}

// TestRuleLabelsDerived: the labels rules.go once listed by hand, one per
// rule, are each what Label derives from the id, and the list names every
// rule: the table could go, nothing a reader saw changed.
func TestRuleLabelsDerived(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "rule_labels.txt"))
	if err != nil {
		t.Fatal(err)
	}
	listed := map[RuleID]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		id, label, _ := strings.Cut(line, "\t")
		listed[RuleID(id)] = true
		if got := RuleID(id).Label(); got != label {
			t.Errorf("%s: Label() = %q, the table said %q", id, got, label)
		}
	}
	for _, id := range ruleIDs(t) {
		if !listed[id] {
			t.Errorf("%s: not in testdata/rule_labels.txt", id)
		}
	}
	if len(listed) != len(ruleIDs(t)) {
		t.Errorf("%d labels listed, %d rules", len(listed), len(ruleIDs(t)))
	}
}

// TestRuleIDs: every constant of rules.go is a well-formed, distinct id with
// a label, and is reported somewhere in the engine's code (a constant no
// rule uses is a rule that was removed).
func TestRuleIDs(t *testing.T) {
	byName := ruleConsts(t)
	var consts []string
	for name := range byName {
		consts = append(consts, name)
	}
	seen := map[RuleID]bool{}
	wellFormed := regexp.MustCompile(`^[a-z_]+(\.[a-z_]+)+$`)
	for _, id := range byName {
		if seen[id] {
			t.Errorf("%s twice", id)
		}
		seen[id] = true
		if !wellFormed.MatchString(string(id)) {
			t.Errorf("%q is not <component>.<rule>", id)
		}
		if l := id.Label(); strings.ContainsAny(l, "._") || l == "" {
			t.Errorf("%s: label %q is not words", id, l)
		}
	}
	files, _ := filepath.Glob("*.go")
	var src strings.Builder
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") || name == "rules.go" {
			continue
		}
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		src.Write(b)
	}
	used := map[string]bool{} // every identifier in the rules' code
	for _, w := range regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`).FindAllString(src.String(), -1) {
		used[w] = true
	}
	for _, c := range consts {
		if !used[c] {
			t.Errorf("%s is not used by any rule", c)
		}
	}
}
