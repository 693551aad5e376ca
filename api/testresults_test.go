package api_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/api/sandbox/sandboxtest"
)

func TestResultsFromTheSandboxOutbox(t *testing.T) {
	cl := sandboxtest.Start(t, sandbox.Config{NoRateLimits: true, Now: sandboxtest.At(time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC))})
	ctx := context.Background()
	created, err := cl.Create(ctx, sandboxtest.TestdataCampaign(t, "fixtures/marketer-push.json"))
	if err != nil {
		t.Fatal(err)
	}
	// An earlier test's messages are not this one's.
	if _, err := cl.Test(ctx, api.TestRequest{DraftID: created.ID, TestCampaignMeta: &api.TestMeta{Identifier: "USER_ATTRIBUTE_UNIQUE_ID", IdentifierValues: []string{"user-002"}, LocaleName: "default", Variation: "variation_1"}}); err != nil {
		t.Fatal(err)
	}
	after, err := api.LatestOutbox(ctx, cl)
	if err != nil || after == 0 {
		t.Fatalf("latest %d %v", after, err)
	}
	res, err := cl.Test(ctx, api.TestRequest{DraftID: created.ID, TestCampaignMeta: &api.TestMeta{
		Identifier: "USER_ATTRIBUTE_UNIQUE_ID", IdentifierValues: []string{"user-001"}, LocaleName: "es", Variation: "variation_1"}})
	if err != nil {
		t.Fatal(err)
	}
	got, err := api.SentTests(ctx, cl, after, created.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(res.Data) || len(got) != 2 {
		t.Fatalf("%d results for %d outcomes: %+v", len(got), len(res.Data), got)
	}
	for _, r := range got {
		if r.Recipient != "user-001" || r.Locale != "es" || r.Variation != "variation_1" || r.Status != "SENT" || !r.Rendered {
			t.Errorf("result %+v", r)
		}
		// Rendered for Ana: her first name in the title.
		if r.Title != "¿Lo sigues pensando, Ana?" || r.Body != "El artículo que viste casi se agota." || r.Click != "shop://viewed" {
			t.Errorf("%s rendered %q / %q / %q", r.Platform, r.Title, r.Body, r.Click)
		}
	}
}

func TestFromTestResultOfARealService(t *testing.T) {
	got := api.SentFromTestResult(api.TestResult{Data: map[string]api.TestOutcome{
		"IOS_pt-BR_variation_2":     {Status: "FAILED", FailureReason: "no token"},
		"EMAIL_default_variation_1": {Status: "SENT"},
	}}, []string{"a@example.com"})
	if len(got) != 2 {
		t.Fatal(got)
	}
	if r := got[0]; r.Platform != "EMAIL" || r.Locale != "default" || r.Variation != "variation_1" || r.Rendered {
		t.Errorf("%+v", r)
	}
	if r := got[1]; r.Platform != "IOS" || r.Locale != "pt-BR" || r.Variation != "variation_2" || r.Reason != "no token" {
		t.Errorf("%+v", r)
	}
}

func TestHTMLText(t *testing.T) {
	got := api.HTMLText("<html><style>p{}</style><p>Hello&nbsp;<b>Ana</b>,</p>\n<p>see &amp; buy</p></html>")
	if got != "Hello Ana , see & buy" {
		t.Fatalf("%q", got)
	}
	if strings.Contains(api.HTMLText("<script>alert(1)</script>x"), "alert") {
		t.Fatal("script text kept")
	}
}
