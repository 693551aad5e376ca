package ops

import (
	"testing"

	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// A patch that sends back a published campaign's schedule as GET showed it
// is not an edit of the locked delivery type (the service reads it back).
func TestValidatePatchReadsTheResponseForm(t *testing.T) {
	sched := `"scheduling_details":{"delivery_type":"PERIODIC","start_time":"2027-01-01T09:00:00","timezone":"UTC","schedule_time":"09:00:00","time_zone":"UTC","frequency":"DAILY"}`
	stored := decode(t, `{"status":"ACTIVE","channel":"PUSH","campaign_delivery_type":"PERIODIC",`+sched+`}`)
	fixed := model.ScheduleFixedTime
	stored.SchedulingDetails.DeliveryType = &fixed // as stored, before GET's read form
	storedRead := decode(t, `{"status":"ACTIVE","channel":"PUSH","campaign_delivery_type":"PERIODIC",`+sched+`}`)
	patch := decode(t, `{`+sched+`}`)
	locked := func(ps []engine.Problem) bool {
		for _, p := range ps {
			if p.Target == "scheduling_details.delivery_type" {
				return true
			}
		}
		return false
	}
	if raw := engine.ValidatePatch(stored, patch, model.StatusActive, engine.Options{}); !locked(raw.Problems) {
		t.Fatalf("the engine alone accepts delivery_type PERIODIC on an ACTIVE campaign; this test proves nothing: %+v", raw)
	}
	if res := ValidatePatch(storedRead, patch, model.StatusActive, engine.Options{}); locked(res.Problems) || res.Refusal != nil {
		t.Errorf("the echoed schedule counts as an edit: %+v %+v", res.Problems, res.Refusal)
	}
}
