package drafts

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/campaigns-cli/campaigns/model"
)

func TestUnknownFieldsSurvivePatchOfAnotherField(t *testing.T) {
	fx := parallelFixture(t)
	id := fx.create(`{"channel":"PUSH","campaign_delivery_type":"ONE_TIME","created_by":"a@example.com",
	 "x_top":"kept",
	 "basic_details":{"name":"Old","platforms":["ANDROID"],"x_owner":{"team":"growth","since":2024}},
	 "campaign_content":{"content":{"push":{"android":{"template_type":"BASIC",
	   "basic_details":{"title":"Hi","message":"There","x_preview_hint":"short"}}}}}}`)
	w := fx.load(id)
	if w.BasicDetails.Extra.Unknown["x_owner"] == nil {
		t.Fatalf("unknown field not fetched: %s", model.Encode(w.BasicDetails))
	}
	fx.edit(id, setName("New"))
	fx.edit(id, func(c *model.Campaign) {
		a := c.CampaignContent.Content.Flat.Push.Android
		a.BasicDetails.Title = ptr("Hello")
	})
	if err := fx.eng.Flush(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	r := fx.remote(id)
	owner, _ := r.BasicDetails.Extra.Unknown["x_owner"].(map[string]any)
	if nameOf(r) != "New" || owner["team"] != "growth" || owner["since"] != json.Number("2024") {
		t.Errorf("basic_details on the service: %s", model.Encode(r.BasicDetails))
	}
	a := r.CampaignContent.Content.Flat.Push.Android.BasicDetails
	if *a.Title != "Hello" || a.Extra.Unknown["x_preview_hint"] != "short" || r.Extra.Unknown["x_top"] != "kept" {
		t.Errorf("campaign_content on the service: %s", model.Encode(r.CampaignContent))
	}
}

func TestRemoteChangeOfUntouchedComponentIsAdopted(t *testing.T) {
	fx := parallelFixture(t)
	id := fx.loaded()
	theirs := fx.remote(id)
	theirs.UTMParams.UTMCampaign = ptr("from-colleague")
	fx.patchRemote(id, theirs, "utm_params")
	fx.edit(id, setName("mine"))
	if err := fx.eng.Flush(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	w := fx.eng.Working(id)
	if *w.UTMParams.UTMCampaign != "from-colleague" || nameOf(w) != "mine" {
		t.Errorf("working %s", model.Encode(w))
	}
	r := fx.remote(id)
	if *r.UTMParams.UTMCampaign != "from-colleague" || nameOf(r) != "mine" {
		t.Errorf("service %s", model.Encode(r))
	}
	var remote bool
	for _, ev := range drain(fx.eng) {
		remote = remote || (ev.Kind == EventRemoteChange && slices.Equal(ev.Components, []string{"utm_params"}))
	}
	if !remote {
		t.Error("no remote-change event")
	}
}

func TestSubscribeGivesEachReaderItsOwnFeed(t *testing.T) {
	fx := parallelFixture(t)
	a, b := fx.create(draft), fx.create(draft)
	fx.load(a)
	fx.load(b)
	onlyB, cancel := fx.eng.Subscribe(b)
	defer cancel()
	fx.edit(a, setName("for a"))
	fx.edit(b, setName("for b"))
	ev := <-onlyB
	if ev.ID != b || ev.Kind != EventStatus || ev.Status.State != StatePending {
		t.Errorf("subscriber of %s got %+v", b, ev)
	}
	seen := map[string]bool{}
	for _, ev := range drain(fx.eng) { // the main feed has both
		seen[ev.ID] = true
	}
	if !seen[a] || !seen[b] {
		t.Errorf("main feed saw %v", seen)
	}
	cancel()
	if _, open := <-onlyB; open {
		t.Error("feed still open after cancel")
	}
}
