package mcpserver

import (
	"bytes"
	"slices"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// requestForm brings an update's scheduling_details to the request form: left
// out when it is the stored schedule as read (not changed, not sent),
// converted with a note saying which form and why when changed, refused when
// the read form does not give what the change needs (a periodic start date).
func requestForm(patch, stored *model.Campaign) (*model.Campaign, []string, error) {
	if patch.SchedulingDetails == nil {
		return patch, nil, nil
	}
	if stored.SchedulingDetails != nil && bytes.Equal(model.Encode(&model.Campaign{SchedulingDetails: patch.SchedulingDetails}),
		model.Encode(&model.Campaign{SchedulingDetails: stored.SchedulingDetails})) {
		p := *patch
		p.SchedulingDetails = nil
		return &p, []string{"scheduling_details is the stored schedule as read: not sent"}, nil
	}
	conv, r := api.Read(patch, stored)
	if slices.Contains(r.Missing, "scheduling_details.start_time") {
		return nil, nil, localRefusal("The update was refused by local validation: nothing was sent.", []engine.Problem{{Rule: "read_form",
			Target: "scheduling_details.start_time", Message: "scheduling_details is in the service's read form, which gives only the time of day of a periodic schedule: give start_time (a full date-time) and timezone to change it."}})
	}
	if !r.ReadForm() {
		return patch, nil, nil
	}
	return conv, []string{r.Sentence() + "; it is sent in that form"}, nil
}
