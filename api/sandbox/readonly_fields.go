package sandbox

import (
	"bytes"
	"strings"

	"github.com/campaigns-cli/campaigns/model"
)

// The read form (decisions.md §2 "read form", service-reference §1.2): GET,
// search and meta records of a campaign past DRAFT carry scheduling_details
// as the real service resolves it: delivery_type SCHEDULED (any one-time
// kind) or PERIODIC, schedule_time (the request's start_time; its time of
// day for periodic campaigns), time_zone and, for periodic campaigns,
// frequency; no start_time and no timezone. Other stored scheduling fields
// are returned as stored. Drafts keep the request form. The read form is
// worked out on read and never stored; a body that echoes it back has it
// taken out before the engine sees it.
const (
	readDeliveryScheduled = "SCHEDULED"
	readDeliveryPeriodic  = "PERIODIC"
)

// readForm is the document of rec as the service returns it: known keys
// stored as null (by older versions) left out, and, past DRAFT,
// scheduling_details in the read form.
func readForm(rec *Record) []byte {
	nulls := bytes.Contains(rec.Doc, []byte("null"))
	sched := rec.Status != model.StatusDraft && bytes.Contains(rec.Doc, []byte(`"scheduling_details"`))
	if !nulls && !sched {
		return rec.Doc
	}
	c, err := model.Decode(rec.Doc)
	if err != nil {
		return rec.Doc
	}
	model.ForgetNulls(c)
	if sched && c.SchedulingDetails != nil {
		toReadForm(c.SchedulingDetails, rec.DeliveryType == model.DeliveryPeriodic)
	}
	return model.Encode(c)
}

// toReadForm turns a stored (request-form) scheduling_details into the
// read form.
func toReadForm(sd *model.Scheduling, periodic bool) {
	if st := model.Str(sd.StartTime); st != "" {
		if periodic {
			st = timeOfDay(st)
		}
		sd.ScheduleTime = &st
	}
	if sd.StartTime != nil || sd.Timezone != nil {
		tz := model.Str(sd.Timezone)
		if tz == "" {
			tz = "UTC" // an absent timezone reads as UTC (decisions.md row 14)
		}
		sd.TimeZone = &tz
	}
	switch {
	case periodic:
		sd.DeliveryType = ptr(readDeliveryPeriodic)
		if pd := sd.PeriodicDetails; pd != nil && pd.SendingFrequency != nil {
			sd.Frequency = *pd.SendingFrequency
		}
	case sd.DeliveryType != nil:
		sd.DeliveryType = ptr(readDeliveryScheduled)
	}
	sd.StartTime, sd.Timezone = nil, nil
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

// stripResponseOnly takes the read form out of a create or update body, so
// that a client that sends back what it read is accepted: schedule_time,
// time_zone and frequency go, and a delivery_type of SCHEDULED or PERIODIC
// becomes the stored one (on create, where nothing is stored: SEND_IN_BTS
// when bts_details asks for it, else AT_FIXED_TIME). A read-form
// schedule_time or time_zone sent without its request-form field stands
// for the stored schedule: it must say what the stored one reads as (an
// echo); a different value is refused, since the read form cannot move a
// schedule (start_time and timezone do).
func stripResponseOnly(c, stored *model.Campaign) error {
	sd := c.SchedulingDetails
	if sd == nil {
		return nil
	}
	var was *model.Scheduling
	if stored != nil {
		was = stored.SchedulingDetails
	}
	if err := echoed("schedule_time", "start_time", sd.ScheduleTime, &sd.StartTime, was, storedScheduleTime(stored)); err != nil {
		return err
	}
	if err := echoed("time_zone", "timezone", sd.TimeZone, &sd.Timezone, was, storedTimeZone(was)); err != nil {
		return err
	}
	sd.ScheduleTime, sd.TimeZone, sd.Frequency = nil, nil, nil
	dt := model.Str(sd.DeliveryType)
	if dt != readDeliveryScheduled && dt != readDeliveryPeriodic {
		return nil
	}
	switch {
	case was != nil:
		sd.DeliveryType = was.DeliveryType
	case stored != nil:
		sd.DeliveryType = nil
	case sd.BTSDetails != nil && sd.BTSDetails.SendInBTS != nil && *sd.BTSDetails.SendInBTS:
		sd.DeliveryType = ptr(model.ScheduleBTS)
	default:
		sd.DeliveryType = ptr(model.ScheduleFixedTime)
	}
	return nil
}

// echoed reads a read-form field sent without its request-form field as
// the stored value, when it says what the stored one reads as.
func echoed(readName, writeName string, read *string, write **string, was *model.Scheduling, storedRead string) error {
	if read == nil || *write != nil {
		return nil
	}
	target := "scheduling_details." + readName
	if was == nil || *read != storedRead {
		return errValidation(target, readName+" is what the service returns (read form); it cannot set or move a schedule: send "+writeName+" instead.")
	}
	if readName == "schedule_time" {
		*write = was.StartTime
	} else {
		*write = was.Timezone
	}
	return nil
}

func storedScheduleTime(stored *model.Campaign) string {
	if stored == nil || stored.SchedulingDetails == nil {
		return ""
	}
	st := model.Str(stored.SchedulingDetails.StartTime)
	if model.Str(stored.CampaignDeliveryType) == model.DeliveryPeriodic {
		st = timeOfDay(st)
	}
	return st
}

func storedTimeZone(was *model.Scheduling) string {
	if was == nil {
		return ""
	}
	if tz := model.Str(was.Timezone); tz != "" {
		return tz
	}
	return "UTC"
}
