package drafts

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/api/sandbox/sandboxtest"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// publishFixture creates testdata/campaigns/<name>.json on the service and
// publishes it; its start time lies ahead of the fake clock, so it is
// SCHEDULED and its GET carries the response-only scheduling fields.
func (fx *fixture) publishFixture(name string) string {
	fx.t.Helper()
	return fx.publish(sandboxtest.Campaign(fx.t, name+".json"))
}

// publish creates c on the service and publishes it.
func (fx *fixture) publish(c *model.Campaign) string {
	fx.t.Helper()
	c.RequestID = nil
	id := sandboxtest.Create(fx.t, fx.other, c)
	if err := fx.other.Publish(context.Background(), id); err != nil {
		fx.t.Fatal(err)
	}
	return id
}

// A published campaign opened in the engine, its schedule edited: the PATCH
// carries the request form of scheduling_details (start_time and timezone
// from schedule_time and time_zone; no schedule_time, time_zone, frequency;
// delivery_type AT_FIXED_TIME, not SCHEDULED/PERIODIC), the service takes
// it, and the working copy shows nothing of the read form. The read form of
// a periodic schedule gives only its time of day: its start_time is not
// guessed, so a schedule edit stays local, its problem naming start_time,
// until the person gives one.
func TestPublishedScheduleGoesBackInTheRequestForm(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ fixture, readAs, frequency string }{
		{"push_one_time", "SCHEDULED", ""},
		{"push_periodic", "PERIODIC", "WEEKLY"},
		{"email_periodic", "PERIODIC", "MONTHLY"},
	} {
		t.Run(tc.fixture, func(t *testing.T) {
			fx := newFixture(t)
			id := fx.publishFixture(tc.fixture)
			r := fx.remote(id)
			if st := *r.Status; st != model.StatusScheduled {
				t.Fatalf("published as %s", st)
			}
			sd := r.SchedulingDetails
			if *sd.DeliveryType != tc.readAs || sd.ScheduleTime == nil || sd.TimeZone == nil ||
				tc.frequency != "" && sd.Frequency != tc.frequency {
				t.Fatalf("the service's GET has no read form to test with: %s", model.Encode(r))
			}

			w := fx.load(id)
			ws := w.SchedulingDetails
			if ws.ScheduleTime != nil || ws.TimeZone != nil || ws.Frequency != nil || *ws.DeliveryType != model.ScheduleFixedTime {
				t.Errorf("working copy keeps the read form: %s", model.Encode(&model.Campaign{SchedulingDetails: ws}))
			}
			periodic := tc.readAs == "PERIODIC"
			if periodic != (ws.StartTime == nil) || ws.Timezone == nil {
				t.Errorf("loaded start_time %v, timezone %v", ws.StartTime, ws.Timezone)
			}
			for _, phase := range []engine.Phase{engine.PhasePatch, engine.PhasePublish} {
				for _, p := range engine.Validate(w, phase, engine.Options{}) {
					if strings.HasPrefix(p.Target, "scheduling_details") && !(periodic && p.Target == "scheduling_details.start_time") {
						t.Errorf("phase %v: problem on the loaded copy: %s: %s", phase, p.Target, p.Message)
					}
				}
			}
			if st := fx.eng.Status(id); st.State != StateSynced || len(st.Unsynced) > 0 {
				t.Errorf("just loaded, status %+v", st)
			}

			const expiry = "2026-12-30T10:00:00"
			fx.edit(id, func(c *model.Campaign) { c.SchedulingDetails.ExpiryTime = ptr(expiry) })
			if periodic {
				if err := fx.eng.Send(context.Background(), id, false); err == nil || len(fx.f.patchBodies()) != 0 {
					t.Fatalf("a periodic schedule without start_time was sent (send: %v)", err)
				}
				fx.edit(id, func(c *model.Campaign) { c.SchedulingDetails.StartTime = ptr("2026-12-01T09:00:00") })
			}
			if err := fx.eng.Send(context.Background(), id, false); err != nil {
				t.Fatalf("flush: %v", err)
			}
			ps := fx.f.patchBodies()
			if len(ps) != 1 {
				t.Fatalf("%d PATCHes, want 1", len(ps))
			}
			var sent map[string]json.RawMessage
			if err := json.Unmarshal(ps[0]["scheduling_details"], &sent); err != nil {
				t.Fatalf("PATCH without scheduling_details: %v", keys(ps[0]))
			}
			for _, k := range []string{"schedule_time", "time_zone", "frequency"} {
				if _, ok := sent[k]; ok {
					t.Errorf("PATCH sent the response-only %s: %s", k, ps[0]["scheduling_details"])
				}
			}
			if got := string(sent["delivery_type"]); got != `"AT_FIXED_TIME"` {
				t.Errorf("PATCH sent delivery_type %s", got)
			}
			r = fx.remote(id)
			if got := *r.SchedulingDetails.ExpiryTime; got != expiry {
				t.Errorf("service's expiry_time %s, want %s", got, expiry)
			}
			// After the send the base is the re-read copy: still nothing to send.
			st := fx.eng.Status(id)
			if st.State != StateSynced || len(st.Unsynced) > 0 {
				t.Errorf("after the send, status %+v", st)
			}
			if w := fx.eng.Working(id); w.SchedulingDetails.ScheduleTime != nil {
				t.Errorf("the re-read brought schedule_time back into the working copy")
			}
		})
	}
}

// A name edit of a published campaign sends basic_details only; the read
// form of the schedule never goes back.
func TestOtherEditOfPublishedCampaignLeavesScheduleAlone(t *testing.T) {
	fx := parallelFixture(t)
	id := fx.publishFixture("push_periodic")
	fx.load(id)
	fx.edit(id, setName("Weekly, renamed"))
	if err := fx.eng.Send(context.Background(), id, false); err != nil {
		t.Fatalf("flush: %v", err)
	}
	ps := fx.f.patchBodies()
	if len(ps) != 1 {
		t.Fatalf("%d PATCHes, want 1", len(ps))
	}
	if _, ok := ps[0]["scheduling_details"]; ok {
		t.Errorf("a name edit sent scheduling_details: %s", ps[0]["scheduling_details"])
	}
	if got := nameOf(fx.remote(id)); got != "Weekly, renamed" {
		t.Errorf("service's name %q", got)
	}
}
