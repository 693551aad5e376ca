package engine

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/model/modeltest"
)

// loadFixture decodes a file of testdata/campaigns.
func loadFixture(t testing.TB, name string) *model.Campaign {
	t.Helper()
	return modeltest.Read(t, filepath.Join("..", "testdata", "campaigns", name))
}

// TestFixturesAreValid: every channel × delivery type allowed for create has
// a fixture, and each passes DRAFT_CREATE and DRAFT_PUBLISH with no problem.
func TestFixturesAreValid(t *testing.T) {
	want := map[string]bool{}
	for _, dt := range model.PushCreateDeliveryTypes {
		want["push_"+strings.ToLower(dt)+".json"] = true
	}
	for _, dt := range model.EmailCreateDeliveryTypes {
		want["email_"+strings.ToLower(dt)+".json"] = true
	}
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "campaigns", "*.json"))
	for _, f := range files {
		delete(want, filepath.Base(f))
	}
	for name := range want {
		t.Errorf("no fixture %s in testdata/campaigns", name)
	}
	for _, f := range files {
		name := filepath.Base(f)
		c := loadFixture(t, name)
		for _, phase := range []Phase{PhaseCreate, PhasePublish} {
			if probs := Validate(c, phase, Options{}); len(probs) > 0 {
				t.Errorf("%s %s: %d problems:", name, phase, len(probs))
				for _, p := range probs {
					t.Errorf("  %s %s: %s", p.Rule, p.Target, p.Message)
				}
			}
		}
		ch, dt := model.Str(c.Channel), model.Str(c.CampaignDeliveryType)
		if want := strings.ToLower(ch) + "_" + strings.ToLower(dt) + ".json"; want != name {
			t.Errorf("%s holds a %s %s campaign", name, ch, dt)
		}
	}
}
