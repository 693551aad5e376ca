package audience

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/model"
)

func content(t *testing.T, s string) *model.CampaignContent {
	t.Helper()
	var cc model.CampaignContent
	if err := json.Unmarshal([]byte(s), &cc); err != nil {
		t.Fatal(err)
	}
	return &cc
}

const keyedPush = `{
  "locales": ["fr"],
  "variation_details": {"distribution_type": "MANUAL", "no_of_variations": 2, "manual_distribution_percentage": {"variation_1": 50, "variation_2": 50}},
  "content": {
    "default": {
      "variation_1": {"push": {
        "android": {"template_type": "BASIC", "basic_details": {"title": "Hi {{UserAttribute['First Name']}}", "message": "Your {{ event.item | default('cart') }} is waiting"}},
        "ios": {"template_type": "BASIC", "basic_details": {"title": "Hi {{UserAttribute['First Name']}}", "message": "iOS {{ UserAttribute['City'] }}"}}}},
      "variation_2": {"push": {
        "android": {"template_type": "BASIC", "basic_details": {"title": "Still there, {{ user.first_name }}?", "message": "m"}},
        "ios": {"template_type": "BASIC", "basic_details": {"title": "t", "message": "{{ broken"}}}}
    },
    "fr": {
      "variation_1": {"push": {"android": {"template_type": "BASIC", "basic_details": {"title": "Salut {{UserAttribute['First Name']}}", "message": "m"}}}},
      "variation_2": {"push": {"android": {"template_type": "BASIC", "basic_details": {"title": "Coucou", "message": "m"}}}}
    }
  }
}`

func keys(rows []Sent) []string {
	var out []string
	for _, r := range rows {
		out = append(out, r.Key)
	}
	return out
}

func TestRenderTestPushPerPlatformLocaleVariation(t *testing.T) {
	t.Parallel()
	d := Demo(now)
	to, err := d.Recipients(model.ChannelPush, IDUniqueID, []string{"user-001"})
	if err != nil {
		t.Fatal(err)
	}
	in := TestInput{Channel: model.ChannelPush, Platforms: []string{"ANDROID", "IOS"}, Content: content(t, keyedPush),
		EventAttributes: map[string]any{"item": "Running Shoes"}}
	rows := RenderTest(in, to)
	want := "ANDROID_default_variation_1 IOS_default_variation_1 ANDROID_default_variation_2 IOS_default_variation_2 ANDROID_fr_variation_1 IOS_fr_variation_1 ANDROID_fr_variation_2 IOS_fr_variation_2"
	if got := strings.Join(keys(rows), " "); got != want {
		t.Fatalf("keys\n got %s\nwant %s", got, want)
	}
	byKey := map[string]Sent{}
	for _, r := range rows {
		byKey[r.Key] = r
	}
	a := byKey["ANDROID_default_variation_1"]
	if a.Status != StatusSent || a.Address != "fcm:user-001:android" || a.UserID != "user-001" {
		t.Fatalf("%+v", a)
	}
	if got := *a.Message.Push.Android.BasicDetails.Title; got != "Hi Ana" {
		t.Errorf("title %q", got)
	}
	if got := *a.Message.Push.Android.BasicDetails.Message; got != "Your Running Shoes is waiting" {
		t.Errorf("message %q", got)
	}
	if a.Message.Push.IOS != nil {
		t.Error("the Android row carries the iOS payload")
	}
	if got := *byKey["IOS_default_variation_1"].Message.Push.IOS.BasicDetails.Message; got != "iOS Lisbon" {
		t.Errorf("ios message %q", got)
	}
	if got := *byKey["ANDROID_default_variation_2"].Message.Push.Android.BasicDetails.Title; got != "Still there, Ana?" {
		t.Errorf("variation 2 title %q", got)
	}
	// A template error fails only its own platform, with the field and position.
	bad := byKey["IOS_default_variation_2"]
	if bad.Status != StatusFailed || !strings.Contains(bad.FailureReason, "campaign_content.content.default.variation_2.push.ios.basic_details.message: line 1, column") {
		t.Errorf("broken iOS template: %+v", bad)
	}
	if len(bad.Errors) != 1 || bad.Errors[0].Target != "campaign_content.content.default.variation_2.push.ios.basic_details.message" {
		t.Errorf("errors %v", bad.Errors)
	}
	// fr has no iOS content.
	if r := byKey["IOS_fr_variation_1"]; r.Status != StatusFailed || !strings.Contains(r.FailureReason, "no IOS content") {
		t.Errorf("fr iOS: %+v", r)
	}
	if got := *byKey["ANDROID_fr_variation_1"].Message.Push.Android.BasicDetails.Title; got != "Salut Ana" {
		t.Errorf("fr title %q", got)
	}
	// The request's content is untouched.
	if got := *in.Content.Content.Keyed["default"]["variation_1"].Push.Android.BasicDetails.Title; got != "Hi {{UserAttribute['First Name']}}" {
		t.Errorf("input changed: %q", got)
	}
}

func TestRenderTestNarrowing(t *testing.T) {
	t.Parallel()
	d := Demo(now)
	to, _ := d.Recipients(model.ChannelPush, IDUniqueID, []string{"user-001"})
	cc := content(t, keyedPush)
	cases := []struct {
		name                        string
		platform, locale, variation string
		want                        string
	}{
		{"platform", "IOS", "", "", "IOS_default_variation_1 IOS_default_variation_2 IOS_fr_variation_1 IOS_fr_variation_2"},
		{"locale", "", "fr", "", "ANDROID_fr_variation_1 IOS_fr_variation_1 ANDROID_fr_variation_2 IOS_fr_variation_2"},
		{"variation", "", "", "variation_2", "ANDROID_default_variation_2 IOS_default_variation_2 ANDROID_fr_variation_2 IOS_fr_variation_2"},
		{"all three", "ANDROID", "fr", "variation_1", "ANDROID_fr_variation_1"},
		{"a locale the content lacks", "ANDROID", "de", "", "ANDROID_de_variation_1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rows := RenderTest(TestInput{Channel: model.ChannelPush, Platforms: []string{"ANDROID", "IOS"}, Content: cc,
				Platform: c.platform, Locale: c.locale, Variation: c.variation}, to)
			if got := strings.Join(keys(rows), " "); got != c.want {
				t.Fatalf("got %s, want %s", got, c.want)
			}
		})
	}
	rows := RenderTest(TestInput{Channel: model.ChannelPush, Platforms: []string{"ANDROID"}, Content: cc, Locale: "de"}, to)
	if rows[0].Status != StatusFailed || !strings.Contains(rows[0].FailureReason, `no locale "de"`) {
		t.Fatalf("%+v", rows[0])
	}
}

func TestRenderTestFlatContentAndDevices(t *testing.T) {
	t.Parallel()
	d := Demo(now)
	cc := content(t, `{"content": {"push": {"android": {"template_type": "BASIC", "basic_details": {"title": "Hey {{UserAttribute['First Name'] | default('you')}}", "message": "m"}},
		"web": {"template_type": "BASIC", "basic_details": {"title": "Web", "message": "m"}}}}}`)
	// Without basic_details, the platforms are those the content has.
	to, _ := d.Recipients(model.ChannelPush, IDUniqueID, []string{"user-002", "user-404"})
	rows := RenderTest(TestInput{Channel: model.ChannelPush, Content: cc}, to)
	if got := strings.Join(keys(rows), " "); got != "ANDROID_default_variation_1 ANDROID_default_variation_1 WEB_default_variation_1 WEB_default_variation_1" {
		t.Fatal(got)
	}
	if rows[0].Status != StatusSent || *rows[0].Message.Push.Android.BasicDetails.Title != "Hey Ben" {
		t.Errorf("ben android: %+v", rows[0])
	}
	if rows[1].Status != StatusFailed || !strings.Contains(rows[1].FailureReason, `no user with USER_ATTRIBUTE_UNIQUE_ID "user-404"`) {
		t.Errorf("unknown user: %+v", rows[1])
	}
	if rows[2].Status != StatusFailed || !strings.Contains(rows[2].FailureReason, "user user-002 has no WEB push token") {
		t.Errorf("ben web: %+v", rows[2])
	}
	// basic_details names a platform the content lacks.
	rows = RenderTest(TestInput{Channel: model.ChannelPush, Platforms: []string{"IOS"}, Content: cc}, to[:1])
	if rows[0].Key != "IOS_default_variation_1" || !strings.Contains(rows[0].FailureReason, "no IOS content") {
		t.Errorf("%+v", rows[0])
	}
}

func TestRenderTestOverrides(t *testing.T) {
	t.Parallel()
	d := Demo(now)
	to, _ := d.Recipients(model.ChannelPush, IDUniqueID, []string{"user-001"})
	cc := content(t, `{"content": {"push": {"android": {"basic_details": {"title": "{{UserAttribute['First Name']}} in {{UserAttribute['City']}}", "message": "{{ event.price }}"}}}}}`)
	rows := RenderTest(TestInput{Channel: model.ChannelPush, Content: cc,
		UserAttributes: map[string]any{"City": "Porto"}, EventAttributes: map[string]any{"price": json.Number("9.5")}}, to)
	b := rows[0].Message.Push.Android.BasicDetails
	if *b.Title != "Ana in Porto" || *b.Message != "9.5" {
		t.Fatalf("%q %q", *b.Title, *b.Message)
	}
	if u, _ := d.User("user-001"); u.Attributes["City"] != "Lisbon" {
		t.Fatal("override changed the profile")
	}
}

func TestRenderTestEmail(t *testing.T) {
	t.Parallel()
	d := Demo(now)
	cc := content(t, `{"locales": ["pt"], "content": {
		"default": {"variation_1": {"email": {"subject": "Hello {{UserAttribute['First Name'] | default('friend')}}", "sender_name": "Shop",
			"preview_text": "{{ event.item }}", "html_content": "<html>\n<body>\n<p>Hi {{ UserAttribute['First Name'] | default('there') }}</p>\n</body>\n</html>",
			"attachments": [{"file_type": "PERSONALIZED_ATTACHMENT", "url": "https://files.example.com/{{ UserAttribute['ID'] }}.pdf"}]}}},
		"pt": {"variation_1": {"email": {"subject": "Olá", "sender_name": "Loja", "html_content": "<p>\n  {{ UserAttribute['City'] | nosuch }}\n</p>"}}}}}`)
	to, err := d.Recipients(model.ChannelEmail, IDEmail, []string{"ana.silva@example.com", "someone@elsewhere.org"})
	if err != nil {
		t.Fatal(err)
	}
	rows := RenderTest(TestInput{Channel: model.ChannelEmail, Content: cc, EventAttributes: map[string]any{"item": "Shoes"}}, to)
	if got := strings.Join(keys(rows), " "); got != "EMAIL_default_variation_1 EMAIL_default_variation_1 EMAIL_pt_variation_1 EMAIL_pt_variation_1" {
		t.Fatal(got)
	}
	ana, stranger := rows[0], rows[1]
	if ana.Status != StatusSent || ana.Address != "ana.silva@example.com" || *ana.Message.Email.Subject != "Hello Ana" ||
		*ana.Message.Email.PreviewText != "Shoes" || *ana.Message.Email.Attachments[0].URL != "https://files.example.com/user-001.pdf" {
		t.Errorf("ana: %+v %s", ana, model.Encode(ana.Message))
	}
	if stranger.Status != StatusSent || stranger.UserID != "" || stranger.Address != "someone@elsewhere.org" ||
		*stranger.Message.Email.Subject != "Hello friend" || !strings.Contains(*stranger.Message.Email.HTMLContent, "<p>Hi there</p>") {
		t.Errorf("stranger: %+v %s", stranger, model.Encode(stranger.Message))
	}
	pt := rows[2]
	if pt.Status != StatusFailed || !strings.Contains(pt.FailureReason, "campaign_content.content.pt.variation_1.email.html_content: line 2, column") ||
		!strings.Contains(pt.FailureReason, "nosuch") {
		t.Errorf("pt: %+v", pt)
	}
	// A user without an email address.
	noMail := d.Users[4]
	delete(noMail.Attributes, AttrEmail)
	rows = RenderTest(TestInput{Channel: model.ChannelEmail, Content: cc, Locale: "default"}, []Recipient{{Identifier: noMail.ID, User: &noMail}})
	if rows[0].Status != StatusFailed || !strings.Contains(rows[0].FailureReason, "no email address") {
		t.Errorf("%+v", rows[0])
	}
}

func TestOutcomes(t *testing.T) {
	t.Parallel()
	d := Demo(now)
	cc := content(t, `{"content": {"push": {"android": {"basic_details": {"title": "t", "message": "m"}}, "ios": {"basic_details": {"title": "t", "message": "m"}}}}}`)
	one, _ := d.Recipients(model.ChannelPush, IDUniqueID, []string{"user-001"})
	out := Outcomes(RenderTest(TestInput{Channel: model.ChannelPush, Platforms: []string{"ANDROID", "IOS"}, Content: cc}, one))
	if len(out) != 2 || out["ANDROID_default_variation_1"].Status != "SENT" || out["IOS_default_variation_1"].FailureReason != "" {
		t.Fatalf("%+v", out)
	}
	two, _ := d.Recipients(model.ChannelPush, IDUniqueID, []string{"user-001", "user-002"})
	out = Outcomes(RenderTest(TestInput{Channel: model.ChannelPush, Platforms: []string{"ANDROID", "IOS"}, Content: cc}, two))
	if out["ANDROID_default_variation_1"].Status != "SENT" {
		t.Errorf("android %+v", out["ANDROID_default_variation_1"])
	}
	ios := out["IOS_default_variation_1"]
	if ios.Status != "FAILED" || ios.FailureReason != "sent to 1 of 2 recipients; user-002: user user-002 has no IOS push token" {
		t.Errorf("ios %+v", ios)
	}
	b, _ := json.Marshal(out)
	if strings.Contains(string(b), `"SENT","failure_reason"`) {
		t.Errorf("failure_reason on a SENT outcome: %s", b)
	}
}
