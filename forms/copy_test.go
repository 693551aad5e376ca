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
