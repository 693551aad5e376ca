package forms

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// The content-matrix readers live in model (model/matrix.go), shared with
// the preview; these names stay for the editor's forms.

// DefaultLocale is the fallback locale key of keyed content.
const DefaultLocale = model.DefaultLocale

// content returns c.campaign_content, creating it.
func content(c *model.Campaign) *model.CampaignContent {
	if c.CampaignContent == nil {
		c.CampaignContent = &model.CampaignContent{}
	}
	if c.CampaignContent.Content == nil {
		c.CampaignContent.Content = &model.Content{}
	}
	return c.CampaignContent
}

// Keyed reports whether the content is edited in the keyed shape (model.Keyed).
func Keyed(c *model.Campaign) bool { return model.Keyed(c) }

func wantKeyed(c *model.Campaign) bool { return model.WantsKeyed(c) }

// Locales lists the locale keys, default first (model.Locales).
func Locales(c *model.Campaign) []string { return model.Locales(c) }

// Variations lists the variation keys (model.VariationKeys).
func Variations(c *model.Campaign) []string { return model.VariationKeys(c) }

func variation(n int) string { return model.VariationKey(n) }

// MessagePath is the target prefix of one content cell's message
// (model.MessagePath).
func MessagePath(c *model.Campaign, locale, vr string) string {
	return model.MessagePath(c, locale, vr)
}

// Message returns one content cell (model.MessageAt).
func Message(c *model.Campaign, locale, vr string) *model.Message {
	return model.MessageAt(c, locale, vr)
}

// Normalize puts the content in the shape the locales and variations call
// for, so the user never edits the shape: flat when there are neither,
// keyed otherwise with a cell for every locale × variation (new cells start
// as copies of the default locale's first variation, ready to translate).
func Normalize(c *model.Campaign) {
	cc := c.CampaignContent
	if cc == nil || cc.Content == nil {
		return
	}
	ct := cc.Content
	if !wantKeyed(c) {
		// Flat again, unless keyed cells other than default/variation_1
		// hold content the user has not removed: nothing is dropped
		// silently (the engine then reports the stray keys).
		for l, vars := range ct.Keyed {
			for v := range vars {
				if l != DefaultLocale || v != variation(1) {
					return
				}
			}
		}
		if ct.Flat == nil {
			if m := ct.Keyed[DefaultLocale][variation(1)]; m != nil {
				ct.Flat = m
			}
		}
		ct.Keyed = nil
		return
	}
	if ct.Keyed == nil {
		ct.Keyed = map[string]map[string]*model.Message{}
	}
	if ct.Flat != nil {
		if ct.Keyed[DefaultLocale] == nil {
			ct.Keyed[DefaultLocale] = map[string]*model.Message{}
		}
		if ct.Keyed[DefaultLocale][variation(1)] == nil {
			ct.Keyed[DefaultLocale][variation(1)] = ct.Flat
		}
		ct.Flat = nil
	}
	// Every locale × variation gets a cell; cells of other keys are kept
	// (only RemoveLocale and RemoveVariation delete content).
	locs, vars := Locales(c), Variations(c)
	seed := ct.Keyed[DefaultLocale][variation(1)]
	for _, l := range locs {
		if ct.Keyed[l] == nil {
			ct.Keyed[l] = map[string]*model.Message{}
		}
		for _, v := range vars {
			if ct.Keyed[l][v] == nil {
				src := seed
				if m := ct.Keyed[l][variation(1)]; m != nil {
					src = m
				}
				if src != nil {
					ct.Keyed[l][v] = model.Clone(src)
				} else {
					ct.Keyed[l][v] = &model.Message{}
				}
			}
		}
	}
}

// AddLocale adds a locale; its content starts as a copy of the default's.
func AddLocale(c *model.Campaign, name string) error {
	name = strings.TrimSpace(name)
	if name == "" {
		return fmt.Errorf("campaign_content.locales: a locale needs a name")
	}
	if name == DefaultLocale {
		return fmt.Errorf("campaign_content.locales: %q is always there and is not listed", DefaultLocale)
	}
	// Dots and brackets would break targets, a slash the "locale/variation"
	// copy prompt, and spaces or control characters the one-line views.
	if strings.ContainsAny(name, ".[]/") || strings.ContainsFunc(name, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) {
		return fmt.Errorf("campaign_content.locales: %q: a locale name has no dots, brackets, slashes, spaces or control characters", name)
	}
	cc := content(c)
	if slices.Contains(cc.Locales, name) {
		return fmt.Errorf("campaign_content.locales: %q is already there", name)
	}
	cc.Locales = append(cc.Locales, name)
	Normalize(c)
	return nil
}

// RemoveLocale drops a locale and its content.
func RemoveLocale(c *model.Campaign, name string) error {
	cc := c.CampaignContent
	if cc == nil || !slices.Contains(cc.Locales, name) {
		return fmt.Errorf("campaign_content.locales: no locale %q", name)
	}
	cc.Locales = slices.DeleteFunc(slices.Clone(cc.Locales), func(s string) bool { return s == name })
	if len(cc.Locales) == 0 {
		cc.Locales = nil
	}
	if cc.Content != nil {
		delete(cc.Content.Keyed, name)
	}
	Normalize(c)
	return nil
}

// AddVariation adds an A/B variation (a copy of variation 1). A first
// variation makes an A/B test with a manual 50/50 split; later ones spread
// manual percentages evenly again.
func AddVariation(c *model.Campaign) error {
	cc := content(c)
	vd := cc.VariationDetails
	if vd == nil {
		vd = &model.Variations{DistributionType: ptr(model.DistributionManual), NoOfVariations: ptr(int64(1))}
		cc.VariationDetails = vd
	}
	if vd.NoOfVariations == nil || *vd.NoOfVariations < 1 {
		vd.NoOfVariations = ptr(int64(1))
	}
	*vd.NoOfVariations++
	spread(vd)
	Normalize(c)
	return nil
}

// RemoveVariation drops variation_n, renumbers the later ones, and ends the
// A/B test when one variation is left.
func RemoveVariation(c *model.Campaign, vr string) error {
	vars := Variations(c)
	i := slices.Index(vars, vr)
	if i < 0 || len(vars) < 2 {
		return fmt.Errorf("campaign_content.variation_details: no variation %q to remove", vr)
	}
	cc := c.CampaignContent
	if ct := cc.Content; ct != nil {
		for _, cells := range ct.Keyed {
			for k := i + 1; k < len(vars); k++ {
				cells[vars[k-1]] = cells[vars[k]]
			}
			delete(cells, vars[len(vars)-1])
		}
	}
	vd := cc.VariationDetails
	if len(vars) == 2 {
		cc.VariationDetails = nil
	} else {
		*vd.NoOfVariations--
		if vd.ManualDistributionPercentage != nil {
			old := vd.ManualDistributionPercentage
			vd.ManualDistributionPercentage = map[string]int64{}
			for k := range len(vars) - 1 {
				src := k
				if k >= i {
					src = k + 1
				}
				vd.ManualDistributionPercentage[variation(k+1)] = old[vars[src]]
			}
			spread(vd)
		}
	}
	Normalize(c)
	return nil
}

// spread sets even manual percentages summing to 100.
func spread(vd *model.Variations) {
	if vd.DistributionType == nil || *vd.DistributionType != model.DistributionManual {
		return
	}
	n := int(*vd.NoOfVariations)
	vd.ManualDistributionPercentage = map[string]int64{}
	for i := 1; i <= n; i++ {
		share := int64(100 / n)
		if i <= 100%n {
			share++
		}
		vd.ManualDistributionPercentage[variation(i)] = share
	}
}

// SetDistribution switches the A/B test between MANUAL (percentages) and
// AUTO (duration and metric), dropping the other mode's fields.
func SetDistribution(c *model.Campaign, mode string) error {
	if c.CampaignContent == nil || c.CampaignContent.VariationDetails == nil {
		return fmt.Errorf("campaign_content.variation_details: add a variation first")
	}
	vd := c.CampaignContent.VariationDetails
	vd.DistributionType = &mode
	vd.Extra.Fix("distribution_type")
	switch mode {
	case model.DistributionManual:
		vd.AutoCampaignDuration, vd.AutoDistributionMetric = nil, nil
		spread(vd)
	case model.DistributionAuto:
		vd.ManualDistributionPercentage = nil
	}
	return nil
}

// CopyContent copies one cell's message over another.
func CopyContent(c *model.Campaign, fromLoc, fromVar, toLoc, toVar string) error {
	if !Keyed(c) {
		return fmt.Errorf("campaign_content: add a locale or a variation before copying content")
	}
	src := Message(c, fromLoc, fromVar)
	if src == nil {
		return fmt.Errorf("campaign_content.content.%s.%s: no content to copy", fromLoc, fromVar)
	}
	if !slices.Contains(Locales(c), toLoc) || !slices.Contains(Variations(c), toVar) {
		return fmt.Errorf("campaign_content.content.%s.%s: no such locale or variation", toLoc, toVar)
	}
	c.CampaignContent.Content.Keyed[toLoc][toVar] = model.Clone(src)
	return nil
}

func ptr[T any](v T) *T { return &v }

// --- templates -----------------------------------------------------------

// Templates lists the template types of a platform.
func Templates(platform string) []string {
	switch platform {
	case model.PlatformAndroid:
		return model.AndroidTemplates
	case model.PlatformIOS:
		return model.IOSTemplates
	case model.PlatformWeb:
		return model.WebTemplates
	}
	return nil
}

var (
	timers          = []string{model.TemplateTimer, model.TemplateTimerWithProgressBar}
	styled          = []string{model.TemplateStylizedBasic, model.TemplateSimpleImageCarousel, model.TemplateImageBannerWithText}
	scaled          = []string{model.TemplateSimpleImageCarousel, model.TemplateImageBannerWithText}
	iosGIFTemplates = []string{model.TemplateBasic, model.TemplateStylizedBasic}
)

// SetTemplate sets a platform's template type at msgPath (a MessagePath) and
// adds the sub-objects the template needs (timer, carousel with one slide,
// template backup) while removing those and the template-only fields it does
// not use, so what is sent matches what is shown.
func SetTemplate(c *model.Campaign, msgPath, platform, tpl string) error {
	p := msgPath + ".push." + strings.ToLower(platform)
	if tpl == "" {
		return Set(c, p+".template_type", nil)
	}
	if !slices.Contains(Templates(platform), tpl) {
		return fmt.Errorf("%s.template_type: %s does not offer %q", p, platform, tpl)
	}
	if err := Set(c, p+".template_type", tpl); err != nil {
		return err
	}
	custom := tpl == model.TemplateCustom
	switch platform {
	case model.PlatformAndroid:
		keep(c, p+".timer", slices.Contains(timers, tpl), &model.Timer{})
		keep(c, p+".template_backup", engine.NeedsBackup(model.PlatformAndroid, tpl), &model.AndroidBackup{})
		bd := p + ".basic_details."
		keep(c, bd+"carousel_content", tpl == model.TemplateSimpleImageCarousel,
			&model.Carousel{SliderTransition: ptr(model.SliderManualAndroid), SlideData: []model.Slide{{}}})
		if tpl != model.TemplateBasic {
			clearAll(c, bd+"input_gif_url")
		}
		if !slices.Contains(styled, tpl) {
			clearAll(c, bd+"background_color_code", bd+"app_name_color_code", bd+"notification_control_color", bd+"apply_background_color_in_text_editor")
		}
		if tpl != model.TemplateImageBannerWithText {
			clearAll(c, bd+"include_app_name_and_time", bd+"include_title_and_message", bd+"banner_image_url", bd+"collapsed_push_notification")
		}
		if !slices.Contains(scaled, tpl) {
			clearAll(c, bd+"image_scaling")
		}
	case model.PlatformIOS:
		keep(c, p+".template_backup", engine.NeedsBackup(model.PlatformIOS, tpl), &model.IOSBackup{})
		bd := p + ".basic_details."
		keep(c, bd+"carousel_content", tpl == model.TemplateSimpleImageCarousel,
			&model.Carousel{SliderTransition: ptr(model.SliderManualIOS), SlideData: []model.Slide{{}}})
		if tpl != model.TemplateBasic {
			clearAll(c, bd+"rich_media_type", bd+"rich_media_value")
		}
		if !slices.Contains(iosGIFTemplates, tpl) {
			clearAll(c, bd+"input_gif_url")
		}
		if tpl != model.TemplateStylizedBasic && tpl != model.TemplateSimpleImageCarousel {
			clearAll(c, bd+"background_color_code", bd+"apply_background_color_in_text_editor")
		}
	}
	if platform != model.PlatformWeb && !custom {
		clearAll(c, p+".custom_template_id", p+".custom_template_version")
	}
	return nil
}

// keep creates the object at path with init when want, else removes it.
func keep(c *model.Campaign, path string, want bool, init any) {
	if !want {
		_ = Set(c, path, nil)
		return
	}
	if Get(c, path) == nil {
		_ = Set(c, path, init)
	}
}

func clearAll(c *model.Campaign, paths ...string) {
	for _, p := range paths {
		_ = Set(c, p, nil)
	}
}

// SetEmailSource picks between HTML and a saved template, the two ways of
// giving an email its body: exactly one of them is sent.
func SetEmailSource(c *model.Campaign, msgPath string, template bool) {
	e := msgPath + ".email."
	if template {
		if Get(c, e+"custom_template_id") == nil {
			_ = Set(c, e+"custom_template_id", "")
		}
		_ = Set(c, e+"html_content", nil)
		return
	}
	_ = Set(c, e+"custom_template_id", nil)
	_ = Set(c, e+"custom_template_version", nil)
	if Get(c, e+"html_content") == nil {
		_ = Set(c, e+"html_content", "")
	}
}
