package uitest

import (
	"fmt"

	"github.com/campaigns-cli/campaigns/model"
)

func sp(s string) *string { return &s }

// FakeRows makes n campaigns for views that need no service.
func FakeRows(n int) []*model.Campaign {
	types := []string{model.DeliveryOneTime, model.DeliveryPeriodic, model.DeliveryEventTriggered}
	var out []*model.Campaign
	for i := range n {
		v := int64(1 + i%3)
		out = append(out, &model.Campaign{
			ID:                   sp(fmt.Sprintf("%024x", i+1)),
			CampaignID:           sp(fmt.Sprintf("%024x", i+1)),
			VersionNumber:        &v,
			Status:               sp(model.Statuses[1+i%6]),
			Channel:              sp([]string{model.ChannelPush, model.ChannelEmail}[i%2]),
			CampaignDeliveryType: sp(types[i%3]),
			UpdatedAt:            sp(fmt.Sprintf("2026-11-%02dT10:%02d:00Z", 1+i%20, i)),
			BasicDetails:         &model.BasicDetails{Name: sp(fmt.Sprintf("Campaign number %d with a long name", i+1))},
		})
	}
	return out
}
