package ops

import (
	"fmt"
	"slices"
	"strings"

	"github.com/campaigns-cli/campaigns/model"
)

// Changes says, component by component, what differs from before to
// after, field by field: `basic_details.name: "Summer sale" → "Summer
// salet"`, at most maxFieldChanges per component.
func Changes(before, after *model.Campaign) []string {
	var out []string
	if a, b := str(before.CampaignDeliveryType), str(after.CampaignDeliveryType); a != b {
		out = append(out, fmt.Sprintf("campaign_delivery_type: %s → %s", a, b))
	}
	for _, n := range model.Components {
		a, b := model.Component(before, n), model.Component(after, n)
		switch {
		case a == nil && b == nil:
		case a == nil:
			out = append(out, n+" is added")
		case b == nil:
			out = append(out, n+" is removed")
		case !model.Equal(a, b):
			var fields []string
			fieldChanges(n, model.ToTree(a), model.ToTree(b), &fields)
			if len(fields) > maxFieldChanges {
				fields = append(fields[:maxFieldChanges], fmt.Sprintf("… and %d more changes in %s", len(fields)-maxFieldChanges, n))
			}
			if len(fields) == 0 {
				fields = []string{n + " changes"}
			}
			out = append(out, fields...)
		}
	}
	return out
}

// maxFieldChanges bounds the fields listed per component.
const maxFieldChanges = 8

// fieldChanges lists the leaves that differ between a and b under path.
func fieldChanges(path string, a, b any, out *[]string) {
	am, aok := a.(map[string]any)
	bm, bok := b.(map[string]any)
	if aok && bok {
		keys := keysOf(am)
		for _, k := range keysOf(bm) {
			if _, ok := am[k]; !ok {
				keys = append(keys, k)
			}
		}
		for _, k := range keys {
			fieldChanges(path+"."+k, am[k], bm[k], out)
		}
		return
	}
	if model.Equal(a, b) {
		return
	}
	switch {
	case a == nil:
		*out = append(*out, path+" set to "+shown(b))
	case b == nil:
		*out = append(*out, path+" removed (was "+shown(a)+")")
	default:
		*out = append(*out, path+": "+shown(a)+" → "+shown(b))
	}
}

// shown is a value in a change line: short, on one line.
func shown(v any) string {
	var s string
	switch t := v.(type) {
	case string:
		s = fmt.Sprintf("%q", t)
	case map[string]any:
		return fmt.Sprintf("{%d fields}", len(t))
	case []any:
		return fmt.Sprintf("[%d items]", len(t))
	default:
		s = fmt.Sprint(t)
	}
	if r := []rune(s); len(r) > 48 {
		s = string(r[:47]) + "…"
	}
	return s
}

// Removals lists in words what after no longer has of before's content:
// locales, variations, platforms, the content of a platform, buttons and
// carousel slides. Empty when nothing is taken away.
func Removals(before, after *model.Campaign) []string {
	var out []string
	if gone := missing(platformsOf(before), platformsOf(after)); len(gone) > 0 {
		out = append(out, "platform "+strings.Join(gone, ", ")+" (basic_details.platforms)")
	}
	bc, ac := cells(before), cells(after)
	if gone := missing(keysOf(bc), keysOf(ac)); len(gone) > 0 {
		out = append(out, "locale "+strings.Join(gone, ", ")+" with all its content")
	}
	for _, loc := range keysOf(bc) {
		bv, av := bc[loc], ac[loc]
		if av == nil {
			continue
		}
		if gone := missing(keysOf(bv), keysOf(av)); len(gone) > 0 {
			out = append(out, strings.Join(gone, ", ")+" of locale "+loc)
		}
		for _, vr := range keysOf(bv) {
			if av[vr] != nil {
				out = append(out, cellRemovals(bv[vr], av[vr], loc+"/"+vr)...)
			}
		}
	}
	return out
}

// cellRemovals compares one content cell.
func cellRemovals(b, a *model.Message, where string) []string {
	var out []string
	bp, ap := pushOf(b), pushOf(a)
	for _, p := range []struct {
		name           string
		had, has       bool
		btnB, btnA     int
		slideB, slideA int
	}{
		{"Android", bp.Android != nil, ap.Android != nil, androidButtons(bp), androidButtons(ap), androidSlides(bp), androidSlides(ap)},
		{"iOS", bp.IOS != nil, ap.IOS != nil, iosButtons(bp), iosButtons(ap), iosSlides(bp), iosSlides(ap)},
		{"Web", bp.Web != nil, ap.Web != nil, webButtons(bp), webButtons(ap), 0, 0},
	} {
		switch {
		case p.had && !p.has:
			out = append(out, "the "+p.name+" content of "+where)
		case p.had:
			if p.btnA < p.btnB {
				out = append(out, fmt.Sprintf("%d of %d %s buttons of %s", p.btnB-p.btnA, p.btnB, p.name, where))
			}
			if p.slideA < p.slideB {
				out = append(out, fmt.Sprintf("%d of %d %s carousel slides of %s", p.slideB-p.slideA, p.slideB, p.name, where))
			}
		}
	}
	if b != nil && b.Email != nil && (a == nil || a.Email == nil) {
		out = append(out, "the email content of "+where)
	}
	return out
}

// cells is the content by locale and variation; flat content is the
// default locale's first variation.
func cells(c *model.Campaign) map[string]map[string]*model.Message {
	out := map[string]map[string]*model.Message{}
	cc := c.CampaignContent
	if cc == nil || cc.Content == nil {
		return out
	}
	if cc.Content.Flat != nil {
		out[model.DefaultLocale] = map[string]*model.Message{model.VariationKey(1): cc.Content.Flat}
	}
	for loc, vars := range cc.Content.Keyed {
		if out[loc] == nil {
			out[loc] = map[string]*model.Message{}
		}
		for vr, m := range vars {
			if m != nil {
				out[loc][vr] = m
			}
		}
	}
	return out
}

func pushOf(m *model.Message) model.PushContent {
	if m == nil || m.Push == nil {
		return model.PushContent{}
	}
	return *m.Push
}

func androidButtons(p model.PushContent) int {
	if p.Android == nil {
		return 0
	}
	return len(p.Android.Buttons)
}

func iosButtons(p model.PushContent) int {
	if p.IOS == nil {
		return 0
	}
	return len(p.IOS.Buttons)
}

func webButtons(p model.PushContent) int {
	if p.Web == nil {
		return 0
	}
	return len(p.Web.Buttons)
}

func androidSlides(p model.PushContent) int {
	if p.Android == nil || p.Android.BasicDetails == nil || p.Android.BasicDetails.CarouselContent == nil {
		return 0
	}
	return len(p.Android.BasicDetails.CarouselContent.SlideData)
}

func iosSlides(p model.PushContent) int {
	if p.IOS == nil || p.IOS.BasicDetails == nil || p.IOS.BasicDetails.CarouselContent == nil {
		return 0
	}
	return len(p.IOS.BasicDetails.CarouselContent.SlideData)
}

func platformsOf(c *model.Campaign) []string {
	if c.BasicDetails == nil {
		return nil
	}
	return c.BasicDetails.Platforms
}

// missing lists what was has and is does not, in was's order.
func missing(was, is []string) []string {
	var out []string
	for _, k := range was {
		if !slices.Contains(is, k) && !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}

// keysOf is m's keys, sorted, the default locale first.
func keysOf[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int {
		switch {
		case a == b:
			return 0
		case a == model.DefaultLocale:
			return -1
		case b == model.DefaultLocale:
			return 1
		}
		return strings.Compare(a, b)
	})
	return keys
}

func str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
