package engine

import (
	"strconv"

	"github.com/campaigns-cli/campaigns/model"
)

var (
	notificationColors = []string{model.ControlColorLight, model.ControlColorDark}
	imageScalings      = []string{model.ScalingFitInside, model.ScalingFill}
	timerEnds          = []string{model.TimerDuration, model.TimerSpecificUserTimezone, model.TimerSpecificCampaignTimezone}
	androidSliders     = []string{model.SliderManualAndroid, model.SliderAutomaticAndroid}
	iosSliders         = []string{model.SliderManualIOS, model.SliderAutomaticIOS}
	richMediaTypes     = []string{model.RichMediaImage, model.RichMediaVideo, model.RichMediaGIF}
	iconImageTypes     = []string{model.IconDefault, model.IconURL}
	dismissGranularity = []string{model.Days, model.Hours, model.Minutes}
)

// platformRules are the rule ids a helper reports under, per platform, as
// constants so that no id is built while nothing is wrong.
type platformRules struct {
	customTemplate, customVersion     string
	clickAction                       string
	slider, slideImage                string
	slideAction, slideValue, slideURI string
}

var (
	androidRules = platformRules{
		"push.android.custom_template", "push.android.custom_template_version",
		"push.android.click_action",
		"push.android.carousel.slider_transition", "push.android.carousel.slide_image_required",
		"push.android.carousel.slide_click_action", "push.android.carousel.slide_click_value_required", "push.uri",
	}
	iosRules = platformRules{
		"push.ios.custom_template", "push.ios.custom_template_version",
		"push.ios.click_action",
		"push.ios.carousel.slider_transition", "push.ios.carousel.slide_image_required",
		"push.ios.carousel.slide_click_action", "push.ios.carousel.slide_click_value_required", "push.uri",
	}
)

// push validates one push payload: every platform sent, and at publish a
// payload for every platform in basic_details.platforms.
func (k *checker) push(p *path, pc *model.PushContent) {
	k.types(p, &pc.Extra)
	k.platform(p, "android", model.PlatformAndroid, pc.Android != nil, &pc.Extra)
	k.platform(p, "ios", model.PlatformIOS, pc.IOS != nil, &pc.Extra)
	k.platform(p, "web", model.PlatformWeb, pc.Web != nil, &pc.Extra)
	if pc.Android != nil {
		k.android(p.sub("android"), pc.Android)
	}
	if pc.IOS != nil {
		k.ios(p.sub("ios"), pc.IOS)
	}
	if pc.Web != nil {
		k.web(p.sub("web"), pc.Web)
	}
}

func (k *checker) platform(p *path, key, platform string, sent bool, ex *model.Extra) {
	if !k.hasPlats || wrongType(ex, key) {
		return
	}
	// Content for a platform that is not listed is kept, not refused: no
	// spec line forbids it (decisions.md §2, rules the spec does not state).
	if !sent && k.targets(platform) && k.publish() {
		k.add("push.platform_content_required", p.join(key), key+" content is required for publish: "+platform+" is in basic_details.platforms.")
	}
}

// templateType checks template_type against the platform's list; the
// message names the mistake users make most (CUSTOM, Android-only templates).
func (k *checker) templateType(rule, requiredRule string, p *path, platform string, v *string, ex *model.Extra, allowed []string) bool {
	if !k.requiredStr(requiredRule, p, "template_type", v, ex, "") {
		return false
	}
	if v == nil || oneOf(*v, allowed) {
		return v != nil
	}
	msg := ""
	switch {
	case *v == "CUSTOM" || *v == "custom":
		msg = "template_type " + strconv.Quote(*v) + " has the wrong casing: use \"Custom\" exactly."
	case oneOf(*v, model.AndroidTemplates):
		msg = "template_type " + *v + " is Android-only; " + platform + " allows " + list(allowed) + "."
	default:
		msg = "template_type " + strconv.Quote(*v) + " is not allowed on " + platform + ": use " + list(allowed) + "."
	}
	k.add(rule, p.join("template_type"), msg)
	return false
}

func needsBackupAndroid(tt string) bool {
	switch tt {
	case model.TemplateStylizedBasic, model.TemplateSimpleImageCarousel, model.TemplateImageBannerWithText, model.TemplateTimer, model.TemplateTimerWithProgressBar:
		return true
	}
	return false
}

func (k *checker) android(p *path, a *model.Android) {
	k.types(p, &a.Extra)
	tt := ""
	if k.templateType("push.android.template_type", "push.android.template_type_required", p, "Android", a.TemplateType, &a.Extra, model.AndroidTemplates) {
		tt = *a.TemplateType
	}
	k.customTemplate(&androidRules, p, tt, a.CustomTemplateID, a.CustomTemplateVersion, &a.Extra)
	if a.BasicDetails == nil {
		k.requiredVal("push.android.basic_details_required", p, "basic_details", false, &a.Extra, " in every Android payload")
	} else {
		k.androidBasic(p.sub("basic_details"), a.BasicDetails, tt)
	}
	isTimer := tt == model.TemplateTimer || tt == model.TemplateTimerWithProgressBar
	if isTimer {
		k.requiredVal("push.android.timer_required", p, "timer", a.Timer != nil, &a.Extra, " for template "+tt)
	}
	if a.Timer != nil {
		k.timer(p.sub("timer"), a.Timer)
	}
	if needsBackupAndroid(tt) {
		k.requiredVal("push.android.template_backup_required", p, "template_backup", a.TemplateBackup != nil, &a.Extra, " for template "+tt)
	}
	if b := a.TemplateBackup; b != nil {
		bp := p.sub("template_backup")
		k.types(bp, &b.Extra)
		k.uri("push.android.uri", bp, "image_url", b.ImageURL)
		k.clickAction(&androidRules, bp, b.DefaultClickAction, b.DefaultClickActionValue, &b.Extra)
		k.keyValues("push.key_value_pairs", bp.sub("key_value_pairs"), b.KeyValuePairs)
		if k.publish() {
			k.requiredStr("push.title_required", bp, "title", b.Title, &b.Extra, " for publish")
			k.requiredStr("push.message_required", bp, "message", b.Message, &b.Extra, " for publish")
		}
	}
	for i := range a.Buttons {
		k.androidButton(p.sub("buttons").el(i), &a.Buttons[i])
	}
	if adv := a.Advanced; adv != nil {
		k.androidAdvanced(p.sub("advanced"), adv)
	}
}

func (k *checker) customTemplate(r *platformRules, p *path, tt string, id *string, version *int64, ex *model.Extra) {
	if tt == model.TemplateCustom {
		k.requiredStr(r.customTemplate, p, "custom_template_id", id, ex, " when template_type is Custom")
	}
	k.minInt(r.customVersion, p, "custom_template_version", version, 1)
}

func (k *checker) clickAction(r *platformRules, p *path, action, value *string, ex *model.Extra) {
	if action == nil {
		return
	}
	k.enum(r.clickAction, p, "default_click_action", action, model.DefaultClickActions)
}

func (k *checker) androidBasic(p *path, b *model.AndroidBasic, tt string) {
	k.types(p, &b.Extra)
	const r = "push.android.basic_details"
	if k.publish() && tt != model.TemplateCustom {
		k.requiredStr("push.title_required", p, "title", b.Title, &b.Extra, " for publish")
		k.requiredStr("push.message_required", p, "message", b.Message, &b.Extra, " for publish")
	}
	k.uri("push.android.uri", p, "image_url", b.ImageURL)
	k.uri("push.android.uri", p, "input_gif_url", b.InputGIFURL)
	k.uri("push.android.uri", p, "banner_image_url", b.BannerImageURL)
	k.clickAction(&androidRules, p, b.DefaultClickAction, b.DefaultClickActionValue, &b.Extra)
	k.keyValues("push.key_value_pairs", p.sub("key_value_pairs"), b.KeyValuePairs)
	k.hexColor(p, "background_color_code", b.BackgroundColorCode)
	k.hexColor(p, "app_name_color_code", b.AppNameColorCode)
	k.enum(r+".notification_control_color", p, "notification_control_color", b.NotificationControlColor, notificationColors)
	k.enum(r+".image_scaling", p, "image_scaling", b.ImageScaling, imageScalings)
	if tt == model.TemplateImageBannerWithText {
		k.requiredStr("push.android.banner_image_required", p, "banner_image_url", b.BannerImageURL, &b.Extra, " for template IMAGE_BANNER_WITH_TEXT")
	}
	if tt == model.TemplateSimpleImageCarousel {
		k.requiredVal("push.carousel_required", p, "carousel_content", b.CarouselContent != nil, &b.Extra, " for template SIMPLE_IMAGE_CAROUSEL")
	}
	if b.CarouselContent != nil {
		k.carousel(&androidRules, p.sub("carousel_content"), b.CarouselContent, androidSliders, "Android")
	}
}

func (k *checker) hexColor(p *path, key string, v *string) {
	if v != nil && !validHexColor(*v) {
		k.add("push.color_code", p.join(key), key+" must be a hex colour like #1A2B3C.")
	}
}

// carousel: slider_transition casing differs per platform (lowercase on
// Android, uppercase on iOS: decisions.md §2 row 2).
func (k *checker) carousel(r *platformRules, p *path, c *model.Carousel, sliders []string, platform string) {
	k.types(p, &c.Extra)
	if v := c.SliderTransition; v != nil && !oneOf(*v, sliders) {
		k.add(r.slider, p.join("slider_transition"), "slider_transition "+strconv.Quote(*v)+" is not allowed on "+platform+": use "+list(sliders)+" (the casing matters).")
	}
	for i := range c.SlideData {
		s := &c.SlideData[i]
		sp := p.sub("slide_data").el(i)
		k.types(sp, &s.Extra)
		if k.requiredStr(r.slideImage, sp, "image_url", s.ImageURL, &s.Extra, " in every slide") {
			k.uri(r.slideURI, sp, "image_url", s.ImageURL)
		}
		if s.ImageClickAction != nil && k.enum(r.slideAction, sp, "image_click_action", s.ImageClickAction, model.DefaultClickActions) {
			k.requiredStr(r.slideValue, sp, "image_click_action_value", s.ImageClickActionValue, &s.Extra, " when image_click_action is set")
		}
		k.keyValues("push.key_value_pairs", sp.sub("key_value_pairs"), s.KeyValuePairs)
	}
}

func (k *checker) timer(p *path, t *model.Timer) {
	k.types(p, &t.Extra)
	const r = "push.android.timer"
	if k.requiredStr(r+"_ends_at_required", p, "timer_ends_at", t.TimerEndsAt, &t.Extra, " in a timer") {
		k.enum(r+".ends_at", p, "timer_ends_at", t.TimerEndsAt, timerEnds)
	}
	k.requiredVal(r+".personalized_required", p, "personalized_value", t.PersonalizedValue != nil, &t.Extra, " in a timer")
	if t.PersonalizedValue != nil {
		if *t.PersonalizedValue {
			k.requiredStr(r+".specific_time_required", p, "specific_time", t.SpecificTime, &t.Extra, " when personalized_value is true")
		} else {
			why := " when personalized_value is false"
			if k.requiredStr(r+".duration_required", p, "duration_hour", t.DurationHour, &t.Extra, why) && t.DurationHour != nil {
				if f, ok := numeric(*t.DurationHour); !ok || f < 0 || f != float64(int64(f)) {
					k.add(r+".duration", p.join("duration_hour"), "duration_hour must be a whole number of hours, sent as a string like \"2\".")
				}
			}
			if k.requiredStr(r+".duration_required", p, "duration_minute", t.DurationMinute, &t.Extra, why) && t.DurationMinute != nil {
				if f, ok := numeric(*t.DurationMinute); !ok || f < 0 || f > 59 || f != float64(int64(f)) {
					k.add(r+".duration", p.join("duration_minute"), "duration_minute must be a whole number from 0 to 59, sent as a string like \"30\".")
				}
			}
		}
	}
	k.dateTime(r+".specific_time", p, "specific_time", t.SpecificTime)
	switch str(t.TimerEndsAt) {
	case model.TimerSpecificUserTimezone, model.TimerSpecificCampaignTimezone:
		k.requiredStr(r+".time_period_required", p, "time_period", t.TimePeriod, &t.Extra, " when timer_ends_at is "+*t.TimerEndsAt)
	}
}

func (k *checker) androidButton(p *path, b *model.AndroidButton) {
	k.types(p, &b.Extra)
	const r = "push.android.button"
	if b.ClickActionType != nil &&
		k.enum(r+".click_action_type", p, "click_action_type", b.ClickActionType, model.ButtonClickActions) &&
		oneOf(*b.ClickActionType, model.NamedClickActions) {
		k.requiredStr(r+".click_action_name_required", p, "click_action_name", b.ClickActionName, &b.Extra, " for click_action_type "+*b.ClickActionType)
	}
	k.keyValues("push.key_value_pairs", p.sub("key_value_pairs"), b.KeyValuePairs)
}

func (k *checker) androidAdvanced(p *path, a *model.AndroidAdvanced) {
	k.types(p, &a.Extra)
	const r = "push.android.advanced"
	if isTrue(a.MakeNotificationSticky) || isTrue(a.AutoDismissNotification) {
		why := " when make_notification_sticky is true"
		if !isTrue(a.MakeNotificationSticky) {
			why = " when auto_dismiss_notification is true"
		}
		k.requiredStr(r+".dismiss_text_required", p, "dismiss_button_text", a.DismissButtonText, &a.Extra, why)
	}
	if isTrue(a.AutoDismissNotification) {
		why := " when auto_dismiss_notification is true"
		k.requiredVal(r+".auto_dismiss_required", p, "auto_dismiss_notification_time_value", a.AutoDismissNotificationTimeValue != nil, &a.Extra, why)
		k.requiredStr(r+".auto_dismiss_required", p, "auto_dismiss_notification_time_granularity", a.AutoDismissNotificationTimeGranularity, &a.Extra, why)
	}
	k.minInt(r+".auto_dismiss_value", p, "auto_dismiss_notification_time_value", a.AutoDismissNotificationTimeValue, 1)
	k.enum(r+".auto_dismiss_granularity", p, "auto_dismiss_notification_time_granularity", a.AutoDismissNotificationTimeGranularity, dismissGranularity)
}

func (k *checker) ios(p *path, a *model.IOS) {
	k.types(p, &a.Extra)
	tt := ""
	if k.templateType("push.ios.template_type", "push.ios.template_type_required", p, "iOS", a.TemplateType, &a.Extra, model.IOSTemplates) {
		tt = *a.TemplateType
	}
	k.customTemplate(&iosRules, p, tt, a.CustomTemplateID, a.CustomTemplateVersion, &a.Extra)
	if a.BasicDetails == nil {
		k.requiredVal("push.ios.basic_details_required", p, "basic_details", false, &a.Extra, " in every iOS payload")
	} else {
		k.iosBasic(p.sub("basic_details"), a.BasicDetails, tt)
	}
	if tt == model.TemplateStylizedBasic || tt == model.TemplateSimpleImageCarousel {
		k.requiredVal("push.ios.template_backup_required", p, "template_backup", a.TemplateBackup != nil, &a.Extra, " for template "+tt)
	}
	if b := a.TemplateBackup; b != nil {
		bp := p.sub("template_backup")
		k.types(bp, &b.Extra)
		k.enum("push.ios.rich_media_type", bp, "rich_media_type", b.RichMediaType, richMediaTypes)
		k.uri("push.ios.uri", bp, "rich_media_value", b.RichMediaValue)
		k.clickAction(&iosRules, bp, b.DefaultClickAction, b.DefaultClickActionValue, &b.Extra)
		k.keyValues("push.key_value_pairs", bp.sub("key_value_pairs"), b.KeyValuePairs)
		if k.publish() {
			k.requiredStr("push.title_required", bp, "title", b.Title, &b.Extra, " for publish")
			k.requiredStr("push.message_required", bp, "message", b.Message, &b.Extra, " for publish")
		}
	}
	for i := range a.Buttons {
		b := &a.Buttons[i]
		bp := p.sub("buttons").el(i)
		k.types(bp, &b.Extra)
	}
	if adv := a.Advanced; adv != nil {
		k.types(p.sub("advanced"), &adv.Extra)
	}
}

func (k *checker) iosBasic(p *path, b *model.IOSBasic, tt string) {
	k.types(p, &b.Extra)
	if k.publish() && tt != model.TemplateCustom {
		k.requiredStr("push.title_required", p, "title", b.Title, &b.Extra, " for publish")
		k.requiredStr("push.message_required", p, "message", b.Message, &b.Extra, " for publish")
	}
	k.clickAction(&iosRules, p, b.DefaultClickAction, b.DefaultClickActionValue, &b.Extra)
	k.keyValues("push.key_value_pairs", p.sub("key_value_pairs"), b.KeyValuePairs)
	k.enum("push.ios.rich_media_type", p, "rich_media_type", b.RichMediaType, richMediaTypes)
	if b.RichMediaType != nil {
		k.requiredStr("push.ios.rich_media_value_required", p, "rich_media_value", b.RichMediaValue, &b.Extra, " when rich_media_type is set")
	}
	k.uri("push.ios.uri", p, "rich_media_value", b.RichMediaValue)
	k.uri("push.ios.uri", p, "input_gif_url", b.InputGIFURL)
	k.uri("push.ios.uri", p, "image_url", b.ImageURL)
	k.hexColor(p, "background_color_code", b.BackgroundColorCode)
	if tt == model.TemplateSimpleImageCarousel {
		k.requiredStr("push.ios.cover_image_required", p, "image_url", b.ImageURL, &b.Extra, " for template SIMPLE_IMAGE_CAROUSEL (it is the cover image)")
		k.requiredVal("push.carousel_required", p, "carousel_content", b.CarouselContent != nil, &b.Extra, " for template SIMPLE_IMAGE_CAROUSEL")
	}
	if b.CarouselContent != nil {
		k.carousel(&iosRules, p.sub("carousel_content"), b.CarouselContent, iosSliders, "iOS")
	}
}

func (k *checker) web(p *path, w *model.Web) {
	k.types(p, &w.Extra)
	k.templateType("push.web.template_type", "push.web.template_type_required", p, "Web", w.TemplateType, &w.Extra, model.WebTemplates)
	if w.BasicDetails == nil {
		k.requiredVal("push.web.basic_details_required", p, "basic_details", false, &w.Extra, " in every Web payload")
	} else {
		b := w.BasicDetails
		bp := p.sub("basic_details")
		k.types(bp, &b.Extra)
		if k.publish() {
			k.requiredStr("push.title_required", bp, "title", b.Title, &b.Extra, " for publish")
			k.requiredStr("push.message_required", bp, "message", b.Message, &b.Extra, " for publish")
		}
		k.uri("push.web.uri", bp, "redirect_url", b.RedirectURL)
		k.uri("push.web.uri", bp, "image_url", b.ImageURL)
	}
	for i := range w.Buttons {
		b := &w.Buttons[i]
		bp := p.sub("buttons").el(i)
		k.types(bp, &b.Extra)
		k.uri("push.web.uri", bp, "icon_url", b.IconURL)
		k.uri("push.web.uri", bp, "url", b.URL)
	}
	if a := w.Advanced; a != nil {
		ap := p.sub("advanced")
		k.types(ap, &a.Extra)
		k.enum("push.web.icon_image_type", ap, "icon_image_type", a.IconImageType, iconImageTypes)
		if str(a.IconImageType) == model.IconURL {
			k.requiredStr("push.web.icon_url_required", ap, "icon_url", a.IconURL, &a.Extra, " when icon_image_type is ICON_URL")
		}
		k.uri("push.web.uri", ap, "icon_url", a.IconURL)
	}
}
