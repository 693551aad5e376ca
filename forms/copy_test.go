package forms

import (
	"testing"

	"github.com/campaigns-cli/campaigns/model"
)

func TestCopyAndroidToIOSMapsSharedFields(t *testing.T) {
	c := marketerPush(t)
	want := model.Encode(c.CampaignContent.Content.Keyed["default"]["variation_1"].Push.IOS)
	c.CampaignContent.Content.Keyed["default"]["variation_1"].Push.IOS = nil
	from := Selection{Locale: "default", Variation: "variation_1", Platform: model.PlatformAndroid}
	if err := CopyTo(c, from, []Selection{{Locale: "default", Variation: "variation_1", Platform: model.PlatformIOS}}); err != nil {
		t.Fatal(err)
	}
	if got := model.Encode(c.CampaignContent.Content.Keyed["default"]["variation_1"].Push.IOS); string(got) != string(want) {
		t.Fatalf("iOS after copy:\n%s\nwant\n%s", got, want)
	}
}

func TestCopyToSeveralTargets(t *testing.T) {
	c := marketerPush(t)
	from := Selection{Locale: "es", Variation: "variation_1", Platform: model.PlatformAndroid}
	targets := []Selection{
		{Locale: "es", Variation: "variation_1", Platform: model.PlatformIOS},
		{Locale: "default", Variation: "variation_2", Platform: model.PlatformAndroid},
	}
	if err := CopyTo(c, from, targets); err != nil {
		t.Fatal(err)
	}
	k := c.CampaignContent.Content.Keyed
	src := k["es"]["variation_1"].Push.Android
	if got := *k["es"]["variation_1"].Push.IOS.BasicDetails.Title; got != *src.BasicDetails.Title {
		t.Errorf("iOS title %q", got)
	}
	// Same platform elsewhere: copied whole (the carousel is replaced).
	if got, want := string(model.Encode(k["default"]["variation_2"].Push.Android)), string(model.Encode(src)); got != want {
		t.Errorf("android copy:\n%s\nwant\n%s", got, want)
	}
	// The source is unchanged and shares no memory with the copies.
	*k["default"]["variation_2"].Push.Android.BasicDetails.Title = "changed"
	if *src.BasicDetails.Title == "changed" {
		t.Error("copy shares memory with its source")
	}
}

func TestCopyTargetsListsPlatformsFirst(t *testing.T) {
	c := marketerPush(t)
	from := Selection{Locale: "default", Variation: "variation_1", Platform: model.PlatformAndroid}
	ts := CopyTargets(c, from)
	if len(ts) != 1+3*2 {
		t.Fatalf("%d targets: %v", len(ts), ts)
	}
	if TargetName(from, ts[0]) != "iOS" || TargetName(from, ts[len(ts)-1]) != "es · variation 2 · iOS" {
		t.Fatalf("names %q … %q", TargetName(from, ts[0]), TargetName(from, ts[len(ts)-1]))
	}
}

func TestLinkPlatformsKeepsThemInStep(t *testing.T) {
	c := campaign(model.ChannelPush, model.DeliveryOneTime)
	_ = Set(c, "basic_details.platforms", []string{"ANDROID", "IOS", "WEB"})
	sel := Selection{Platform: model.PlatformAndroid}
	_ = Set(c, "campaign_content.content.push.android.template_type", "BASIC")
	_ = Set(c, "campaign_content.content.push.android.basic_details.title", "Hello")
	_ = Set(c, "campaign_content.content.push.android.basic_details.image_url", "https://cdn.example.com/a.png")
	_ = Set(c, "campaign_content.content.push.android.basic_details.default_click_action", "RICH_LANDING")
	_ = Set(c, "campaign_content.content.push.android.basic_details.default_click_action_value", "https://shop.example.com/x")
	LinkPlatforms(c, sel)
	p := c.CampaignContent.Content.Flat.Push
	if *p.IOS.BasicDetails.Title != "Hello" || *p.Web.BasicDetails.Title != "Hello" {
		t.Fatalf("titles not linked: %s", model.Encode(p))
	}
	if *p.IOS.BasicDetails.RichMediaType != "Image" || *p.IOS.BasicDetails.RichMediaValue != "https://cdn.example.com/a.png" {
		t.Errorf("iOS image: %s", model.Encode(p.IOS))
	}
	if *p.Web.BasicDetails.RedirectURL != "https://shop.example.com/x" || *p.Web.BasicDetails.ImageURL != "https://cdn.example.com/a.png" {
		t.Errorf("web: %s", model.Encode(p.Web))
	}
	if !model.SameShared(p, []string{"ANDROID", "IOS"}) {
		t.Error("linked platforms are not the same")
	}
	// The Android fallback follows a title it held.
	_ = SetTemplate(c, "campaign_content.content", "ANDROID", "STYLIZED_BASIC")
	_ = Set(c, "campaign_content.content.push.android.template_backup.title", "Hello")
	sel.Platform = model.PlatformIOS
	*p.IOS.BasicDetails.Title = "Hi"
	LinkPlatforms(c, sel)
	if got := *p.Android.TemplateBackup.Title; got != "Hi" {
		t.Errorf("fallback title %q", got)
	}
}
