package forms

import (
	"testing"

	"github.com/campaigns-cli/campaigns/model"
)

func pushDraft(t *testing.T) (*model.Campaign, string) {
	t.Helper()
	ch, pl := model.ChannelPush, []string{model.PlatformAndroid, model.PlatformIOS}
	c := &model.Campaign{Channel: &ch, BasicDetails: &model.BasicDetails{Platforms: pl}}
	Normalize(c)
	mp := MessagePath(c, "", "")
	if err := SetTemplate(c, mp, model.PlatformAndroid, model.TemplateSimpleImageCarousel); err != nil {
		t.Fatal(err)
	}
	return c, mp
}

// A carousel's fallback takes the title and message as they are typed, and
// a linked platform takes each shared field the edit changed.
func TestLinkEditFollowsBackupAndLinkedPlatform(t *testing.T) {
	c, mp := pushDraft(t)
	sel := Selection{Locale: model.DefaultLocale, Variation: model.VariationKey(1), Platform: model.PlatformAndroid}
	edit := func(field, v string) {
		before := SharedAt(c, sel)
		path := mp + ".push.android.basic_details." + field
		if err := Set(c, path, v); err != nil {
			t.Fatal(err)
		}
		LinkEdit(c, sel, path, before, []string{model.PlatformAndroid, model.PlatformIOS})
	}
	edit("title", "Picked for you")
	edit("message", "Three ideas")
	a := Message(c, sel.Locale, sel.Variation).Push
	if tb := a.Android.TemplateBackup; tb == nil || model.Str(tb.Title) != "Picked for you" || model.Str(tb.Message) != "Three ideas" {
		t.Fatalf("fallback %+v", tb)
	}
	if a.IOS == nil || model.Str(a.IOS.BasicDetails.Title) != "Picked for you" || model.Str(a.IOS.TemplateType) != model.TemplateBasic {
		t.Fatalf("iOS did not follow: %+v", a.IOS)
	}
	// A fallback with its own text keeps it.
	own := "Our picks"
	a.Android.TemplateBackup.Title = &own
	edit("title", "Chosen for you")
	if model.Str(a.Android.TemplateBackup.Title) != "Our picks" || model.Str(a.IOS.BasicDetails.Title) != "Chosen for you" {
		t.Fatalf("fallback %q, iOS %q", model.Str(a.Android.TemplateBackup.Title), model.Str(a.IOS.BasicDetails.Title))
	}
}

// A new locale starts as a copy of default: every platform whole.
func TestSeedLocaleCopiesDefault(t *testing.T) {
	c, mp := pushDraft(t)
	for p, v := range map[string]string{"android": "A", "ios": "I"} {
		if err := Set(c, mp+".push."+p+".basic_details.title", v); err != nil {
			t.Fatal(err)
		}
	}
	if err := AddLocale(c, "es"); err != nil {
		t.Fatal(err)
	}
	if err := SeedLocale(c, "es"); err != nil {
		t.Fatal(err)
	}
	es := Message(c, "es", model.VariationKey(1))
	if es == nil || es.Push.Android == nil || model.Str(es.Push.Android.BasicDetails.Title) != "A" || model.Str(es.Push.Android.TemplateType) != model.TemplateSimpleImageCarousel || model.Str(es.Push.IOS.BasicDetails.Title) != "I" {
		t.Fatalf("es is not a copy of default: %s", model.Encode(es))
	}
}

// A list operator's value takes plain "Madrid, Sevilla" (and still JSON).
func TestListValueTakesPlainText(t *testing.T) {
	c := &model.Campaign{}
	p := "segmentation_details.included_filters.filters[0]"
	for path, v := range map[string]any{p + ".filter_type": "user_attributes", p + ".data_type": "string", p + ".name": "City", p + ".operator": "in"} {
		if err := Set(c, path, v); err != nil {
			t.Fatal(err)
		}
	}
	f := Field{Path: p + ".value", Kind: Value}
	f.set = setList(f)
	for text, want := range map[string]string{
		"Madrid, Sevilla":      `["Madrid","Sevilla"]`,
		`["Madrid","Sevilla"]`: `["Madrid","Sevilla"]`,
		"Madrid":               `["Madrid"]`,
	} {
		if err := f.Apply(c, text); err != nil {
			t.Fatal(err)
		}
		if got := model.Encode(Get(c, f.Path)); string(got) != want {
			t.Errorf("%q → %s, want %s", text, got, want)
		}
	}
}

// A fallback opens what its message opens: its click action and target
// follow an edit of the platform's own when they were empty or the same,
// keep their own otherwise, and an edit of another field (the title) does
// not fill them.
func TestFallbackClickFollowsAnEditOfTheClick(t *testing.T) {
	sel := Selection{Locale: model.DefaultLocale, Variation: model.VariationKey(1), Platform: model.PlatformAndroid}
	for _, tc := range []struct {
		name                 string
		backupAction, backup string // the fallback's before the edit
		field, v             string // the edit of the platform's own
		wantAction, want     string
	}{
		{"empty fallback, the action chosen", "", "", "default_click_action", "DEEPLINKING", "DEEPLINKING", ""},
		{"empty fallback, the target typed", "", "", "default_click_action_value", "shop://new", "", "shop://new"},
		{"the same target follows", "DEEPLINKING", "shop://old", "default_click_action_value", "shop://new", "DEEPLINKING", "shop://new"},
		{"its own target stays", "DEEPLINKING", "shop://own", "default_click_action_value", "shop://new", "DEEPLINKING", "shop://own"},
		{"a title edit leaves it empty", "", "", "title", "Picked for you", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, mp := pushDraft(t)
			p := mp + ".push.android."
			for path, v := range map[string]string{p + "basic_details.default_click_action": "DEEPLINKING", p + "basic_details.default_click_action_value": "shop://old",
				p + "template_backup.default_click_action": tc.backupAction, p + "template_backup.default_click_action_value": tc.backup} {
				if v != "" {
					if err := Set(c, path, v); err != nil {
						t.Fatal(err)
					}
				}
			}
			if tc.field == "default_click_action" { // chosen from none
				_ = Set(c, p+"basic_details.default_click_action", nil)
				_ = Set(c, p+"basic_details.default_click_action_value", nil)
			}
			before := SharedAt(c, sel)
			if err := Set(c, p+"basic_details."+tc.field, tc.v); err != nil {
				t.Fatal(err)
			}
			LinkEdit(c, sel, p+"basic_details."+tc.field, before, nil)
			a, _ := Get(c, p+"template_backup.default_click_action").(string)
			v, _ := Get(c, p+"template_backup.default_click_action_value").(string)
			if a != tc.wantAction || v != tc.want {
				t.Errorf("fallback %q %q, want %q %q", a, v, tc.wantAction, tc.want)
			}
		})
	}
}
