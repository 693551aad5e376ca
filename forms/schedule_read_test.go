package forms

import (
	"testing"

	"github.com/campaigns-cli/campaigns/model"
)

// ScheduleTextRead words a schedule whichever form it came in: the request
// form as ScheduleTextAs does, a periodic read form (its time of day only)
// by that time, with the periodic details and expiry that are there.
func TestScheduleTextRead(t *testing.T) {
	dec := func(s string) *model.Scheduling {
		c, err := model.Decode([]byte(`{"scheduling_details":` + s + `}`))
		if err != nil {
			t.Fatal(err)
		}
		return c.SchedulingDetails
	}
	for _, tc := range []struct{ conv, read, want string }{
		{`{"delivery_type":"AT_FIXED_TIME","start_time":"2024-11-28T12:00:00","timezone":"UTC"}`,
			`{"delivery_type":"SCHEDULED","schedule_time":"2024-11-28T12:00:00","time_zone":"UTC"}`,
			"from Thu 28 Nov 2024 12:00 UTC"},
		{`{"delivery_type":"AT_FIXED_TIME","timezone":"America/New_York"}`,
			`{"delivery_type":"PERIODIC","frequency":"WEEKLY","schedule_time":"09:00:00","time_zone":"America/New_York"}`,
			"weekly at 09:00:00 America/New_York"},
		{`{"delivery_type":"AT_FIXED_TIME","timezone":"Asia/Singapore","expiry_time":"2027-04-21T01:01:00","periodic_details":{"sending_frequency":"WEEKLY","repeat_on_days_of_week":["MONDAY"]}}`,
			`{"delivery_type":"PERIODIC","frequency":"WEEKLY","schedule_time":"01:01:00","time_zone":"Asia/Singapore"}`,
			"at 01:01:00 Asia/Singapore, every week on Monday, until Wed 21 Apr 2027 01:01 Asia/Singapore"},
	} {
		if got := ScheduleTextRead(dec(tc.conv), dec(tc.read), nil, ""); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}
