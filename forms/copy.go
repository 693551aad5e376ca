package forms

import (
	"fmt"
	"strings"

	"github.com/campaigns-cli/campaigns/model"
)

// CopyTargets lists where the content under from can be copied: the other
// platforms of the same message first (the usual case: Android to iOS),
// then every other locale × variation × platform. The picker offers them
// all; several can be chosen at once.
func CopyTargets(c *model.Campaign, from Selection) []Selection {
	var out []Selection
	email := model.Str(c.Channel) == model.ChannelEmail
	plats := []string{""}
	if !email {
		plats = Platforms(c)
	}
	for _, p := range plats {
		if p != from.Platform {
			out = append(out, Selection{Locale: from.Locale, Variation: from.Variation, Platform: p})
		}
	}
	if !Keyed(c) {
		return out
	}
	for _, l := range Locales(c) {
		for _, v := range Variations(c) {
			if l == from.Locale && v == from.Variation {
				continue
			}
			for _, p := range plats {
				out = append(out, Selection{Locale: l, Variation: v, Platform: p})
			}
		}
	}
	return out
}

// TargetName names a copy target in the picker: "iOS", "es · variation 2 ·
// Android".
func TargetName(from, to Selection) string {
	var parts []string
	if to.Locale != from.Locale || to.Variation != from.Variation {
		parts = append(parts, to.Locale, strings.ReplaceAll(to.Variation, "_", " "))
	}
	if to.Platform != "" {
		parts = append(parts, PlatformName(to.Platform))
	}
	return strings.Join(parts, " · ")
}

// CopyTo copies the content of from to every target. Between platforms the
// shared fields are mapped (title, message, image, click action and value,
// key-value pairs); to the same platform of another locale or variation the
// message is copied whole; Email messages are copied whole.
func CopyTo(c *model.Campaign, from Selection, to []Selection) error {
	src := Message(c, from.Locale, from.Variation)
	if src == nil {
		return fmt.Errorf("there is no content to copy yet")
	}
	src = model.Clone(src) // targets may include the source's own cell
	for _, t := range to {
		if t == from {
			continue
		}
		mp := MessagePath(c, t.Locale, t.Variation)
		if Keyed(c) && (Message(c, t.Locale, t.Variation) == nil) {
			if err := Set(c, mp+".push", nil); err != nil {
				return err
			}
		}
		dst := Message(c, t.Locale, t.Variation)
		if dst == nil {
			return fmt.Errorf("%s: no such locale or variation", TargetName(from, t))
		}
		if src.Email != nil || from.Platform == "" {
			dst.Email = model.Clone(src.Email)
			continue
		}
		model.CopyPlatform(dst, src, from.Platform, []string{t.Platform})
	}
	return nil
}

// PlatformName is a platform as people write it (model.PlatformName).
var PlatformName = model.PlatformName
