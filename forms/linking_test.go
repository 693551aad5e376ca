package forms

import (
	"testing"

	"github.com/campaigns-cli/campaigns/model"
)

// threePlatforms is a push draft on Android, iOS and Web, each with its own
// click action (Android a screen, iOS a deep link, Web a redirect URL).
func threePlatforms(t *testing.T) (*model.Campaign, Selection) {
	t.Helper()
	ch := model.ChannelPush
	c := &model.Campaign{Channel: &ch, BasicDetails: &model.BasicDetails{Platforms: []string{"ANDROID", "IOS", "WEB"}}}
	Normalize(c)
	sel := Selection{Locale: model.DefaultLocale, Variation: model.VariationKey(1), Platform: model.PlatformWeb}
	mp := MessagePath(c, sel.Locale, sel.Variation) + ".push."
	for path, v := range map[string]string{
		"android.template_type": "BASIC", "android.basic_details.default_click_action": "NAVIGATE_TO_A_SCREEN",
		"android.basic_details.default_click_action_value": "CoatsScreen",
		"ios.template_type": "BASIC", "ios.basic_details.default_click_action": "DEEPLINKING",
		"ios.basic_details.default_click_action_value": "shop://coats", "web.template_type": "BASIC",
	} {
		if err := Set(c, mp+path, v); err != nil {
			t.Fatal(err)
		}
	}
	return c, sel
}

// A linked edit writes only the fields that mean the same on the
// other platform; the click actions, a Web redirect and an iOS rich-media
// image stay each platform's own; undo puts back what it wrote.
func TestLinkEditWritesOnlyWhatMeansTheSame(t *testing.T) {
	all := []string{"ANDROID", "IOS", "WEB"}
	for _, tc := range []struct {
		name, platform, field, value string
		wantOn                       []string // platforms that take the value
	}{
		{"title", "WEB", "title", "Winter coats", []string{"ANDROID", "IOS"}},
		{"message", "IOS", "message", "Warm and light", []string{"ANDROID", "WEB"}},
		{"web redirect", "WEB", "redirect_url", "https://shop.example.com/coats", nil},
		{"ios rich media", "IOS", "rich_media_value", "https://img.example.com/snow.gif", nil},
		{"android image to web only", "ANDROID", "image_url", "https://img.example.com/a.jpg", []string{"WEB"}},
		{"android click", "ANDROID", "default_click_action_value", "OtherScreen", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, sel := threePlatforms(t)
			sel.Platform = tc.platform
			path := platformPath(c, sel, tc.platform) + "basic_details." + tc.field
			before := SharedAt(c, sel)
			if err := Set(c, path, tc.value); err != nil {
				t.Fatal(err)
			}
			w := LinkEdit(c, sel, path, before, all)
			if !equalSets(w.Platforms, tc.wantOn) {
				t.Errorf("written to %v, want %v", w.Platforms, tc.wantOn)
			}
			mp := MessagePath(c, sel.Locale, sel.Variation) + ".push."
			if got := Get(c, mp+"android.basic_details.default_click_action"); got != "NAVIGATE_TO_A_SCREEN" {
				t.Errorf("Android click action %v", got)
			}
			if got := Get(c, mp+"android.basic_details.default_click_action_value"); tc.platform != "ANDROID" && got != "CoatsScreen" {
				t.Errorf("Android click target %v", got)
			}
			if got := Get(c, mp+"ios.basic_details.default_click_action_value"); got != "shop://coats" {
				t.Errorf("iOS click target %v", got)
			}
			if got := Get(c, mp+"ios.basic_details.rich_media_value"); tc.platform != "IOS" && got != nil {
				t.Errorf("iOS rich media %v", got)
			}
			if err := w.Undo(c); err != nil {
				t.Fatal(err)
			}
			for _, p := range tc.wantOn {
				if got := Get(c, platformPath(c, sel, p)+"basic_details."+tc.field); got != nil {
					t.Errorf("undo left %v on %s", got, p)
				}
			}
		})
	}
}

// Linking is read from the content: platforms that differ in any
// shared field are not linked, whatever was linked before.
func TestLinkedWithComparesEverySharedField(t *testing.T) {
	c, sel := threePlatforms(t)
	if got := LinkedWith(c, sel, nil); len(got) != 3 {
		t.Fatalf("a blank message: linked %v, want all three", got)
	}
	mp := MessagePath(c, sel.Locale, sel.Variation) + ".push."
	_ = Set(c, mp+"ios.basic_details.key_value_pairs", []model.KeyValue{{Key: ptr("k"), Value: ptr("v")}})
	sel.Platform = model.PlatformAndroid
	if got := LinkedWith(c, sel, nil); !equalSets(got, []string{"ANDROID", "WEB"}) {
		t.Errorf("iOS has its own key-value pairs: Android linked with %v", got)
	}
	if got := LinkedWith(c, sel, map[string]bool{"WEB": true}); got != nil {
		t.Errorf("Web unlinked, iOS differing: Android linked with %v", got)
	}
}

func equalSets(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		found := false
		for _, y := range b {
			found = found || x == y
		}
		if !found {
			return false
		}
	}
	return true
}
