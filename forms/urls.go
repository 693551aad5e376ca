package forms

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// RuleURLScheme is the editor's own rule on image and link addresses: the
// spec only asks for a URI, so `javascript:…` and `htp://…` pass the
// engine, but no device can load an image from them.
const RuleURLScheme = "form.url_scheme"

// CheckURLs reports every image or link address in the content that is not
// an http(s) address with a host. Personalised addresses ({{…}}) are left
// to the template check. It reads the typed model (no JSON round trip):
// the editor runs it on every key press.
func CheckURLs(c *model.Campaign) []engine.Problem {
	if c == nil || c.CampaignContent == nil || c.CampaignContent.Content == nil {
		return nil
	}
	var out []engine.Problem
	// Paths are built only for a bad address: a clean campaign costs no
	// string building.
	check := func(path func() string, key string, v *string) {
		if v != nil && !WebURL(*v) {
			out = append(out, engine.Problem{Rule: RuleURLScheme, Target: path() + "." + key,
				Message: key + " must be an http:// or https:// address, like https://cdn.example.com/image.png."})
		}
	}
	slides := func(p func() string, cr *model.Carousel) {
		if cr == nil {
			return
		}
		for i := range cr.SlideData {
			check(func() string { return p() + ".carousel_content.slide_data[" + strconv.Itoa(i) + "]" }, "image_url", cr.SlideData[i].ImageURL)
		}
	}
	msg := func(mp func() string, m *model.Message) {
		if m == nil || m.Push == nil {
			return
		}
		if a := m.Push.Android; a != nil {
			if b := a.BasicDetails; b != nil {
				p := func() string { return mp() + ".push.android.basic_details" }
				check(p, "image_url", b.ImageURL)
				check(p, "input_gif_url", b.InputGIFURL)
				check(p, "banner_image_url", b.BannerImageURL)
				slides(p, b.CarouselContent)
			}
			if b := a.TemplateBackup; b != nil {
				check(func() string { return mp() + ".push.android.template_backup" }, "image_url", b.ImageURL)
			}
		}
		if i := m.Push.IOS; i != nil {
			if b := i.BasicDetails; b != nil {
				p := func() string { return mp() + ".push.ios.basic_details" }
				check(p, "image_url", b.ImageURL)
				check(p, "input_gif_url", b.InputGIFURL)
				check(p, "rich_media_value", b.RichMediaValue)
				slides(p, b.CarouselContent)
			}
			if b := i.TemplateBackup; b != nil {
				check(func() string { return mp() + ".push.ios.template_backup" }, "rich_media_value", b.RichMediaValue)
			}
		}
		if w := m.Push.Web; w != nil {
			if b := w.BasicDetails; b != nil {
				p := func() string { return mp() + ".push.web.basic_details" }
				check(p, "image_url", b.ImageURL)
				check(p, "redirect_url", b.RedirectURL)
			}
			for i := range w.Buttons {
				p := func() string { return mp() + ".push.web.buttons[" + strconv.Itoa(i) + "]" }
				check(p, "icon_url", w.Buttons[i].IconURL)
				check(p, "url", w.Buttons[i].URL)
			}
			if a := w.Advanced; a != nil {
				check(func() string { return mp() + ".push.web.advanced" }, "icon_url", a.IconURL)
			}
		}
	}
	ct := c.CampaignContent.Content
	msg(func() string { return "campaign_content.content" }, ct.Flat)
	for _, l := range model.LocaleOrder(ct.Keyed) {
		vars := ct.Keyed[l]
		for _, v := range model.VariationOrder(vars) {
			msg(func() string { return "campaign_content.content." + l + "." + v }, vars[v])
		}
	}
	return out
}

// WebURL reports whether s is an http(s) address with a host, or holds a
// personalisation tag that makes it one at send time. Empty is not judged
// here (the engine says when a field is required).
func WebURL(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" || strings.Contains(s, "{{") {
		return true
	}
	u, err := url.Parse(s)
	if err != nil {
		return false
	}
	return (u.Scheme == "https" || u.Scheme == "http") && u.Host != ""
}
