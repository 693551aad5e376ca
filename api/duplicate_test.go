package api_test

import (
	"context"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/api/sandbox/sandboxtest"
	"github.com/campaigns-cli/campaigns/model"
)

// A published campaign duplicated over loopback: a new DRAFT named
// "NAME (copy)", by the person duplicating, with its content, audience and
// zone, without the original's identity or the schedule's dates.
func TestDuplicateMakesANewDraft(t *testing.T) {
	e := newEnv(t, sandbox.Config{NoRateLimits: true}, nil)
	ctx := context.Background()
	orig := sandboxtest.Campaign(t, "push_one_time.json")
	orig.RequestID = nil
	res, err := e.client.Create(ctx, orig)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.client.Publish(ctx, res.ID); err != nil {
		t.Fatal(err)
	}
	id, err := e.client.Duplicate(ctx, res.ID, "", "ana@example.com")
	if err != nil {
		t.Fatal(err)
	}
	if id == "" || id == res.ID {
		t.Fatalf("new id %q (original %q)", id, res.ID)
	}
	c, err := e.client.Get(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	was, _ := e.client.Get(ctx, res.ID)
	if got, want := *c.BasicDetails.Name, *was.BasicDetails.Name+" (copy)"; got != want {
		t.Errorf("name %q, want %q", got, want)
	}
	if *c.Status != model.StatusDraft || *c.CreatedBy != "ana@example.com" {
		t.Errorf("status %s, created_by %s", *c.Status, *c.CreatedBy)
	}
	if sd := c.SchedulingDetails; sd == nil || sd.StartTime != nil || sd.ExpiryTime != nil || sd.ScheduleTime != nil {
		t.Errorf("the schedule's dates were copied: %s", model.Encode(sd))
	}
	if sd := c.SchedulingDetails; sd != nil && was.SchedulingDetails.TimeZone != nil && (sd.Timezone == nil || *sd.Timezone != *was.SchedulingDetails.TimeZone) {
		t.Errorf("the zone was not kept: %s", model.Encode(sd))
	}
	for _, n := range []string{"campaign_content", "segmentation_details", "delivery_controls", "utm_params"} {
		if !model.Equal(model.Component(c, n), model.Component(was, n)) {
			t.Errorf("%s differs from the original's", n)
		}
	}
}

// Campaigns the editor could not create are not duplicated, and say why.
func TestDuplicateRefusesWhatTheEditorCannotCreate(t *testing.T) {
	sms := sandboxtest.Campaign(t, "push_one_time.json")
	ch := model.ChannelSMS
	sms.Channel = &ch
	api := sandboxtest.Campaign(t, "push_one_time.json")
	dt := model.DeliveryAPITriggered
	api.CampaignDeliveryType = &dt
	unknown := sandboxtest.Campaign(t, "push_one_time.json")
	unknown.DeliveryControls.Extra.SetUnknown("future_knob", true)
	for _, tc := range []struct {
		name, author, want string
		c                  *model.Campaign
	}{
		{"sms", "ana@example.com", "SMS", sms},
		{"api triggered", "ana@example.com", "API_TRIGGERED", api},
		{"unknown field", "ana@example.com", "delivery_controls.future_knob", unknown},
		{"no author", "", "--author", sandboxtest.Campaign(t, "push_one_time.json")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := apiDuplicateBody(tc.c, tc.author)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one naming %s", err, tc.want)
			}
		})
	}
}

func apiDuplicateBody(c *model.Campaign, author string) (*model.Campaign, error) {
	return api.DuplicateBody(c, "", author)
}
