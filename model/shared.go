package model

// Shared is the part of a push message that "Copy to…" carries from one
// platform to another. Only fields that mean the same on both platforms
// travel: a click action only between the apps (a Web redirect URL is
// never an app click action, nor the reverse), key-value pairs only
// between the apps, an image only where the target's template has the same
// image field (Android and Web basic images; never an iOS rich-media item).
// The Has flags say which fields the source platform has at all, so a
// field it lacks is left alone on the target rather than cleared.
type Shared struct {
	Title, Message *string
	ImageURL       *string
	ClickAction    *string
	ClickValue     *string
	KeyValuePairs  []KeyValue
	// HasImage, HasClick: the source has the field (ImageURL nil then means
	// "no image", not "not known").
	HasImage, HasClick bool
}

// SharedOf reads the shared fields of one platform's message.
func SharedOf(p *PushContent, platform string) Shared {
	var s Shared
	if p == nil {
		return s
	}
	switch platform {
	case PlatformAndroid:
		if p.Android == nil || p.Android.BasicDetails == nil {
			return s
		}
		b := p.Android.BasicDetails
		s = Shared{Title: b.Title, Message: b.Message, ImageURL: b.ImageURL, ClickAction: b.DefaultClickAction,
			ClickValue: b.DefaultClickActionValue, KeyValuePairs: b.KeyValuePairs, HasImage: ImageShared(p, platform), HasClick: true}
	case PlatformIOS:
		if p.IOS == nil || p.IOS.BasicDetails == nil {
			return s
		}
		b := p.IOS.BasicDetails
		s = Shared{Title: b.Title, Message: b.Message, ClickAction: b.DefaultClickAction, ClickValue: b.DefaultClickActionValue,
			KeyValuePairs: b.KeyValuePairs, HasClick: true}
	case PlatformWeb:
		if p.Web == nil || p.Web.BasicDetails == nil {
			return s
		}
		b := p.Web.BasicDetails
		s = Shared{Title: b.Title, Message: b.Message, ImageURL: b.ImageURL, HasImage: ImageShared(p, platform)}
	}
	return cloneShared(s)
}

// ImageShared reports whether a platform's basic image_url is the picture
// of its message in a template another platform has the same field in:
// Android's and Web's BASIC template. An iOS image is rich media or a
// carousel cover, an Android carousel's image_url its cover: nothing else
// has those.
func ImageShared(p *PushContent, platform string) bool {
	tpl := func(t *string) string {
		if t == nil || *t == "" {
			return TemplateBasic
		}
		return *t
	}
	switch platform {
	case PlatformAndroid:
		return p != nil && (p.Android == nil || tpl(p.Android.TemplateType) == TemplateBasic)
	case PlatformWeb:
		return p != nil && (p.Web == nil || tpl(p.Web.TemplateType) == TemplateBasic)
	}
	return false
}

func ptrTo[T any](v T) *T { return &v }

func cloneShared(s Shared) Shared {
	cp := func(p *string) *string {
		if p == nil {
			return nil
		}
		v := *p
		return &v
	}
	out := Shared{cp(s.Title), cp(s.Message), cp(s.ImageURL), cp(s.ClickAction), cp(s.ClickValue), nil, s.HasImage, s.HasClick}
	for _, kv := range s.KeyValuePairs {
		out.KeyValuePairs = append(out.KeyValuePairs, KeyValue{Key: cp(kv.Key), Value: cp(kv.Value), Extra: kv.Extra})
	}
	return out
}

// ApplyShared writes s into one platform's message, creating it as a BASIC
// message when it is missing. Only the fields that mean the same there are
// written (Shared); the platform's own (template, buttons, advanced
// settings, a click action from Web) are left as they are. An Android
// or iOS fallback (template_backup) that held the old title and message
// follows the new ones.
func ApplyShared(p *PushContent, platform string, s Shared) {
	s = cloneShared(s)
	basic := TemplateBasic
	switch platform {
	case PlatformAndroid:
		if p.Android == nil {
			p.Android = &Android{TemplateType: &basic}
		}
		if p.Android.BasicDetails == nil {
			p.Android.BasicDetails = &AndroidBasic{}
		}
		b := p.Android.BasicDetails
		f := appFields{&b.Title, &b.Message, &b.DefaultClickAction, &b.DefaultClickActionValue, &b.KeyValuePairs, nil, nil}
		if tb := p.Android.TemplateBackup; tb != nil {
			f.backupTitle, f.backupMessage = &tb.Title, &tb.Message
		}
		f.apply(s)
		if s.HasImage && ImageShared(p, platform) {
			b.ImageURL = s.ImageURL
		}
	case PlatformIOS:
		if p.IOS == nil {
			p.IOS = &IOS{TemplateType: &basic}
		}
		if p.IOS.BasicDetails == nil {
			p.IOS.BasicDetails = &IOSBasic{}
		}
		b := p.IOS.BasicDetails
		f := appFields{&b.Title, &b.Message, &b.DefaultClickAction, &b.DefaultClickActionValue, &b.KeyValuePairs, nil, nil}
		if tb := p.IOS.TemplateBackup; tb != nil {
			f.backupTitle, f.backupMessage = &tb.Title, &tb.Message
		}
		f.apply(s)
	case PlatformWeb:
		if p.Web == nil {
			p.Web = &Web{TemplateType: &basic}
		}
		if p.Web.BasicDetails == nil {
			p.Web.BasicDetails = &WebBasic{}
		}
		b := p.Web.BasicDetails
		b.Title, b.Message = s.Title, s.Message
		if s.HasImage && ImageShared(p, platform) {
			b.ImageURL = s.ImageURL
		}
	}
}

// appFields are the fields Android and iOS share, in one platform's
// message, and its fallback's title and message (nil: no fallback).
type appFields struct {
	title, message, action, value **string
	kv                            *[]KeyValue
	backupTitle, backupMessage    **string
}

// apply writes s: title and message, and the click action and key-value
// pairs when the source has them (Web has none); a fallback that held the
// old title and message follows.
func (f appFields) apply(s Shared) {
	if f.backupTitle != nil {
		follow(f.backupTitle, *f.title, s.Title)
		follow(f.backupMessage, *f.message, s.Message)
	}
	*f.title, *f.message = s.Title, s.Message
	if s.HasClick {
		*f.action, *f.value, *f.kv = s.ClickAction, s.ClickValue, s.KeyValuePairs
	}
}

// follow moves a fallback field along with the main one when it held the
// same text (or nothing).
func follow(backup **string, old, now *string) {
	if *backup == nil || *backup != nil && old != nil && **backup == *old {
		if now == nil {
			*backup = nil
			return
		}
		v := *now
		*backup = &v
	}
}

// CopyPlatform copies the shared fields of one platform's message in src
// to each of the platforms in to in dst (dst may be src: linking the
// platforms of one message). Copying a platform onto itself in another
// message copies it whole.
func CopyPlatform(dst, src *Message, from string, to []string) {
	if src == nil || src.Push == nil || dst == nil {
		return
	}
	if dst.Push == nil {
		dst.Push = &PushContent{}
	}
	s := SharedOf(src.Push, from)
	for _, t := range to {
		if t == from {
			if dst == src {
				continue
			}
			switch t {
			case PlatformAndroid:
				dst.Push.Android = Clone(src.Push.Android)
			case PlatformIOS:
				dst.Push.IOS = Clone(src.Push.IOS)
			case PlatformWeb:
				dst.Push.Web = Clone(src.Push.Web)
			}
			continue
		}
		ApplyShared(dst.Push, t, s)
	}
}
