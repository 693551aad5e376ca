package personalize

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/model"
)

func decode(t testing.TB, s string) *model.CampaignContent {
	t.Helper()
	var cc model.CampaignContent
	if err := json.Unmarshal([]byte(s), &cc); err != nil {
		t.Fatal(err)
	}
	return &cc
}

const richPush = `{
  "locales": ["pt"],
  "future_key": {"kept": "{{ not rendered }}"},
  "content": {
    "default": {"variation_1": {"push": {
      "android": {
        "template_type": "BASIC",
        "basic_details": {
          "title": "Hi {{UserAttribute['First Name'] | title}}",
          "message": "{{ event.item }} for {{ event.price }}",
          "summary": "{{ UserAttribute['City'] | upper }}",
          "image_url": "https://img.example.com/{{ event.item | lower | replace(' ', '-') }}.png",
          "default_click_action_value": "https://shop.example.com/cart?u={{ UserAttribute['ID'] }}",
          "key_value_pairs": [{"key": "coupon", "value": "{{ 'SAVE' ~ 10 }}"}],
          "carousel_content": {"slider_transition": "manual", "slide_data": [{"image_url": "https://img/{{ event.item | length }}", "image_click_action_value": "x"}]},
          "x_unknown": "{{ stays }}"
        },
        "buttons": [{"btn_name": "Buy {{ event.item }}", "click_action_type": "deepLinking", "click_action_value": "app://p/{{ event.order_id }}"}],
        "template_backup": {"title": "Backup {{ user.first_name }}", "message": "m"}
      },
      "ios": {"basic_details": {"title": "t", "message": "m", "subtitle": "{{ UserAttribute['Loyalty Tier'] | default('Member') }}"}},
      "web": {"basic_details": {"title": "{{ event.item }}", "message": "m"}, "buttons": [{"title": "Go {{ user.first_name }}", "url": "https://x/{{ event.order_id }}"}]}
    }}},
    "pt": {"variation_1": {"push": {"android": {"basic_details": {"title": "Olá {{ UserAttribute['First Name'] }", "message": "{{ event.price | nosuch }}"}}}}}
  }
}`

var shopper = Data{
	User:  map[string]any{"First Name": "ana", "City": "Lisbon", "ID": "user-001"},
	Event: map[string]any{"item": "Running Shoes", "price": 89.9, "order_id": "A-1"},
}

func TestRenderContentRendersEveryTextField(t *testing.T) {
	cc := decode(t, richPush)
	before := string(model.Encode(cc))
	out, errs := RenderContent(cc, shopper)
	if string(model.Encode(cc)) != before {
		t.Fatal("RenderContent changed its input")
	}
	a := out.Content.Keyed["default"]["variation_1"].Push.Android
	checks := map[string]string{
		"title":        *a.BasicDetails.Title,
		"message":      *a.BasicDetails.Message,
		"summary":      *a.BasicDetails.Summary,
		"image":        *a.BasicDetails.ImageURL,
		"click":        *a.BasicDetails.DefaultClickActionValue,
		"kv":           *a.BasicDetails.KeyValuePairs[0].Value,
		"slide":        *a.BasicDetails.CarouselContent.SlideData[0].ImageURL,
		"button":       *a.Buttons[0].BtnName,
		"button value": *a.Buttons[0].ClickActionValue,
		"backup":       *a.TemplateBackup.Title,
		"ios subtitle": *out.Content.Keyed["default"]["variation_1"].Push.IOS.BasicDetails.Subtitle,
		"web title":    *out.Content.Keyed["default"]["variation_1"].Push.Web.BasicDetails.Title,
		"web button":   *out.Content.Keyed["default"]["variation_1"].Push.Web.Buttons[0].Title,
		"web url":      *out.Content.Keyed["default"]["variation_1"].Push.Web.Buttons[0].URL,
	}
	want := map[string]string{
		"title":        "Hi Ana",
		"message":      "Running Shoes for 89.9",
		"summary":      "LISBON",
		"image":        "https://img.example.com/running-shoes.png",
		"click":        "https://shop.example.com/cart?u=user-001",
		"kv":           "SAVE10",
		"slide":        "https://img/13",
		"button":       "Buy Running Shoes",
		"button value": "app://p/A-1",
		"backup":       "Backup ana",
		"ios subtitle": "Member",
		"web title":    "Running Shoes",
		"web button":   "Go ana",
		"web url":      "https://x/A-1",
	}
	for k, w := range want {
		if checks[k] != w {
			t.Errorf("%s = %q, want %q", k, checks[k], w)
		}
	}
	// Unknown fields are kept as sent, not rendered.
	enc := string(model.Encode(out))
	if !strings.Contains(enc, `"x_unknown":"{{ stays }}"`) || !strings.Contains(enc, `"future_key":{"kept":"{{ not rendered }}"}`) {
		t.Errorf("unknown fields lost or rendered: %s", enc)
	}
	// Both broken pt fields are reported, in field order, with targets.
	if len(errs) != 2 {
		t.Fatalf("errors: %v", errs)
	}
	if errs[0].Target != "campaign_content.content.pt.variation_1.push.android.basic_details.title" || errs[0].Line != 1 || errs[0].Column < 10 {
		t.Errorf("first error %+v", errs[0])
	}
	if errs[1].Target != "campaign_content.content.pt.variation_1.push.android.basic_details.message" || !strings.Contains(errs[1].Message, "nosuch") {
		t.Errorf("second error %+v", errs[1])
	}
	// A failing field keeps its text in the copy.
	if got := *out.Content.Keyed["pt"]["variation_1"].Push.Android.BasicDetails.Title; got != "Olá {{ UserAttribute['First Name'] }" {
		t.Errorf("failed field = %q", got)
	}
}

func TestRenderContentEmailMultiLineErrorPosition(t *testing.T) {
	html := "<html>\n  <body>\n    <h1>Hello {{ UserAttribute['First Name'] | default('there') }}</h1>\n    <p>Your order {{ event.order_id }}</p>\n    <p>{% if event.price > 50 %}Free shipping!{% endif %}</p>\n    <p>{{ event.items[0]. }}</p>\n  </body>\n</html>"
	body, _ := json.Marshal(map[string]any{"content": map[string]any{"email": map[string]any{
		"subject": "Order {{ event.order_id }}", "preview_text": "Hi {{ user.first_name }}", "sender_name": "{{ 'Shop' | upper }}",
		"from_address": "shop@example.com", "html_content": html,
		"attachments": []any{map[string]any{"file_type": "PERSONALIZED_ATTACHMENT", "url": "https://f/{{ event.order_id }}.pdf"}},
	}}})
	out, errs := RenderContent(decode(t, string(body)), shopper)
	if len(errs) != 1 {
		t.Fatalf("errors %v", errs)
	}
	e := errs[0]
	if e.Target != "campaign_content.content.email.html_content" || e.Line != 6 || e.Column != 27 {
		t.Fatalf("error %+v; want html_content line 6 column 27 (the closing braces, where a name belongs)", e)
	}
	em := out.Content.Flat.Email
	if *em.Subject != "Order A-1" || *em.PreviewText != "Hi ana" || *em.SenderName != "SHOP" || *em.Attachments[0].URL != "https://f/A-1.pdf" {
		t.Errorf("email %s", model.Encode(em))
	}
	// The same html without the broken line renders.
	fixed := strings.Replace(html, "    <p>{{ event.items[0]. }}</p>\n", "", 1)
	got, err := Render(fixed, shopper)
	if err != nil || !strings.Contains(got, "<h1>Hello ana</h1>") || !strings.Contains(got, "Free shipping!") || !strings.Contains(got, "order A-1") {
		t.Fatalf("%q %v", got, err)
	}
}

func TestRenderMessage(t *testing.T) {
	cc := decode(t, richPush)
	m := cc.Content.Keyed["pt"]["variation_1"]
	_, errs := RenderMessage(m, "campaign_content.content.pt.variation_1", shopper)
	if len(errs) != 2 || errs[0].Target != "campaign_content.content.pt.variation_1.push.android.basic_details.title" {
		t.Fatalf("%v", errs)
	}
	if out, errs := RenderMessage(nil, "x", shopper); out != nil || errs != nil {
		t.Fatal("nil message")
	}
	if out, errs := RenderContent(nil, shopper); out != nil || errs != nil {
		t.Fatal("nil content")
	}
}

func TestVariationOrder(t *testing.T) {
	vs := map[string]*model.Message{}
	for _, k := range []string{"variation_10", "variation_2", "control", "variation_1"} {
		vs[k] = &model.Message{}
	}
	if got := strings.Join(model.VariationOrder(vs), " "); got != "variation_1 variation_2 variation_10 control" {
		t.Fatal(got)
	}
}

func TestConcurrentRendering(t *testing.T) {
	srcs := []string{
		"{% for i in range(3) %}{{ i }}{{ UserAttribute['First Name'] }}{% endfor %}",
		"{% set x = event.price * 2 %}{{ x }}",
		"{% with n = user.first_name %}hi {{ n }}{% endwith %}{% for c in 'ab' %}{{ c }}{% endfor %}",
		"{{ UserAttribute['City'] | default('nowhere') | upper }}",
	}
	want := make([]string, len(srcs))
	for i, s := range srcs {
		w, err := Render(s, shopper)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = w
	}
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for n := 0; n < 200; n++ {
				i := (g + n) % len(srcs)
				d := Data{User: map[string]any{"First Name": fmt.Sprint("u", g), "City": "c"}, Event: shopper.Event}
				got, err := Render(srcs[i], d)
				if err != nil {
					errs <- err
					return
				}
				if i == 3 && got != "C" {
					errs <- fmt.Errorf("goroutine %d saw %q", g, got)
					return
				}
				if i == 0 && got != fmt.Sprintf("0u%[1]d1u%[1]d2u%[1]d", g) {
					errs <- fmt.Errorf("goroutine %d saw %q", g, got)
					return
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestRenderContentUntypedChannels(t *testing.T) {
	cc := decode(t, `{"content": {"sms": {"message": "Hi {{ UserAttribute['First Name'] }}, order {{ event.order_id }}", "parts": ["{{ event.item }}", 3],
		"bad": "{{ nope( }}"}}}`)
	out, errs := RenderContent(cc, shopper)
	enc := string(model.Encode(out))
	if !strings.Contains(enc, `"message":"Hi ana, order A-1"`) || !strings.Contains(enc, `"parts":["Running Shoes",3]`) {
		t.Fatalf("sms not rendered: %s", enc)
	}
	if len(errs) != 1 || errs[0].Target != "campaign_content.content.sms.bad" {
		t.Fatalf("errors %v", errs)
	}
	if !strings.Contains(string(model.Encode(cc)), "{{ UserAttribute['First Name'] }}") {
		t.Fatal("input changed")
	}
	keyed := decode(t, `{"locales": ["fr"], "content": {"default": {"variation_1": {"sms": {"message": "{{ user.first_name }}"}}}, "fr": {"variation_1": {"sms": {"message": "{{ x"}}}}}`)
	out, errs = RenderContent(keyed, shopper)
	if got := string(model.Encode(out)); !strings.Contains(got, `"default":{"variation_1":{"sms":{"message":"ana"}}}`) {
		t.Fatalf("keyed sms: %s", got)
	}
	if len(errs) != 1 || errs[0].Target != "campaign_content.content.fr.variation_1.sms.message" {
		t.Fatalf("errors %v", errs)
	}
}

func TestTimesRenderAsISO(t *testing.T) {
	got, err := Render("{{ UserAttribute['Signup'] }}", Data{User: map[string]any{"Signup": time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}})
	if err != nil || got != "2026-01-02T03:04:05Z" {
		t.Fatalf("%q %v", got, err)
	}
}

// TestPreviewAndSandboxRenderAlike: the editor's preview renders one payload
// (RenderMessage) and the sandbox's preview the whole content
// (RenderContent); for the same payload and data both give the same text
// and the same errors.
func TestPreviewAndSandboxRenderAlike(t *testing.T) {
	cc := decode(t, richPush)
	whole, wholeErrs := RenderContent(cc, shopper)
	for _, loc := range model.LocaleOrder(cc.Content.Keyed) {
		for _, v := range model.VariationOrder(cc.Content.Keyed[loc]) {
			target := "campaign_content.content." + loc + "." + v
			one, oneErrs := RenderMessage(cc.Content.Keyed[loc][v], target, shopper)
			a, _ := json.Marshal(one)
			b, _ := json.Marshal(whole.Content.Keyed[loc][v])
			if string(a) != string(b) {
				t.Errorf("%s: preview %s\nsandbox %s", target, a, b)
			}
			for _, e := range oneErrs {
				found := false
				for _, w := range wholeErrs {
					found = found || *w == *e
				}
				if !found {
					t.Errorf("%s: preview error %v not in the sandbox's", target, e)
				}
			}
		}
	}
}
