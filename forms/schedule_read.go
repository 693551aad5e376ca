package forms

import (
	"strings"
	"time"

	"github.com/campaigns-cli/campaigns/model"
)

// ScheduleTextRead is ScheduleTextAs for a campaign as a service returned it:
// conv is its scheduling_details brought to the request form by the client's
// conversion (ops.RequestForm), read the scheduling_details as returned. The
// read form of a periodic schedule gives only its time of day, which conv
// cannot hold: that reads "weekly at 09:00:00 America/New_York".
func ScheduleTextRead(conv, read *model.Scheduling, local *time.Location, label string) string {
	if conv != nil && conv.StartTime == nil && read != nil && read.ScheduleTime != nil {
		head := "at " + strings.TrimSpace(model.Str(read.ScheduleTime)+" "+model.Str(read.TimeZone))
		if f, ok := read.Frequency.(string); ok && f != "" && conv.PeriodicDetails == nil {
			head = strings.ToLower(f) + " " + head // periodic_details would say it in full
		}
		return scheduleText(conv, local, label, head)
	}
	return ScheduleTextAs(conv, local, label)
}
