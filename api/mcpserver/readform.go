package mcpserver

import "github.com/campaigns-cli/campaigns/model"

// The service's GET of a published campaign carries response-only
// scheduling fields (service-reference §1.2): delivery_type SCHEDULED or
// PERIODIC instead of the one sent, schedule_time, time_zone, frequency.
// The service takes them out of a body that echoes them back; the local
// engine does not know them, so the stored campaign and the agent's body are
// brought back to the write form before local validation. What is sent to
// the service is the agent's body as given.

// Read-form values of scheduling_details.delivery_type.
const (
	readScheduled = "SCHEDULED"
	readPeriodic  = "PERIODIC"
)

// writeForm returns c without the response-only scheduling fields; a
// read-form delivery_type becomes stored's (when given) or the one the other
// fields point to: SEND_IN_BTS when bts_details asks for it, AT_FIXED_TIME
// when a start time is set, else ASAP. c is not changed.
func writeForm(c, stored *model.Campaign) *model.Campaign {
	if c == nil || c.SchedulingDetails == nil {
		return c
	}
	out := *c
	sd := *c.SchedulingDetails
	out.SchedulingDetails = &sd
	sd.ScheduleTime, sd.TimeZone, sd.Frequency = nil, nil, nil
	if dt := str(sd.DeliveryType); dt != readScheduled && dt != readPeriodic {
		return &out
	}
	switch {
	case stored != nil && stored.SchedulingDetails != nil && stored.SchedulingDetails.DeliveryType != nil:
		sd.DeliveryType = stored.SchedulingDetails.DeliveryType
	case sd.BTSDetails != nil && sd.BTSDetails.SendInBTS != nil && *sd.BTSDetails.SendInBTS:
		sd.DeliveryType = ptr(model.ScheduleBTS)
	case sd.StartTime != nil:
		sd.DeliveryType = ptr(model.ScheduleFixedTime)
	default:
		sd.DeliveryType = ptr(model.ScheduleASAP)
	}
	return &out
}
