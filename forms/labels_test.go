package forms

import (
	"testing"

	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

func TestLabelNamesTheFormRow(t *testing.T) {
	cases := []struct{ target, want string }{
		{"basic_details.platform_specific_details.ios", "iOS audience"},
		{"delivery_controls.queue_duration", "Queue duration (hours)"},
		{"delivery_controls.bypass_dnd", "Bypass do-not-disturb"},
		{"basic_details.platforms", "Platforms"},
		{"campaign_content.content.push.android.basic_details.title", "Android title"},
		{"campaign_content.content.es.variation_2.push.ios.basic_details.message", "iOS message (es, variation 2)"},
		{"campaign_content.content.default.variation_1.push.android.basic_details.carousel_content.slide_data[1].image_url", "Android slide 2 image URL"},
		{"conversion_goal_details.goals[0].goal_event_name", "Goal 1 event"},
		{"segmentation_details.included_filters.filters[1].name", "Audience filter 2 attribute"},
		{"trigger_condition.included_filters.filters[0].action_name", "Trigger filter 1 action"},
		{"campaign_content.variation_details.manual_distribution_percentage.variation_2", "Share of variation 2 (%)"},
		{"campaign_content.content.default.variation_1.email.html_content", "HTML"},
		{"scheduling_details.timezone", "Time zone"},
		{"utm_params.promo", "Custom parameters"},
	}
	for _, tc := range cases {
		if got := Label(tc.target); got != tc.want {
			t.Errorf("Label(%s) = %q, want %q", tc.target, got, tc.want)
		}
	}
}

func TestDescribeReadsPlain(t *testing.T) {
	cases := []struct {
		p    engine.Problem
		want string
	}{
		{engine.NewProblem(engine.RulePublishPlatforms, "basic_details.platforms", "`basic_details.platforms` is required `#publish`: name the platforms (ANDROID, IOS, WEB) the campaign goes to."),
			"Platforms: choose at least one of ANDROID, IOS and WEB before publishing."},
		{engine.NewProblem(engine.RuleDeliveryQueueDuration, "delivery_controls.queue_duration", "`queue_duration` must be 1 to 48 hours when `queuing_enabled` is true, not 100."),
			"Queue duration (hours) must be 1 to 48 hours when queue blocked messages is true, not 100."},
		{engine.NewProblem(engine.RulePushIOSAudienceFlags, "basic_details.platform_specific_details.ios", "exactly one of `send_to_all_eligible_device`, `exclude_provisional_push_devices` and `send_to_only_provisional_push_enabled_devices` must be true; none is."),
			"iOS audience: choose one of All eligible devices, Exclude provisional or Only provisional."},
		{engine.NewProblem(engine.RuleGeofenceRadius, "basic_details.geofences.radius", "`radius` must be a positive number of metres`#string` like \"500\"."),
			`Radius (m) must be a positive number of metres, like "500".`},
		// A problem the service gave, not the engine, keeps its words.
		{engine.Problem{Rule: "VALIDATION_FAILED", Target: "delivery_controls.queue_duration", Message: "queue_duration out of range."},
			"Queue duration (hours) out of range."},
	}
	for _, tc := range cases {
		if got := Describe(tc.p).Text; got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.p.Rule, got, tc.want)
		}
	}
}

// A missing email body belongs beside the HTML row, not the
// first row of the email (Sender name).
func TestMissingEmailBodyLocatesHTML(t *testing.T) {
	c := campaign(model.ChannelEmail, model.DeliveryOneTime)
	_ = Set(c, "campaign_content.content.email.sender_name", "Shop")
	x := NewCtx(c, Selection{}, false)
	var body engine.Problem
	for _, p := range engine.Validate(c, engine.PhasePublish, engine.Options{}) {
		if p.Rule == "email.html_or_template" {
			body = p
		}
	}
	if body.Rule == "" {
		t.Fatal("the engine reports no missing body")
	}
	s, row, ok := Locate(x, FieldTarget(body))
	if !ok || s != StepContent {
		t.Fatalf("located at %v %v", s, ok)
	}
	if got := Fields(s, x)[row]; got.Label != "HTML" {
		t.Fatalf("missing body located at %q, want the HTML row", got.Label)
	}
	if d := Describe(body); d.Text != "Email body is missing: write the HTML or choose a saved template." {
		t.Fatalf("text %q", d.Text)
	}
}

// Image and link addresses must be web addresses.
func TestCheckURLsRefusesOtherSchemes(t *testing.T) {
	base := "campaign_content.content.push.android.basic_details."
	cases := []struct {
		url string
		bad bool
	}{
		{"https://cdn.example.com/a.png", false},
		{"http://cdn.example.com/a.png", false},
		{"{{UserAttribute['Avatar']}}", false},
		{"htp://cdn.example.com/a.png", true},
		{"javascript:alert(1)", true},
		{"cdn.example.com/a.png", true},
		{"https://", true},
	}
	for _, tc := range cases {
		c := campaign(model.ChannelPush, model.DeliveryOneTime)
		_ = Set(c, base+"image_url", tc.url)
		ps := CheckURLs(c)
		if got := len(ps) == 1; got != tc.bad {
			t.Errorf("%q: problems %v", tc.url, ps)
			continue
		}
		if tc.bad {
			if ps[0].Target != base+"image_url" {
				t.Errorf("%q: target %s", tc.url, ps[0].Target)
			}
			if d := Describe(ps[0]).Text; d != "Android image URL must be a web address starting with https:// or http://, like https://cdn.example.com/image.png." {
				t.Errorf("%q: %s", tc.url, d)
			}
		}
	}
	// Slides and keyed content are checked too.
	c := campaign(model.ChannelPush, model.DeliveryOneTime)
	_ = Set(c, "campaign_content.locales", []string{"es"})
	_ = Set(c, "campaign_content.content.es.variation_1.push.ios.basic_details.carousel_content.slide_data[0].image_url", "javascript:x")
	if ps := CheckURLs(c); len(ps) != 1 || ps[0].Target != "campaign_content.content.es.variation_1.push.ios.basic_details.carousel_content.slide_data[0].image_url" {
		t.Fatalf("slide: %v", ps)
	}
}
