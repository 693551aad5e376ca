package model

import (
	"slices"
	"strconv"
)

// The content matrix: a campaign's content is one message (flat) or one per
// locale × variation (keyed), and a Push message has a part per platform.
// These helpers read that matrix; the editor's forms and the preview share
// them.

// DefaultLocale is the fallback locale key of keyed content.
const DefaultLocale = "default"

// Selection is one cell of the content matrix: a locale, a variation and,
// for Push, a platform.
type Selection struct {
	Locale    string
	Variation string
	Platform  string // ANDROID, IOS, WEB; empty for Email
}

// VariationKey is the key of the n-th variation (1-based): variation_n.
func VariationKey(n int) string { return "variation_" + strconv.Itoa(n) }

// WantsKeyed reports whether the content must use the keyed shape: locales
// or an A/B test exist.
func WantsKeyed(c *Campaign) bool {
	cc := c.CampaignContent
	return cc != nil && (len(cc.Locales) > 0 || cc.VariationDetails != nil)
}

// Keyed reports whether the content is in the keyed shape: locales or an
// A/B test exist, or the campaign already holds keyed content (valid with
// only default/variation_1, as campaigns from V1 integrations do).
func Keyed(c *Campaign) bool {
	cc := c.CampaignContent
	if cc == nil {
		return false
	}
	if WantsKeyed(c) {
		return true
	}
	return cc.Content != nil && cc.Content.Flat == nil && len(cc.Content.Keyed) > 0
}

// Locales lists the locale keys, default first.
func Locales(c *Campaign) []string {
	out := []string{DefaultLocale}
	if c.CampaignContent != nil {
		out = append(out, c.CampaignContent.Locales...)
	}
	return out
}

// VariationKeys lists the variation keys variation_1..variation_N.
func VariationKeys(c *Campaign) []string {
	n := 1
	if cc := c.CampaignContent; cc != nil && cc.VariationDetails != nil && cc.VariationDetails.NoOfVariations != nil && *cc.VariationDetails.NoOfVariations > 1 {
		n = int(*cc.VariationDetails.NoOfVariations)
	}
	out := make([]string, n)
	for i := range out {
		out[i] = VariationKey(i + 1)
	}
	return out
}

// MessagePath is the target prefix of one content cell's message: the flat
// campaign_content.content or the keyed campaign_content.content.<loc>.<var>.
func MessagePath(c *Campaign, locale, vr string) string {
	if !Keyed(c) {
		return "campaign_content.content"
	}
	if locale == "" {
		locale = DefaultLocale
	}
	if vr == "" {
		vr = VariationKey(1)
	}
	return "campaign_content.content." + locale + "." + vr
}

// MessageAt returns one content cell (nil when absent).
func MessageAt(c *Campaign, locale, vr string) *Message {
	cc := c.CampaignContent
	if cc == nil || cc.Content == nil {
		return nil
	}
	if !Keyed(c) {
		return cc.Content.Flat
	}
	return cc.Content.Keyed[locale][vr]
}

// Platforms lists the platforms whose content is offered: those in
// basic_details.platforms, or all three while none is chosen.
func Platforms(c *Campaign) []string {
	if c.BasicDetails != nil && len(c.BasicDetails.Platforms) > 0 {
		var out []string
		for _, p := range []string{PlatformAndroid, PlatformIOS, PlatformWeb} {
			if slices.Contains(c.BasicDetails.Platforms, p) {
				out = append(out, p)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return []string{PlatformAndroid, PlatformIOS, PlatformWeb}
}

// FixSelection moves a selection that no longer exists (a removed locale)
// to one that does.
func FixSelection(c *Campaign, sel Selection) Selection {
	if !slices.Contains(Locales(c), sel.Locale) {
		sel.Locale = DefaultLocale
	}
	if !slices.Contains(VariationKeys(c), sel.Variation) {
		sel.Variation = VariationKey(1)
	}
	if c.Channel != nil && *c.Channel == ChannelPush {
		if ps := Platforms(c); !slices.Contains(ps, sel.Platform) {
			sel.Platform = ps[0]
		}
	} else {
		sel.Platform = ""
	}
	return sel
}
