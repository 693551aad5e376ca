package engine

import (
	"testing"

	"github.com/campaigns-cli/campaigns/model"
)

func TestValuesThatFollow(t *testing.T) {
	share := "campaign_content.variation_details.manual_distribution_percentage."
	for _, row := range []struct {
		name, fix string
		set       [][2]string
		follow    string // a path for Follow; "" for FillIn
		check     func(c *model.Campaign) bool
	}{
		{"typed share sets the other", pET, s(mdp, `{"variation_1": 50, "variation_2": 50}`, mdp+".variation_1", "80"), share + "variation_1",
			func(c *model.Campaign) bool {
				return c.CampaignContent.VariationDetails.ManualDistributionPercentage["variation_2"] == 20
			}},
		{"share out of range sets nothing", pET, s(mdp, `{"variation_1": 150, "variation_2": 50}`), share + "variation_1",
			func(c *model.Campaign) bool {
				return c.CampaignContent.VariationDetails.ManualDistributionPercentage["variation_2"] == 50
			}},
		{"after its event: If Action", pET, s(tc+".trigger_attr", del, tc+".trigger_relation", `"AFTER"`), "trigger_condition.trigger_relation",
			func(c *model.Campaign) bool { return c.TriggerCondition.TriggerAttr == model.TriggerAttrIfAction }},
		{"before its event: nothing", pET, s(tc+".trigger_attr", del, tc+".trigger_relation", `"BEFORE"`), "trigger_condition.trigger_relation",
			func(c *model.Campaign) bool { return c.TriggerCondition.TriggerAttr == nil }},
		{"a body whole: one share of two", pET, s(mdp, `{"variation_1": 30}`), "",
			func(c *model.Campaign) bool {
				return c.CampaignContent.VariationDetails.ManualDistributionPercentage["variation_2"] == 70
			}},
		{"a body whole: a trigger attribute given stays", pET, s(tc+".trigger_attr", `{"name": "d"}`), "",
			func(c *model.Campaign) bool { _, ok := c.TriggerCondition.TriggerAttr.(map[string]any); return ok }},
	} {
		c := mutated(t, row.fix, row.set)
		if row.follow != "" {
			Follow(c, row.follow)
		} else {
			FillIn(c, model.Str(c.CampaignDeliveryType))
		}
		if !row.check(c) {
			t.Errorf("%s: %s", row.name, model.Encode(c))
		}
	}
}
