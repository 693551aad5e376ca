package model

import "slices"

// Shared is the part of a push message every platform has: what "Copy
// to…" and "same content on all platforms" carry from one platform to
// another. Fields a platform lacks are mapped to its nearest one (an
// Android image is an iOS rich-media image; a click target that is a web
// address is the Web redirect URL).
type Shared struct {
	Title, Message *string
	ImageURL       *string
	ClickAction    *string
	ClickValue     *string
	KeyValuePairs  []KeyValue
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
		s = Shared{b.Title, b.Message, b.ImageURL, b.DefaultClickAction, b.DefaultClickActionValue, b.KeyValuePairs}
	case PlatformIOS:
		if p.IOS == nil || p.IOS.BasicDetails == nil {
			return s
		}
		b := p.IOS.BasicDetails
		s = Shared{Title: b.Title, Message: b.Message, ClickAction: b.DefaultClickAction, ClickValue: b.DefaultClickActionValue, KeyValuePairs: b.KeyValuePairs}
		switch {
		case b.RichMediaType != nil && *b.RichMediaType == RichMediaImage:
			s.ImageURL = b.RichMediaValue
		case b.ImageURL != nil:
			s.ImageURL = b.ImageURL
		}
	case PlatformWeb:
		if p.Web == nil || p.Web.BasicDetails == nil {
			return s
		}
		b := p.Web.BasicDetails
		s = Shared{Title: b.Title, Message: b.Message, ImageURL: b.ImageURL}
		if b.RedirectURL != nil {
			s.ClickAction, s.ClickValue = ptrTo(ClickRichLanding), b.RedirectURL
		}
	}
	return cloneShared(s)
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
	out := Shared{cp(s.Title), cp(s.Message), cp(s.ImageURL), cp(s.ClickAction), cp(s.ClickValue), nil}
	for _, kv := range s.KeyValuePairs {
		out.KeyValuePairs = append(out.KeyValuePairs, KeyValue{Key: cp(kv.Key), Value: cp(kv.Value), Extra: kv.Extra})
	}
	return out
}

// ApplyShared writes s into one platform's message, creating it as a BASIC
// message when it is missing. Fields of the platform that are not shared
// (template, buttons, advanced settings) are left as they are. An Android
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
		if tb := p.Android.TemplateBackup; tb != nil {
			follow(&tb.Title, b.Title, s.Title)
			follow(&tb.Message, b.Message, s.Message)
		}
		b.Title, b.Message, b.DefaultClickAction, b.DefaultClickActionValue, b.KeyValuePairs = s.Title, s.Message, s.ClickAction, s.ClickValue, s.KeyValuePairs
		if carousel := p.Android.TemplateType != nil && *p.Android.TemplateType == TemplateSimpleImageCarousel; !carousel || s.ImageURL != nil {
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
		if tb := p.IOS.TemplateBackup; tb != nil {
			follow(&tb.Title, b.Title, s.Title)
			follow(&tb.Message, b.Message, s.Message)
		}
		b.Title, b.Message, b.DefaultClickAction, b.DefaultClickActionValue, b.KeyValuePairs = s.Title, s.Message, s.ClickAction, s.ClickValue, s.KeyValuePairs
		tpl := ""
		if p.IOS.TemplateType != nil {
			tpl = *p.IOS.TemplateType
		}
		switch {
		case tpl == TemplateSimpleImageCarousel:
			if s.ImageURL != nil {
				b.ImageURL = s.ImageURL
			}
		case tpl == TemplateBasic || tpl == "":
			if s.ImageURL != nil {
				b.RichMediaType, b.RichMediaValue = ptrTo(RichMediaImage), s.ImageURL
			} else if b.RichMediaType != nil && *b.RichMediaType == RichMediaImage {
				b.RichMediaType, b.RichMediaValue = nil, nil
			}
		}
	case PlatformWeb:
		if p.Web == nil {
			p.Web = &Web{TemplateType: &basic}
		}
		if p.Web.BasicDetails == nil {
			p.Web.BasicDetails = &WebBasic{}
		}
		b := p.Web.BasicDetails
		b.Title, b.Message, b.ImageURL = s.Title, s.Message, s.ImageURL
		if s.ClickValue != nil && isWebAddress(*s.ClickValue) {
			b.RedirectURL = s.ClickValue
		}
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

func isWebAddress(s string) bool {
	return len(s) > 8 && (s[:8] == "https://" || s[:7] == "http://")
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

// SameShared reports whether the platforms of one message hold the same
// shared content (what "same content on all platforms" keeps true).
func SameShared(p *PushContent, platforms []string) bool {
	if len(platforms) < 2 {
		return true
	}
	first := SharedOf(p, platforms[0])
	for _, pl := range platforms[1:] {
		o := SharedOf(p, pl)
		if !Equal(first.Title, o.Title) || !Equal(first.Message, o.Message) {
			return false
		}
		if slices.Contains(platforms, PlatformWeb) {
			continue // web has no click action or key-value pairs
		}
		if !Equal(first.ClickAction, o.ClickAction) || !Equal(first.ClickValue, o.ClickValue) {
			return false
		}
	}
	return true
}
