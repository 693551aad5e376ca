package forms

import (
	"reflect"
	"testing"

	"github.com/campaigns-cli/campaigns/model"
)

// URLMemo gives what CheckURLs gives, in the same order, however often an
// address goes from good to bad and back, and keeps no more addresses than
// its bound.
func TestURLMemoChecksLikeCheckURLs(t *testing.T) {
	c := campaign(model.ChannelPush, model.DeliveryOneTime)
	_ = Set(c, "campaign_content.locales", []string{"es"})
	mp := "campaign_content.content.es.variation_1.push."
	for path, v := range map[string]string{
		mp + "ios.basic_details.carousel_content.slide_data[1].image_url": "javascript:x",
		mp + "web.buttons[0].url":                "https://example.com/1",
		mp + "web.buttons[1].icon_url":           "htp://example.com/i.png",
		mp + "android.template_backup.image_url": "cdn.example.com/b.png",
		"campaign_content.content.default.variation_1.push.android.basic_details.image_url": "https://",
	} {
		if err := Set(c, path, v); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
	}
	var memo URLMemo
	same := func(when string) {
		t.Helper()
		want := CheckURLs(c)
		if got := memo.Check(c); !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: the memo says %v, CheckURLs %v", when, got, want)
		}
	}
	same("first")
	if n := len(CheckURLs(c)); n != 4 {
		t.Fatalf("want the 4 bad addresses, got %d: %v", n, CheckURLs(c))
	}
	button := mp + "web.buttons[0].url"
	for i, v := range []string{"ftp://example.com", "https://example.com/1", "ftp://example.com", "{{x}}"} {
		_ = Set(c, button, v)
		same(v)
		if bad := len(CheckURLs(c)) == 5; bad != (i%2 == 0) {
			t.Fatalf("%q: %v", v, CheckURLs(c))
		}
	}
	for i := range urlMemoSize + 10 {
		memo.webURL("https://example.com/" + string(rune('a'+i%26)) + string(rune(i)))
	}
	if len(memo.ok) > urlMemoSize {
		t.Fatalf("the memo holds %d addresses", len(memo.ok))
	}
	same("after many addresses")
}
