package forms

import (
	"slices"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/model"
)

func campaign(channel, delivery string) *model.Campaign {
	return &model.Campaign{Channel: &channel, CampaignDeliveryType: &delivery}
}

func paths(fs []Field) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Path)
	}
	return out
}

func TestSetGetThroughFlatAndKeyedContent(t *testing.T) {
	c := campaign(model.ChannelPush, model.DeliveryOneTime)
	if err := Set(c, "campaign_content.content.push.android.basic_details.title", "Hi"); err != nil {
		t.Fatal(err)
	}
	if got := *c.CampaignContent.Content.Flat.Push.Android.BasicDetails.Title; got != "Hi" {
		t.Fatalf("flat title = %q", got)
	}
	if err := Set(c, "campaign_content.content.fr.variation_2.push.ios.buttons[1].button_category", "cat"); err != nil {
		t.Fatal(err)
	}
	b := c.CampaignContent.Content.Keyed["fr"]["variation_2"].Push.IOS.Buttons
	if len(b) != 2 || *b[1].ButtonCategory != "cat" || b[0].ButtonCategory != nil {
		t.Fatalf("buttons = %+v", b)
	}
	if got := Get(c, "campaign_content.content.fr.variation_2.push.ios.buttons[1].button_category"); got != "cat" {
		t.Fatalf("get = %v", got)
	}
	if Get(c, "campaign_content.content.de.variation_1.push") != nil {
		t.Fatal("missing cell reads as a value")
	}
	if err := Set(c, "basic_details.nope", "x"); err == nil || !strings.Contains(err.Error(), "nope") {
		t.Fatalf("unknown field error = %v", err)
	}
}

func TestSetFixesWrongTypedValueAndKeepsUnknown(t *testing.T) {
	c, err := model.Decode([]byte(`{"channel":"PUSH","delivery_controls":{"queue_duration":"ten","x_custom":1}}`))
	if err != nil {
		t.Fatal(err)
	}
	f := Field{Path: "delivery_controls.queue_duration", Kind: Int}
	if got := f.Format(c); got != "ten" {
		t.Fatalf("wrong-typed value shows as %q, want the text as sent", got)
	}
	if err := f.Apply(c, "12"); err != nil {
		t.Fatal(err)
	}
	out := string(model.Encode(c))
	if !strings.Contains(out, `"queue_duration":12`) || strings.Contains(out, "ten") || !strings.Contains(out, `"x_custom":1`) {
		t.Fatalf("encoded %s", out)
	}
	// Text that is not a number is kept, wrong-typed, not dropped.
	if err := f.Apply(c, "12a"); err != nil {
		t.Fatal(err)
	}
	if got := f.Format(c); got != "12a" {
		t.Fatalf("typed text lost: %q", got)
	}
	if !strings.Contains(string(model.Encode(c)), `"queue_duration":"12a"`) {
		t.Fatalf("encoded %s", model.Encode(c))
	}
}

func TestKindsParse(t *testing.T) {
	c := campaign(model.ChannelPush, model.DeliveryPeriodic)
	cases := []struct {
		f    Field
		in   string
		want string
	}{
		{Field{Path: "basic_details.tags", Kind: List}, " a, b ,,c", `"tags":["a","b","c"]`},
		{Field{Path: "scheduling_details.periodic_details.repeat_on_date_of_month", Kind: IntList}, "1, 15", `"repeat_on_date_of_month":[1,15]`},
		{Field{Path: "delivery_controls.bypass_dnd", Kind: Bool}, "yes", `"bypass_dnd":true`},
		{Field{Path: "segmentation_details.included_filters.filters[0].value", Kind: Value}, `["a","b"]`, `"value":["a","b"]`},
		{Field{Path: "segmentation_details.included_filters.filters[1].value", Kind: Value}, `Paris`, `"value":"Paris"`},
		{Field{Path: "segmentation_details.included_filters.filters[2].value", Kind: Value}, `42`, `"value":42`},
		{Field{Path: "advanced.platform_level_priority.ios_specific_priority.relevance_score", Kind: Enum}, "0.5", `"relevance_score":0.5`},
		{Field{Path: "campaign_content.content.push.android.basic_details.key_value_pairs", Kind: Pairs}, "a=1, b=2", `"key_value_pairs":[{"key":"a","value":"1"},{"key":"b","value":"2"}]`},
	}
	for _, tc := range cases {
		if err := tc.f.Apply(c, tc.in); err != nil {
			t.Fatalf("%s: %v", tc.f.Path, err)
		}
		if out := string(model.Encode(c)); !strings.Contains(out, tc.want) {
			t.Errorf("%s = %q: encoded %s, want %s", tc.f.Path, tc.in, out, tc.want)
		}
	}
	f := Field{Path: "basic_details.tags", Kind: List}
	if err := f.Apply(c, ""); err != nil || c.BasicDetails.Tags != nil {
		t.Fatalf("emptied list still sent: %v", c.BasicDetails.Tags)
	}
}

func TestEveryFieldPathWalks(t *testing.T) {
	// Every row of every step, for every channel and delivery type, must
	// address a real field of the model.
	for _, ch := range []string{model.ChannelPush, model.ChannelEmail} {
		for _, dt := range model.CreateDeliveryTypes(ch) {
			c := fullCampaign(t, ch, dt)
			for _, pl := range Platforms(c) {
				sel := Selection{Locale: "fr", Variation: "variation_2", Platform: pl}
				for s, fs := range All(NewCtx(c, sel, true)) {
					for _, f := range fs {
						if !f.Editable() || strings.HasPrefix(f.Path, "@") || strings.Contains(f.Path, "@") || f.get != nil {
							continue
						}
						if _, _, _, err := walk(model.Clone(c), f.Path, true); err != nil {
							t.Errorf("%s %s %s: %v", ch, dt, s, err)
						}
					}
				}
			}
		}
	}
}

// fullCampaign has two locales, two variations, every platform and the
// switches that reveal optional rows.
func fullCampaign(t testing.TB, ch, dt string) *model.Campaign {
	t.Helper()
	c := campaign(ch, dt)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(Set(c, "basic_details.platforms", []string{"ANDROID", "IOS", "WEB"}))
	must(Set(c, "basic_details.content_type", model.ContentPromotional))
	must(AddLocale(c, "fr"))
	must(AddVariation(c))
	for _, p := range []string{"delivery_controls.queuing_enabled", "delivery_controls.limit_send_config.enabled", "control_group_details.is_campaign_control_group_enabled", "campaign_audience_limit.is_campaign_audience_limit_enabled"} {
		must(Set(c, p, true))
	}
	must(Set(c, "scheduling_details.delivery_type", model.ScheduleBTS))
	must(Set(c, "scheduling_details.periodic_details.sending_frequency", model.FrequencyMonthly))
	_, err := Append(c, "segmentation_details.included_filters.filters")
	must(err)
	must(Set(c, "segmentation_details.included_filters.filters[0].filter_type", model.FilterActions))
	return c
}

func TestFieldsThatDoNotApplyAreHidden(t *testing.T) {
	has := func(c *model.Campaign, s Step, path string) bool {
		return slices.Contains(paths(Fields(s, NewCtx(c, Selection{}, false))), path)
	}
	email := campaign(model.ChannelEmail, model.DeliveryOneTime)
	if has(email, StepBasic, "basic_details.platforms") || !has(email, StepBasic, "connector.connector_name") {
		t.Error("email basic details show push fields or miss the connector")
	}
	if has(email, StepBasic, "basic_details.subscription_category") {
		t.Error("subscription category shown before content type is PROMOTIONAL")
	}
	_ = Set(email, "basic_details.content_type", model.ContentPromotional)
	if !has(email, StepBasic, "basic_details.subscription_category") {
		t.Error("subscription category hidden for PROMOTIONAL")
	}
	dt := campaign(model.ChannelPush, model.DeliveryDeviceTriggered)
	if has(dt, StepDelivery, "delivery_controls.campaign_throttle_rpm") || has(dt, StepDelivery, "delivery_controls.queuing_enabled") {
		t.Error("device-triggered shows throttle or queuing")
	}
	if !has(dt, StepDelivery, "delivery_controls.send_message_in_offline_mode") {
		t.Error("device-triggered misses offline mode")
	}
	ot := campaign(model.ChannelPush, model.DeliveryOneTime)
	if has(ot, StepDelivery, "delivery_controls.queue_duration") {
		t.Error("queue duration shown with queuing off")
	}
	_ = Set(ot, "delivery_controls.queuing_enabled", true)
	if !has(ot, StepDelivery, "delivery_controls.queue_duration") {
		t.Error("queue duration hidden with queuing on")
	}
	if has(ot, StepBasic, "basic_details.geofences.name") || StepApplies(StepTrigger, model.ChannelPush, model.DeliveryOneTime) {
		t.Error("one-time push shows geofences or a trigger step")
	}
	lt := campaign(model.ChannelPush, model.DeliveryLocationTriggered)
	if !has(lt, StepBasic, "basic_details.geofences.name") || !has(lt, StepSchedule, "scheduling_details.geo_fence_timelimit.notification_schedule") {
		t.Error("location-triggered misses geofence fields")
	}
	if has(email, StepMore, "advanced.expiration_settings.expire_notification_after_value") {
		t.Error("email shows push advanced settings")
	}
}

func TestIOSAudienceIsOneChoiceOfThree(t *testing.T) {
	c := campaign(model.ChannelPush, model.DeliveryOneTime)
	f := iosAudience()
	if err := f.Apply(c, "Exclude provisional"); err != nil {
		t.Fatal(err)
	}
	got := string(model.Encode(c.BasicDetails.PlatformSpecificDetails.IOS))
	want := `{"send_to_all_eligible_device":false,"exclude_provisional_push_devices":true,"send_to_only_provisional_push_enabled_devices":false}`
	if got != want {
		t.Fatalf("got %s", got)
	}
	if f.Format(c) != "Exclude provisional" || f.Cycle(c, 1) != "Only provisional" || f.Cycle(c, -1) != "All eligible devices" {
		t.Fatalf("format/cycle: %q %q", f.Format(c), f.Cycle(c, 1))
	}
	if err := f.Apply(c, "bogus"); err == nil {
		t.Fatal("unknown choice accepted")
	}
}

func TestContentShapeFollowsLocalesAndVariations(t *testing.T) {
	c := campaign(model.ChannelPush, model.DeliveryOneTime)
	_ = Set(c, "campaign_content.content.push.android.basic_details.title", "Hello")
	if err := AddLocale(c, "fr"); err != nil {
		t.Fatal(err)
	}
	ct := c.CampaignContent.Content
	if ct.Flat != nil || *ct.Keyed["default"]["variation_1"].Push.Android.BasicDetails.Title != "Hello" || *ct.Keyed["fr"]["variation_1"].Push.Android.BasicDetails.Title != "Hello" {
		t.Fatalf("keyed after a locale: %s", model.Encode(c.CampaignContent))
	}
	// The copy is independent.
	_ = Set(c, MessagePath(c, "fr", "variation_1")+".push.android.basic_details.title", "Bonjour")
	if *ct.Keyed["default"]["variation_1"].Push.Android.BasicDetails.Title != "Hello" {
		t.Fatal("editing fr changed default")
	}
	if err := AddLocale(c, "default"); err == nil {
		t.Fatal("default accepted as a locale")
	}
	if err := AddVariation(c); err != nil {
		t.Fatal(err)
	}
	if err := AddVariation(c); err != nil {
		t.Fatal(err)
	}
	vd := c.CampaignContent.VariationDetails
	if *vd.NoOfVariations != 3 || vd.ManualDistributionPercentage["variation_1"] != 34 || vd.ManualDistributionPercentage["variation_3"] != 33 {
		t.Fatalf("variations: %s", model.Encode(vd))
	}
	if len(ct.Keyed["fr"]) != 3 || *ct.Keyed["fr"]["variation_3"].Push.Android.BasicDetails.Title != "Bonjour" {
		t.Fatalf("fr cells: %s", model.Encode(c.CampaignContent))
	}
	_ = Set(c, MessagePath(c, "default", "variation_3")+".push.android.basic_details.title", "Third")
	if err := RemoveVariation(c, "variation_2"); err != nil {
		t.Fatal(err)
	}
	if *vd.NoOfVariations != 2 || *ct.Keyed["default"]["variation_2"].Push.Android.BasicDetails.Title != "Third" || ct.Keyed["default"]["variation_3"] != nil {
		t.Fatalf("after removing variation_2: %s", model.Encode(c.CampaignContent))
	}
	if vd.ManualDistributionPercentage["variation_1"]+vd.ManualDistributionPercentage["variation_2"] != 100 {
		t.Fatalf("percentages %v", vd.ManualDistributionPercentage)
	}
	if err := SetDistribution(c, model.DistributionAuto); err != nil || vd.ManualDistributionPercentage != nil {
		t.Fatalf("auto keeps percentages: %v", err)
	}
	if err := RemoveVariation(c, "variation_2"); err != nil {
		t.Fatal(err)
	}
	if c.CampaignContent.VariationDetails != nil {
		t.Fatal("one variation left but the A/B test remains")
	}
	if err := RemoveLocale(c, "fr"); err != nil {
		t.Fatal(err)
	}
	if ct.Keyed != nil || *ct.Flat.Push.Android.BasicDetails.Title != "Hello" {
		t.Fatalf("back to flat: %s", model.Encode(c.CampaignContent))
	}
}

func TestCopyContent(t *testing.T) {
	c := campaign(model.ChannelEmail, model.DeliveryOneTime)
	_ = AddLocale(c, "de")
	_ = Set(c, MessagePath(c, "default", "variation_1")+".email.subject", "Sale")
	if err := CopyContent(c, "default", "variation_1", "de", "variation_1"); err != nil {
		t.Fatal(err)
	}
	if got := Get(c, "campaign_content.content.de.variation_1.email.subject"); got != "Sale" {
		t.Fatalf("copied subject = %v", got)
	}
	if err := CopyContent(c, "default", "variation_1", "xx", "variation_1"); err == nil {
		t.Fatal("copy to a missing locale accepted")
	}
}

func TestTemplateAddsAndRemovesSubObjects(t *testing.T) {
	c := campaign(model.ChannelPush, model.DeliveryOneTime)
	mp := MessagePath(c, "", "")
	a := mp + ".push.android"
	if err := SetTemplate(c, mp, model.PlatformAndroid, model.TemplateTimer); err != nil {
		t.Fatal(err)
	}
	if Get(c, a+".timer") == nil || Get(c, a+".template_backup") == nil {
		t.Fatalf("timer template: %s", model.Encode(c.CampaignContent))
	}
	_ = Set(c, a+".basic_details.input_gif_url", "https://x/a.gif")
	if err := SetTemplate(c, mp, model.PlatformAndroid, model.TemplateSimpleImageCarousel); err != nil {
		t.Fatal(err)
	}
	if Get(c, a+".timer") != nil || Len(c, a+".basic_details.carousel_content.slide_data") != 1 || Get(c, a+".basic_details.input_gif_url") != nil {
		t.Fatalf("carousel template: %s", model.Encode(c.CampaignContent))
	}
	if got := Get(c, a+".basic_details.carousel_content.slider_transition"); got != "manual" {
		t.Fatalf("android transition %v", got)
	}
	if err := SetTemplate(c, mp, model.PlatformIOS, model.TemplateSimpleImageCarousel); err != nil {
		t.Fatal(err)
	}
	if got := Get(c, mp+".push.ios.basic_details.carousel_content.slider_transition"); got != "MANUAL" {
		t.Fatalf("ios transition %v", got)
	}
	if err := SetTemplate(c, mp, model.PlatformIOS, model.TemplateTimer); err == nil {
		t.Fatal("iOS accepted a TIMER template")
	}
	_ = SetTemplate(c, mp, model.PlatformAndroid, model.TemplateCustom)
	_ = Set(c, a+".custom_template_id", "t1")
	_ = SetTemplate(c, mp, model.PlatformAndroid, model.TemplateBasic)
	if Get(c, a+".custom_template_id") != nil || Get(c, a+".template_backup") != nil || Get(c, a+".basic_details.carousel_content") != nil {
		t.Fatalf("basic template keeps extras: %s", model.Encode(c.CampaignContent))
	}
}

func TestEmailSourceIsHTMLOrTemplate(t *testing.T) {
	c := campaign(model.ChannelEmail, model.DeliveryOneTime)
	mp := MessagePath(c, "", "")
	_ = Set(c, mp+".email.html_content", "<p>x</p>")
	SetEmailSource(c, mp, true)
	if Get(c, mp+".email.html_content") != nil || Get(c, mp+".email.custom_template_id") == nil {
		t.Fatal("template source keeps html")
	}
	SetEmailSource(c, mp, false)
	if Get(c, mp+".email.custom_template_id") != nil {
		t.Fatal("html source keeps template id")
	}
}

func TestSearchZones(t *testing.T) {
	got := SearchZones("kolk", 5)
	if len(got) == 0 || got[0] != "Asia/Kolkata" {
		t.Fatalf("kolk → %v", got)
	}
	got = SearchZones("new york", 5)
	if len(got) == 0 || got[0] != "America/New_York" {
		t.Fatalf("new york → %v", got)
	}
	if len(SearchZones("", 10)) != 10 || len(SearchZones("zzzz", 10)) != 0 {
		t.Fatal("empty or unmatched query")
	}
	for _, z := range ZoneNames() {
		if !ValidZone(z) {
			t.Fatalf("listed zone %q does not load", z)
		}
	}
}

func TestLocateMapsTargetsToRows(t *testing.T) {
	c := campaign(model.ChannelPush, model.DeliveryOneTime)
	_ = Set(c, "basic_details.platforms", []string{"ANDROID"})
	x := NewCtx(c, Selection{Platform: "ANDROID"}, false)
	s, row, ok := Locate(x, "campaign_content.content.push.android.basic_details.title")
	if !ok || s != StepContent || Fields(s, x)[row].Path != "campaign_content.content.push.android.basic_details.title" {
		t.Fatalf("title → %v %d %v", s, row, ok)
	}
	s, row, ok = Locate(x, "delivery_controls.queue_duration")
	if !ok || s != StepDelivery || Fields(s, x)[row].Path != "delivery_controls.queuing_enabled" {
		t.Fatalf("hidden queue_duration → %v %q", s, Fields(s, x)[row].Path)
	}
	s, _, ok = Locate(x, "scheduling_details")
	if !ok || s != StepSchedule {
		t.Fatalf("whole object → %v", s)
	}
}

func TestDeliveryTypeChoiceChangesRows(t *testing.T) {
	c := campaign(model.ChannelPush, model.DeliveryOneTime)
	var f Field
	for _, r := range Fields(StepBasic, NewCtx(c, Selection{}, false)) {
		if r.Path == "campaign_delivery_type" {
			f = r
		}
	}
	if slices.Contains(f.Options, model.DeliveryLiveActivity) {
		t.Fatal("BROADCAST_LIVE_ACTIVITY offered for a draft")
	}
	if err := f.Apply(c, model.DeliveryLocationTriggered); err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(paths(Fields(StepBasic, NewCtx(c, Selection{}, false))), "basic_details.geofences.name") || !StepApplies(StepTrigger, model.ChannelPush, *c.CampaignDeliveryType) {
		t.Fatal("location-triggered rows did not appear")
	}
	if err := f.Apply(c, ""); err != nil || *c.CampaignDeliveryType != model.DeliveryLocationTriggered {
		t.Fatal("delivery type cleared")
	}
}

func TestGoalObjectFilters(t *testing.T) {
	c := campaign(model.ChannelPush, model.DeliveryOneTime)
	_, _ = Append(c, "conversion_goal_details.goals")
	_ = Set(c, "conversion_goal_details.goals[0].goal_event_attribute.data_type", "OBJECT")
	var f *Field
	for _, r := range Fields(StepMore, NewCtx(c, Selection{}, false)) {
		if r.Path == "conversion_goal_details.goals[0].goal_event_attribute.filters" {
			f = &r
		}
	}
	if f == nil {
		t.Fatal("no filters row for an OBJECT goal attribute")
	}
	if err := f.Apply(c, `[{"name":"sku","value":"A1"}]`); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(model.Encode(c.ConversionGoalDetails)), `"filters":[{"name":"sku","value":"A1"}]`) {
		t.Fatalf("encoded %s", model.Encode(c.ConversionGoalDetails))
	}
}

func TestKeyedContentWithoutLocalesIsEditedInPlace(t *testing.T) {
	c, err := model.Decode([]byte(`{"channel":"EMAIL","campaign_content":{"content":{"default":{"variation_1":{"email":{"subject":"Hi"}}}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	mp := MessagePath(c, "default", "variation_1")
	if mp != "campaign_content.content.default.variation_1" || Get(c, mp+".email.subject") != "Hi" {
		t.Fatalf("keyed content read through %s", mp)
	}
	if err := Set(c, mp+".email.subject", "Hello"); err != nil {
		t.Fatal(err)
	}
	if c.CampaignContent.Content.Flat != nil {
		t.Fatal("an edit created flat content beside the keyed one")
	}
	// A locale added and removed again: the shape then follows the rule.
	_ = AddLocale(c, "de")
	_ = RemoveLocale(c, "de")
	if c.CampaignContent.Content.Flat == nil || *c.CampaignContent.Content.Flat.Email.Subject != "Hello" {
		t.Fatalf("after removing the last locale: %s", model.Encode(c.CampaignContent))
	}
}

func TestContentOpsDropNothingSilently(t *testing.T) {
	c, err := model.Decode([]byte(`{"channel":"EMAIL","campaign_content":{"locales":["fr"],"content":{
		"default":{"variation_1":{"email":{"subject":"a"}}},
		"fr":{"variation_1":{"email":{"subject":"b"}}},
		"xx":{"variation_1":{"email":{"subject":"stray"}}}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	if err := AddVariation(c); err != nil {
		t.Fatal(err)
	}
	if err := RemoveLocale(c, "fr"); err != nil {
		t.Fatal(err)
	}
	if err := RemoveVariation(c, "variation_2"); err != nil {
		t.Fatal(err)
	}
	ct := c.CampaignContent.Content
	if ct.Keyed["xx"] == nil || *ct.Keyed["xx"]["variation_1"].Email.Subject != "stray" {
		t.Fatalf("stray locale content dropped: %s", model.Encode(c.CampaignContent))
	}
	if ct.Keyed["fr"] != nil {
		t.Fatal("removed locale kept")
	}
}

func TestChoicesOfHeldValues(t *testing.T) {
	c := campaign(model.ChannelPush, model.DeliveryOneTime)
	c.BasicDetails = &model.BasicDetails{Platforms: []string{model.PlatformAndroid, model.PlatformIOS}}
	var tpl, audience Field
	for _, f := range Fields(StepContent, NewCtx(c, Selection{Locale: DefaultLocale, Variation: "variation_1", Platform: model.PlatformAndroid}, false)) {
		if f.Label == "Template" && tpl.Path == "" {
			tpl = f
		}
	}
	for _, f := range Fields(StepBasic, NewCtx(c, Selection{}, false)) {
		if f.Label == "iOS audience" {
			audience = f
		}
	}
	cases := []struct {
		name string
		f    Field
		want []string
	}{
		{"a bool can be unset", Field{Path: "x.y", Kind: Bool}, []string{"", "yes", "no"}},
		{"an enum can be unset", tpl, append([]string{""}, Templates(model.PlatformAndroid)...)},
		{"a selection always holds one", Field{Path: SelLocale, Role: RoleSelector, Kind: Enum, Options: []string{"default", "fr"}}, []string{"default", "fr"}},
		{"a computed choice always holds one", audience, audience.Options},
	}
	for _, tc := range cases {
		if tc.f.Path == "" {
			t.Fatalf("%s: no such row", tc.name)
		}
		if got := tc.f.Choices(); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
	if slices.Contains(audience.Choices(), "") {
		t.Error("the iOS audience offers unset")
	}
}

// Changing a filter's type drops the old type's fields, and a
// new trigger filter starts as an event.
func TestFilterTypeChangeDropsStrayFields(t *testing.T) {
	c := campaign(model.ChannelPush, model.DeliveryEventTriggered)
	x := NewCtx(c, Selection{}, false)
	add := func(s Step, path string) {
		t.Helper()
		for _, f := range Fields(s, x) {
			if f.Path == "@add:"+path {
				if err := f.Do(c, ""); err != nil {
					t.Fatal(err)
				}
				return
			}
		}
		t.Fatalf("no add action for %s", path)
	}
	add(StepAudience, "segmentation_details.included_filters.filters")
	p := "segmentation_details.included_filters.filters[0]"
	if got := Get(c, p+".data_type"); got != model.DataString {
		t.Fatalf("new audience filter data_type %v", got)
	}
	_ = Set(c, p+".name", "City")
	_ = Set(c, p+".operator", "in")
	typeRow := func(s Step, path string) Field {
		for _, f := range Fields(s, x) {
			if f.Path == path {
				return f
			}
		}
		t.Fatalf("no row %s", path)
		return Field{}
	}
	for _, to := range []string{model.FilterActions, model.FilterCustomSegments} {
		f := typeRow(StepAudience, p+".filter_type")
		if err := f.Apply(c, to); err != nil {
			t.Fatal(err)
		}
		js := string(model.Encode(c.SegmentationDetails.IncludedFilters.Filters[0]))
		for _, stray := range []string{"data_type", "operator", `"name":"City"`} {
			if strings.Contains(js, stray) {
				t.Errorf("%s filter keeps %s: %s", to, stray, js)
			}
		}
	}
	if got := string(model.Encode(c.SegmentationDetails.IncludedFilters.Filters[0])); got != `{"filter_type":"custom_segments"}` {
		t.Errorf("segment filter: %s", got)
	}
	add(StepTrigger, "trigger_condition.included_filters.filters")
	tf := c.TriggerCondition.IncludedFilters.Filters[0]
	if got := string(model.Encode(tf)); got != `{"filter_type":"actions","execution":{"type":"atleast","count":1},"executed":true}` {
		t.Errorf("new trigger filter: %s", got)
	}
}

// An unset choice that must hold a value cycles to the first choice (the
// iOS audience went to its second, "Exclude provisional").
func TestCycleFromUnsetGivesTheFirstChoice(t *testing.T) {
	f := iosAudience()
	c := campaign(model.ChannelPush, model.DeliveryOneTime)
	if got := f.Cycle(c, 1); got != "All eligible devices" {
		t.Errorf("→ from unset = %q", got)
	}
	if got := f.Cycle(c, -1); got != "Only provisional" {
		t.Errorf("← from unset = %q", got)
	}
}
