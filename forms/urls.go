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
const RuleURLScheme engine.RuleID = "form.url_scheme"

// CheckURLs reports every image or link address in the content that is not
// an http(s) address with a host. Personalised addresses ({{…}}) are left
// to the template check. It reads the typed model (no JSON round trip):
// the editor runs it on every key press (through URLMemo).
func CheckURLs(c *model.Campaign) []engine.Problem {
	return checkURLs(c, WebURL)
}

// URLMemo is CheckURLs for a campaign checked on every key press: it keeps
// WebURL's verdict on each address it has seen, since parsing every address
// of a large campaign again cost more than the rest of the check. WebURL is
// pure, so a verdict never goes stale; the memo is emptied when it holds
// urlMemoSize addresses, which bounds its memory while addresses are typed.
// The zero value is ready to use.
type URLMemo struct {
	ok map[string]bool
}

const urlMemoSize = 4096

// Check is CheckURLs(c).
func (m *URLMemo) Check(c *model.Campaign) []engine.Problem {
	return checkURLs(c, m.webURL)
}

func (m *URLMemo) webURL(s string) bool {
	ok, seen := m.ok[s]
	if !seen {
		if m.ok == nil || len(m.ok) >= urlMemoSize {
			m.ok = make(map[string]bool, 64)
		}
		ok = WebURL(s)
		m.ok[s] = ok
	}
	return ok
}

func checkURLs(c *model.Campaign, valid func(string) bool) []engine.Problem {
	if c == nil || c.CampaignContent == nil || c.CampaignContent.Content == nil {
		return nil
	}
	u := urlCheck{valid: valid}
	ct := c.CampaignContent.Content
	u.flat = true
	u.message(ct.Flat)
	u.flat = false
	for _, l := range model.LocaleOrder(ct.Keyed) {
		vars := ct.Keyed[l]
		for _, v := range model.VariationOrder(vars) {
			u.loc, u.vr = l, v
			u.message(vars[v])
		}
	}
	return u.out
}

// urlCheck is one run of checkURLs over the messages. Paths are built only
// for a bad address: a clean campaign costs no string building.
type urlCheck struct {
	valid   func(string) bool
	flat    bool   // the message is content.push (the flat shape)
	loc, vr string // else content.<loc>.<vr>
	out     []engine.Problem
}

// check judges the address v at <message><mid>[idx].key (no index when
// idx < 0).
func (u *urlCheck) check(mid string, idx int, key string, v *string) {
	if v == nil || u.valid(*v) {
		return
	}
	p := "campaign_content.content"
	if !u.flat {
		p += "." + u.loc + "." + u.vr
	}
	p += mid
	if idx >= 0 {
		p += "[" + strconv.Itoa(idx) + "]"
	}
	u.out = append(u.out, engine.NewProblem(RuleURLScheme, p+"."+key,
		"`"+key+"` must be an http:// or https:// address, like https://cdn.example.com/image.png."))
}

// slides judges a carousel's slides; mid is the slide_data array's.
func (u *urlCheck) slides(mid string, cr *model.Carousel) {
	if cr == nil {
		return
	}
	for i := range cr.SlideData {
		u.check(mid, i, "image_url", cr.SlideData[i].ImageURL)
	}
}

func (u *urlCheck) message(m *model.Message) {
	if m == nil || m.Push == nil {
		return
	}
	if a := m.Push.Android; a != nil {
		if b := a.BasicDetails; b != nil {
			const p = ".push.android.basic_details"
			u.check(p, -1, "image_url", b.ImageURL)
			u.check(p, -1, "input_gif_url", b.InputGIFURL)
			u.check(p, -1, "banner_image_url", b.BannerImageURL)
			u.slides(p+".carousel_content.slide_data", b.CarouselContent)
		}
		if b := a.TemplateBackup; b != nil {
			u.check(".push.android.template_backup", -1, "image_url", b.ImageURL)
		}
	}
	if i := m.Push.IOS; i != nil {
		if b := i.BasicDetails; b != nil {
			const p = ".push.ios.basic_details"
			u.check(p, -1, "image_url", b.ImageURL)
			u.check(p, -1, "input_gif_url", b.InputGIFURL)
			u.check(p, -1, "rich_media_value", b.RichMediaValue)
			u.slides(p+".carousel_content.slide_data", b.CarouselContent)
		}
		if b := i.TemplateBackup; b != nil {
			u.check(".push.ios.template_backup", -1, "rich_media_value", b.RichMediaValue)
		}
	}
	if w := m.Push.Web; w != nil {
		if b := w.BasicDetails; b != nil {
			const p = ".push.web.basic_details"
			u.check(p, -1, "image_url", b.ImageURL)
			u.check(p, -1, "redirect_url", b.RedirectURL)
		}
		for i := range w.Buttons {
			u.check(".push.web.buttons", i, "icon_url", w.Buttons[i].IconURL)
			u.check(".push.web.buttons", i, "url", w.Buttons[i].URL)
		}
		if a := w.Advanced; a != nil {
			u.check(".push.web.advanced", -1, "icon_url", a.IconURL)
		}
	}
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
