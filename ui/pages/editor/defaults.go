package editor

import (
	"strings"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
)

// Values that follow from one just typed, so they are not typed again:
//   - with two variations, the other share is what is left of 100 %;
//   - an event-triggered campaign sent AFTER its event passes the trigger
//     attribute "If Action" (spec: trigger_attr), set when it is empty.
const sharePrefix = "campaign_content.variation_details.manual_distribution_percentage."

// withDefaults wraps an edit of f with the values that follow from it.
func withDefaults(f forms.Field, set func(c *model.Campaign) error) func(c *model.Campaign) error {
	switch {
	case strings.HasPrefix(f.Path, sharePrefix):
		vr := strings.TrimPrefix(f.Path, sharePrefix)
		return func(c *model.Campaign) error {
			if err := set(c); err != nil {
				return err
			}
			otherShare(c, vr)
			return nil
		}
	case f.Path == "trigger_condition.trigger_relation":
		return func(c *model.Campaign) error {
			if err := set(c); err != nil {
				return err
			}
			tc := c.TriggerCondition
			if tc != nil && tc.TriggerAttr == nil && model.Str(c.CampaignDeliveryType) == model.DeliveryEventTriggered &&
				model.Str(tc.TriggerRelation) == model.RelationAfter {
				tc.TriggerAttr = "If Action"
			}
			return nil
		}
	}
	return set
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
