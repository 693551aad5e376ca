package api

import (
	"github.com/campaigns-cli/campaigns/model"
)

// The service's GET of a published campaign carries response-only
// scheduling fields (service-reference §1.2): delivery_type SCHEDULED (or
// PERIODIC for periodic campaigns) instead of the one sent, schedule_time,
// time_zone and frequency. The service takes them out of a body that echoes
// them back; the local engine knows only the request form, so whatever is
// checked locally (apply's plans, the MCP tools) is first brought back to
// that form with WriteForm. What is sent stays the caller's own body.

// Read-form values of scheduling_details.delivery_type.
const (
	ReadDeliveryScheduled = "SCHEDULED"
	ReadDeliveryPeriodic  = "PERIODIC"
)

// WriteForm returns c without the response-only scheduling fields. A
// read-form delivery_type becomes stored's (when stored has one), else what
// the service itself reads it as: SEND_IN_BTS when bts_details asks for it,
// else AT_FIXED_TIME (a SCHEDULED or PERIODIC campaign is sent at a fixed
// time). c is not changed; its unknown fields are kept.
func WriteForm(c, stored *model.Campaign) *model.Campaign {
	if c == nil || c.SchedulingDetails == nil {
		return c
	}
	out := *c
	sd := *c.SchedulingDetails
	out.SchedulingDetails = &sd
	sd.ScheduleTime, sd.TimeZone, sd.Frequency = nil, nil, nil
	if dt := sd.DeliveryType; dt == nil || (*dt != ReadDeliveryScheduled && *dt != ReadDeliveryPeriodic) {
		return &out
	}
	var dt string
	switch {
	case stored != nil && stored.SchedulingDetails != nil && stored.SchedulingDetails.DeliveryType != nil:
		dt = *stored.SchedulingDetails.DeliveryType
	case sd.BTSDetails != nil && sd.BTSDetails.SendInBTS != nil && *sd.BTSDetails.SendInBTS:
		dt = model.ScheduleBTS
	default:
		dt = model.ScheduleFixedTime
	}
	sd.DeliveryType = &dt
	return &out
}
