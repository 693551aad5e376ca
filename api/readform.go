package api

import (
	"strings"
	"time"

	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// The read form (decisions.md §2 "read form", service-reference §1.2): GET,
// search and meta records of a campaign past DRAFT carry scheduling_details
// as the service resolved it: delivery_type SCHEDULED (any one-time kind) or
// PERIODIC, schedule_time (the request's start_time; only its time of day
// for periodic campaigns), time_zone, frequency (periodic), and neither
// start_time nor timezone. The local engine knows only the request form, so
// every reader brings a record to it here, in one place (WriteForm, Read),
// through the core (api/ops), its only caller.
// How the two forms meet on a write is ruled in docs/read-form.md.

// Read-form values of scheduling_details.delivery_type.
const (
	ReadDeliveryScheduled = "SCHEDULED"
	ReadDeliveryPeriodic  = "PERIODIC"
)

// Reading says how a scheduling_details in the read form was brought to the
// request form: which delivery_type, why, and which request-form fields the
// read form does not carry (their targets), so that nothing is guessed
// silently. The zero Reading means scheduling_details was in the request
// form already (or absent).
type Reading struct {
	// DeliveryType is the request form's delivery_type chosen.
	DeliveryType string
	// Why names what chose it.
	Why string
	// Missing holds the targets of request-form fields the read form does
	// not give (the date of a periodic schedule, periodic_details the
	// service did not return); local checks leave them to the service.
	Missing []string
}

// ReadForm reports whether Read converted anything.
func (r Reading) ReadForm() bool { return r.DeliveryType != "" || r.Why != "" }

// Sentence says what the conversion chose, for a person: "sent as
// AT_FIXED_TIME: the read form says SCHEDULED with a schedule_time, and no
// bts_details or user_timezone_details asks for another kind".
func (r Reading) Sentence() string {
	if !r.ReadForm() {
		return ""
	}
	s := "scheduling_details is in the service's read form; its request form is delivery_type " + r.DeliveryType + " (" + r.Why + ")"
	if len(r.Missing) > 0 {
		s += "; the read form does not give " + strings.Join(r.Missing, ", ") + ", which the service keeps"
	}
	return s
}

// WriteForm returns c with scheduling_details in the request form (see
// Read); c is not changed, its unknown fields are kept.
func WriteForm(c, stored *model.Campaign) *model.Campaign {
	out, _ := Read(c, stored)
	return out
}

// Read returns c with scheduling_details in the request form, and how it got
// there. stored, when given, is the same campaign in the request form (a
// draft's base, a previous conversion): what it says wins over inference.
// Otherwise:
//   - start_time is schedule_time when that is a full date-time; the bare
//     time of day of a periodic schedule gives none (Missing);
//   - timezone is time_zone;
//   - delivery_type: PERIODIC → AT_FIXED_TIME (a periodic campaign is sent
//     at a fixed time); SCHEDULED → SEND_IN_BTS when bts_details.send_in_bts
//     is true, SEND_IN_USER_TIMEZONE when
//     user_timezone_details.send_in_user_timezone is true, else
//     AT_FIXED_TIME when there is a schedule_time, else ASAP.
//
// The read-form fields (schedule_time, time_zone, frequency) are dropped.
func Read(c, stored *model.Campaign) (*model.Campaign, Reading) {
	if c == nil || c.SchedulingDetails == nil || !readForm(c.SchedulingDetails) {
		return c, Reading{}
	}
	out := *c
	sd := *c.SchedulingDetails
	out.SchedulingDetails = &sd
	// A stored copy in the read form is converted first: its reasons are
	// the reasons of what is inherited from it.
	var was *model.Scheduling
	var sr Reading
	if stored != nil && stored.SchedulingDetails != nil {
		stored, sr = Read(stored, nil)
		was = stored.SchedulingDetails
	}
	var r Reading
	periodic := model.Str(sd.DeliveryType) == ReadDeliveryPeriodic || model.Str(c.CampaignDeliveryType) == model.DeliveryPeriodic
	if sd.StartTime == nil && sd.ScheduleTime != nil {
		switch st := *sd.ScheduleTime; {
		case was != nil && was.StartTime != nil && (*was.StartTime == st || periodic && timeOfDay(*was.StartTime) == st):
			sd.StartTime = was.StartTime
		case fullDateTime(st):
			sd.StartTime = &st
		default:
			r.Missing = append(r.Missing, "scheduling_details.start_time")
		}
	}
	if sd.Timezone == nil && sd.TimeZone != nil {
		sd.Timezone = sd.TimeZone
		if was != nil && was.Timezone == nil && *sd.TimeZone == "UTC" {
			sd.Timezone = nil // the stored schedule had none: UTC
		}
	}
	if periodic && sd.PeriodicDetails == nil {
		r.Missing = append(r.Missing, "scheduling_details.periodic_details")
	}
	dt := model.Str(sd.DeliveryType)
	switch {
	case dt != ReadDeliveryScheduled && dt != ReadDeliveryPeriodic:
		r.DeliveryType, r.Why = dt, "as read"
	case was != nil && was.DeliveryType != nil && sr.ReadForm():
		r.DeliveryType, r.Why = *was.DeliveryType, sr.Why
	case was != nil && was.DeliveryType != nil:
		r.DeliveryType, r.Why = *was.DeliveryType, "as stored before"
	case dt == ReadDeliveryPeriodic:
		r.DeliveryType, r.Why = model.ScheduleFixedTime, "PERIODIC campaigns are sent AT_FIXED_TIME"
	case sd.BTSDetails != nil && sd.BTSDetails.SendInBTS != nil && *sd.BTSDetails.SendInBTS:
		r.DeliveryType, r.Why = model.ScheduleBTS, "SCHEDULED with bts_details.send_in_bts true"
	case sd.UserTimezoneDetails != nil && sd.UserTimezoneDetails.SendInUserTimezone != nil && *sd.UserTimezoneDetails.SendInUserTimezone:
		r.DeliveryType, r.Why = model.ScheduleUserTimezone, "SCHEDULED with user_timezone_details.send_in_user_timezone true"
	case sd.ScheduleTime != nil:
		r.DeliveryType, r.Why = model.ScheduleFixedTime, "SCHEDULED at a schedule_time, with no bts_details or user_timezone_details asking for another kind"
	default:
		r.DeliveryType, r.Why = model.ScheduleASAP, "SCHEDULED with no schedule_time"
	}
	if r.DeliveryType != "" {
		sd.DeliveryType = &r.DeliveryType
	}
	sd.ScheduleTime, sd.TimeZone, sd.Frequency = nil, nil, nil
	return &out, r
}

// readForm reports whether sd carries any read-form field.
func readForm(sd *model.Scheduling) bool {
	dt := model.Str(sd.DeliveryType)
	return sd.ScheduleTime != nil || sd.TimeZone != nil || sd.Frequency != nil ||
		dt == ReadDeliveryScheduled || dt == ReadDeliveryPeriodic
}

// fullDateTime reports whether s is a date-time (not a bare time of day).
func fullDateTime(s string) bool {
	_, ok := engine.ParseDateTime(s, time.UTC)
	return ok
}

// timeOfDay is the HH:MM:SS of an ISO 8601 date-time, as the read form
// gives a periodic schedule.
func timeOfDay(s string) string {
	_, t, ok := strings.Cut(s, "T")
	if !ok {
		return s
	}
	if i := strings.IndexAny(t, ".Z+-"); i >= 0 {
		t = t[:i]
	}
	return t
}

// LeaveToService drops the problems at fields the read form does not give
// (Missing): the service holds them, and a write that does not change
// scheduling does not send them.
func (r Reading) LeaveToService(ps []engine.Problem) []engine.Problem {
	if len(r.Missing) == 0 {
		return ps
	}
	out := ps[:0:0]
	for _, p := range ps {
		left := false
		for _, m := range r.Missing {
			if p.Target == m || strings.HasPrefix(p.Target, m+".") || strings.HasPrefix(p.Target, m+"[") {
				left = true
			}
		}
		if !left {
			out = append(out, p)
		}
	}
	return out
}
