package forms

import (
	"net/url"
	"strings"

	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// RuleURLScheme is the editor's own rule on image and link addresses: the
// spec only asks for a URI, so `javascript:…` and `htp://…` pass the
// engine, but no device can load an image from them.
const RuleURLScheme = "form.url_scheme"

// urlKeys are the content fields holding an address a device loads.
var urlKeys = []string{"image_url", "input_gif_url", "banner_image_url", "icon_url", "redirect_url", "url"}

// CheckURLs reports every image or link address in the content that is not
// an http(s) address with a host. Personalised addresses ({{…}}) are left
// to the template check.
func CheckURLs(c *model.Campaign) []engine.Problem {
	if c == nil || c.CampaignContent == nil || c.CampaignContent.Content == nil {
		return nil
	}
	var out []engine.Problem
	var visit func(path string, v any)
	visit = func(path string, v any) {
		switch x := v.(type) {
		case map[string]any:
			for _, k := range sortedKeys(x) {
				p := path + "." + k
				if s, ok := x[k].(string); ok && isURLKey(k, x) && !WebURL(s) {
					out = append(out, engine.Problem{Rule: RuleURLScheme, Target: p,
						Message: k + " must be an http:// or https:// address, like https://cdn.example.com/image.png."})
					continue
				}
				visit(p, x[k])
			}
		case []any:
			for i, e := range x {
				visit(path+"["+itoa(i)+"]", e)
			}
		}
	}
	visit("campaign_content.content", model.ToTree(c.CampaignContent.Content))
	return out
}

func isURLKey(k string, obj map[string]any) bool {
	for _, u := range urlKeys {
		if k == u {
			return true
		}
	}
	// iOS rich media holds a URL for every media type.
	return k == "rich_media_value"
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

func itoa(i int) string {
	const digits = "0123456789"
	if i < 10 {
		return digits[i : i+1]
	}
	return itoa(i/10) + digits[i%10:i%10+1]
}
