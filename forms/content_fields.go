package forms

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// Selector rows (RoleSelector) choose the content cell; these paths name
// them, and the editor keeps their value, not the campaign.
const (
	SelLocale    = "@sel:locale"
	SelVariation = "@sel:variation"
	SelPlatform  = "@sel:platform"
)

// Platforms lists the platforms whose content the editor offers
// (model.Platforms).
func Platforms(c *model.Campaign) []string { return model.Platforms(c) }

// FixSelection moves a selection that no longer exists to one that does
// (model.FixSelection).
func FixSelection(c *model.Campaign, sel Selection) Selection { return model.FixSelection(c, sel) }

func (b *builder) content() {
	x := b.x
	c := x.C
	sel := FixSelection(c, x.Sel)
	b.head("Locales and variations")
	b.add(Field{Path: SelLocale, Role: RoleSelector, Label: "Locale", Kind: Enum, Options: Locales(c)})
	b.add(Field{Path: SelVariation, Role: RoleSelector, Label: "Variation", Kind: Enum, Options: Variations(c)})
	if x.push() {
		b.add(Field{Path: SelPlatform, Role: RoleSelector, Label: "Platform", Kind: Enum, Options: Platforms(c)})
	}
	b.add(Field{Path: "@add-locale", Role: RoleAddLocale, Label: "Add locale", Kind: Action, Prompt: "Locale name (e.g. fr); it starts as a copy of default, to translate",
		Do: func(c *model.Campaign, arg string) error {
			if err := AddLocale(c, arg); err != nil {
				return err
			}
			return SeedLocale(c, strings.TrimSpace(arg))
		}})
	b.add(Field{Path: "@add-variation", Role: RoleAddVariation, Label: "Add A/B variation", Kind: Action,
		Do: func(c *model.Campaign, _ string) error { return AddVariation(c) }})
	if Keyed(c) || x.push() && len(Platforms(c)) > 1 {
		from := sel
		b.add(Field{Path: "@copy", Role: RoleCopyContent, Label: "Copy this content to…", Kind: Action, Prompt: "locale/variation (e.g. fr/variation_1)",
			Do: func(c *model.Campaign, arg string) error {
				loc, vr, _ := strings.Cut(strings.TrimSpace(arg), "/")
				if loc = strings.TrimSpace(loc); loc == "" {
					return fmt.Errorf("campaign_content.locales: name the locale to copy to (e.g. fr/variation_1)")
				}
				if vr = strings.TrimSpace(vr); vr == "" {
					vr = from.Variation
				}
				return CopyContent(c, from.Locale, from.Variation, loc, vr)
			}})
	}
	// The removals come last in the section: a locale's or a variation's
	// own rows never shift the rows above them (a marketer counts on Add
	// A/B variation being three down from Platform in every locale).
	if sel.Locale != DefaultLocale {
		loc := sel.Locale
		b.add(Field{Path: "@remove-locale", Role: RoleRemoveLocale, Label: "Remove locale " + loc, Kind: Action,
			Do: func(c *model.Campaign, _ string) error { return RemoveLocale(c, loc) }})
	}
	if len(Variations(c)) > 1 {
		vr := sel.Variation
		b.add(Field{Path: "@remove-variation", Role: RoleRemoveVariation, Label: "Remove " + vr, Kind: Action,
			Do: func(c *model.Campaign, _ string) error { return RemoveVariation(c, vr) }})
	}
	if cc := c.CampaignContent; cc != nil && cc.VariationDetails != nil {
		const v = "campaign_content.variation_details."
		b.head("A/B test")
		b.add(Field{Path: v + "distribution_type", Label: "Distribution", Kind: Enum,
			Options: []string{model.DistributionManual, model.DistributionAuto},
			set: func(c *model.Campaign, t string) error {
				if t == "" {
					t = model.DistributionManual
				}
				return SetDistribution(c, t)
			},
			get: func(c *model.Campaign) string { return model.Str(c.CampaignContent.VariationDetails.DistributionType) }})
		switch model.Str(cc.VariationDetails.DistributionType) {
		case model.DistributionManual:
			for _, vr := range Variations(c) {
				b.add(percent(vr))
			}
		case model.DistributionAuto:
			b.num(v+"auto_campaign_duration", "Test duration (h)")
			b.enum(v+"auto_distribution_metric", "Winner by", model.MetricOpenRate, model.MetricClickRate, model.MetricBoth)
		}
	}
	mp := MessagePath(c, sel.Locale, sel.Variation)
	if x.email() {
		b.email(mp + ".email.")
		return
	}
	if x.push() {
		switch sel.Platform {
		case model.PlatformAndroid:
			b.android(mp, mp+".push.android.")
		case model.PlatformIOS:
			b.ios(mp, mp+".push.ios.")
		case model.PlatformWeb:
			b.web(mp, mp+".push.web.")
		}
	}
}

// percent edits one variation's manual share (a map entry, not a field).
func percent(vr string) Field {
	return Field{Path: "campaign_content.variation_details.manual_distribution_percentage." + vr,
		Label: ShareLabel(vr), Kind: Int,
		get: func(c *model.Campaign) string {
			vd := c.CampaignContent.VariationDetails
			if n, ok := vd.ManualDistributionPercentage[vr]; ok {
				return strconv.FormatInt(n, 10)
			}
			return ""
		},
		set: func(c *model.Campaign, t string) error {
			vd := c.CampaignContent.VariationDetails
			t = strings.TrimSpace(t)
			if t == "" {
				delete(vd.ManualDistributionPercentage, vr)
				return nil
			}
			n, err := strconv.ParseInt(t, 10, 64)
			if err != nil {
				return fmt.Errorf("%s percentage: %q is not a whole number", vr, t)
			}
			if vd.ManualDistributionPercentage == nil {
				vd.ManualDistributionPercentage = map[string]int64{}
			}
			vd.ManualDistributionPercentage[vr] = n
			return nil
		}}
}

func templateChooser(mp, platform, p string) Field {
	return Field{Path: p + "template_type", Label: "Template", Kind: Enum, Options: Templates(platform),
		set: func(c *model.Campaign, t string) error { return SetTemplate(c, mp, platform, t) }}
}

func (b *builder) clickAction(p, label string, options []string) {
	b.add(Field{Path: p + "default_click_action", Label: label, Kind: Enum, Options: options,
		set: func(c *model.Campaign, v string) error {
			if v = strings.TrimSpace(v); v != "" {
				return Set(c, p+"default_click_action", v)
			}
			// No action: its target goes too (hidden, it would still be sent).
			if err := Set(c, p+"default_click_action_value", nil); err != nil {
				return err
			}
			return Set(c, p+"default_click_action", nil)
		}})
	if b.x.text(p+"default_click_action") != "" {
		b.text(p+"default_click_action_value", label+" target")
	}
}

// template adds a platform's template chooser and, for Custom, the saved
// template's id and version; it returns the chosen template type.
func (b *builder) template(mp, platform, p string) string {
	b.add(templateChooser(mp, platform, p))
	tpl := b.x.text(p + "template_type")
	if tpl == model.TemplateCustom {
		b.text(p+"custom_template_id", "Custom template id")
		b.num(p+"custom_template_version", "Template version")
	}
	return tpl
}

func (b *builder) android(mp, p string) {
	x := b.x
	b.head("Android")
	tpl := b.template(mp, model.PlatformAndroid, p)
	bd := p + "basic_details."
	// The rows most messages fill come first, adjacent (tab goes on from
	// one to the next); the optional ones after them.
	b.text(bd+"title", "Title")
	b.long(bd+"message", "Message")
	// What the template needs comes right after them (a banner's image
	// once sat eleven rows below Message, after the colours).
	if b.androidRequired(p, tpl) {
		b.head("Android options")
	}
	b.text(bd+"notification_channel", "Notification channel")
	b.clickAction(bd, "On click", model.DefaultClickActions)
	b.text(bd+"image_url", "Image URL")
	b.text(bd+"summary", "Summary")
	if tpl == model.TemplateBasic || tpl == "" {
		b.text(bd+"input_gif_url", "GIF URL")
	}
	b.kv(bd+"key_value_pairs", "Key-value pairs")
	if slices.Contains(styled, tpl) {
		b.text(bd+"background_color_code", "Background colour")
		b.text(bd+"app_name_color_code", "App name colour")
		b.enum(bd+"notification_control_color", "Control colour", model.ControlColorLight, model.ControlColorDark)
		b.flag(bd+"apply_background_color_in_text_editor", "Text editor background")
	}
	if tpl == model.TemplateImageBannerWithText {
		b.flag(bd+"include_app_name_and_time", "Show app name and time")
		b.flag(bd+"include_title_and_message", "Show title and message")
		b.text(bd+"collapsed_push_notification", "Collapsed text")
	}
	b.list(p+"buttons", "button", func(q string, _ int) {
		b.text(q+".btn_name", "Label")
		b.enum(q+".click_action_type", "Action", model.ButtonClickActions...)
		if slices.Contains(model.NamedClickActions, x.text(q+".click_action_type")) {
			b.text(q+".click_action_name", "Action name")
		}
		b.text(q+".click_action_value", "Action value")
		b.kv(q+".key_value_pairs", "Key-value pairs")
	}, nil)
	a := p + "advanced."
	b.head("Android advanced")
	b.text(a+"coupon_code", "Coupon code")
	b.text(a+"icon_type_in_notification", "Icon type")
	b.flag(a+"use_large_icon", "Large icon")
	b.flag(a+"make_notification_sticky", "Sticky")
	b.flag(a+"auto_dismiss_notification", "Auto dismiss")
	if x.truth(a+"make_notification_sticky") || x.truth(a+"auto_dismiss_notification") {
		b.text(a+"dismiss_button_text", "Dismiss button")
	}
	if x.truth(a + "auto_dismiss_notification") {
		b.num(a+"auto_dismiss_notification_time_value", "Dismiss after")
		b.enum(a+"auto_dismiss_notification_time_granularity", "Dismiss unit", model.Days, model.Hours, model.Minutes)
	}
	b.text(a+"group_key", "Group key")
	b.text(a+"collapse_replace_key", "Collapse key")
}

// androidRequired adds what Android's template needs besides the title
// and message: the banner's image, the carousel, the timer, the fallback
// for older devices. It reports whether it added a section.
func (b *builder) androidRequired(p, tpl string) bool {
	x, bd := b.x, p+"basic_details."
	if tpl == model.TemplateImageBannerWithText {
		b.text(bd+"banner_image_url", "Banner image URL")
	}
	if slices.Contains(scaled, tpl) {
		b.enum(bd+"image_scaling", "Image scaling", model.ScalingFitInside, model.ScalingFill)
	}
	if tpl == model.TemplateSimpleImageCarousel {
		b.carousel(bd+"carousel_content", model.SliderManualAndroid, model.SliderAutomaticAndroid)
	}
	if slices.Contains(timers, tpl) {
		t := p + "timer."
		b.head("Timer")
		b.enum(t+"timer_ends_at", "Ends at", model.TimerDuration, model.TimerSpecificUserTimezone, model.TimerSpecificCampaignTimezone)
		b.flag(t+"personalized_value", "Personalised")
		if x.truth(t + "personalized_value") {
			b.text(t+"specific_time", "Ends at time")
		} else {
			b.text(t+"duration_hour", "Hours")
			b.text(t+"duration_minute", "Minutes")
		}
		if strings.HasPrefix(x.text(t+"timer_ends_at"), "SPECIFIC_TIME") {
			b.text(t+"time_period", "Time period")
		}
	}
	if engine.NeedsBackup(model.PlatformAndroid, tpl) {
		t := p + "template_backup."
		b.head("Fallback (older devices)")
		b.text(t+"title", "Title")
		b.text(t+"message", "Message")
		b.text(t+"summary", "Summary")
		b.text(t+"image_url", "Image URL")
		b.clickAction(t, "On click", model.DefaultClickActions)
		b.kv(t+"key_value_pairs", "Key-value pairs")
	}
	return tpl == model.TemplateSimpleImageCarousel || slices.Contains(timers, tpl) || engine.NeedsBackup(model.PlatformAndroid, tpl)
}

func (b *builder) carousel(p, manual, auto string) {
	b.head("Carousel")
	b.enum(p+".slider_transition", "Transition", manual, auto)
	b.list(p+".slide_data", "slide", func(q string, _ int) {
		b.text(q+".image_url", "Image URL")
		b.enum(q+".image_click_action", "On click", model.ClickDeeplinking, model.ClickRichLanding, model.ClickNavigateToScreen)
		if b.x.text(q+".image_click_action") != "" {
			b.text(q+".image_click_action_value", "Click target")
		}
		b.kv(q+".key_value_pairs", "Key-value pairs")
	}, nil)
}

func (b *builder) ios(mp, p string) {
	b.head("iOS")
	tpl := b.template(mp, model.PlatformIOS, p)
	bd := p + "basic_details."
	b.text(bd+"title", "Title")
	b.long(bd+"message", "Message")
	if b.iosRequired(p, tpl) {
		b.head("iOS options")
	}
	b.clickAction(bd, "On click", model.DefaultClickActions)
	b.text(bd+"subtitle", "Subtitle") // optional: after the common rows
	b.kv(bd+"key_value_pairs", "Key-value pairs")
	b.flag(bd+"allow_bg_refresh", "Background refresh")
	if tpl == model.TemplateBasic || tpl == "" {
		b.enum(bd+"rich_media_type", "Rich media", model.RichMediaImage, model.RichMediaVideo, model.RichMediaGIF)
		b.text(bd+"rich_media_value", "Rich media URL")
	}
	if slices.Contains(iosGIFTemplates, tpl) || tpl == "" {
		b.text(bd+"input_gif_url", "GIF URL")
	}
	if tpl == model.TemplateSimpleImageCarousel {
		b.text(bd+"image_url", "Cover image URL")
	}
	if engine.NeedsBackup(model.PlatformIOS, tpl) {
		b.text(bd+"background_color_code", "Background colour")
		b.flag(bd+"apply_background_color_in_text_editor", "Text editor background")
	}
	b.list(p+"buttons", "button", func(q string, _ int) {
		b.text(q+".button_category", "Category")
	}, nil)
	a := p + "advanced."
	b.head("iOS advanced")
	b.text(a+"coupon_code", "Coupon code")
	b.text(a+"sound_file", "Sound file")
	b.flag(a+"enable_ios_badge", "Badge")
	b.text(a+"group_key", "Group key")
	b.text(a+"collapse_replace_key", "Collapse key")
}

// iosRequired adds what iOS's template needs besides the title and
// message: the carousel and the fallback for older devices. It reports
// whether it added a section.
func (b *builder) iosRequired(p, tpl string) bool {
	bd := p + "basic_details."
	if tpl == model.TemplateSimpleImageCarousel {
		b.carousel(bd+"carousel_content", model.SliderManualIOS, model.SliderAutomaticIOS)
	}
	if engine.NeedsBackup(model.PlatformIOS, tpl) {
		t := p + "template_backup."
		b.head("Fallback (older devices)")
		b.text(t+"title", "Title")
		b.text(t+"subtitle", "Subtitle")
		b.text(t+"message", "Message")
		b.flag(t+"allow_bg_refresh", "Background refresh")
		b.enum(t+"rich_media_type", "Rich media", model.RichMediaImage, model.RichMediaVideo, model.RichMediaGIF)
		b.text(t+"rich_media_value", "Rich media URL")
		b.clickAction(t, "On click", model.DefaultClickActions)
		b.kv(t+"key_value_pairs", "Key-value pairs")
	}
	return tpl == model.TemplateSimpleImageCarousel || engine.NeedsBackup(model.PlatformIOS, tpl)
}

func (b *builder) web(mp, p string) {
	x := b.x
	b.head("Web")
	b.add(templateChooser(mp, model.PlatformWeb, p))
	bd := p + "basic_details."
	b.text(bd+"title", "Title")
	b.long(bd+"message", "Message")
	b.text(bd+"redirect_url", "Redirect URL")
	b.text(bd+"image_url", "Image URL")
	b.flag(bd+"auto_dismiss_notification", "Auto dismiss")
	b.list(p+"buttons", "button", func(q string, _ int) {
		b.text(q+".title", "Label")
		b.text(q+".icon_url", "Icon URL")
		b.text(q+".url", "URL")
	}, nil)
	a := p + "advanced."
	b.head("Web advanced")
	b.enum(a+"icon_image_type", "Icon", model.IconDefault, model.IconURL)
	if x.text(a+"icon_image_type") == model.IconURL {
		b.text(a+"icon_url", "Icon URL")
	}
}

func (b *builder) email(p string) {
	x := b.x
	b.head("Email")
	b.text(p+"sender_name", "Sender name")
	b.text(p+"from_address", "From")
	b.text(p+"reply_to_address", "Reply to")
	b.add(Field{Path: p + "cc_ids", Label: "Cc", Kind: List, Help: "comma separated"})
	b.add(Field{Path: p + "bcc_ids", Label: "Bcc", Kind: List, Help: "comma separated"})
	b.text(p+"subject", "Subject")
	b.text(p+"preview_text", "Preview text")
	mp := strings.TrimSuffix(p, ".email.")
	useTemplate := Get(x.C, p+"custom_template_id") != nil
	b.add(Field{Path: p + "@source", Role: RoleDerived, Label: "Body from", Kind: Enum, Options: []string{"HTML", "Saved template"},
		get: func(c *model.Campaign) string {
			if Get(c, p+"custom_template_id") != nil {
				return "Saved template"
			}
			return "HTML"
		},
		set: func(c *model.Campaign, t string) error {
			SetEmailSource(c, mp, t == "Saved template")
			return nil
		}})
	if useTemplate {
		b.text(p+"custom_template_id", "Template id")
		b.num(p+"custom_template_version", "Template version")
	} else {
		b.enum(p+"email_editor", "Editor", model.EditorRich, model.EditorCode)
		b.long(p+"html_content", "HTML")
	}
	b.list(p+"attachments", "attachment", func(q string, _ int) {
		b.enum(q+".file_type", "Type", model.AttachmentURL, model.AttachmentPersonalized)
		b.text(q+".url", "URL")
	}, func(c *model.Campaign, q string) error { return Set(c, q+".file_type", model.AttachmentURL) })
}
