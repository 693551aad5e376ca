package engine

import (
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
	customTemplate, customVersion     RuleID
	clickAction                       RuleID
	slider, slideImage                RuleID
	slideAction, slideValue, slideURI RuleID
}

var (
	androidRules = platformRules{
		RulePushAndroidCustomTemplate, RulePushAndroidCustomTemplateVersion,
		RulePushAndroidClickAction,
		RulePushAndroidCarouselSliderTransition, RulePushAndroidCarouselSlideImageRequired,
		RulePushAndroidCarouselSlideClickAction, RulePushAndroidCarouselSlideClickValueRequired, RulePushURI,
	}
	iosRules = platformRules{
		RulePushIOSCustomTemplate, RulePushIOSCustomTemplateVersion,
		RulePushIOSClickAction,
		RulePushIOSCarouselSliderTransition, RulePushIOSCarouselSlideImageRequired,
		RulePushIOSCarouselSlideClickAction, RulePushIOSCarouselSlideClickValueRequired, RulePushURI,
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
		k.require(RulePushPlatformContentRequired, p.join(key), ref(key)+" content is required `#publish`: "+platform+" is in `basic_details.platforms`.")
	}
}

// templateType checks template_type against the platform's list; the
// message names the mistake users make most (CUSTOM, Android-only templates).
func (k *checker) templateType(rule, requiredRule RuleID, p *path, platform string, v *string, ex *model.Extra, allowed []string) bool {
	if !k.requiredStr(requiredRule, p, "template_type", v, ex, "") {
		return false
	}
	if v == nil || oneOf(*v, allowed) {
		return v != nil
	}
	msg := ""
	switch {
	case *v == "CUSTOM" || *v == "custom":
		msg = "`template_type` " + quote(*v) + " has the wrong casing: use \"Custom\" exactly."
	case oneOf(*v, model.AndroidTemplates):
		msg = "`template_type` " + lit(*v) + " is Android-only; " + platform + " allows " + list(allowed) + "."
	default:
		msg = "`template_type` " + quote(*v) + " is not allowed on " + platform + ": use " + list(allowed) + "."
	}
	k.addValue(rule, p.join("template_type"), msg, *v, allowed)
	return false
}

// NeedsBackup reports whether a platform's payload of template tt must
// carry template_backup (the plain notification shown where the template
// cannot be drawn): on Android every rich template, on iOS the stylized and
// carousel ones. The editor adds and removes the backup by the same rule.
func NeedsBackup(platform, tt string) bool {
	switch tt {
	case model.TemplateStylizedBasic, model.TemplateSimpleImageCarousel:
		return platform == model.PlatformAndroid || platform == model.PlatformIOS
	case model.TemplateImageBannerWithText, model.TemplateTimer, model.TemplateTimerWithProgressBar:
		return platform == model.PlatformAndroid
	}
	return false
}

func (k *checker) android(p *path, a *model.Android) {
	k.types(p, &a.Extra)
	tt := ""
	if k.templateType(RulePushAndroidTemplateType, RulePushAndroidTemplateTypeRequired, p, "Android", a.TemplateType, &a.Extra, model.AndroidTemplates) {
		tt = *a.TemplateType
	}
	k.customTemplate(&androidRules, p, tt, a.CustomTemplateID, a.CustomTemplateVersion, &a.Extra)
	if a.BasicDetails == nil {
		k.requiredVal(RulePushAndroidBasicDetailsRequired, p, "basic_details", false, &a.Extra, " in every Android payload")
	} else {
		k.androidBasic(p.sub("basic_details"), a.BasicDetails, tt)
	}
	isTimer := tt == model.TemplateTimer || tt == model.TemplateTimerWithProgressBar
	if isTimer {
		k.requiredVal(RulePushAndroidTimerRequired, p, "timer", a.Timer != nil, &a.Extra, " for template "+lit(tt))
	}
	if a.Timer != nil {
		k.timer(p.sub("timer"), a.Timer)
	}
	if NeedsBackup(model.PlatformAndroid, tt) {
		k.requiredVal(RulePushAndroidTemplateBackupRequired, p, "template_backup", a.TemplateBackup != nil, &a.Extra, " for template "+lit(tt))
	}
	if b := a.TemplateBackup; b != nil {
		bp := p.sub("template_backup")
		k.types(bp, &b.Extra)
		k.uri(RulePushAndroidURI, bp, "image_url", b.ImageURL)
		k.clickAction(&androidRules, bp, b.DefaultClickAction, b.DefaultClickActionValue, &b.Extra)
		k.keyValues(RulePushKeyValuePairs, bp.sub("key_value_pairs"), b.KeyValuePairs)
		if k.publish() {
			k.requiredStr(RulePushTitleRequired, bp, "title", b.Title, &b.Extra, " `#publish`")
			k.requiredStr(RulePushMessageRequired, bp, "message", b.Message, &b.Extra, " `#publish`")
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
		k.requiredStr(r.customTemplate, p, "custom_template_id", id, ex, " when `template_type` is Custom")
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
	if k.publish() && tt != model.TemplateCustom {
		k.requiredStr(RulePushTitleRequired, p, "title", b.Title, &b.Extra, " `#publish`")
		k.requiredStr(RulePushMessageRequired, p, "message", b.Message, &b.Extra, " `#publish`")
	}
	k.uri(RulePushAndroidURI, p, "image_url", b.ImageURL)
	k.uri(RulePushAndroidURI, p, "input_gif_url", b.InputGIFURL)
	k.uri(RulePushAndroidURI, p, "banner_image_url", b.BannerImageURL)
	k.clickAction(&androidRules, p, b.DefaultClickAction, b.DefaultClickActionValue, &b.Extra)
	k.keyValues(RulePushKeyValuePairs, p.sub("key_value_pairs"), b.KeyValuePairs)
	k.hexColor(p, "background_color_code", b.BackgroundColorCode)
	k.hexColor(p, "app_name_color_code", b.AppNameColorCode)
	k.enum(RulePushAndroidBasicDetailsNotificationControlColor, p, "notification_control_color", b.NotificationControlColor, notificationColors)
	k.enum(RulePushAndroidBasicDetailsImageScaling, p, "image_scaling", b.ImageScaling, imageScalings)
	if tt == model.TemplateImageBannerWithText {
		k.requiredStr(RulePushAndroidBannerImageRequired, p, "banner_image_url", b.BannerImageURL, &b.Extra, " for template IMAGE_BANNER_WITH_TEXT")
	}
	if tt == model.TemplateSimpleImageCarousel {
		k.requiredVal(RulePushCarouselRequired, p, "carousel_content", b.CarouselContent != nil, &b.Extra, " for template SIMPLE_IMAGE_CAROUSEL")
	}
	if b.CarouselContent != nil {
		k.carousel(&androidRules, p.sub("carousel_content"), b.CarouselContent, androidSliders, "Android")
	}
}

func (k *checker) hexColor(p *path, key string, v *string) {
	if v != nil && !validHexColor(*v) {
		k.add(RulePushColorCode, p.join(key), ref(key)+" must be a hex colour like #1A2B3C.")
	}
}

// carousel: slider_transition casing differs per platform (lowercase on
// Android, uppercase on iOS: decisions.md §2 row 2).
func (k *checker) carousel(r *platformRules, p *path, c *model.Carousel, sliders []string, platform string) {
	k.types(p, &c.Extra)
	if v := c.SliderTransition; v != nil && !oneOf(*v, sliders) {
		k.addValue(r.slider, p.join("slider_transition"), "`slider_transition` "+quote(*v)+" is not allowed on "+platform+": use "+list(sliders)+" (the casing matters).", *v, sliders)
	}
	for i := range c.SlideData {
		s := &c.SlideData[i]
		sp := p.sub("slide_data").el(i)
		k.types(sp, &s.Extra)
		if k.requiredStr(r.slideImage, sp, "image_url", s.ImageURL, &s.Extra, " in every slide") {
			k.uri(r.slideURI, sp, "image_url", s.ImageURL)
		}
		if s.ImageClickAction != nil && k.enum(r.slideAction, sp, "image_click_action", s.ImageClickAction, model.DefaultClickActions) {
			k.requiredStr(r.slideValue, sp, "image_click_action_value", s.ImageClickActionValue, &s.Extra, " when `image_click_action` is set")
		}
		k.keyValues(RulePushKeyValuePairs, sp.sub("key_value_pairs"), s.KeyValuePairs)
	}
}

func (k *checker) timer(p *path, t *model.Timer) {
	k.types(p, &t.Extra)
	if k.requiredStr(RulePushAndroidTimerEndsAtRequired, p, "timer_ends_at", t.TimerEndsAt, &t.Extra, " in a timer") {
		k.enum(RulePushAndroidTimerEndsAt, p, "timer_ends_at", t.TimerEndsAt, timerEnds)
	}
	k.requiredVal(RulePushAndroidTimerPersonalizedRequired, p, "personalized_value", t.PersonalizedValue != nil, &t.Extra, " in a timer")
	if t.PersonalizedValue != nil {
		if *t.PersonalizedValue {
			k.requiredStr(RulePushAndroidTimerSpecificTimeRequired, p, "specific_time", t.SpecificTime, &t.Extra, " when `personalized_value` is true")
		} else {
			why := " when `personalized_value` is false"
			if k.requiredStr(RulePushAndroidTimerDurationRequired, p, "duration_hour", t.DurationHour, &t.Extra, why) && t.DurationHour != nil {
				if f, ok := numeric(*t.DurationHour); !ok || f < 0 || f != float64(int64(f)) {
					k.add(RulePushAndroidTimerDuration, p.join("duration_hour"), "`duration_hour` must be a whole number of hours`#string` like \"2\".")
				}
			}
			if k.requiredStr(RulePushAndroidTimerDurationRequired, p, "duration_minute", t.DurationMinute, &t.Extra, why) && t.DurationMinute != nil {
				if f, ok := numeric(*t.DurationMinute); !ok || f < 0 || f > 59 || f != float64(int64(f)) {
					k.add(RulePushAndroidTimerDuration, p.join("duration_minute"), "`duration_minute` must be a whole number from 0 to 59`#string` like \"30\".")
				}
			}
		}
	}
	k.dateTime(RulePushAndroidTimerSpecificTime, p, "specific_time", t.SpecificTime)
	switch model.Str(t.TimerEndsAt) {
	case model.TimerSpecificUserTimezone, model.TimerSpecificCampaignTimezone:
		k.requiredStr(RulePushAndroidTimerTimePeriodRequired, p, "time_period", t.TimePeriod, &t.Extra, " when `timer_ends_at` is "+lit(*t.TimerEndsAt))
	}
}

func (k *checker) androidButton(p *path, b *model.AndroidButton) {
	k.types(p, &b.Extra)
	if b.ClickActionType != nil &&
		k.enum(RulePushAndroidButtonClickActionType, p, "click_action_type", b.ClickActionType, model.ButtonClickActions) &&
		oneOf(*b.ClickActionType, model.NamedClickActions) {
		k.requiredStr(RulePushAndroidButtonClickActionNameRequired, p, "click_action_name", b.ClickActionName, &b.Extra, " for `click_action_type` "+lit(*b.ClickActionType))
	}
	k.keyValues(RulePushKeyValuePairs, p.sub("key_value_pairs"), b.KeyValuePairs)
}

func (k *checker) androidAdvanced(p *path, a *model.AndroidAdvanced) {
	k.types(p, &a.Extra)
	if isTrue(a.MakeNotificationSticky) || isTrue(a.AutoDismissNotification) {
		why := " when `make_notification_sticky` is true"
		if !isTrue(a.MakeNotificationSticky) {
			why = " when `auto_dismiss_notification` is true"
		}
		k.requiredStr(RulePushAndroidAdvancedDismissTextRequired, p, "dismiss_button_text", a.DismissButtonText, &a.Extra, why)
	}
	if isTrue(a.AutoDismissNotification) {
		why := " when `auto_dismiss_notification` is true"
		k.requiredVal(RulePushAndroidAdvancedAutoDismissRequired, p, "auto_dismiss_notification_time_value", a.AutoDismissNotificationTimeValue != nil, &a.Extra, why)
		k.requiredStr(RulePushAndroidAdvancedAutoDismissRequired, p, "auto_dismiss_notification_time_granularity", a.AutoDismissNotificationTimeGranularity, &a.Extra, why)
	}
	k.minInt(RulePushAndroidAdvancedAutoDismissValue, p, "auto_dismiss_notification_time_value", a.AutoDismissNotificationTimeValue, 1)
	k.enum(RulePushAndroidAdvancedAutoDismissGranularity, p, "auto_dismiss_notification_time_granularity", a.AutoDismissNotificationTimeGranularity, dismissGranularity)
}

func (k *checker) ios(p *path, a *model.IOS) {
	k.types(p, &a.Extra)
	tt := ""
	if k.templateType(RulePushIOSTemplateType, RulePushIOSTemplateTypeRequired, p, "iOS", a.TemplateType, &a.Extra, model.IOSTemplates) {
		tt = *a.TemplateType
	}
	k.customTemplate(&iosRules, p, tt, a.CustomTemplateID, a.CustomTemplateVersion, &a.Extra)
	if a.BasicDetails == nil {
		k.requiredVal(RulePushIOSBasicDetailsRequired, p, "basic_details", false, &a.Extra, " in every iOS payload")
	} else {
		k.iosBasic(p.sub("basic_details"), a.BasicDetails, tt)
	}
	if NeedsBackup(model.PlatformIOS, tt) {
		k.requiredVal(RulePushIOSTemplateBackupRequired, p, "template_backup", a.TemplateBackup != nil, &a.Extra, " for template "+lit(tt))
	}
	if b := a.TemplateBackup; b != nil {
		bp := p.sub("template_backup")
		k.types(bp, &b.Extra)
		k.enum(RulePushIOSRichMediaType, bp, "rich_media_type", b.RichMediaType, richMediaTypes)
		k.uri(RulePushIOSURI, bp, "rich_media_value", b.RichMediaValue)
		k.clickAction(&iosRules, bp, b.DefaultClickAction, b.DefaultClickActionValue, &b.Extra)
		k.keyValues(RulePushKeyValuePairs, bp.sub("key_value_pairs"), b.KeyValuePairs)
		if k.publish() {
			k.requiredStr(RulePushTitleRequired, bp, "title", b.Title, &b.Extra, " `#publish`")
			k.requiredStr(RulePushMessageRequired, bp, "message", b.Message, &b.Extra, " `#publish`")
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
		k.requiredStr(RulePushTitleRequired, p, "title", b.Title, &b.Extra, " `#publish`")
		k.requiredStr(RulePushMessageRequired, p, "message", b.Message, &b.Extra, " `#publish`")
	}
	k.clickAction(&iosRules, p, b.DefaultClickAction, b.DefaultClickActionValue, &b.Extra)
	k.keyValues(RulePushKeyValuePairs, p.sub("key_value_pairs"), b.KeyValuePairs)
	k.enum(RulePushIOSRichMediaType, p, "rich_media_type", b.RichMediaType, richMediaTypes)
	if b.RichMediaType != nil {
		k.requiredStr(RulePushIOSRichMediaValueRequired, p, "rich_media_value", b.RichMediaValue, &b.Extra, " when `rich_media_type` is set")
	}
	k.uri(RulePushIOSURI, p, "rich_media_value", b.RichMediaValue)
	k.uri(RulePushIOSURI, p, "input_gif_url", b.InputGIFURL)
	k.uri(RulePushIOSURI, p, "image_url", b.ImageURL)
	k.hexColor(p, "background_color_code", b.BackgroundColorCode)
	if tt == model.TemplateSimpleImageCarousel {
		k.requiredStr(RulePushIOSCoverImageRequired, p, "image_url", b.ImageURL, &b.Extra, " for template SIMPLE_IMAGE_CAROUSEL (it is the cover image)")
		k.requiredVal(RulePushCarouselRequired, p, "carousel_content", b.CarouselContent != nil, &b.Extra, " for template SIMPLE_IMAGE_CAROUSEL")
	}
	if b.CarouselContent != nil {
		k.carousel(&iosRules, p.sub("carousel_content"), b.CarouselContent, iosSliders, "iOS")
	}
}

func (k *checker) web(p *path, w *model.Web) {
	k.types(p, &w.Extra)
	k.templateType(RulePushWebTemplateType, RulePushWebTemplateTypeRequired, p, "Web", w.TemplateType, &w.Extra, model.WebTemplates)
	if w.BasicDetails == nil {
		k.requiredVal(RulePushWebBasicDetailsRequired, p, "basic_details", false, &w.Extra, " in every Web payload")
	} else {
		b := w.BasicDetails
		bp := p.sub("basic_details")
		k.types(bp, &b.Extra)
		if k.publish() {
			k.requiredStr(RulePushTitleRequired, bp, "title", b.Title, &b.Extra, " `#publish`")
			k.requiredStr(RulePushMessageRequired, bp, "message", b.Message, &b.Extra, " `#publish`")
		}
		k.uri(RulePushWebURI, bp, "redirect_url", b.RedirectURL)
		k.uri(RulePushWebURI, bp, "image_url", b.ImageURL)
	}
	for i := range w.Buttons {
		b := &w.Buttons[i]
		bp := p.sub("buttons").el(i)
		k.types(bp, &b.Extra)
		k.uri(RulePushWebURI, bp, "icon_url", b.IconURL)
		k.uri(RulePushWebURI, bp, "url", b.URL)
	}
	if a := w.Advanced; a != nil {
		ap := p.sub("advanced")
		k.types(ap, &a.Extra)
		k.enum(RulePushWebIconImageType, ap, "icon_image_type", a.IconImageType, iconImageTypes)
		if model.Str(a.IconImageType) == model.IconURL {
			k.requiredStr(RulePushWebIconUrlRequired, ap, "icon_url", a.IconURL, &a.Extra, " when `icon_image_type` is ICON_URL")
		}
		k.uri(RulePushWebURI, ap, "icon_url", a.IconURL)
	}
}
