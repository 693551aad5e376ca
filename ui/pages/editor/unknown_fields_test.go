package editor

import (
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
)

// Fields this program does not know survive an edit of their component,
// and the next PATCH holds exactly the components edited.
func TestUnknownFieldsSurviveAnEdit(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	c.BasicDetails.Extra.SetUnknown("x_custom", map[string]any{"k": "v"})
	c.CampaignContent.Content.Keyed["default"]["variation_1"].Push.Android.Extra.SetUnknown("x_android", true)
	m, st := newTestEditor(t, c, 160, 48)
	focus(t, m, "basic_details.name")
	press(m, kEnter, runes("!"), kEsc)
	m.goStep(forms.StepContent)
	focus(t, m, forms.MessagePath(m.d.work, "default", "variation_1")+".push.android.basic_details.title")
	press(m, kEnter, runes("!"), kEsc)
	got := string(model.Encode(st.Working(m.id)))
	for _, want := range []string{`"x_custom":{"k":"v"}`, `"x_android":true`, `Summer sale kickoff!`} {
		if !strings.Contains(got, want) {
			t.Errorf("journaled copy lacks %s", want)
		}
	}
	if p := nextPatch(st.Base(m.id), st.Working(m.id), nil); p == nil || p.BasicDetails == nil || p.CampaignContent == nil || p.SchedulingDetails != nil {
		t.Fatalf("next PATCH should hold exactly the two edited components: %s", model.Encode(p))
	}
}
