package forms

import (
	"slices"
	"strings"

	"github.com/campaigns-cli/campaigns/model"
)

// Linked platforms ("same content on all platforms") share only the
// fields that mean the same on each of them: the title and the message,
// the key-value pairs between the apps, and the image where both templates
// have the same image field (model.ImageShared). A click action never
// travels: an app's screen or deep link and a Web redirect URL are not the
// same thing (an edit of Web's redirect once rewrote Android's and iOS's
// click actions).
//
// Whether two platforms are linked is read from the content, exactly: they
// are when every field they share holds the same value. So the link
// survives leaving, restarting and another machine, and platforms that
// differ in any shared field are never written over by a link.

// linkFields are the shared fields, under a platform's basic_details.
var linkFields = []string{"title", "message", "key_value_pairs", "image_url"}

// shares reports whether field f means the same on platforms a and b of p.
func shares(p *model.PushContent, f, a, b string) bool {
	switch f {
	case "key_value_pairs":
		return a != model.PlatformWeb && b != model.PlatformWeb
	case "image_url":
		return model.ImageShared(p, a) && model.ImageShared(p, b)
	}
	return true
}

// platformPath is where a platform's basic details live in sel's message.
func platformPath(c *model.Campaign, sel Selection, platform string) string {
	return MessagePath(c, sel.Locale, sel.Variation) + ".push." + strings.ToLower(platform) + "."
}

// linkValue reads a shared field as a comparable text: absent and empty
// are the same.
func linkValue(c *model.Campaign, path string) string {
	switch v := Get(c, path).(type) {
	case string:
		return v
	case []model.KeyValue:
		if len(v) == 0 {
			return ""
		}
		return string(model.Encode(v))
	case nil:
		return ""
	default:
		return string(model.Encode(v))
	}
}

func pushOf(c *model.Campaign, sel Selection) *model.PushContent {
	if msg := Message(c, sel.Locale, sel.Variation); msg != nil {
		return msg.Push
	}
	return nil
}

// SameLinked reports whether platforms a and b of sel's message hold the
// same value in every field they share.
func SameLinked(c *model.Campaign, sel Selection, a, b string) bool {
	p := pushOf(c, sel)
	for _, f := range linkFields {
		if !shares(p, f, a, b) {
			continue
		}
		va := linkValue(c, platformPath(c, sel, a)+"basic_details."+f)
		vb := linkValue(c, platformPath(c, sel, b)+"basic_details."+f)
		if va != vb {
			return false
		}
	}
	return true
}

// LinkedWith lists the platforms of sel's message linked with sel's
// platform (itself first): those not in off whose shared fields all hold
// what it holds. None when fewer than two are.
func LinkedWith(c *model.Campaign, sel Selection, off map[string]bool) []string {
	if off[sel.Platform] {
		return nil
	}
	out := []string{sel.Platform}
	for _, p := range Platforms(c) {
		if p != sel.Platform && !off[p] && SameLinked(c, sel, sel.Platform, p) {
			out = append(out, p)
		}
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// LinkWrite is what one linked edit wrote to other platforms: the field,
// the platforms, and what each held before, so that one key puts it back.
type LinkWrite struct {
	Field     string   // the edited row's path
	Platforms []string // the other platforms written
	before    map[string]any
}

// Empty reports a write that wrote nothing.
func (w LinkWrite) Empty() bool { return len(w.before) == 0 }

// Merge adds a later write of the same field (the next key typed into it)
// to w: undoing puts back what was there before the first.
func (w LinkWrite) Merge(later LinkWrite) LinkWrite {
	if w.Field != later.Field || w.Empty() {
		return later
	}
	for path, v := range later.before {
		if _, ok := w.before[path]; !ok {
			w.before[path] = v
		}
	}
	for _, p := range later.Platforms {
		if !slices.Contains(w.Platforms, p) {
			w.Platforms = append(w.Platforms, p)
		}
	}
	return w
}

// Undo puts back what the write replaced.
func (w LinkWrite) Undo(c *model.Campaign) error {
	for path, v := range w.before {
		if err := Set(c, path, v); err != nil {
			return err
		}
	}
	return nil
}

// LinkEdit follows an edit of the field at path on sel's platform, whose
// shared title and message read before as they did before it: when path
// is a shared field, its value is written to each platform in to that
// shares it; and the fallbacks (template_backup) of the platforms written
// take the title and message when they are empty or held the old ones: a
// carousel's fallback is not typed twice.
func LinkEdit(c *model.Campaign, sel Selection, path string, before model.Shared, to []string) LinkWrite {
	w := LinkWrite{Field: path, before: map[string]any{}}
	p := pushOf(c, sel)
	if p == nil {
		return w
	}
	followBackup(p, sel.Platform, before, model.SharedOf(p, sel.Platform))
	field, ok := strings.CutPrefix(path, platformPath(c, sel, sel.Platform)+"basic_details.")
	if !ok || !slices.Contains(linkFields, field) {
		return w
	}
	v := Get(c, path)
	if kv, ok := v.([]model.KeyValue); ok {
		v = cloneKV(kv)
	}
	for _, q := range to {
		if q == sel.Platform || !shares(p, field, sel.Platform, q) {
			continue
		}
		dst := platformPath(c, sel, q) + "basic_details." + field
		if linkValue(c, dst) == linkValue(c, path) {
			continue
		}
		old := Get(c, dst)
		if kv, ok := old.([]model.KeyValue); ok {
			old = cloneKV(kv)
		}
		qb := model.SharedOf(pushOf(c, sel), q)
		if Get(c, platformPath(c, sel, q)+"template_type") == nil {
			w.before[platformPath(c, sel, q)+"template_type"] = nil
			_ = Set(c, platformPath(c, sel, q)+"template_type", model.TemplateBasic)
		}
		w.before[dst] = old
		if err := Set(c, dst, v); err != nil {
			continue
		}
		if tb := backupOf(pushOf(c, sel), q); tb != "" {
			// The fallback's title and message follow, undone with the rest.
			for _, f := range []string{"title", "message"} {
				bp := platformPath(c, sel, q) + "template_backup." + f
				if _, kept := w.before[bp]; !kept {
					w.before[bp] = Get(c, bp)
				}
			}
			followBackup(pushOf(c, sel), q, qb, model.SharedOf(pushOf(c, sel), q))
		}
		w.Platforms = append(w.Platforms, q)
	}
	return w
}

// Relink makes sel's platform hold the shared fields of platform from
// (linking it again): the write is returned, to be announced and undone.
func Relink(c *model.Campaign, sel Selection, from string) LinkWrite {
	all := LinkWrite{}
	src := Selection{Locale: sel.Locale, Variation: sel.Variation, Platform: from}
	for _, f := range linkFields {
		path := platformPath(c, src, from) + "basic_details." + f
		w := LinkEdit(c, src, path, model.SharedOf(pushOf(c, src), from), []string{sel.Platform})
		if all.before == nil {
			all = w
			continue
		}
		w.Field = all.Field
		all = all.Merge(w)
	}
	return all
}

func cloneKV(kv []model.KeyValue) []model.KeyValue {
	out := make([]model.KeyValue, len(kv))
	for i, p := range kv {
		out[i] = *model.Clone(&p)
	}
	return out
}

// backupOf names a platform's fallback when it has one ("" when not).
func backupOf(p *model.PushContent, platform string) string {
	switch {
	case platform == model.PlatformAndroid && p.Android != nil && p.Android.TemplateBackup != nil,
		platform == model.PlatformIOS && p.IOS != nil && p.IOS.TemplateBackup != nil:
		return "template_backup"
	}
	return ""
}

// SharedAt reads the shared fields of one platform of one content cell.
func SharedAt(c *model.Campaign, sel Selection) model.Shared {
	return model.SharedOf(pushOf(c, sel), sel.Platform)
}

// followBackup lets a fallback's title and message follow the platform's
// own when they are empty or were the same; its click action and target
// too, when they are the ones edited (older devices open what the others
// open, unless the fallback was given its own).
func followBackup(p *model.PushContent, platform string, before, now model.Shared) {
	var title, message, action, value **string
	switch {
	case platform == model.PlatformAndroid && p.Android != nil && p.Android.TemplateBackup != nil:
		b := p.Android.TemplateBackup
		title, message, action, value = &b.Title, &b.Message, &b.DefaultClickAction, &b.DefaultClickActionValue
	case platform == model.PlatformIOS && p.IOS != nil && p.IOS.TemplateBackup != nil:
		b := p.IOS.TemplateBackup
		title, message, action, value = &b.Title, &b.Message, &b.DefaultClickAction, &b.DefaultClickActionValue
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
	changed := func(a, b *string) bool { return model.Str(a) != model.Str(b) }
	if changed(before.ClickAction, now.ClickAction) {
		follow(action, before.ClickAction, now.ClickAction)
	}
	if changed(before.ClickValue, now.ClickValue) {
		follow(value, before.ClickValue, now.ClickValue)
	}
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
