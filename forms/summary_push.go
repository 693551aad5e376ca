package forms

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/campaigns-cli/campaigns/model"
)

// What goes out on each push platform, in words, for the Review step and
// the inspector's summary: the tap's action and target, the image, the
// buttons, per platform and per locale (and variation); and once per
// platform its priority and (iOS) audience, and the expiration. A link
// that wrote a Web URL into an app's click action would show here.

// PushLines describes the push content of c per platform and content
// cell; none for other channels.
func PushLines(c *model.Campaign) []SummaryLine {
	if model.Str(c.Channel) != model.ChannelPush {
		return nil
	}
	var out []SummaryLine
	add := func(head, text string) {
		if text != "" {
			out = append(out, SummaryLine{Head: head, Text: text})
		}
	}
	locs, vars := Locales(c), Variations(c)
	for _, p := range Platforms(c) {
		name := PlatformName(p)
		add(name, platformWide(c, p))
		for _, l := range locs {
			for _, v := range vars {
				// The heading stays the platform's name (short, whole);
				// the cell leads the sentence.
				var cell []string
				if len(locs) > 1 {
					cell = append(cell, l)
				}
				if len(vars) > 1 {
					cell = append(cell, strings.ReplaceAll(v, "_", " "))
				}
				lead := ""
				if len(cell) > 0 {
					lead = strings.Join(cell, " · ") + ": "
				}
				msg := Message(c, l, v)
				if msg == nil || msg.Push == nil || !pushFor(msg.Push, p) {
					add(name, lead+"no content yet")
					continue
				}
				add(name, lead+messageWords(msg.Push, p))
			}
		}
	}
	add("Expiration", expirationText(c.Advanced))
	return out
}

// platformWide is a platform's settings for every message: priority, and
// for iOS the audience among its devices.
func platformWide(c *model.Campaign, p string) string {
	var parts []string
	var prio *model.PlatformPriority
	if c.Advanced != nil {
		prio = c.Advanced.PlatformLevelPriority
	}
	switch p {
	case model.PlatformAndroid:
		if prio != nil && prio.AndroidSpecificPriority != nil && prio.AndroidSpecificPriority.SendWithPriority != nil {
			parts = append(parts, map[bool]string{true: "high priority", false: "normal priority"}[*prio.AndroidSpecificPriority.SendWithPriority])
		}
		if ps := platformSpecific(c); ps != nil && ps.Android != nil && ps.Android.PushBoostPlusEnabled != nil && *ps.Android.PushBoostPlusEnabled {
			parts = append(parts, "push boost")
		}
	case model.PlatformIOS:
		if ps := platformSpecific(c); ps != nil && ps.IOS != nil {
			switch i := ps.IOS; {
			case truth(i.SendToAllEligibleDevice):
				parts = append(parts, "to all eligible devices")
			case truth(i.ExcludeProvisionalPushDevices):
				parts = append(parts, "to devices with full permission (no provisional)")
			case truth(i.SendToOnlyProvisionalPushEnabledDevices):
				parts = append(parts, "only to provisional-push devices")
			}
		}
		if prio != nil && prio.IOSSpecificPriority != nil {
			ip := prio.IOSSpecificPriority
			if v := model.Str(ip.APNSPriority); v != "" {
				parts = append(parts, "APNs priority "+v)
			}
			if v := model.Str(ip.InterruptionLevel); v != "" {
				parts = append(parts, strings.ToLower(strings.ReplaceAll(v, "_", "-")))
			}
			if ip.RelevanceScore != nil {
				parts = append(parts, "relevance "+strconv.FormatFloat(*ip.RelevanceScore, 'f', -1, 64))
			}
		}
	}
	return strings.Join(parts, ", ")
}

func platformSpecific(c *model.Campaign) *model.PlatformSpecific {
	if c.BasicDetails == nil {
		return nil
	}
	return c.BasicDetails.PlatformSpecificDetails
}

func truth(b *bool) bool { return b != nil && *b }

// messageWords is one platform's message: template, tap, image, buttons.
func messageWords(p *model.PushContent, platform string) string {
	var parts []string
	add := func(s string) {
		if s != "" {
			parts = append(parts, s)
		}
	}
	switch platform {
	case model.PlatformAndroid:
		a := p.Android
		add(model.Str(a.TemplateType))
		if b := a.BasicDetails; b != nil {
			add("tap " + tapText(b.DefaultClickAction, b.DefaultClickActionValue))
			add(labelled("image", b.ImageURL))
			add(labelled("banner", b.BannerImageURL))
			add(carouselText(b.CarouselContent))
		}
		var btns []string
		for _, bt := range a.Buttons {
			btns = append(btns, fmt.Sprintf("%q %s", model.Str(bt.BtnName), tapText(bt.ClickActionType, bt.ClickActionValue)))
		}
		add(buttonsText(btns))
		if tb := a.TemplateBackup; tb != nil {
			add("fallback tap " + tapText(tb.DefaultClickAction, tb.DefaultClickActionValue))
		}
	case model.PlatformIOS:
		i := p.IOS
		add(model.Str(i.TemplateType))
		if b := i.BasicDetails; b != nil {
			add("tap " + tapText(b.DefaultClickAction, b.DefaultClickActionValue))
			if t := model.Str(b.RichMediaType); t != "" {
				add(strings.ToLower(t) + " " + model.Str(b.RichMediaValue))
			}
			add(labelled("cover", b.ImageURL))
			add(carouselText(b.CarouselContent))
		}
		var cats []string
		for _, bt := range i.Buttons {
			cats = append(cats, model.Str(bt.ButtonCategory))
		}
		if len(cats) > 0 {
			add("buttons of category " + strings.Join(cats, ", "))
		}
	case model.PlatformWeb:
		w := p.Web
		add(model.Str(w.TemplateType))
		if b := w.BasicDetails; b != nil {
			if u := model.Str(b.RedirectURL); u != "" {
				add("tap opens " + u)
			} else {
				add("tap opens the site")
			}
			add(labelled("image", b.ImageURL))
		}
		if a := w.Advanced; a != nil && model.Str(a.IconImageType) == model.IconURL {
			add(labelled("icon", a.IconURL))
		}
		var btns []string
		for _, bt := range w.Buttons {
			btns = append(btns, fmt.Sprintf("%q → %s", model.Str(bt.Title), model.Str(bt.URL)))
		}
		add(buttonsText(btns))
	}
	return strings.Join(parts, "; ")
}

// tapText is what a tap does: "opens screen Coats", "opens deep link
// shop://coats", "opens web page https://…", "opens the app".
func tapText(action, value *string) string {
	v := model.Str(value)
	switch model.Str(action) {
	case "":
		return "opens the app"
	case model.ClickNavigateToScreen:
		return "opens screen " + v
	case model.ClickDeeplinking:
		return "opens deep link " + v
	case model.ClickRichLanding:
		return "opens web page " + v
	}
	return strings.ToLower(strings.ReplaceAll(model.Str(action), "_", " ")) + " " + v
}

func labelled(label string, v *string) string {
	if model.Str(v) == "" {
		return ""
	}
	return label + " " + model.Str(v)
}

func carouselText(c *model.Carousel) string {
	if c == nil || len(c.SlideData) == 0 {
		return ""
	}
	return fmt.Sprintf("carousel of %d slides", len(c.SlideData))
}

func buttonsText(btns []string) string {
	switch len(btns) {
	case 0:
		return ""
	case 1:
		return "button " + btns[0]
	}
	return "buttons " + strings.Join(btns, ", ")
}

// expirationText is when a notification not yet shown expires.
func expirationText(a *model.Advanced) string {
	if a == nil || a.ExpirationSettings == nil || a.ExpirationSettings.ExpireNotificationAfterValue == nil {
		return ""
	}
	e := a.ExpirationSettings
	n := *e.ExpireNotificationAfterValue
	unit := strings.ToLower(model.Str(e.ExpireNotificationAfterType))
	if n != 1 {
		unit += "s"
	}
	return fmt.Sprintf("a notification not shown within %d %s expires", n, unit)
}
