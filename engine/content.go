package engine

import (
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/campaigns-cli/campaigns/model"
)

const (
	// maxVariations bounds the variation keys a publish check expects, so a
	// huge no_of_variations cannot make the engine do unbounded work.
	maxVariations = 100
)

var (
	distributionTypes = []string{model.DistributionManual, model.DistributionAuto}
	autoMetrics       = []string{model.MetricOpenRate, model.MetricClickRate, model.MetricBoth}
)

// checkContent validates campaign_content: locales, the A/B setup, the shape
// of content and every message in it (service-reference §2.10, §3.6).
func checkContent(k *checker) {
	cc := k.c.CampaignContent
	ccPath := rootPath("campaign_content")
	contentPath := ccPath.sub("content")
	k.types(ccPath, &cc.Extra)
	locales(k, ccPath.sub("locales"), cc.Locales)
	n := int64(1)
	if vd := cc.VariationDetails; vd != nil {
		n = variations(k, ccPath.sub("variation_details"), vd)
	}
	c := cc.Content
	if c == nil {
		if k.publish() && !wrongType(&cc.Extra, "content") {
			k.require(RuleContentRequired, contentPath.String(), "content is required `#publish`: the message of the campaign.")
		}
		return
	}
	structured := len(cc.Locales) > 0 || cc.VariationDetails != nil
	if c.Flat != nil {
		switch {
		case c.Keyed != nil || c.Bad != nil:
			k.add(RuleContentMixedShapes, contentPath.String(), "content mixes the flat shape (`content.push`/`content.email`) with locale keys; use only `content.default.variation_1` and the other locale keys.")
		case structured:
			k.add(RuleContentFlatWithLocales, contentPath.String(), "the flat shape (`content.push`/`content.email`) is allowed only without locales and `variation_details`; put the message under `content.default.variation_1`.")
		}
		k.contentMessage(msgKey{flat: true}, contentPath, c.Flat)
	}
	for _, key := range sortedAnyKeys(c.Bad) {
		// A locale object with a variation that is not an object: name
		// the variation.
		if loc, ok := c.Bad[key].(map[string]any); ok {
			for _, vk := range sortedAnyKeys(loc) {
				if _, isObj := loc[vk].(map[string]any); !isObj {
					k.add(RuleContentLocaleShape, contentPath.join(key)+"."+vk, ref("content."+key+"."+vk)+" must be an object holding {\"push\": …} or {\"email\": …}, not "+jsonKind(loc[vk])+".")
					break
				}
			}
			continue
		}
		k.add(RuleContentLocaleShape, contentPath.join(key), ref("content."+key)+" must be an object of variations (`variation_1` …), each holding {\"push\": …} or {\"email\": …}.")
	}
	if c.Keyed == nil {
		if c.Flat == nil && c.Bad == nil && k.publish() {
			k.add(RuleContentRequired, contentPath.String(), "content has no message: add `content.push`/`content.email`, or `content.default.variation_1`.")
		}
		if c.Flat == nil && c.Bad == nil {
			return
		}
		if c.Flat != nil && structured && k.publish() {
			k.require(RuleContentDefaultRequired, contentPath.join("default"), "the default locale is required in content: it is the fallback for every user.")
		}
		return
	}
	if _, ok := c.Keyed["default"]; !ok {
		if _, bad := c.Bad["default"]; !bad {
			k.require(RuleContentDefaultRequired, contentPath.join("default"), "the default locale is required in content: it is the fallback for every user.")
		}
	}
	listedLocales := newLocaleSet(cc.Locales)
	locs := model.LocaleOrder(c.Keyed)
	for _, loc := range locs {
		lp := contentPath.sub(loc)
		if loc != "default" && !listedLocales.has(loc) {
			k.add(RuleContentLocaleUnknown, lp.String(), "locale "+quote(loc)+" is not listed in `campaign_content.locales`; add it there or remove this content.")
		}
		vars := c.Keyed[loc]
		if len(vars) == 1 {
			for vk, msg := range vars {
				k.variationKey(lp, vk, n, cc.VariationDetails != nil)
				k.contentMessage(msgKey{loc: loc, vk: vk}, lp.sub(vk), msg)
			}
		} else {
			vks := make([]string, 0, len(vars))
			for vk := range vars {
				vks = append(vks, vk)
			}
			sort.Slice(vks, func(i, j int) bool { return variationLess(vks[i], vks[j]) })
			for _, vk := range vks {
				k.variationKey(lp, vk, n, cc.VariationDetails != nil)
				k.contentMessage(msgKey{loc: loc, vk: vk}, lp.sub(vk), vars[vk])
			}
		}
		if k.publish() && n <= maxVariations {
			for i := int64(1); i <= n; i++ {
				if _, ok := vars[variationName(i)]; !ok {
					k.require(RuleContentVariationMissing, lp.join(variationName(i)), "content for "+ref(variationName(i))+" is required in locale "+lit(loc)+": every locale needs every variation.")
				}
			}
		}
	}
	if k.publish() {
		for _, loc := range cc.Locales {
			if _, ok := c.Keyed[loc]; !ok && loc != "default" {
				if _, bad := c.Bad[loc]; !bad {
					k.add(RuleContentLocaleMissing, contentPath.join(loc), "locale "+quote(loc)+" is listed in locales but has no content.")
				}
			}
		}
	}
}

// localeSet answers "is this locale listed" in constant time for long lists
// (huge bodies stay linear) and without allocating for short ones.
type localeSet struct {
	list []string
	set  map[string]bool
}

func newLocaleSet(list []string) localeSet {
	ls := localeSet{list: list}
	if len(list) > 16 {
		ls.set = make(map[string]bool, len(list))
		for _, l := range list {
			ls.set[l] = true
		}
	}
	return ls
}

func (ls *localeSet) has(loc string) bool {
	if ls.set != nil {
		return ls.set[loc]
	}
	return oneOf(loc, ls.list)
}

func variationName(i int64) string { return "variation_" + strconv.FormatInt(i, 10) }

// variationNumber reads N from "variation_N"; 0 when the key has another form.
func variationNumber(key string) int64 {
	rest, ok := strings.CutPrefix(key, "variation_")
	if !ok || rest == "" || rest[0] == '0' || len(rest) > 9 {
		return 0
	}
	var n int64
	for i := 0; i < len(rest); i++ {
		if rest[i] < '0' || rest[i] > '9' {
			return 0
		}
		n = n*10 + int64(rest[i]-'0')
	}
	return n
}

func variationLess(a, b string) bool {
	na, nb := variationNumber(a), variationNumber(b)
	if na != nb {
		if na == 0 || nb == 0 {
			return na != 0 // numbered keys first
		}
		return na < nb
	}
	return a < b
}

func (k *checker) variationKey(lp *path, vk string, n int64, ab bool) {
	if v := variationNumber(vk); v >= 1 && v <= n {
		return
	}
	if !ab {
		k.add(RuleContentVariationKey, lp.join(vk), "variation key "+quote(vk)+" is not allowed: without `variation_details` the only key is `variation_1`.")
		return
	}
	k.add(RuleContentVariationKey, lp.join(vk), "variation key "+quote(vk)+" is not allowed: use `variation_1` to "+ref(variationName(n))+" (`no_of_variations` is "+strconv.FormatInt(n, 10)+").")
}

func locales(k *checker, p *path, locs []string) {
	var seen map[string]bool
	if len(locs) > 16 {
		seen = make(map[string]bool, len(locs))
	}
	for i, l := range locs {
		switch {
		case l == "default":
			k.add(RuleContentLocalesDefault, p.el(i).String(), "\"default\" must not be listed in locales: it is always there; list only the other locales.")
		case strings.TrimSpace(l) == "":
			k.add(RuleContentLocalesEmpty, p.el(i).String(), "a locale name must not be empty.")
		case seen != nil && seen[l] || seen == nil && oneOf(l, locs[:i]):
			k.add(RuleContentLocalesDuplicate, p.el(i).String(), "locale "+quote(l)+" is listed twice.")
		case seen != nil:
			seen[l] = true
		}
	}
}

// variations validates variation_details and returns the number of
// variations the content keys may use (at least 1).
func variations(k *checker, p *path, vd *model.Variations) int64 {
	k.types(p, &vd.Extra)
	n := int64(1)
	switch {
	case vd.NoOfVariations == nil:
		k.requiredVal(RuleVariationsCountRequired, p, "no_of_variations", false, &vd.Extra, " in `variation_details`")
	case *vd.NoOfVariations < 1:
		k.add(RuleVariationsCount, p.join("no_of_variations"), "`no_of_variations` must be at least 1.")
	default:
		n = *vd.NoOfVariations
	}
	k.enum(RuleVariationsDistributionType, p, "distribution_type", vd.DistributionType, distributionTypes)
	if n > 1 {
		k.requiredStr(RuleVariationsDistributionRequired, p, "distribution_type", vd.DistributionType, &vd.Extra, " when there is more than one variation")
	}
	switch model.Str(vd.DistributionType) {
	case model.DistributionManual:
		manualPercentages(k, p, vd, n)
	case model.DistributionAuto:
		why := " when `distribution_type` is AUTO"
		k.requiredVal(RuleVariationsAutoRequired, p, "auto_campaign_duration", vd.AutoCampaignDuration != nil, &vd.Extra, why)
		k.minInt(RuleVariationsAutoDuration, p, "auto_campaign_duration", vd.AutoCampaignDuration, 1)
		k.requiredStr(RuleVariationsAutoRequired, p, "auto_distribution_metric", vd.AutoDistributionMetric, &vd.Extra, why)
	}
	if m := vd.AutoDistributionMetric; m != nil && !oneOf(*m, autoMetrics) {
		msg := "`auto_distribution_metric` " + quote(*m) + " is not allowed: use " + list(autoMetrics) + "."
		if fixed := strings.ReplaceAll(strings.ToUpper(*m), "_", " "); oneOf(fixed, autoMetrics) {
			msg = "`auto_distribution_metric` " + quote(*m) + " must be written " + strconv.Quote(fixed) + " exactly (with a space)."
		}
		k.addValue(RuleVariationsAutoMetric, p.join("auto_distribution_metric"), msg, *m, autoMetrics)
	}
	return n
}

// manualPercentages: keys exactly variation_1..variation_N, positive integer
// shares that sum to 100.
func manualPercentages(k *checker, p *path, vd *model.Variations, n int64) {
	mp := p.sub("manual_distribution_percentage")
	if vd.ManualDistributionPercentage == nil {
		k.requiredVal(RuleVariationsManualRequired, p, "manual_distribution_percentage", false, &vd.Extra, " when `distribution_type` is MANUAL")
		return
	}
	keys := make([]string, 0, len(vd.ManualDistributionPercentage))
	for key := range vd.ManualDistributionPercentage {
		keys = append(keys, key)
	}
	sort.Slice(keys, func(i, j int) bool { return variationLess(keys[i], keys[j]) })
	sum := int64(0)
	for _, key := range keys {
		v := vd.ManualDistributionPercentage[key]
		if num := variationNumber(key); num < 1 || num > n {
			k.add(RuleVariationsManualKey, mp.join(key), "key "+quote(key)+" is not a variation: use `variation_1` to "+ref(variationName(n))+".")
		}
		if v < 1 {
			k.add(RuleVariationsManualPositive, mp.join(key), "the share of "+ref(key)+" must be a positive whole percentage, not "+strconv.FormatInt(v, 10)+".")
		}
		sum += v
	}
	if n <= maxVariations {
		for i := int64(1); i <= n; i++ {
			if _, ok := vd.ManualDistributionPercentage[variationName(i)]; !ok {
				k.add(RuleVariationsManualMissing, mp.join(variationName(i)), "`manual_distribution_percentage` needs a share for "+ref(variationName(i))+".")
			}
		}
	}
	if sum != 100 {
		k.addValue(RuleVariationsManualSum, mp.String(), "the shares in `manual_distribution_percentage` must sum to 100, not "+strconv.FormatInt(sum, 10)+".", strconv.FormatInt(sum, 10), nil)
	}
}

// message validates one {push} / {email} payload at prefix.
func (k *checker) message(prefix *path, m *model.Message) {
	if m == nil {
		return
	}
	k.types(prefix, &m.Extra)
	switch {
	case k.isPush():
		if m.Email != nil {
			k.add(RuleContentChannelMismatch, prefix.join("email"), "`email` content does not apply to a PUSH campaign; use push.")
		}
		if m.Push != nil {
			k.push(prefix.sub("push"), m.Push)
		} else if k.publish() && !wrongType(&m.Extra, "push") {
			k.require(RuleContentPayloadRequired, prefix.join("push"), "`push` content is required `#publish`.")
		}
	case k.isEmail():
		if m.Push != nil {
			k.add(RuleContentChannelMismatch, prefix.join("push"), "`push` content does not apply to an EMAIL campaign; use email.")
		}
		if m.Email != nil {
			k.emailContent(prefix.sub("email"), m.Email)
		} else if k.publish() && !wrongType(&m.Extra, "email") {
			k.require(RuleContentPayloadRequired, prefix.join("email"), "`email` content is required `#publish`.")
		}
	default:
		// Without a channel the payloads are still checked on their own.
		if m.Push != nil {
			k.push(prefix.sub("push"), m.Push)
		}
		if m.Email != nil {
			k.emailContent(prefix.sub("email"), m.Email)
		}
	}
}

func sortedAnyKeys(m map[string]any) []string {
	if len(m) == 0 {
		return nil
	}
	return slices.Sorted(maps.Keys(m))
}
