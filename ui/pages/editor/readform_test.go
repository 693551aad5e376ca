package editor

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/api/refserver"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
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

// referenceRecord is the data of one of the real service's GET examples
// (testdata/reference, copied verbatim from the reference OpenAPI).
func referenceRecord(t *testing.T, name string) *model.Campaign {
	t.Helper()
	var env struct{ Data json.RawMessage }
	if err := json.Unmarshal(refserver.Example(t, name), &env); err != nil {
		t.Fatal(err)
	}
	c, err := model.Decode(env.Data)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// The reference's own scheduled Push example, in the read form only
// (delivery_type SCHEDULED, schedule_time, time_zone; no start_time): the
// editor's view and its Review step say when it sends, and no problem asks
// for start_time or timezone.
func TestReferenceReadFormReadsAsATime(t *testing.T) {
	c := referenceRecord(t, "get_scheduled_push_campaign")
	m, _ := newTestEditor(t, c, 160, 48)
	for _, it := range m.probs.items {
		if strings.HasPrefix(it.p.Target, "scheduling_details") {
			t.Errorf("problem shown for the read form: %s: %s", it.p.Target, it.p.Message)
		}
	}
	m.Update(uitest.Key("5")) // Schedule
	if out := ansiStrip(m.View()); !strings.Contains(out, "2024-11-28T12:00:00") || !strings.Contains(out, "UTC") {
		t.Errorf("the Schedule step lacks the start time:\n%s", out)
	}
	const when = "from Thu 28 Nov 2024 12:00 UTC"
	m.Update(uitest.Key("8")) // Review
	if out := ansiStrip(m.View()); !strings.Contains(out, "Review") || !strings.Contains(out, when) {
		t.Errorf("Review lacks %q:\n%s", when, out)
	}
}
