package sandbox

import (
	"bytes"
	"strings"

	"github.com/campaigns-cli/campaigns/model"
)

// Response-only scheduling fields (service-reference §1.2): the real GET of
// a published campaign carries, inside scheduling_details, delivery_type
// SCHEDULED (PERIODIC for periodic campaigns), schedule_time (the start
// time; only its time of day for periodic ones), time_zone and, for
// periodic campaigns, frequency. They are worked out on read and never
// stored; a body that echoes them back has them taken out before the engine
// sees it.
const (
	readDeliveryScheduled = "SCHEDULED"
	readDeliveryPeriodic  = "PERIODIC"
)

// withResponseOnlyFields adds the response-only scheduling fields to the
// document of a published campaign.
func withResponseOnlyFields(rec *Record) []byte {
	if rec.Status == model.StatusDraft || !bytes.Contains(rec.Doc, []byte(`"scheduling_details"`)) {
		return rec.Doc
	}
	c, err := model.Decode(rec.Doc)
	if err != nil || c.SchedulingDetails == nil {
		return rec.Doc
	}
	sd := c.SchedulingDetails
	periodic := rec.DeliveryType == model.DeliveryPeriodic
	if st := model.Str(sd.StartTime); st != "" {
		if periodic {
			st = timeOfDay(st)
		}
		sd.ScheduleTime = &st
		tz := model.Str(sd.Timezone)
		if tz == "" {
			tz = "UTC" // an absent timezone reads as UTC (decisions.md row 14)
		}
		sd.TimeZone = &tz
	}
	switch dt := model.Str(sd.DeliveryType); {
	case periodic:
		sd.DeliveryType = ptr(readDeliveryPeriodic)
		if pd := sd.PeriodicDetails; pd != nil && pd.SendingFrequency != nil {
			sd.Frequency = *pd.SendingFrequency
		}
	case dt == model.ScheduleFixedTime || dt == model.ScheduleBTS:
		sd.DeliveryType = ptr(readDeliveryScheduled)
	}
	return model.Encode(c)
}

// timeOfDay is the HH:MM:SS of an ISO 8601 date-time.
func timeOfDay(s string) string {
	_, t, ok := strings.Cut(s, "T")
	if !ok {
		_, t, ok = strings.Cut(s, " ")
	}
	if !ok {
		return s
	}
	if i := strings.IndexAny(t, ".Z+-"); i >= 0 {
		t = t[:i]
	}
	return t
}

// stripResponseOnly takes the response-only scheduling fields out of a
// create or update body, so that a client that sends back what it read is
// accepted: schedule_time, time_zone and frequency go, and a delivery_type
// of SCHEDULED or PERIODIC becomes the stored one (on create, where nothing
// is stored: SEND_IN_BTS when bts_details asks for it, else AT_FIXED_TIME).
func stripResponseOnly(c, stored *model.Campaign) {
	sd := c.SchedulingDetails
	if sd == nil {
		return
	}
	sd.ScheduleTime, sd.TimeZone, sd.Frequency = nil, nil, nil
	dt := model.Str(sd.DeliveryType)
	if dt != readDeliveryScheduled && dt != readDeliveryPeriodic {
		return
	}
	switch {
	case stored != nil && stored.SchedulingDetails != nil:
		sd.DeliveryType = stored.SchedulingDetails.DeliveryType
	case stored != nil:
		sd.DeliveryType = nil
	case sd.BTSDetails != nil && sd.BTSDetails.SendInBTS != nil && *sd.BTSDetails.SendInBTS:
		sd.DeliveryType = ptr(model.ScheduleBTS)
	default:
		sd.DeliveryType = ptr(model.ScheduleFixedTime)
	}
}
