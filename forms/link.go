package forms

import (
	"reflect"

	"github.com/campaigns-cli/campaigns/model"
)

// SharedAt reads the shared fields (title, message, image, click action and
// value, key-value pairs) of one platform of one content cell.
func SharedAt(c *model.Campaign, sel Selection) model.Shared {
	msg := Message(c, sel.Locale, sel.Variation)
	if msg == nil {
		return model.Shared{}
	}
	return model.SharedOf(msg.Push, sel.Platform)
}

// LinkEdit follows an edit of sel's platform, whose shared fields read
// before as they did before it: each shared field the edit changed is
// written to the platforms in to (the others linked to it), mapped as
// "Copy to…" maps it; fields it did not change stay as they are, so a
// platform's own click action survives an edit of the title. The edited
// platform's fallback (template_backup) takes the title and message when
// it is empty or held the old ones: a carousel's fallback is not typed
// twice.
func LinkEdit(c *model.Campaign, sel Selection, before model.Shared, to []string) {
	msg := Message(c, sel.Locale, sel.Variation)
	if msg == nil || msg.Push == nil {
		return
	}
	now := model.SharedOf(msg.Push, sel.Platform)
	followBackup(msg.Push, sel.Platform, before, now)
	same := func(a, b any) bool { return reflect.DeepEqual(a, b) }
	for _, p := range to {
		if p == sel.Platform {
			continue
		}
		s := model.SharedOf(msg.Push, p)
		changed := false
		set := func(dst **string, old, v *string) {
			if !same(old, v) {
				*dst, changed = v, true
			}
		}
		set(&s.Title, before.Title, now.Title)
		set(&s.Message, before.Message, now.Message)
		set(&s.ImageURL, before.ImageURL, now.ImageURL)
		set(&s.ClickAction, before.ClickAction, now.ClickAction)
		set(&s.ClickValue, before.ClickValue, now.ClickValue)
		if !same(before.KeyValuePairs, now.KeyValuePairs) {
			s.KeyValuePairs, changed = now.KeyValuePairs, true
		}
		if changed {
			model.ApplyShared(msg.Push, p, s)
		}
	}
}

// followBackup lets a fallback's title and message follow the platform's
// own when they are empty or were the same.
func followBackup(p *model.PushContent, platform string, before, now model.Shared) {
	var title, message **string
	switch {
	case platform == model.PlatformAndroid && p.Android != nil && p.Android.TemplateBackup != nil:
		title, message = &p.Android.TemplateBackup.Title, &p.Android.TemplateBackup.Message
	case platform == model.PlatformIOS && p.IOS != nil && p.IOS.TemplateBackup != nil:
		title, message = &p.IOS.TemplateBackup.Title, &p.IOS.TemplateBackup.Message
	default:
		return
	}
	follow := func(b **string, old, v *string) {
		if *b != nil && **b != "" && (old == nil || **b != *old) {
			return // the fallback's own text
		}
		if v == nil {
			*b = nil
			return
		}
		t := *v
		*b = &t
	}
	follow(title, before.Title, now.Title)
	follow(message, before.Message, now.Message)
}

// SameTitles reports whether the platforms of one content cell hold the
// same title and message (or none): the editor then links them at first
// sight.
func SameTitles(c *model.Campaign, locale, variation string, platforms []string) bool {
	msg := Message(c, locale, variation)
	if msg == nil || msg.Push == nil || len(platforms) < 2 {
		return true
	}
	first := model.SharedOf(msg.Push, platforms[0])
	for _, p := range platforms[1:] {
		o := model.SharedOf(msg.Push, p)
		if model.Str(first.Title) != model.Str(o.Title) || model.Str(first.Message) != model.Str(o.Message) {
			return false
		}
	}
	return true
}

// SeedLocale fills a locale just added with a copy of the default locale's
// content, every variation and platform whole: a translation starts from
// the text, images and links it translates, not from blank rows.
func SeedLocale(c *model.Campaign, locale string) error {
	for _, v := range Variations(c) {
		if Message(c, model.DefaultLocale, v) == nil {
			continue
		}
		plats := []string{""}
		if model.Str(c.Channel) == model.ChannelPush {
			plats = Platforms(c)
		}
		for _, p := range plats {
			from := Selection{Locale: model.DefaultLocale, Variation: v, Platform: p}
			if p != "" && !hasPlatform(Message(c, model.DefaultLocale, v), p) {
				continue // nothing written for it yet
			}
			if err := CopyTo(c, from, []Selection{{Locale: locale, Variation: v, Platform: p}}); err != nil {
				return err
			}
		}
	}
	return nil
}

func hasPlatform(msg *model.Message, p string) bool {
	if msg == nil || msg.Push == nil {
		return false
	}
	switch p {
	case model.PlatformAndroid:
		return msg.Push.Android != nil
	case model.PlatformIOS:
		return msg.Push.IOS != nil
	case model.PlatformWeb:
		return msg.Push.Web != nil
	}
	return false
}
