package api

import "github.com/campaigns-cli/campaigns/model"

// WithIdentity gives a component PATCH body the campaign's channel and, where
// stored, campaign_delivery_type, taken from stored (the campaign as read).
// The reference's PATCH body is a oneOf of a Push and an Email schema that
// differ in little else: a strict gateway validating it refuses a body that
// matches both, and channel tells them apart at no cost. patch is changed and
// returned; values it names itself are kept.
func WithIdentity(patch, stored *model.Campaign) *model.Campaign {
	if patch == nil || stored == nil {
		return patch
	}
	if patch.Channel == nil && stored.Channel != nil {
		ch := *stored.Channel
		patch.Channel = &ch
	}
	if patch.CampaignDeliveryType == nil && stored.CampaignDeliveryType != nil {
		dt := *stored.CampaignDeliveryType
		patch.CampaignDeliveryType = &dt
	}
	return patch
}
