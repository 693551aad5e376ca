package ops

import (
	"bytes"
	"slices"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// RequestForm is c as a write carries it and as the local engine checks it:
// scheduling_details in the request form (api.WriteForm, the one
// conversion; the core is its only caller). stored, when known, gives a
// read-form delivery_type its request value. c is not changed.
func RequestForm(c, stored *model.Campaign) *model.Campaign { return api.WriteForm(c, stored) }

// Read is RequestForm with its account: which request form was chosen and
// why, and what the read form does not give (docs/read-form.md).
func Read(c, stored *model.Campaign) (*model.Campaign, api.Reading) { return api.Read(c, stored) }

// Validate is engine.Validate on a campaign as the service or a file gives
// it (read or request form): problems at what the read form does not give
// are left to the service, which holds it.
func Validate(cp *model.Campaign, phase engine.Phase, opts engine.Options) []engine.Problem {
	w, r := Read(cp, nil)
	return r.LeaveToService(engine.Validate(w, phase, opts))
}

// ValidatePatch is engine.ValidatePatch on campaigns as the service returns
// them: both are brought to the request form first. Neither is changed.
func ValidatePatch(stored, patch *model.Campaign, state string, opts engine.Options) engine.PatchResult {
	before, r := Read(stored, nil)
	res := engine.ValidatePatch(before, RequestForm(patch, before), state, opts)
	res.Problems = r.LeaveToService(res.Problems)
	return res
}

// requestBody is what an update of stored sends (docs/read-form.md
// "Writes"): scheduling_details left out when it is the stored schedule as
// read (not changed, not sent); a changed one in the request form, with a
// note saying which and why; channel and campaign_delivery_type of the
// campaign (api.WithIdentity). A changed schedule the read form cannot give
// in full (a periodic one's date) is a problem at start_time: it is never
// made up.
func requestBody(patch, stored *model.Campaign) (body *model.Campaign, notes []string, problems []engine.Problem) {
	body = model.Clone(patch)
	if sd := body.SchedulingDetails; sd != nil {
		if stored.SchedulingDetails != nil && bytes.Equal(model.Encode(&model.Campaign{SchedulingDetails: sd}),
			model.Encode(&model.Campaign{SchedulingDetails: stored.SchedulingDetails})) {
			body.SchedulingDetails = nil
			notes = append(notes, "scheduling_details is the stored schedule as read: not sent")
		} else {
			conv, r := Read(body, stored)
			if slices.Contains(r.Missing, "scheduling_details.start_time") {
				problems = append(problems, engine.Problem{Rule: "read_form", Target: "scheduling_details.start_time",
					Message: "scheduling_details is in the service's read form, which gives only the time of day of a periodic schedule: give start_time (a full date-time) and timezone to change it."})
			}
			if r.ReadForm() {
				notes = append(notes, r.Sentence()+"; it is sent in that form")
			}
			body = conv
		}
	}
	return api.WithIdentity(body, stored), notes, problems
}
