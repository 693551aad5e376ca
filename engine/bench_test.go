package engine

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/campaigns-cli/campaigns/model"
)

// typicalCampaign: one locale, one variation, Android + iOS, every other
// component filled as a marketer would.
func typicalCampaign(t testing.TB) *model.Campaign {
	tree := fixtureTree(t, pOT)
	cc := tree["campaign_content"].(map[string]any)
	delete(cc, "locales")
	content := cc["content"].(map[string]any)
	delete(content, "es-ES")
	delete(content, "fr-FR")
	data, _ := json.Marshal(tree)
	c, err := model.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// largeCampaign: 10 locales × 5 variations × Android/iOS/Web, with buttons
// and carousels.
func largeCampaign(t testing.TB) *model.Campaign {
	tree := fixtureTree(t, pOT)
	tree["basic_details"].(map[string]any)["platforms"] = []any{"ANDROID", "IOS", "WEB"}
	android := func(loc, v string) map[string]any {
		slides := []any{}
		for i := 0; i < 4; i++ {
			slides = append(slides, map[string]any{
				"image_url":                fmt.Sprintf("https://cdn.example.com/%s/%s/%d.png", loc, v, i),
				"image_click_action":       "DEEPLINKING",
				"image_click_action_value": "shop://item/" + fmt.Sprint(i),
				"key_value_pairs":          []any{map[string]any{"key": "slide", "value": fmt.Sprint(i)}},
			})
		}
		return map[string]any{
			"template_type": "SIMPLE_IMAGE_CAROUSEL",
			"basic_details": map[string]any{
				"notification_channel": "promotions", "title": "Title " + loc + " " + v, "message": "Message with <b>HTML</b>",
				"summary": "Summary", "background_color_code": "#112233", "app_name_color_code": "#FFFFFF",
				"notification_control_color": "DARK", "image_scaling": "FILL_IMAGE_CONTAINER",
				"default_click_action": "DEEPLINKING", "default_click_action_value": "shop://home",
				"key_value_pairs":  []any{map[string]any{"key": "k", "value": "v"}},
				"carousel_content": map[string]any{"slider_transition": "manual", "slide_data": slides},
			},
			"buttons": []any{
				map[string]any{"btn_name": "Shop", "click_action_type": "DEEPLINKING", "click_action_value": "shop://sale"},
				map[string]any{"btn_name": "Track", "click_action_type": "TRACK_EVENT", "click_action_name": "tapped"},
				map[string]any{"btn_name": "Later", "click_action_type": "REMIND_LATER"},
			},
			"advanced":        map[string]any{"auto_dismiss_notification": true, "dismiss_button_text": "OK", "auto_dismiss_notification_time_value": 2, "auto_dismiss_notification_time_granularity": "HOURS"},
			"template_backup": map[string]any{"title": "Backup", "message": "Backup message", "image_url": "https://cdn.example.com/b.png"},
		}
	}
	ios := func(loc, v string) map[string]any {
		slides := []any{}
		for i := 0; i < 4; i++ {
			slides = append(slides, map[string]any{"image_url": fmt.Sprintf("https://cdn.example.com/ios/%s/%d.png", loc, i)})
		}
		return map[string]any{
			"template_type": "SIMPLE_IMAGE_CAROUSEL",
			"basic_details": map[string]any{
				"title": "Title " + loc, "subtitle": "Sub", "message": "Message " + v,
				"image_url":            "https://cdn.example.com/cover.png",
				"carousel_content":     map[string]any{"slider_transition": "AUTOMATIC", "slide_data": slides},
				"default_click_action": "DEEPLINKING", "default_click_action_value": "shop://home",
			},
			"buttons":         []any{map[string]any{"button_category": "SALE"}},
			"advanced":        map[string]any{"sound_file": "chime.caf", "enable_ios_badge": true},
			"template_backup": map[string]any{"title": "Backup", "message": "Backup message"},
		}
	}
	web := func(loc, v string) map[string]any {
		return map[string]any{
			"template_type": "BASIC",
			"basic_details": map[string]any{"title": "Title " + loc, "message": "Message " + v, "redirect_url": "https://example.com/" + loc, "image_url": "https://cdn.example.com/web.png"},
			"buttons": []any{
				map[string]any{"title": "One", "icon_url": "https://cdn.example.com/1.png", "url": "https://example.com/1"},
				map[string]any{"title": "Two", "url": "https://example.com/2"},
			},
			"advanced": map[string]any{"icon_image_type": "ICON_URL", "icon_url": "https://cdn.example.com/icon.png"},
		}
	}
	locs := []any{}
	content := map[string]any{}
	names := []string{"default", "es-ES", "fr-FR", "de-DE", "it-IT", "pt-PT", "nl-NL", "pl-PL", "sv-SE", "ja-JP"}
	for _, loc := range names {
		if loc != "default" {
			locs = append(locs, loc)
		}
		vars := map[string]any{}
		for v := 1; v <= 5; v++ {
			vn := fmt.Sprintf("variation_%d", v)
			vars[vn] = map[string]any{"push": map[string]any{"android": android(loc, vn), "ios": ios(loc, vn), "web": web(loc, vn)}}
		}
		content[loc] = vars
	}
	tree["campaign_content"] = map[string]any{
		"locales": locs,
		"variation_details": map[string]any{
			"distribution_type": "MANUAL", "no_of_variations": 5,
			"manual_distribution_percentage": map[string]any{"variation_1": 20, "variation_2": 20, "variation_3": 20, "variation_4": 20, "variation_5": 20},
		},
		"content": content,
	}
	data, _ := json.Marshal(tree)
	c, err := model.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestBenchmarkCampaignsAreValid(t *testing.T) {
	for name, c := range map[string]*model.Campaign{"typical": typicalCampaign(t), "large": largeCampaign(t)} {
		if probs := Validate(c, PhasePublish, Options{}); len(probs) > 0 {
			t.Errorf("%s campaign must be valid (a benchmark of the error path measures something else):%s", name, dump(probs))
		}
	}
}

func BenchmarkValidateTypical(b *testing.B) {
	c := typicalCampaign(b)
	b.ReportAllocs()
	for b.Loop() {
		Validate(c, PhasePublish, Options{})
	}
}

func BenchmarkValidateLarge(b *testing.B) {
	c := largeCampaign(b)
	b.ReportAllocs()
	for b.Loop() {
		Validate(c, PhasePublish, Options{})
	}
}

// BenchmarkValidatePatch: a content edit on a stored campaign (merge, patch
// rules, state table), as the sandbox runs it on every PATCH.
func BenchmarkValidatePatch(b *testing.B) {
	stored := typicalCampaign(b)
	patch := &model.Campaign{CampaignContent: model.Clone(stored.CampaignContent)}
	b.ReportAllocs()
	for b.Loop() {
		ValidatePatch(stored, patch, model.StatusActive, Options{})
	}
}
