package engine

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/campaigns-cli/campaigns/model/fuzzseeds"

	"github.com/campaigns-cli/campaigns/model"
)

// FuzzEngine feeds arbitrary bytes through decode, merge (as the stored
// campaign and as the patch), all three phases and the state table: the
// engine must never panic, and every problem must carry a rule and a message.
func FuzzEngine(f *testing.F) {
	fuzzseeds.Add(f, "FuzzEngine")
	fixtures, _ := filepath.Glob(filepath.Join("..", "testdata", "campaigns", "*.json"))
	var stored []*model.Campaign
	for _, fx := range fixtures {
		data, err := os.ReadFile(fx)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
		c, err := model.Decode(data)
		if err != nil {
			f.Fatal(err)
		}
		stored = append(stored, c)
	}
	f.Fuzz(func(t *testing.T, data []byte) { fuzzOnce(t, stored, data) })
}

// fuzzOnce is one run of FuzzEngine's body.
func fuzzOnce(t *testing.T, stored []*model.Campaign, data []byte) {
	states := model.Statuses
	all := Options{Features: Features{AudienceLimit: true, Versioning: true}}
	c, err := model.Decode(data)
	if err != nil {
		return
	}
	check := func(probs []Problem) {
		for _, p := range probs {
			if p.Rule == "" || p.Message == "" {
				t.Fatalf("problem without rule or message: %+v", p)
			}
		}
	}
	for _, phase := range []Phase{PhaseCreate, PhasePatch, PhasePublish} {
		check(Validate(c, phase, Options{}))
		check(Validate(c, phase, all))
	}
	base := stored[len(data)%len(stored)]
	state := states[len(data)%len(states)]
	for _, pair := range [][2]*model.Campaign{{base, c}, {c, base}, {c, c}} {
		res := ValidatePatch(pair[0], pair[1], state, all)
		check(res.Problems)
		if res.Merged == nil {
			t.Fatal("no merged campaign")
		}
		check(Validate(res.Merged, PhasePublish, all))
	}
	// A clone reads as the original.
	if !model.Equal(model.Clone(c), c) {
		t.Fatalf("clone differs:\n%s\n%s", model.Encode(c), model.Encode(model.Clone(c)))
	}
	// What decodes must encode and decode again to the same document.
	out := model.Encode(c)
	again, err := model.Decode(out)
	if err != nil {
		t.Fatalf("re-decode of %s: %v", out, err)
	}
	if !bytes.Equal(model.Encode(again), out) {
		t.Fatalf("round trip not stable:\n%s\n%s", out, model.Encode(again))
	}
}
