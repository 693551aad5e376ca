package engine

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"testing"

	"github.com/campaigns-cli/campaigns/model/modeltest"
)

// The real service's request examples (service-reference.md §5.1 and §5.2,
// rebuilt as bodies in testdata/service-examples) with the verdict each must
// get: every create and update example the service presents as valid is
// accepted at create or patch (decisions.md §2: the engine does not invent
// restrictions), and the ones marked ⚠ fail at publish with exactly the
// problems the reference points out.
type exampleVerdict struct {
	Phase        string   `json:"phase"`
	Base         string   `json:"base"`
	State        string   `json:"state"`
	Features     []string `json:"features"`
	Valid        bool     `json:"valid"`
	Rules        []string `json:"rules"`
	PublishRules []string `json:"publish_rules"`
	Note         string   `json:"note"`
}

func TestServiceExamples(t *testing.T) {
	dir := filepath.Join("..", "testdata", "service-examples")
	data, err := os.ReadFile(filepath.Join(dir, "verdicts.json"))
	if err != nil {
		t.Fatal(err)
	}
	var verdicts map[string]exampleVerdict
	if err := json.Unmarshal(data, &verdicts); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*.json"))
	if len(files) != len(verdicts) || len(files) < 39 {
		t.Fatalf("%d example files, %d verdicts (want every example with a verdict, at least 39)", len(files), len(verdicts))
	}
	accepted := 0
	for name, v := range verdicts {
		t.Run(name, func(t *testing.T) {
			body := decodeFile(t, filepath.Join(dir, name))
			opts := Options{}
			for _, f := range v.Features {
				if f == "audience_limit" {
					opts.Features.AudienceLimit = true
				}
			}
			var probs []Problem
			switch v.Phase {
			case "create":
				probs = Validate(body, PhaseCreate, opts)
			case "patch":
				res := ValidatePatch(loadFixture(t, v.Base), body, v.State, opts)
				if res.Refusal != nil {
					t.Fatalf("refused: %s", res.Refusal.Message)
				}
				probs = res.Problems
			default:
				t.Fatalf("phase %q", v.Phase)
			}
			if (len(probs) == 0) != v.Valid {
				t.Fatalf("%s: valid=%v, want %v (%s):%s", v.Phase, len(probs) == 0, v.Valid, v.Note, dump(probs))
			}
			if v.Valid {
				accepted++
			}
			if v.Rules != nil && !sameRules(probs, v.Rules) {
				t.Fatalf("%s problems:%s\nwant rules %v", v.Phase, dump(probs), v.Rules)
			}
			if v.PublishRules != nil {
				pub := Validate(body, PhasePublish, opts)
				if !sameRules(pub, v.PublishRules) {
					t.Fatalf("publish problems:%s\nwant rules %v (%s)", dump(pub), v.PublishRules, v.Note)
				}
			}
		})
	}
	t.Logf("%d of %d examples accepted at create or patch", accepted, len(verdicts))
}

var decodeFile = modeltest.Read

// sameRules: the problems' rule ids, without repeats, are exactly want.
func sameRules(probs []Problem, want []string) bool {
	var got []string
	for _, p := range probs {
		if !slices.Contains(got, string(p.Rule)) {
			got = append(got, string(p.Rule))
		}
	}
	w := slices.Clone(want)
	sort.Strings(got)
	sort.Strings(w)
	return slices.Equal(got, w)
}
