package api_test

import (
	"context"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/model"
)

func TestRoundTripTestAndPreview(t *testing.T) {
	e := newEnv(t, sandbox.Config{}, nil)
	ctx := context.Background()
	id := e.create(fixture(t, "push_one_time"))

	tr, err := e.client.Test(ctx, api.TestRequest{DraftID: id,
		TestCampaignMeta: &api.TestMeta{Identifier: "USER_ATTRIBUTE_UNIQUE_ID", IdentifierValues: []string{"u-1"}, Platform: "ANDROID"}})
	if err != nil {
		t.Fatalf("test: %v", err)
	}
	if o, ok := tr.Data["ANDROID_default_variation_1"]; !ok || (o.Status != "SENT" && o.Status != "FAILED") {
		t.Errorf("test result %+v", tr)
	}

	content := fixture(t, "push_one_time").CampaignContent
	pr, err := e.client.Preview(ctx, api.PreviewRequest{Channel: "PUSH",
		UserIdentification: &api.UserIdentification{Type: "USER_ATTRIBUTE_UNIQUE_ID", Value: "u-1"},
		EventAttributes:    map[string]string{"sku": "A1"}, CampaignContent: content})
	if err != nil {
		t.Fatalf("preview: %v", err)
	}
	if pr.PersonalizedContent == nil {
		t.Fatal("preview: no content")
	}
	if s := string(model.Encode(pr.PersonalizedContent)); strings.Contains(s, "{{") {
		t.Errorf("preview left expressions unrendered: %s", s)
	}
}
