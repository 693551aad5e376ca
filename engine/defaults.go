package engine

import (
	"strings"

	"github.com/campaigns-cli/campaigns/model"
)

// Values that follow from others, so no door (the editor, the command line,
// MCP) asks for them again:
//   - with two variations, the other share is what is left of 100 %;
//   - an event-triggered campaign sent AFTER its event passes the trigger
//     attribute "If Action" (spec: trigger_attr), set when it is empty.
const sharePrefix = "campaign_content.variation_details.manual_distribution_percentage."

// Follow sets the values that follow from the value just set at path (a
// decisions.md §4 target): typing one share of two sets the other.
func Follow(c *model.Campaign, path string) {
	switch {
	case strings.HasPrefix(path, sharePrefix):
		otherShare(c, strings.TrimPrefix(path, sharePrefix))
	case path == "trigger_condition.trigger_relation":
		ifAction(c, model.Str(c.CampaignDeliveryType))
	}
}

// FillIn sets, in a body written whole (a create body, a component update),
// the values that follow from its others where the body leaves them out.
// deliveryType is the campaign's (a component update may not carry it).
func FillIn(c *model.Campaign, deliveryType string) {
	ifAction(c, deliveryType)
	if cc := c.CampaignContent; cc != nil && cc.VariationDetails != nil && len(cc.VariationDetails.ManualDistributionPercentage) == 1 {
		for vr := range cc.VariationDetails.ManualDistributionPercentage {
			otherShare(c, vr)
		}
	}
}

func ifAction(c *model.Campaign, deliveryType string) {
	tc := c.TriggerCondition
	if tc != nil && tc.TriggerAttr == nil && deliveryType == model.DeliveryEventTriggered &&
		model.Str(tc.TriggerRelation) == model.RelationAfter {
		tc.TriggerAttr = model.TriggerAttrIfAction
	}
}

// otherShare sets the share of the other of two variations to what is left
// of 100 % when vr's share is between 0 and 100.
func otherShare(c *model.Campaign, vr string) {
	cc := c.CampaignContent
	if cc == nil || cc.VariationDetails == nil || len(model.VariationKeys(c)) != 2 {
		return
	}
	shares := cc.VariationDetails.ManualDistributionPercentage
	n, ok := shares[vr]
	if !ok || n < 0 || n > 100 {
		return
	}
	for _, o := range model.VariationKeys(c) {
		if o != vr {
			shares[o] = 100 - n
		}
	}
}
