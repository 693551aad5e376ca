package editor

import (
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/model"
)

// A published campaign as GET returns it (delivery_type PERIODIC,
// schedule_time, time_zone, frequency): the editor's live checks show no
// problem for those response-only fields, and its schedule is shown in the
// request form.
func TestPublishedCampaignsReadFormIsNoProblem(t *testing.T) {
	c := fixture(t, "push_periodic.json")
	st, dt, at, tz := model.StatusScheduled, "PERIODIC", "10:00:00", "Asia/Singapore"
	c.Status = &st
	sd := c.SchedulingDetails
	sd.DeliveryType, sd.ScheduleTime, sd.TimeZone, sd.Frequency = &dt, &at, &tz, "WEEKLY"
	m, _ := newTestEditor(t, c, 160, 48)
	for _, it := range m.probs.items {
		if strings.HasPrefix(it.p.Target, "scheduling_details") {
			t.Errorf("problem shown for the read form: %s: %s", it.p.Target, it.p.Message)
		}
	}
	if out := m.View(); strings.Contains(out, `"PERIODIC" is not allowed`) {
		t.Fatalf("the editor refuses the read form:\n%s", out)
	}
	if w := m.d.work.SchedulingDetails; w.ScheduleTime != nil || w.Frequency != nil || *w.DeliveryType != model.ScheduleFixedTime {
		t.Errorf("working copy keeps the read form: %s", model.Encode(&model.Campaign{SchedulingDetails: w}))
	}
}
