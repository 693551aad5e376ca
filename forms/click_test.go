package forms

import (
	"testing"

	"github.com/campaigns-cli/campaigns/model"
)

// Clearing a click action clears its target too: hidden once the action
// is gone, it would still be sent.
func TestClearingClickActionClearsItsTarget(t *testing.T) {
	c := campaign(model.ChannelPush, model.DeliveryOneTime)
	_ = Set(c, "basic_details.platforms", []string{"ANDROID"})
	bd := "campaign_content.content.push.android.basic_details."
	_ = Set(c, bd+"default_click_action", model.ClickDeeplinking)
	_ = Set(c, bd+"default_click_action_value", "shop://x")
	x := NewCtx(c, Selection{Platform: "ANDROID"}, false)
	var action *Field
	for _, f := range Fields(StepContent, x) {
		if f.Path == bd+"default_click_action" {
			action = &f
		}
	}
	if action == nil {
		t.Fatal("no click action row")
	}
	if err := action.Apply(c, model.ClickDeeplinking); err != nil || Get(c, bd+"default_click_action_value") != "shop://x" {
		t.Fatalf("choosing an action changed the target: %v %v", err, Get(c, bd+"default_click_action_value"))
	}
	if err := action.Apply(c, ""); err != nil {
		t.Fatal(err)
	}
	if a, v := Get(c, bd+"default_click_action"), Get(c, bd+"default_click_action_value"); a != nil || v != nil {
		t.Fatalf("after clearing the action: action %v, target %v", a, v)
	}
}
