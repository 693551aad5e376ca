package forms

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// engineRuleIDs reads every rule id from the engine's source, as the
// engine's own TestEveryRuleHasACase does.
func engineRuleIDs(t *testing.T) map[string]bool {
	t.Helper()
	files, _ := filepath.Glob("../engine/*.go")
	ids := regexp.MustCompile(`"([a-z_]+(?:\.[a-z_]+)+)"`)
	out := map[string]bool{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range ids.FindAllStringSubmatch(string(src), -1) {
			id := m[1]
			if strings.Contains(id, "_details.") && !strings.HasPrefix(id, "push.") || strings.HasPrefix(id, "publish.basic_details") || id == "publish.bypass_dnd" {
				continue
			}
			out[id] = true
		}
	}
	return out
}

// corpus is every problem the engine reports for the seed campaigns with
// one value broken at a time (removed, emptied, wrong type, out of range).
// It is built once for the package's tests (a few seconds).
func corpus(t *testing.T) []engine.Problem {
	t.Helper()
	corpusOnce.Do(func() { corpusProblems = buildCorpus(t) })
	return corpusProblems
}

var (
	corpusOnce     sync.Once
	corpusProblems []engine.Problem
)

func buildCorpus(t *testing.T) []engine.Problem {
	t.Helper()
	files, _ := filepath.Glob("../testdata/campaigns/*.json")
	files = append(files, "../testdata/fixtures/marketer-push.json")
	// One goroutine a file; the problems are kept in file order.
	found := make([][]engine.Problem, len(files))
	errs := make([]error, len(files))
	var wg sync.WaitGroup
	for i, f := range files {
		wg.Add(1)
		go func() {
			defer wg.Done()
			found[i], errs[i] = breakEveryValue(f)
		}()
	}
	wg.Wait()
	seen := map[string]bool{}
	var out []engine.Problem
	for i, ps := range found {
		if errs[i] != nil {
			t.Fatalf("%s: %v", files[i], errs[i])
		}
		for _, p := range ps {
			k := string(p.Rule) + "|" + normTarget(p.Target) + "|" + p.Message
			if !seen[k] {
				seen[k] = true
				out = append(out, p)
			}
		}
	}
	return out
}

// breakEveryValue is every problem the engine reports for the campaign in
// file with one of its values broken at a time.
func breakEveryValue(file string) ([]engine.Problem, error) {
	breaks := []any{nil, "", "htp://x y", json.Number("-5"), json.Number("100000"), true, map[string]any{}, []any{}, "ZZZ", []any{"", "ZZZ"}}
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	tree, err := model.Parse(data)
	if err != nil {
		return nil, err
	}
	var paths [][]any
	collect(tree, nil, &paths)
	var out []engine.Problem
	for _, p := range paths {
		for _, b := range breaks {
			mut := model.CloneTree(tree)
			setTree(mut, p, b)
			c := &model.Campaign{}
			if err := model.FromTree(mut, c); err != nil {
				continue
			}
			for _, ph := range []engine.Phase{engine.PhaseCreate, engine.PhasePublish} {
				out = append(out, engine.Validate(c, ph, engine.Options{})...)
			}
			out = append(out, engine.ValidatePatch(c, c, "PAUSED", engine.Options{}).Problems...)
			out = append(out, CheckURLs(c)...)
		}
	}
	return out, nil
}

func collect(v any, at []any, out *[][]any) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			p := append(append([]any{}, at...), k)
			*out = append(*out, p)
			collect(e, p, out)
		}
	case []any:
		for i, e := range x {
			p := append(append([]any{}, at...), i)
			*out = append(*out, p)
			collect(e, p, out)
		}
	}
}

func setTree(root any, path []any, v any) {
	cur := root
	for i, s := range path {
		last := i == len(path)-1
		switch x := cur.(type) {
		case map[string]any:
			k := s.(string)
			if last {
				if v == nil {
					delete(x, k)
				} else {
					x[k] = v
				}
				return
			}
			cur = x[k]
		case []any:
			j := s.(int)
			if last {
				x[j] = v
				return
			}
			cur = x[j]
		}
	}
}

// jsonish finds what a marketer should never read: a dotted JSON path or a
// snake_case key (quoted values and example addresses aside).
var (
	jsonish  = regexp.MustCompile(`\b[a-z][a-z0-9]*_[a-z0-9_]+\b|\b[a-z_]+\.[a-z_]+\b`)
	quotedRe = regexp.MustCompile(`"[^"]*"`)
)

func readable(text string) string {
	s := quotedRe.ReplaceAllString(text, `""`)
	s = strings.NewReplacer("example.com", "", "image.png", "", "cdn.example", "").Replace(s)
	return jsonish.FindString(s)
}

func TestPlainMessagesReadable(t *testing.T) {
	probs := corpus(t)
	if len(probs) < 100 {
		t.Fatalf("corpus too small: %d problems", len(probs))
	}
	rules := map[string]bool{}
	for _, p := range probs {
		rules[string(p.Rule)] = true
		d := Describe(p)
		if d.Field == "" {
			t.Errorf("%s @ %s: no label", p.Rule, p.Target)
		}
		if bad := readable(d.Text); bad != "" {
			t.Errorf("%s @ %s: %q shows %q", p.Rule, p.Target, d.Text, bad)
		}
		if !strings.Contains(strings.ToLower(d.Text), strings.ToLower(d.Field)) && ruleText[p.Rule] == nil {
			t.Errorf("%s @ %s: %q does not name its field %q", p.Rule, p.Target, d.Text, d.Field)
		}
		if strings.Count(d.Text, d.Field) > 1 && len(d.Field) > 6 {
			t.Errorf("%s @ %s: %q repeats %q", p.Rule, p.Target, d.Text, d.Field)
		}
		if _, ok := FieldLabel(FieldTarget(p)); !ok {
			t.Errorf("%s @ %s: the form has no row labelled for this target", p.Rule, p.Target)
		}
	}
	var missed []string
	for id := range engineRuleIDs(t) {
		if !rules[id] {
			missed = append(missed, id)
		}
	}
	sort.Strings(missed)
	t.Logf("%d problems, %d rule ids reached; not reached by the corpus: %v", len(probs), len(rules), missed)
}

// TestDescribeReadsTheDataNotTheMessage: the editor's sentence is made from
// the problem's data; the engine's English (the API's message) can change
// without changing a word on the screen.
func TestDescribeReadsTheDataNotTheMessage(t *testing.T) {
	for _, p := range corpus(t)[:200] {
		want := Describe(p).Text
		q := p
		q.Message = "reworded by the API " + p.Message
		if got := describe(q).Text; got != want {
			t.Fatalf("%s @ %s: the sentence follows the message:\n got %q\nwant %q", p.Rule, p.Target, got, want)
		}
	}
	for _, tc := range []struct {
		p    engine.Problem
		want string
	}{
		{engine.Problem{Rule: engine.RuleStateLocked, Target: "trigger_condition", Value: "PAUSED", Template: "`trigger_condition` cannot be changed"},
			"Trigger cannot be changed while the campaign is PAUSED."},
		{engine.Problem{Rule: engine.RuleVariationsManualSum, Target: "campaign_content.variation_details.manual_distribution_percentage", Value: "90", Template: "the shares"},
			"Variation shares must add up to 100 %, not 90."},
		{engine.Problem{Rule: engine.RuleEmailHTMLOrTemplate, Target: "campaign_content.content.email", Value: engine.ValueBoth, Template: "one of"},
			"Email body: use either HTML or a saved template, not both."},
	} {
		if got := Describe(tc.p).Text; got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.p.Rule, got, tc.want)
		}
	}
}

// TestReportedProblemsReadLikeTheEditors: a problem the sandbox reported
// (a target and the engine's words, no data) reads as the editor words the
// same problem; one the engine does not know keeps the service's words
// under the field's label.
func TestReportedProblemsReadLikeTheEditors(t *testing.T) {
	c := campaign(model.ChannelPush, model.DeliveryOneTime)
	local := engine.Validate(c, engine.PhasePublish, engine.Options{})
	if len(local) == 0 {
		t.Fatal("the campaign has no problem to report")
	}
	r := NewReported(c)
	for _, p := range local {
		if got, want := r.Describe(p.Target, p.Message).Text, Describe(p).Text; got != want {
			t.Errorf("%s: reported %q, the editor says %q", p.Rule, got, want)
		}
	}
	for msg, want := range map[string]string{
		"Out of range on this service.":                     "Queue duration (hours): out of range on this service.",
		"queue_duration is out of range on this service.":   "Queue duration (hours) is out of range on this service.",
		"delivery_controls.queue_duration must be 1 to 72.": "Queue duration (hours) must be 1 to 72.",
	} {
		if got := r.Describe("delivery_controls.queue_duration", msg).Text; got != want {
			t.Errorf("unknown problem %q: %q, want %q", msg, got, want)
		}
	}
}
