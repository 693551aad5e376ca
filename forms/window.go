package forms

import (
	"cmp"
	"strings"
	"time"

	"github.com/campaigns-cli/campaigns/model"
)

// The read form's delivery_type values (decisions §2 "read form").
const (
	readScheduled = "SCHEDULED"
	readPeriodic  = "PERIODIC"
)

// Window is when a campaign may send, read from either form of
// scheduling_details: the request form (start_time, timezone) a draft
// keeps, or the read form (schedule_time, time_zone) the service returns
// past DRAFT.
type Window struct {
	Delivery      string // delivery_type as stored
	Start, Expiry string // wire times, "" when absent
	Zone          string // IANA name; "" reads as UTC
}

// WindowOf reads s (nil: an empty window).
func WindowOf(s *model.Scheduling) Window {
	if s == nil {
		return Window{}
	}
	return Window{
		Delivery: model.Str(s.DeliveryType),
		Start:    cmp.Or(model.Str(s.StartTime), model.Str(s.ScheduleTime)),
		Expiry:   model.Str(s.ExpiryTime),
		Zone:     cmp.Or(model.Str(s.Timezone), model.Str(s.TimeZone)),
	}
}

// location is the window's zone; an absent zone is UTC (the spec), an
// unknown one nil.
func (w Window) location() *time.Location {
	if w.Zone == "" {
		return time.UTC
	}
	loc, err := time.LoadLocation(w.Zone)
	if err != nil {
		return nil
	}
	return loc
}

// Time reads a wire time of this window as an instant (false when it is
// absent or not a full date-time, as a periodic read form's "09:00:00").
func (w Window) Time(v string) (time.Time, bool) {
	loc := w.location()
	if v == "" || loc == nil {
		return time.Time{}, false
	}
	for _, layout := range []string{wireTime, time.RFC3339, "2006-01-02T15:04:05.000"} {
		if t, err := time.ParseInLocation(layout, strings.TrimSuffix(v, "Z"), loc); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// At words a wire time of this window in its zone and, when local is given
// and differs, in local's: "Mon 1 Mar 2027 09:00 Europe/Madrid (08:00 your
// time, CET)". What it cannot read it returns as sent ("" for "").
func (w Window) At(v string, local *time.Location, label string) string {
	t, ok := w.Time(v)
	if !ok {
		return v
	}
	zone := cmp.Or(w.Zone, "UTC")
	out := t.Format("Mon 2 Jan 2006 15:04") + " " + zone
	lt := t
	if local != nil {
		lt = t.In(local)
	}
	// The reader's time only where it differs (UTC read in UTC says it once).
	if local != nil && offsetOf(lt) != offsetOf(t) {
		f := "15:04"
		if lt.YearDay() != t.YearDay() {
			f = "Mon 2 Jan 15:04"
		}
		// time.Local is named "Local", which says nothing: its
		// abbreviation for that day does ("CET", "UTC").
		name := local.String()
		if name == "Local" || name == "" {
			name = lt.Format("MST")
		}
		out += " (" + lt.Format(f) + " " + cmp.Or(label, "your time") + ", " + name + ")"
	}
	return out
}

func offsetOf(t time.Time) int { _, off := t.Zone(); return off }

// stampLayouts are the forms the service writes its own times in
// (created_at, updated_at): with a space or a T, with or without an offset
// and fractions of a second.
var stampLayouts = []string{time.RFC3339Nano, "2006-01-02 15:04:05.999999999", "2006-01-02T15:04:05.999999999", "2006-01-02 15:04:05Z07:00"}

// Stamp words a service timestamp to the minute in UTC ("2026-11-25 17:02
// UTC"); what it cannot read it returns as sent.
func Stamp(s string) string {
	for _, l := range stampLayouts {
		if t, err := time.Parse(l, strings.TrimSpace(s)); err == nil {
			return t.UTC().Format("2006-01-02 15:04 UTC")
		}
	}
	return s
}
