package engine

import (
	"testing"
)

const (
	pOT  = "push_one_time.json"
	pPER = "push_periodic.json"
	pET  = "push_event_triggered.json"
	pBET = "push_business_event_triggered.json"
	pDT  = "push_device_triggered.json"
	pLT  = "push_location_triggered.json"
	eOT  = "email_one_time.json"
	ePER = "email_periodic.json"
	eET  = "email_event_triggered.json"
	eBET = "email_business_event_triggered.json"

	a1  = "campaign_content.content.default.variation_1.push.android" // pOT
	i1  = "campaign_content.content.default.variation_1.push.ios"     // pOT
	i2  = "campaign_content.content.default.variation_2.push.ios"     // pET carousel
	a2  = "campaign_content.content.default.variation_2.push.android" // pET carousel
	fa  = "campaign_content.content.push.android"                     // pPER, pDT, pBET
	fw  = "campaign_content.content.push.web"                         // pBET
	em  = "campaign_content.content.default.variation_1.email"        // eOT
	fe  = "campaign_content.content.email"                            // ePER, eBET
	vd  = "campaign_content.variation_details"                        // pET, eET
	mdp = vd + ".manual_distribution_percentage"
	dc  = "delivery_controls"
	sd  = "scheduling_details"
	bd  = "basic_details"
	tc  = "trigger_condition"
	ios = "basic_details.platform_specific_details.ios"
	geo = "basic_details.geofences"
	cal = "campaign_audience_limit"
)

type ruleCase struct {
	name  string
	fix   string
	phase Phase // 0 means PhasePublish
	feat  Features
	set   [][2]string
	// rule and target of the problem the case must produce; an empty rule
	// means the campaign must have no problem at all.
	rule, target string
}

func s(kv ...string) [][2]string {
	out := make([][2]string, 0, len(kv)/2)
	for i := 0; i+1 < len(kv); i += 2 {
		out = append(out, [2]string{kv[i], kv[i+1]})
	}
	return out
}

var al = Features{AudienceLimit: true}

var ruleCases = []ruleCase{
	// --- iOS audience flags: exactly one of three -------------------------
	{"ios one flag", pOT, 0, Features{}, s(ios, `{"exclude_provisional_push_devices": true}`), "", ""},
	{"ios one true two false", pOT, 0, Features{}, s(ios, `{"send_to_all_eligible_device": false, "exclude_provisional_push_devices": false, "send_to_only_provisional_push_enabled_devices": true}`), "", ""},
	{"ios no flag", pOT, 0, Features{}, s(ios, `{}`), "push.ios.audience_flags", ios},
	{"ios all false", pOT, 0, Features{}, s(ios, `{"send_to_all_eligible_device": false}`), "push.ios.audience_flags", ios},
	{"ios two flags", pOT, 0, Features{}, s(ios, `{"send_to_all_eligible_device": true, "exclude_provisional_push_devices": true}`), "push.ios.audience_flags", ios},
	{"ios three flags", pOT, PhasePatch, Features{}, s(ios, `{"send_to_all_eligible_device": true, "exclude_provisional_push_devices": true, "send_to_only_provisional_push_enabled_devices": true}`), "push.ios.audience_flags", ios},
	{"ios flag wrong type", pOT, 0, Features{}, s(ios+".send_to_all_eligible_device", `"true"`), "json.type", ios + ".send_to_all_eligible_device"},

	// --- template types ----------------------------------------------------
	{"android Custom with id", pOT, 0, Features{}, s(a1+".template_type", `"Custom"`, a1+".custom_template_id", `"tmpl_abc123"`, a1+".custom_template_version", `1`), "", ""},
	{"android CUSTOM casing", pOT, 0, Features{}, s(a1+".template_type", `"CUSTOM"`), "push.android.template_type", a1 + ".template_type"},
	{"android unknown template", pOT, 0, Features{}, s(a1+".template_type", `"FANCY"`), "push.android.template_type", a1 + ".template_type"},
	{"android template missing", pOT, PhaseCreate, Features{}, s(a1+".template_type", del), "push.android.template_type_required", a1 + ".template_type"},
	{"Custom without id", pOT, 0, Features{}, s(a1+".template_type", `"Custom"`), "push.android.custom_template", a1 + ".custom_template_id"},
	{"custom version 0", pOT, 0, Features{}, s(a1+".template_type", `"Custom"`, a1+".custom_template_id", `"t"`, a1+".custom_template_version", `0`), "push.android.custom_template_version", a1 + ".custom_template_version"},
	{"ios Custom with id", pOT, 0, Features{}, s(i1+".template_type", `"Custom"`, i1+".custom_template_id", `"tmpl_ios"`), "", ""},
	{"ios Custom without id", pOT, 0, Features{}, s(i1+".template_type", `"Custom"`), "push.ios.custom_template", i1 + ".custom_template_id"},
	{"ios timer template", pOT, 0, Features{}, s(i1+".template_type", `"TIMER"`), "push.ios.template_type", i1 + ".template_type"},
	{"ios banner template", pOT, 0, Features{}, s(i1+".template_type", `"IMAGE_BANNER_WITH_TEXT"`), "push.ios.template_type", i1 + ".template_type"},
	{"ios progress template", pOT, 0, Features{}, s(i1+".template_type", `"TIMER_WITH_PROGRESS_BAR"`), "push.ios.template_type", i1 + ".template_type"},
	{"web stylized", pBET, 0, Features{}, s(fw+".template_type", `"STYLIZED_BASIC"`), "push.web.template_type", fw + ".template_type"},
	{"web Custom", pBET, 0, Features{}, s(fw+".template_type", `"Custom"`), "push.web.template_type", fw + ".template_type"},

	// --- required sub-objects per template --------------------------------
	{"android basic_details missing", pOT, PhasePatch, Features{}, s(a1+".basic_details", del), "push.android.basic_details_required", a1 + ".basic_details"},
	{"ios basic_details missing", pOT, PhasePatch, Features{}, s(i1+".basic_details", del), "push.ios.basic_details_required", i1 + ".basic_details"},
	{"web basic_details missing", pBET, PhasePatch, Features{}, s(fw+".basic_details", del), "push.web.basic_details_required", fw + ".basic_details"},
	{"stylized without backup", pPER, PhasePatch, Features{}, s(fa+".template_backup", del), "push.android.template_backup_required", fa + ".template_backup"},
	{"timer without timer", pDT, 0, Features{}, s(fa+".timer", del), "push.android.timer_required", fa + ".timer"},
	{"timer template TIMER", pDT, 0, Features{}, s(fa+".template_type", `"TIMER"`), "", ""},
	{"timer without backup", pDT, 0, Features{}, s(fa+".template_backup", del), "push.android.template_backup_required", fa + ".template_backup"},
	{"banner without banner image", pLT, 0, Features{}, s(a1+".basic_details.banner_image_url", del), "push.android.banner_image_required", a1 + ".basic_details.banner_image_url"},
	{"banner image not URI", pLT, 0, Features{}, s(a1+".basic_details.banner_image_url", `"banner.png"`), "push.android.uri", a1 + ".basic_details.banner_image_url"},
	{"android carousel without carousel", pET, 0, Features{}, s(a2+".basic_details.carousel_content", del), "push.carousel_required", a2 + ".basic_details.carousel_content"},
	{"android carousel without backup", pET, 0, Features{}, s(a2+".template_backup", del), "push.android.template_backup_required", a2 + ".template_backup"},
	{"ios carousel without cover", pET, 0, Features{}, s(i2+".basic_details.image_url", del), "push.ios.cover_image_required", i2 + ".basic_details.image_url"},
	{"ios carousel without carousel", pET, 0, Features{}, s(i2+".basic_details.carousel_content", del), "push.carousel_required", i2 + ".basic_details.carousel_content"},
	{"ios carousel without backup", pET, 0, Features{}, s(i2+".template_backup", del), "push.ios.template_backup_required", i2 + ".template_backup"},
	{"ios stylized without backup", pLT, 0, Features{}, s("campaign_content.content.default.variation_1.push.ios.template_backup", del), "push.ios.template_backup_required", "campaign_content.content.default.variation_1.push.ios.template_backup"},

	// --- carousels -----------------------------------------------------------
	{"android slider automatic", pET, 0, Features{}, s(a2+".basic_details.carousel_content.slider_transition", `"automatic"`), "", ""},
	{"android slider uppercase", pET, 0, Features{}, s(a2+".basic_details.carousel_content.slider_transition", `"MANUAL"`), "push.android.carousel.slider_transition", a2 + ".basic_details.carousel_content.slider_transition"},
	{"ios slider MANUAL", pET, 0, Features{}, s(i2+".basic_details.carousel_content.slider_transition", `"MANUAL"`), "", ""},
	{"ios slider lowercase", pET, 0, Features{}, s(i2+".basic_details.carousel_content.slider_transition", `"automatic"`), "push.ios.carousel.slider_transition", i2 + ".basic_details.carousel_content.slider_transition"},
	{"accepted (no spec line forbids it): carousel no slides", pET, 0, Features{}, s(a2+".basic_details.carousel_content.slide_data", `[]`), "", ""},
	{"slide without image", pET, 0, Features{}, s(a2+".basic_details.carousel_content.slide_data[1].image_url", del), "push.android.carousel.slide_image_required", a2 + ".basic_details.carousel_content.slide_data[1].image_url"},
	{"slide image not URI", pET, 0, Features{}, s(a2+".basic_details.carousel_content.slide_data[1].image_url", `"not a url"`), "push.uri", a2 + ".basic_details.carousel_content.slide_data[1].image_url"},
	{"slide action without value", pET, 0, Features{}, s(a2+".basic_details.carousel_content.slide_data[0].image_click_action_value", del), "push.android.carousel.slide_click_value_required", a2 + ".basic_details.carousel_content.slide_data[0].image_click_action_value"},
	{"slide action unknown", pET, 0, Features{}, s(a2+".basic_details.carousel_content.slide_data[0].image_click_action", `"CALL"`), "push.android.carousel.slide_click_action", a2 + ".basic_details.carousel_content.slide_data[0].image_click_action"},
	{"slide array wrong type", pET, 0, Features{}, s(a2+".basic_details.carousel_content.slide_data", `{"image_url": "x"}`), "json.type", a2 + ".basic_details.carousel_content.slide_data"},

	// --- timer ---------------------------------------------------------------
	{"timer personalized with time", pDT, 0, Features{}, s(fa+".timer", `{"timer_ends_at": "SPECIFIC_TIME_USER_TIMEZONE", "personalized_value": true, "specific_time": "2026-06-01T18:00:00", "time_period": "PM"}`), "", ""},
	{"timer personalized no time", pDT, 0, Features{}, s(fa+".timer", `{"timer_ends_at": "DURATION", "personalized_value": true}`), "push.android.timer.specific_time_required", fa + ".timer.specific_time"},
	{"timer fixed no hour", pDT, 0, Features{}, s(fa+".timer.duration_hour", del), "push.android.timer.duration_required", fa + ".timer.duration_hour"},
	{"timer fixed no minute", pDT, 0, Features{}, s(fa+".timer.duration_minute", del), "push.android.timer.duration_required", fa + ".timer.duration_minute"},
	{"timer minute 60", pDT, 0, Features{}, s(fa+".timer.duration_minute", `"60"`), "push.android.timer.duration", fa + ".timer.duration_minute"},
	{"timer minute 59", pDT, 0, Features{}, s(fa+".timer.duration_minute", `"59"`), "", ""},
	{"timer hour as number", pDT, 0, Features{}, s(fa+".timer.duration_hour", `2`), "json.type", fa + ".timer.duration_hour"},
	{"timer specific no period", pDT, 0, Features{}, s(fa+".timer.timer_ends_at", `"SPECIFIC_TIME_CAMPAIGN_TIMEZONE"`), "push.android.timer.time_period_required", fa + ".timer.time_period"},
	{"timer ends unknown", pDT, 0, Features{}, s(fa+".timer.timer_ends_at", `"LATER"`), "push.android.timer.ends_at", fa + ".timer.timer_ends_at"},
	{"timer no personalized flag", pDT, 0, Features{}, s(fa+".timer.personalized_value", del), "push.android.timer.personalized_required", fa + ".timer.personalized_value"},
	{"timer specific time offset", pDT, 0, Features{}, s(fa+".timer", `{"timer_ends_at": "DURATION", "personalized_value": true, "specific_time": "2026-06-01T18:00:00Z"}`), "push.android.timer.specific_time", fa + ".timer.specific_time"},

	// --- buttons and basic fields ------------------------------------------
	{"button track event with name", pOT, 0, Features{}, s(a1+".buttons[1]", `{"btn_name": "Track", "click_action_type": "TRACK_EVENT", "click_action_name": "tapped_track"}`), "", ""},
	{"button named action without name", pOT, 0, Features{}, s(a1+".buttons[1]", `{"btn_name": "Set", "click_action_type": "SET_USER_ATTRIBUTE"}`), "push.android.button.click_action_name_required", a1 + ".buttons[1].click_action_name"},
	{"button action unknown", pOT, 0, Features{}, s(a1+".buttons[1].click_action_type", `"OPEN"`), "push.android.button.click_action_type", a1 + ".buttons[1].click_action_type"},
	{"button action lowercase", pOT, 0, Features{}, s(a1+".buttons[1].click_action_type", `"snooze"`), "push.android.button.click_action_type", a1 + ".buttons[1].click_action_type"},
	{"accepted (no spec line forbids it): button without name", pOT, 0, Features{}, s(a1+".buttons[0].btn_name", del), "", ""},
	{"accepted (no spec line forbids it): button without action", pOT, 0, Features{}, s(a1+".buttons[0].click_action_type", del), "", ""},
	{"accepted (no spec line forbids it): ios button without category", pOT, 0, Features{}, s(i1+".buttons[0]", `{}`), "", ""},
	{"default click action unknown", pOT, 0, Features{}, s(a1+".basic_details.default_click_action", `"CALL"`), "push.android.click_action", a1 + ".basic_details.default_click_action"},
	{"accepted (no spec line forbids it): default click action no value", pOT, 0, Features{}, s(a1+".basic_details.default_click_action_value", del), "", ""},
	{"image url not URI", pOT, 0, Features{}, s(a1+".basic_details.image_url", `"cdn/img.png"`), "push.android.uri", a1 + ".basic_details.image_url"},
	{"image url on ftp", pOT, 0, Features{}, s(a1+".basic_details.image_url", `"ftp://cdn.example.com/img.png"`), "push.android.uri", a1 + ".basic_details.image_url"},
	{"image url javascript", pOT, 0, Features{}, s(a1+".basic_details.image_url", `"javascript:alert(1)"`), "push.android.uri", a1 + ".basic_details.image_url"},
	{"image url personalised", pOT, 0, Features{}, s(a1+".basic_details.image_url", `"https://cdn.example.com/{{UserAttribute['id']}}.png"`), "", ""},
	{"key value without key", pOT, 0, Features{}, s(a1+".basic_details.key_value_pairs[0].key", `""`), "push.key_value_pairs", a1 + ".basic_details.key_value_pairs[0].key"},
	{"color code bad", pPER, 0, Features{}, s(fa+".basic_details.background_color_code", `"blue"`), "push.color_code", fa + ".basic_details.background_color_code"},
	{"control color lowercase", pPER, 0, Features{}, s(fa+".basic_details.notification_control_color", `"light"`), "push.android.basic_details.notification_control_color", fa + ".basic_details.notification_control_color"},
	{"image scaling unknown", pLT, 0, Features{}, s(a1+".basic_details.image_scaling", `"STRETCH"`), "push.android.basic_details.image_scaling", a1 + ".basic_details.image_scaling"},
	{"rich media title case", pOT, 0, Features{}, s(i1+".basic_details.rich_media_type", `"Video"`), "", ""},
	{"rich media uppercase", pOT, 0, Features{}, s(i1+".basic_details.rich_media_type", `"IMAGE"`), "push.ios.rich_media_type", i1 + ".basic_details.rich_media_type"},
	{"rich media without value", pOT, 0, Features{}, s(i1+".basic_details.rich_media_value", del), "push.ios.rich_media_value_required", i1 + ".basic_details.rich_media_value"},
	{"web redirect not URI", pBET, 0, Features{}, s(fw+".basic_details.redirect_url", `"travel.example.com"`), "push.web.uri", fw + ".basic_details.redirect_url"},
	{"accepted (no spec line forbids it): web button without url", pBET, 0, Features{}, s(fw+".buttons[1].url", del), "", ""},
	{"accepted (no spec line forbids it): web button without title", pBET, 0, Features{}, s(fw+".buttons[0].title", del), "", ""},
	{"web icon url missing", pBET, 0, Features{}, s(fw+".advanced.icon_url", del), "push.web.icon_url_required", fw + ".advanced.icon_url"},
	{"web icon default", pBET, 0, Features{}, s(fw+".advanced", `{"icon_image_type": "DEFAULT"}`), "", ""},
	{"web icon type unknown", pBET, 0, Features{}, s(fw+".advanced.icon_image_type", `"LOGO"`), "push.web.icon_image_type", fw + ".advanced.icon_image_type"},

	// --- dismiss fields --------------------------------------------------------
	{"sticky without dismiss text", pBET, 0, Features{}, s(fa+".advanced.dismiss_button_text", del), "push.android.advanced.dismiss_text_required", fa + ".advanced.dismiss_button_text"},
	{"auto dismiss complete", pBET, 0, Features{}, s(fa+".advanced", `{"auto_dismiss_notification": true, "dismiss_button_text": "OK", "auto_dismiss_notification_time_value": 2, "auto_dismiss_notification_time_granularity": "HOURS"}`), "", ""},
	{"auto dismiss no value", pBET, 0, Features{}, s(fa+".advanced", `{"auto_dismiss_notification": true, "dismiss_button_text": "OK", "auto_dismiss_notification_time_granularity": "HOURS"}`), "push.android.advanced.auto_dismiss_required", fa + ".advanced.auto_dismiss_notification_time_value"},
	{"auto dismiss no granularity", pBET, 0, Features{}, s(fa+".advanced", `{"auto_dismiss_notification": true, "dismiss_button_text": "OK", "auto_dismiss_notification_time_value": 2}`), "push.android.advanced.auto_dismiss_required", fa + ".advanced.auto_dismiss_notification_time_granularity"},
	{"auto dismiss value 0", pBET, 0, Features{}, s(fa+".advanced", `{"auto_dismiss_notification": true, "dismiss_button_text": "OK", "auto_dismiss_notification_time_value": 0, "auto_dismiss_notification_time_granularity": "HOURS"}`), "push.android.advanced.auto_dismiss_value", fa + ".advanced.auto_dismiss_notification_time_value"},
	{"timer without ends_at", pDT, 0, Features{}, s(fa+".timer.timer_ends_at", del), "push.android.timer_ends_at_required", fa + ".timer.timer_ends_at"},
	{"auto dismiss no text", pBET, 0, Features{}, s(fa+".advanced", `{"auto_dismiss_notification": true, "auto_dismiss_notification_time_value": 2, "auto_dismiss_notification_time_granularity": "HOURS"}`), "push.android.advanced.dismiss_text_required", fa + ".advanced.dismiss_button_text"},
	{"auto dismiss granularity", pBET, 0, Features{}, s(fa+".advanced", `{"auto_dismiss_notification": true, "dismiss_button_text": "OK", "auto_dismiss_notification_time_value": 2, "auto_dismiss_notification_time_granularity": "WEEKS"}`), "push.android.advanced.auto_dismiss_granularity", fa + ".advanced.auto_dismiss_notification_time_granularity"},

	// --- variations --------------------------------------------------------------
	{"percentages 100", pET, 0, Features{}, s(mdp, `{"variation_1": 30, "variation_2": 70}`), "", ""},
	{"percentages 99", pET, 0, Features{}, s(mdp, `{"variation_1": 49, "variation_2": 50}`), "variations.manual_sum", mdp},
	{"percentages 101", pET, 0, Features{}, s(mdp, `{"variation_1": 51, "variation_2": 50}`), "variations.manual_sum", mdp},
	{"percentage key var_1", pET, 0, Features{}, s(mdp, `{"var_1": 50, "variation_2": 50}`), "variations.manual_key", mdp + ".var_1"},
	{"percentage key 2", pET, 0, Features{}, s(mdp, `{"variation_1": 50, "2": 50}`), "variations.manual_key", mdp + ".2"},
	{"percentage key beyond N", pET, 0, Features{}, s(mdp, `{"variation_1": 50, "variation_2": 40, "variation_3": 10}`), "variations.manual_key", mdp + ".variation_3"},
	{"percentage missing variation", pET, 0, Features{}, s(mdp, `{"variation_1": 100}`), "variations.manual_missing", mdp + ".variation_2"},
	{"percentage zero share", pET, 0, Features{}, s(mdp, `{"variation_1": 100, "variation_2": 0}`), "variations.manual_positive", mdp + ".variation_2"},
	{"percentage not integer", pET, 0, Features{}, s(mdp, `{"variation_1": 50.5, "variation_2": 49.5}`), "json.type", mdp + ".variation_1"},
	{"percentage as string", pET, 0, Features{}, s(mdp, `{"variation_1": 50, "variation_2": "50"}`), "json.type", mdp + ".variation_2"},
	{"percentages not an object", pET, 0, Features{}, s(mdp, `[50, 50]`), "json.type", mdp},
	{"manual without percentages", pET, 0, Features{}, s(mdp, del), "variations.manual_required", mdp},
	{"no_of_variations 0", pET, 0, Features{}, s(vd+".no_of_variations", `0`), "variations.count", vd + ".no_of_variations"},
	{"no_of_variations missing", pET, 0, Features{}, s(vd+".no_of_variations", del), "variations.count_required", vd + ".no_of_variations"},
	{"distribution unknown", pET, 0, Features{}, s(vd+".distribution_type", `"RANDOM"`), "variations.distribution_type", vd + ".distribution_type"},
	{"distribution missing with 2", pET, 0, Features{}, s(vd+".distribution_type", del, mdp, del), "variations.distribution_required", vd + ".distribution_type"},
	{"auto metric CLICK RATE", eET, 0, Features{}, s(vd+".auto_distribution_metric", `"CLICK RATE"`), "", ""},
	{"auto metric underscore", eET, 0, Features{}, s(vd+".auto_distribution_metric", `"OPEN_RATE"`), "variations.auto_metric", vd + ".auto_distribution_metric"},
	{"auto without metric", eET, 0, Features{}, s(vd+".auto_distribution_metric", del), "variations.auto_required", vd + ".auto_distribution_metric"},
	{"auto without duration", eET, 0, Features{}, s(vd+".auto_campaign_duration", del), "variations.auto_required", vd + ".auto_campaign_duration"},
	{"auto duration 0", eET, 0, Features{}, s(vd+".auto_campaign_duration", `0`), "variations.auto_duration", vd + ".auto_campaign_duration"},

	// --- content shape -------------------------------------------------------------
	{"missing default locale", pOT, PhasePatch, Features{}, s("campaign_content.content.default", del), "content.default_required", "campaign_content.content.default"},
	{"locale not in locales", pOT, PhasePatch, Features{}, s("campaign_content.locales", `["es-ES"]`), "content.locale_unknown", "campaign_content.content.fr-FR"},
	{"default in locales", pOT, PhasePatch, Features{}, s("campaign_content.locales", `["default", "es-ES", "fr-FR"]`), "content.locales_default", "campaign_content.locales[0]"},
	{"locale listed twice", pOT, PhasePatch, Features{}, s("campaign_content.locales", `["es-ES", "fr-FR", "es-ES"]`), "content.locales_duplicate", "campaign_content.locales[2]"},
	{"listed locale without content", pOT, 0, Features{}, s("campaign_content.locales", `["es-ES", "fr-FR", "it-IT"]`), "content.locale_missing", "campaign_content.content.it-IT"},
	{"flat with locales", pPER, PhasePatch, Features{}, s("campaign_content.locales", `["es-ES"]`), "content.flat_with_locales", "campaign_content.content"},
	{"flat with variations", pPER, PhasePatch, Features{}, s(vd, `{"no_of_variations": 1}`), "content.flat_with_locales", "campaign_content.content"},
	{"flat mixed with keyed", pPER, PhasePatch, Features{}, s("campaign_content.content.default", `{"variation_1": {"push": {}}}`), "content.mixed_shapes", "campaign_content.content"},
	{"variation key beyond N", pOT, PhasePatch, Features{}, s("campaign_content.content.default.variation_2", `{"push": {}}`), "content.variation_key", "campaign_content.content.default.variation_2"},
	{"variation key var1", pOT, PhasePatch, Features{}, s("campaign_content.content.es-ES.var1", `{"push": {}}`), "content.variation_key", "campaign_content.content.es-ES.var1"},
	{"variation missing at publish", pET, 0, Features{}, s("campaign_content.content.default.variation_2", del), "content.variation_missing", "campaign_content.content.default.variation_2"},
	{"locale not an object", pOT, PhasePatch, Features{}, s("campaign_content.content.fr-FR", `"bonjour"`), "content.locale_shape", "campaign_content.content.fr-FR"},
	{"variation not an object", pOT, PhasePatch, Features{}, s("campaign_content.content.fr-FR.variation_1", `[]`), "content.locale_shape", "campaign_content.content.fr-FR.variation_1"},
	{"email payload on push", pOT, PhasePatch, Features{}, s("campaign_content.content.es-ES.variation_1.email", `{"subject": "x"}`), "content.channel_mismatch", "campaign_content.content.es-ES.variation_1.email"},
	{"push payload on email", eOT, PhasePatch, Features{}, s("campaign_content.content.de-DE.variation_1.push", `{}`), "content.channel_mismatch", "campaign_content.content.de-DE.variation_1.push"},
	{"content missing at publish", pOT, 0, Features{}, s("campaign_content.content", del), "content.required", "campaign_content.content"},
	{"content missing in patch", pOT, PhasePatch, Features{}, s("campaign_content.content", del), "", ""},
	{"payload missing at publish", pOT, 0, Features{}, s("campaign_content.content.es-ES.variation_1.push", del), "content.payload_required", "campaign_content.content.es-ES.variation_1.push"},
	{"platform without content", pOT, 0, Features{}, s("basic_details.platforms", `["ANDROID", "IOS", "WEB"]`), "push.platform_content_required", "campaign_content.content.default.variation_1.push.web"},
	{"accepted (no spec line forbids it): content for untargeted platform", pOT, PhasePatch, Features{}, s("basic_details.platforms", `["ANDROID"]`), "", ""},
	{"title missing at publish", pOT, 0, Features{}, s(a1+".basic_details.title", del), "push.title_required", a1 + ".basic_details.title"},
	{"title missing in patch", pOT, PhasePatch, Features{}, s(a1+".basic_details.title", del), "", ""},
	{"message empty at publish", pOT, 0, Features{}, s(i1+".basic_details.message", `"  "`), "push.message_required", i1 + ".basic_details.message"},
	{"web title missing", pBET, 0, Features{}, s(fw+".basic_details.title", del), "push.title_required", fw + ".basic_details.title"},
	{"backup title missing", pPER, 0, Features{}, s(fa+".template_backup.title", del), "push.title_required", fa + ".template_backup.title"},

	// --- email ------------------------------------------------------------------------
	{"email html and template", eOT, PhasePatch, Features{}, s(em+".custom_template_id", `"tmpl_1"`), "email.html_or_template", em},
	{"email neither html nor template", eOT, PhasePatch, Features{}, s(em+".html_content", del), "email.html_or_template", em},
	{"email template only", ePER, 0, Features{}, nil, "", ""},
	{"email template without subject", ePER, 0, Features{}, s(fe+".subject", del), "", ""},
	{"email subject missing", eOT, 0, Features{}, s(em+".subject", del), "email.subject_required", em + ".subject"},
	{"email sender missing", eOT, 0, Features{}, s(em+".sender_name", del), "email.sender_name_required", em + ".sender_name"},
	{"email from missing", eOT, 0, Features{}, s(em+".from_address", del), "email.from_address_required", em + ".from_address"},
	{"email from not email", eOT, PhasePatch, Features{}, s(em+".from_address", `"news at example.com"`), "email.address", em + ".from_address"},
	{"email from with name", eOT, PhasePatch, Features{}, s(em+".from_address", `"News <news@example.com>"`), "email.address", em + ".from_address"},
	{"email reply not email", eOT, PhasePatch, Features{}, s(em+".reply_to_address", `"support"`), "email.address", em + ".reply_to_address"},
	{"email cc not email", eBET, PhasePatch, Features{}, s(fe+".cc_ids", `["audit@example.com", "nobody"]`), "email.address", fe + ".cc_ids[1]"},
	{"email bcc not email", eBET, PhasePatch, Features{}, s(fe+".bcc_ids", `["a@b"]`), "email.address", fe + ".bcc_ids[0]"},
	{"email editor Ace", eOT, 0, Features{}, s(em+".email_editor", `"Ace Editor"`), "", ""},
	{"email editor unknown", eOT, 0, Features{}, s(em+".email_editor", `"Froala"`), "email.editor", em + ".email_editor"},
	{"attachment type unknown", eBET, 0, Features{}, s(fe+".attachments[0].file_type", `"FILE"`), "email.attachment_type", fe + ".attachments[0].file_type"},
	{"attachment no url", eBET, 0, Features{}, s(fe+".attachments[0].url", del), "email.attachment_required", fe + ".attachments[0].url"},
	{"attachment url bad", eBET, 0, Features{}, s(fe+".attachments[0].url", `"terms.pdf"`), "email.attachment_url", fe + ".attachments[0].url"},
	{"email html empty at publish", eBET, 0, Features{}, s(fe+".html_content", `""`), "email.html_required", fe + ".html_content"},
	{"subscription category missing", eOT, PhasePatch, Features{}, s(bd+".subscription_category", del), "basic.subscription_category_required", bd + ".subscription_category"},
	{"transactional without category", eOT, PhasePatch, Features{}, s(bd+".subscription_category", del, bd+".content_type", `"TRANSACTIONAL"`), "", ""},
	{"content type lowercase", eOT, PhasePatch, Features{}, s(bd+".content_type", `"promotional"`), "basic.content_type", bd + ".content_type"},
	{"user attribute empty", eOT, PhasePatch, Features{}, s(bd+".user_attribute_identifier", `""`), "basic.user_attribute_identifier", bd + ".user_attribute_identifier"},
	{"platforms on email", eOT, PhasePatch, Features{}, s(bd+".platforms", `["ANDROID"]`), "basic.push_field_on_email", bd + ".platforms"},
	{"content_type on push", pOT, PhasePatch, Features{}, s(bd+".content_type", `"PROMOTIONAL"`), "basic.email_field_on_push", bd + ".content_type"},
	{"connector on push", pOT, PhasePatch, Features{}, s("connector", `{"connector_type": "SENDGRID", "connector_name": "x"}`), "push.connector_not_applicable", "connector"},

	// --- connector ------------------------------------------------------------------
	{"connector every type", eOT, PhaseCreate, Features{}, s("connector.connector_type", `"NETCORE"`), "", ""},
	{"connector type unknown", eOT, PhaseCreate, Features{}, s("connector.connector_type", `"MAILCHIMP"`), "connector.type", "connector.connector_type"},
	{"connector type casing", eOT, PhaseCreate, Features{}, s("connector.connector_type", `"sendgrid"`), "connector.type", "connector.connector_type"},
	{"connector name missing", eOT, PhaseCreate, Features{}, s("connector.connector_name", del), "connector.required", "connector.connector_name"},
	{"connector type missing", eOT, PhaseCreate, Features{}, s("connector.connector_type", del), "connector.required", "connector.connector_type"},
	{"email create without connector", eOT, PhaseCreate, Features{}, s("connector", del), "email.connector_required", "connector"},
	{"email publish without connector", eOT, 0, Features{}, s("connector", del), "publish.connector", "connector"},
	{"email patch without connector", eOT, PhasePatch, Features{}, s("connector", del), "", ""},

	// --- top level and create ----------------------------------------------------------
	{"create without channel", pOT, PhaseCreate, Features{}, s("channel", del), "top.channel_required", "channel"},
	{"create without delivery type", pOT, PhaseCreate, Features{}, s("campaign_delivery_type", del), "top.delivery_type_required", "campaign_delivery_type"},
	{"create without created_by", pOT, PhaseCreate, Features{}, s("created_by", del), "top.created_by_required", "created_by"},
	{"publish without created_by", pOT, 0, Features{}, s("created_by", del), "", ""},
	{"created_by not email", pOT, PhaseCreate, Features{}, s("created_by", `"maria"`), "top.created_by_email", "created_by"},
	{"updated_by not email", pOT, PhasePatch, Features{}, s("updated_by", `"maria"`), "top.updated_by_email", "updated_by"},
	{"channel SMS", pOT, PhaseCreate, Features{}, s("channel", `"SMS"`), "top.channel", "channel"},
	{"channel lowercase", pOT, PhaseCreate, Features{}, s("channel", `"push"`), "top.channel", "channel"},
	{"email device triggered", eOT, PhaseCreate, Features{}, s("campaign_delivery_type", `"DEVICE_TRIGGERED"`), "top.delivery_type", "campaign_delivery_type"},
	{"email live activity", eOT, PhaseCreate, Features{}, s("campaign_delivery_type", `"BROADCAST_LIVE_ACTIVITY"`), "top.delivery_type", "campaign_delivery_type"},
	{"push unknown delivery type", pOT, PhaseCreate, Features{}, s("campaign_delivery_type", `"API_TRIGGERED"`), "top.delivery_type", "campaign_delivery_type"},
	{"create live activity", pOT, PhaseCreate, Features{}, s("campaign_delivery_type", `"BROADCAST_LIVE_ACTIVITY"`), "top.live_activity_create", "campaign_delivery_type"},
	{"status on create", pOT, PhaseCreate, Features{}, s("status", `"DRAFT"`), "top.status_forbidden", "status"},
	{"status wrong type on patch", pOT, PhasePatch, Features{}, s("status", `1`), "top.status_forbidden", "status"},
	{"status on publish", pOT, 0, Features{}, s("status", `"DRAFT"`), "", ""},
	{"component wrong type", pOT, PhasePatch, Features{}, s("delivery_controls", `[]`), "json.type", "delivery_controls"},
	{"top scalar wrong type", pOT, PhasePatch, Features{}, s("request_id", `12`), "json.type", "request_id"},
	{"unknown keys are fine", pOT, 0, Features{}, s("x_top", `{"a": 1}`, bd+".x_basic", `[1]`, a1+".basic_details.x_deep", `null`, "campaign_content.content.default.variation_1.x_msg", `"m"`), "", ""},

	// --- basic details by delivery type ------------------------------------------------
	{"business event missing", pBET, PhasePatch, Features{}, s(bd+".business_event", del), "basic.business_event_required", bd + ".business_event"},
	{"business event missing email", eBET, 0, Features{}, s(bd+".business_event", `""`), "basic.business_event_required", bd + ".business_event"},
	{"business event on one time", pOT, PhasePatch, Features{}, s(bd+".business_event", `"x"`), "basic.business_event_not_applicable", bd + ".business_event"},
	{"business event without basic details", pBET, 0, Features{}, s(bd, del), "basic.business_event_required", bd + ".business_event"},
	{"geofences missing", pLT, PhasePatch, Features{}, s(geo, del), "basic.geofences_required", geo},
	{"geofences on one time", pOT, PhasePatch, Features{}, s(geo, `{"name": "x"}`), "basic.geofences_not_applicable", geo},
	{"geofence field missing", pLT, 0, Features{}, s(geo+".radius", del), "geofence.required", geo + ".radius"},
	{"geofence radius number", pLT, 0, Features{}, s(geo+".radius", `200`), "json.type", geo + ".radius"},
	{"geofence latitude 91", pLT, 0, Features{}, s(geo+".latitude", `"91"`), "geofence.latitude", geo + ".latitude"},
	{"geofence longitude text", pLT, 0, Features{}, s(geo+".longitude", `"west"`), "geofence.longitude", geo + ".longitude"},
	{"geofence radius 0", pLT, 0, Features{}, s(geo+".radius", `"0"`), "geofence.radius", geo + ".radius"},
	{"geofence triggered ENTRY", pLT, 0, Features{}, s(geo+".triggered_at", `"ENTRY"`, geo+".dwell_time_value", del, geo+".dwell_time_granularity", del), "", ""},
	{"geofence triggered DWELL", pLT, 0, Features{}, s(geo+".triggered_at", `"DWELL"`), "geofence.triggered_at", geo + ".triggered_at"},
	{"geofence triggered entry", pLT, 0, Features{}, s(geo+".triggered_at", `"entry"`), "geofence.triggered_at", geo + ".triggered_at"},
	{"geofence dwell no value", pLT, 0, Features{}, s(geo+".dwell_time_value", del), "geofence.dwell_required", geo + ".dwell_time_value"},
	{"geofence granularity", pLT, 0, Features{}, s(geo+".response_time_granularity", `"SECONDS"`), "geofence.response_time_granularity", geo + ".response_time_granularity"},
	{"platform unknown", pOT, PhasePatch, Features{}, s(bd+".platforms", `["ANDROID", "IOS", "android"]`), "basic.platforms", bd + ".platforms[2]"},
	{"tag not a string", pOT, PhasePatch, Features{}, s(bd+".tags", `["sale", 7]`), "json.type", bd + ".tags[1]"},
	{"tags not an array", pOT, PhasePatch, Features{}, s(bd+".tags", `"sale"`), "json.type", bd + ".tags"},
	{"goal not an object", pOT, PhasePatch, Features{}, s("conversion_goal_details.goals", `[3]`), "json.type", "conversion_goal_details.goals[0]"},
	{"platform twice", pOT, PhasePatch, Features{}, s(bd+".platforms", `["ANDROID", "IOS", "IOS"]`), "basic.platforms_duplicate", bd + ".platforms[2]"},
	{"platforms missing at publish", pOT, 0, Features{}, s(bd+".platforms", del), "publish.platforms", bd + ".platforms"},
	{"triggered platform on one time", pOT, PhasePatch, Features{}, s(bd+".send_to_triggered_platform_only", `true`), "basic.triggered_platform_not_applicable", bd + ".send_to_triggered_platform_only"},
	{"live activity id on one time", pOT, PhasePatch, Features{}, s(bd+".broadcast_live_activity_id", `"x"`), "basic.live_activity_id_not_applicable", bd + ".broadcast_live_activity_id"},
	{"empty tag", pOT, PhasePatch, Features{}, s(bd+".tags", `["summer", ""]`), "basic.tags", bd + ".tags[1]"},

	// --- trigger condition -------------------------------------------------------------
	{"trigger on one time", pOT, PhasePatch, Features{}, s(tc, `{}`), "trigger.not_applicable", tc},
	{"trigger on business event", pBET, PhasePatch, Features{}, s(tc, `{}`), "trigger.not_applicable", tc},
	{"trigger missing ET publish", pET, 0, Features{}, s(tc, del), "publish.trigger_condition", tc},
	{"trigger missing DT publish", pDT, 0, Features{}, s(tc, del), "publish.trigger_condition", tc},
	{"trigger missing LT publish", pLT, 0, Features{}, s(tc, del), "publish.trigger_condition", tc},
	{"trigger missing email ET publish", eET, 0, Features{}, s(tc, del), "publish.trigger_condition", tc},
	{"trigger no filters ET", pET, 0, Features{}, s(tc+".included_filters.filters", `[]`), "trigger.included_filters_required", tc + ".included_filters"},
	{"delay without value", pET, 0, Features{}, s(tc+".trigger_delay_value", del), "trigger.delay_required", tc + ".trigger_delay_value"},
	{"delay without relation", pET, 0, Features{}, s(tc+".trigger_relation", del), "trigger.delay_required", tc + ".trigger_relation"},
	{"delay without granularity", pET, 0, Features{}, s(tc+".trigger_delay_granularity", del), "trigger.delay_required", tc + ".trigger_delay_granularity"},
	{"delay value 0", pET, 0, Features{}, s(tc+".trigger_delay_value", `0`), "", ""},
	{"delay value -1", pET, 0, Features{}, s(tc+".trigger_delay_value", `-1`), "trigger.delay_value", tc + ".trigger_delay_value"},
	{"delay granularity weeks", pET, 0, Features{}, s(tc+".trigger_delay_granularity", `"WEEKS"`), "trigger.delay_granularity", tc + ".trigger_delay_granularity"},
	{"relation lowercase", pET, 0, Features{}, s(tc+".trigger_relation", `"after"`), "trigger.relation", tc + ".trigger_relation"},
	{"before with attr object", pET, 0, Features{}, s(tc+".trigger_relation", `"BEFORE"`, tc+".trigger_attr", `{"name": "departure_time"}`), "", ""},
	{"before without attr", pET, 0, Features{}, s(tc+".trigger_relation", `"BEFORE"`, tc+".trigger_attr", del), "trigger.attr_required", tc + ".trigger_attr"},
	{"attr object without name", pET, 0, Features{}, s(tc+".trigger_attr", `{"label": "x"}`), "trigger.attr", tc + ".trigger_attr.name"},
	{"attr number", pET, 0, Features{}, s(tc+".trigger_attr", `5`), "trigger.attr", tc + ".trigger_attr"},
	{"asap trigger", pET, 0, Features{}, s(tc+".trigger_delay_type", `"ASAP"`, tc+".trigger_delay_value", del, tc+".trigger_delay_granularity", del, tc+".trigger_relation", del), "", ""},
	{"intelligent delay", pET, 0, Features{}, s(tc+".trigger_delay_type", `"INTELLIGENT_DELAY"`, tc+".intelligent_delay_optimization", `{"min_delay_value": 1, "min_delay_granularity": "HOURS", "max_delay_value": 1, "max_delay_granularity": "DAYS"}`), "", ""},
	{"intelligent without object", pET, 0, Features{}, s(tc+".trigger_delay_type", `"INTELLIGENT_DELAY"`), "trigger.intelligent_required", tc + ".intelligent_delay_optimization"},
	{"intelligent max granularity", pET, 0, Features{}, s(tc+".trigger_delay_type", `"INTELLIGENT_DELAY"`, tc+".intelligent_delay_optimization", `{"min_delay_value": 1, "min_delay_granularity": "HOURS", "max_delay_value": 1, "max_delay_granularity": "MINUTES"}`), "trigger.intelligent_granularity", tc + ".intelligent_delay_optimization.max_delay_granularity"},
	{"intelligent field missing", pET, 0, Features{}, s(tc+".trigger_delay_type", `"INTELLIGENT_DELAY"`, tc+".intelligent_delay_optimization", `{"min_delay_value": 1, "max_delay_value": 1, "max_delay_granularity": "DAYS"}`), "trigger.intelligent_required", tc + ".intelligent_delay_optimization.min_delay_granularity"},
	{"intelligent on email", eET, 0, Features{}, s(tc+".trigger_delay_type", `"INTELLIGENT_DELAY"`), "trigger.delay_type", tc + ".trigger_delay_type"},
	{"intelligent object on email", eET, 0, Features{}, s(tc+".intelligent_delay_optimization", `{}`), "trigger.intelligent_not_applicable", tc + ".intelligent_delay_optimization"},
	{"intelligent object with DELAY", pET, 0, Features{}, s(tc+".intelligent_delay_optimization", `{"min_delay_value": 1, "min_delay_granularity": "HOURS", "max_delay_value": 1, "max_delay_granularity": "DAYS"}`), "trigger.intelligent_not_applicable", tc + ".intelligent_delay_optimization"},

	// --- filters ---------------------------------------------------------------------------
	{"filter operator uppercase", pOT, 0, Features{}, s("segmentation_details.included_filters.filter_operator", `"AND"`), "filter.operator", "segmentation_details.included_filters.filter_operator"},
	{"filter operator missing", pOT, 0, Features{}, s("segmentation_details.included_filters.filter_operator", del), "filter.operator_required", "segmentation_details.included_filters.filter_operator"},
	{"filter type unknown", pOT, 0, Features{}, s("segmentation_details.included_filters.filters[0].filter_type", `"devices"`), "filter.type", "segmentation_details.included_filters.filters[0].filter_type"},
	{"filter type missing", pOT, 0, Features{}, s("segmentation_details.included_filters.filters[0].filter_type", del), "filter.type_required", "segmentation_details.included_filters.filters[0].filter_type"},
	{"filter data type uppercase", pOT, 0, Features{}, s("segmentation_details.included_filters.filters[0].data_type", `"STRING"`), "filter.data_type", "segmentation_details.included_filters.filters[0].data_type"},
	{"filter operator for type", pOT, 0, Features{}, s("segmentation_details.included_filters.filters[0].operator", `"greaterThan"`), "filter.operator_for_type", "segmentation_details.included_filters.filters[0].operator"},
	{"filter exists without value", pOT, 0, Features{}, s("segmentation_details.included_filters.filters[0].operator", `"exists"`, "segmentation_details.included_filters.filters[0].value", del), "", ""},
	{"filter without value", pOT, 0, Features{}, s("segmentation_details.included_filters.filters[0].value", del), "filter.value_required", "segmentation_details.included_filters.filters[0].value"},
	{"filter without name", pOT, 0, Features{}, s("segmentation_details.included_filters.filters[0].name", del), "filter.user_attribute_required", "segmentation_details.included_filters.filters[0].name"},
	{"action without name", pOT, 0, Features{}, s("segmentation_details.included_filters.filters[1].action_name", del), "filter.action_required", "segmentation_details.included_filters.filters[1].action_name"},
	{"execution type", pOT, 0, Features{}, s("segmentation_details.included_filters.filters[1].execution.type", `"atLeast"`), "filter.execution_type", "segmentation_details.included_filters.filters[1].execution.type"},
	{"execution count", pOT, 0, Features{}, s("segmentation_details.included_filters.filters[1].execution.count", `-2`), "filter.execution_count", "segmentation_details.included_filters.filters[1].execution.count"},
	{"action condition", pOT, 0, Features{}, s("segmentation_details.included_filters.filters[1].condition", `"WHEN"`), "filter.condition", "segmentation_details.included_filters.filters[1].condition"},
	{"nested attribute filter", pET, 0, Features{}, s(tc+".included_filters.filters[0].attributes.filters[0].operator", `"is"`), "filter.operator_for_type", tc + ".included_filters.filters[0].attributes.filters[0].operator"},
	{"segment without id", pOT, 0, Features{}, s("segmentation_details.excluded_filters.filters[0]", `{"filter_type": "custom_segments"}`), "filter.segment_required", "segmentation_details.excluded_filters.filters[0].id"},
	{"audience empty at publish", pOT, 0, Features{}, s("segmentation_details", `{"is_all_user_campaign": false}`), "publish.audience", "segmentation_details"},
	{"audience missing at publish", pPER, 0, Features{}, s("segmentation_details", del), "publish.audience", "segmentation_details"},
	{"audience missing DT", pDT, 0, Features{}, nil, "", ""},

	// --- scheduling ----------------------------------------------------------------------------
	{"scheduling missing one time", pOT, 0, Features{}, s(sd, del), "publish.scheduling_details", sd},
	{"scheduling missing periodic", ePER, 0, Features{}, s(sd, del), "publish.scheduling_details", sd},
	{"scheduling without a delivery type at publish", pOT, 0, Features{}, s(sd+".delivery_type", del), "publish.scheduling_delivery_type", sd + ".delivery_type"},
	{"scheduling without a delivery type while drafting", pOT, PhasePatch, Features{}, s(sd+".delivery_type", del, sd+".timezone", del, sd+".start_time", del, sd+".expiry_time", del), "", ""},
	{"scheduling type unknown", pOT, 0, Features{}, s(sd+".delivery_type", `"LATER"`), "scheduling.delivery_type", sd + ".delivery_type"},
	{"push message personalisation does not parse", pOT, 0, Features{}, s(a1+".basic_details.message", `"Hello {{ UserAttribute['First Name' }}"`), "content.personalization", a1 + ".basic_details.message"},
	{"email subject unknown tag", eOT, 0, Features{}, s(em+".subject", `"Hi {% shout %}"`), "content.personalization", em + ".subject"},
	{"button value unclosed statement", pOT, 0, Features{}, s(a1+".buttons[0].click_action_value", `"{% if x %}a"`), "content.personalization", a1 + ".buttons[0].click_action_value"},
	{"bad filter syntax", pOT, 0, Features{}, s(a1+".basic_details.title", `"{{ user.city | }}"`), "content.personalization", a1 + ".basic_details.title"},
	{"unknown attribute names are fine", pOT, 0, Features{}, s(a1+".basic_details.title", `"Hi {{ UserAttribute['No Such Attribute'] }} {{ event.nothing }}"`), "", ""},
	{"broken personalisation is not a draft problem", pOT, PhasePatch, Features{}, s(a1+".basic_details.message", `"Hello {{ UserAttribute['First Name' }}"`), "", ""},
	{"fixed time without timezone while drafting", pOT, PhasePatch, Features{}, s(sd+".timezone", del), "", ""},
	{"fixed time without timezone at create", pOT, PhaseCreate, Features{}, s(sd+".timezone", del), "", ""},
	{"fixed time without timezone at publish", pOT, 0, Features{}, s(sd+".timezone", del), "scheduling.timezone_required", sd + ".timezone"},
	{"BTS without timezone at publish", pOT, 0, Features{}, s(sd+".delivery_type", `"SEND_IN_BTS"`, sd+".bts_details", `{"send_at_start_time": true}`, sd+".timezone", del), "scheduling.timezone_required", sd + ".timezone"},
	{"BTS without timezone while drafting", pOT, PhasePatch, Features{}, s(sd+".delivery_type", `"SEND_IN_BTS"`, sd+".bts_details", `{"send_at_start_time": true}`, sd+".timezone", del), "", ""},
	{"fixed time without start", pOT, PhasePatch, Features{}, s(sd+".start_time", del), "scheduling.start_time_required", sd + ".start_time"},
	{"bts without details", pOT, 0, Features{}, s(sd+".delivery_type", `"SEND_IN_BTS"`), "scheduling.bts_required", sd + ".bts_details"},
	{"bts complete", pOT, 0, Features{}, s(sd+".delivery_type", `"SEND_IN_BTS"`, sd+".bts_details", `{"send_in_bts": true, "if_user_bts_is_not_available": "send_at_start_time", "window_end_time": "6:43 am"}`), "", ""},
	{"user timezone without details", pOT, 0, Features{}, s(sd+".delivery_type", `"SEND_IN_USER_TIMEZONE"`, sd+".timezone", del), "scheduling.user_timezone_required", sd + ".user_timezone_details"},
	{"user timezone complete", pOT, 0, Features{}, s(sd+".delivery_type", `"SEND_IN_USER_TIMEZONE"`, sd+".timezone", del, sd+".user_timezone_details", `{"send_in_user_timezone": true, "send_if_user_timezone_has_passed": false}`), "", ""},
	{"timezone unknown", pOT, PhasePatch, Features{}, s(sd+".timezone", `"Mars/Olympus"`), "scheduling.timezone", sd + ".timezone"},
	{"timezone offset", pOT, PhasePatch, Features{}, s(sd+".timezone", `"+05:30"`), "scheduling.timezone", sd + ".timezone"},
	{"timezone Kolkata", pOT, PhasePatch, Features{}, s(sd+".timezone", `"Asia/Kolkata"`), "", ""},
	{"start time with Z", pOT, PhasePatch, Features{}, s(sd+".start_time", `"2026-06-21T09:00:00Z"`), "scheduling.start_time", sd + ".start_time"},
	{"start time with offset", pOT, PhasePatch, Features{}, s(sd+".start_time", `"2026-06-21T09:00:00+02:00"`), "scheduling.start_time", sd + ".start_time"},
	{"start time date only", pOT, PhasePatch, Features{}, s(sd+".start_time", `"2026-06-21"`), "scheduling.start_time", sd + ".start_time"},
	{"start time Feb 30", pOT, PhasePatch, Features{}, s(sd+".start_time", `"2026-02-30T09:00:00"`), "scheduling.start_time", sd + ".start_time"},
	{"start time fractional", pOT, PhasePatch, Features{}, s(sd+".start_time", `"2026-06-21T09:00:00.250"`), "", ""},
	{"expiry before start", pOT, PhasePatch, Features{}, s(sd+".expiry_time", `"2026-06-20T09:00:00"`), "scheduling.expiry_after_start", sd + ".expiry_time"},
	{"expiry bad", pOT, PhasePatch, Features{}, s(sd+".expiry_time", `"tomorrow"`), "scheduling.expiry_time", sd + ".expiry_time"},
	{"periodic without details", pPER, PhasePatch, Features{}, s(sd+".periodic_details", del), "scheduling.periodic_required", sd + ".periodic_details"},
	{"periodic asap", pPER, PhasePatch, Features{}, s(sd+".delivery_type", `"ASAP"`), "scheduling.periodic_fixed_time", sd + ".delivery_type"},
	{"periodic details on one time", pOT, PhasePatch, Features{}, s(sd+".periodic_details", `{"sending_frequency": "DAILY"}`), "scheduling.periodic_not_applicable", sd + ".periodic_details"},
	{"periodic frequency missing", pPER, PhasePatch, Features{}, s(sd+".periodic_details.sending_frequency", del), "scheduling.sending_frequency_required", sd + ".periodic_details.sending_frequency"},
	{"periodic frequency unknown", pPER, PhasePatch, Features{}, s(sd+".periodic_details.sending_frequency", `"HOURLY"`), "scheduling.sending_frequency", sd + ".periodic_details.sending_frequency"},
	{"weekly without days", pPER, PhasePatch, Features{}, s(sd+".periodic_details.repeat_on_days_of_week", del), "scheduling.weekly_days_required", sd + ".periodic_details.repeat_on_days_of_week"},
	{"weekday lowercase", pPER, PhasePatch, Features{}, s(sd+".periodic_details.repeat_on_days_of_week", `["monday"]`), "scheduling.weekday", sd + ".periodic_details.repeat_on_days_of_week[0]"},
	{"repeat frequency 0", pPER, PhasePatch, Features{}, s(sd+".periodic_details.repeat_frequency", `0`), "scheduling.repeat_frequency", sd + ".periodic_details.repeat_frequency"},
	{"occurrences 0", ePER, PhasePatch, Features{}, s(sd+".periodic_details.no_of_occurences", `0`), "scheduling.no_of_occurences", sd + ".periodic_details.no_of_occurences"},
	{"day of month 31", ePER, PhasePatch, Features{}, s(sd+".periodic_details.repeat_on_date_of_month", `[1, 31]`), "", ""},
	{"day of month 32", ePER, PhasePatch, Features{}, s(sd+".periodic_details.repeat_on_date_of_month", `[1, 32]`), "scheduling.date_of_month", sd + ".periodic_details.repeat_on_date_of_month[1]"},
	{"monthly without days", ePER, PhasePatch, Features{}, s(sd+".periodic_details.repeat_on_date_of_month", del), "scheduling.monthly_days_required", sd + ".periodic_details.repeat_on_date_of_month"},
	{"monthly by week", ePER, PhasePatch, Features{}, s(sd+".periodic_details.repeat_on_date_of_month", del, sd+".periodic_details.repeat_on_days_of_week_for_month", `[{"week_granularity": "FIRST", "repeat_on_days_of_week": ["MONDAY"]}]`), "", ""},
	{"week granularity", ePER, PhasePatch, Features{}, s(sd+".periodic_details.repeat_on_days_of_week_for_month", `[{"week_granularity": "FIFTH", "repeat_on_days_of_week": ["MONDAY"]}]`), "scheduling.week_granularity", sd + ".periodic_details.repeat_on_days_of_week_for_month[0].week_granularity"},
	{"geo timelimit on one time", pOT, PhasePatch, Features{}, s(sd+".geo_fence_timelimit", `{"notification_schedule": "ALWAYS"}`), "scheduling.geo_fence_not_applicable", sd + ".geo_fence_timelimit"},
	{"geo timelimit always", pLT, 0, Features{}, s(sd+".geo_fence_timelimit", `{"notification_schedule": "ALWAYS"}`), "", ""},
	{"limited time without bounds", pLT, 0, Features{}, s(sd+".geo_fence_timelimit.timebounds", del), "scheduling.timebounds_required", sd + ".geo_fence_timelimit.timebounds"},
	{"notification schedule unknown", pLT, 0, Features{}, s(sd+".geo_fence_timelimit.notification_schedule", `"SOMETIMES"`), "scheduling.notification_schedule", sd + ".geo_fence_timelimit.notification_schedule"},
	{"timebound end before start", pLT, 0, Features{}, s(sd+".geo_fence_timelimit.timebounds[0].end_time", `"2026-06-01T08:00:00"`), "scheduling.timebound_order", sd + ".geo_fence_timelimit.timebounds[0].end_time"},
	{"timebound bad time", pLT, 0, Features{}, s(sd+".geo_fence_timelimit.timebounds[0].start_time", `"9am"`), "scheduling.timebound_time", sd + ".geo_fence_timelimit.timebounds[0].start_time"},
	{"timebound missing end", pLT, 0, Features{}, s(sd+".geo_fence_timelimit.timebounds[0].end_time", del), "scheduling.timebound_required", sd + ".geo_fence_timelimit.timebounds[0].end_time"},

	// --- delivery controls --------------------------------------------------------------------
	{"queue 1 on", pOT, 0, Features{}, s(dc+".queue_duration", `1`), "", ""},
	{"queue 48 on", pOT, 0, Features{}, s(dc+".queue_duration", `48`), "", ""},
	{"queue 0 on", pOT, 0, Features{}, s(dc+".queue_duration", `0`), "delivery.queue_duration", dc + ".queue_duration"},
	{"queue 49 on", pOT, 0, Features{}, s(dc+".queue_duration", `49`), "delivery.queue_duration", dc + ".queue_duration"},
	{"queue 0 off", pOT, 0, Features{}, s(dc+".queuing_enabled", `false`, dc+".queue_duration", `0`), "", ""},
	{"queue 1 off", pOT, 0, Features{}, s(dc+".queuing_enabled", `false`, dc+".queue_duration", `1`), "delivery.queue_duration", dc + ".queue_duration"},
	{"queue 48 off", pOT, 0, Features{}, s(dc+".queuing_enabled", `false`, dc+".queue_duration", `48`), "delivery.queue_duration", dc + ".queue_duration"},
	{"queue 49 off", pOT, 0, Features{}, s(dc+".queuing_enabled", `false`, dc+".queue_duration", `49`), "delivery.queue_duration", dc + ".queue_duration"},
	{"queue missing on", pOT, 0, Features{}, s(dc+".queue_duration", del), "delivery.queue_duration_required", dc + ".queue_duration"},
	{"queue fractional", pOT, 0, Features{}, s(dc+".queue_duration", `1.5`), "json.type", dc + ".queue_duration"},
	{"queuing on device triggered", pDT, 0, Features{}, s(dc+".queuing_enabled", `false`), "delivery.queuing_not_applicable", dc + ".queuing_enabled"},
	{"queuing on location triggered", pLT, 0, Features{}, s(dc+".queue_duration", `0`), "delivery.queuing_not_applicable", dc + ".queue_duration"},
	{"queuing on email", eOT, 0, Features{}, s(dc+".queuing_enabled", `true`), "delivery.push_field_on_email", dc + ".queuing_enabled"},
	{"bypass dnd string", pET, 0, Features{}, s(dc+".bypass_dnd", `"yes"`), "json.type", dc + ".bypass_dnd"},
	{"bypass dnd missing ET", pET, PhasePatch, Features{}, s(dc+".bypass_dnd", del), "delivery.bypass_dnd_required", dc + ".bypass_dnd"},
	{"delivery controls missing ET", pET, 0, Features{}, s(dc, del), "delivery.bypass_dnd_required", dc + ".bypass_dnd"},
	{"delivery controls missing email ET", eET, 0, Features{}, s(dc, del), "", ""},
	{"throttle on event triggered", pET, 0, Features{}, s(dc+".campaign_throttle_rpm", `1000`), "delivery.throttle_not_applicable", dc + ".campaign_throttle_rpm"},
	{"throttle on device triggered", pDT, 0, Features{}, s(dc+".campaign_throttle_rpm", `1000`), "delivery.throttle_not_applicable", dc + ".campaign_throttle_rpm"},
	{"throttle on location triggered", pLT, 0, Features{}, s(dc+".campaign_throttle_rpm", `1000`), "delivery.throttle_not_applicable", dc + ".campaign_throttle_rpm"},
	{"throttle 0", pOT, 0, Features{}, s(dc+".campaign_throttle_rpm", `0`), "delivery.throttle_rpm", dc + ".campaign_throttle_rpm"},
	{"email min delay on one time accepted", eOT, 0, Features{}, s(dc+".minimum_delay_between_two_notification_in_hour", `2`), "", ""},
	{"email min delay on periodic accepted", ePER, 0, Features{}, s(dc+".minimum_delay_between_two_notification_in_hour", `2`), "", ""},
	{"min delay on one time", pOT, 0, Features{}, s(dc+".minimum_delay_between_two_notification_in_hour", `2`), "delivery.min_delay_not_applicable", dc + ".minimum_delay_between_two_notification_in_hour"},
	{"device field on one time", pOT, 0, Features{}, s(dc+".send_message_in_offline_mode", `false`), "delivery.device_not_applicable", dc + ".send_message_in_offline_mode"},
	{"device hours not number", pDT, 0, Features{}, s(dc+".max_time_to_show_message_of_same_camapign", `"a day"`), "delivery.hours", dc + ".max_time_to_show_message_of_same_camapign"},
	{"device hours as integer", pDT, 0, Features{}, s(dc+".expiry_time_of_sync_data_in_hour", `48`), "json.type", dc + ".expiry_time_of_sync_data_in_hour"},
	{"location field on event", pET, 0, Features{}, s(dc+".send_limit_value", `"1"`), "delivery.location_not_applicable", dc + ".send_limit_value"},
	{"send limit 0", pLT, 0, Features{}, s(dc+".send_limit_value", `"0"`), "delivery.send_limit_value", dc + ".send_limit_value"},
	{"global delay on periodic", pPER, 0, Features{}, s(dc+".ignore_global_minimum_delay", `true`), "delivery.global_delay_not_applicable", dc + ".ignore_global_minimum_delay"},
	{"limit send on one time", pOT, 0, Features{}, s(dc+".limit_send_config", `{"enabled": false}`), "delivery.limit_send_not_applicable", dc + ".limit_send_config"},
	{"limit send without enabled", pPER, 0, Features{}, s(dc+".limit_send_config.enabled", del), "delivery.limit_send_enabled_required", dc + ".limit_send_config.enabled"},
	{"limit send enabled no count", pPER, 0, Features{}, s(dc+".limit_send_config.max_count", del), "delivery.limit_send_required", dc + ".limit_send_config.max_count"},
	{"limit send disabled no count", pPER, 0, Features{}, s(dc+".limit_send_config", `{"enabled": false}`), "", ""},
	{"limit send count 0", pPER, 0, Features{}, s(dc+".limit_send_config.max_count", `0`), "delivery.limit_send_count", dc + ".limit_send_config.max_count"},
	{"limit send window 0", pPER, 0, Features{}, s(dc+".limit_send_config.window_value", `0`), "delivery.limit_send_window", dc + ".limit_send_config.window_value"},
	{"limit send unit", pPER, 0, Features{}, s(dc+".limit_send_config.window_unit", `"YEARS"`), "delivery.limit_send_unit", dc + ".limit_send_config.window_unit"},
	{"limit send hours periodic", pPER, 0, Features{}, s(dc+".limit_send_config.window_unit", `"HOURS"`), "delivery.limit_send_hours", dc + ".limit_send_config.window_unit"},
	{"limit send 365 days", pPER, 0, Features{}, s(dc+".limit_send_config.window_value", `365`), "", ""},
	{"limit send 366 days", pPER, 0, Features{}, s(dc+".limit_send_config.window_value", `366`), "delivery.limit_send_window_max", dc + ".limit_send_config.window_value"},
	{"limit send 53 weeks", pET, 0, Features{}, s(dc+".limit_send_config.window_value", `53`), "delivery.limit_send_window_max", dc + ".limit_send_config.window_value"},
	{"accepted (no spec line forbids it): limit send transactional email", eET, 0, Features{}, s(bd+".content_type", `"TRANSACTIONAL"`, bd+".subscription_category", del), "", ""},

	// --- advanced --------------------------------------------------------------------------------
	{"expire type DAY", pOT, 0, Features{}, s("advanced.expiration_settings.expire_notification_after_type", `"HOUR"`), "", ""},
	{"expire type DAYS", pOT, 0, Features{}, s("advanced.expiration_settings.expire_notification_after_type", `"DAYS"`), "advanced.expiration_type", "advanced.expiration_settings.expire_notification_after_type"},
	{"remove type HOUR", pOT, 0, Features{}, s("advanced.expiration_settings.remove_from_inbox_after_type", `"HOUR"`), "advanced.expiration_type", "advanced.expiration_settings.remove_from_inbox_after_type"},
	{"expire value without type", pOT, 0, Features{}, s("advanced.expiration_settings.expire_notification_after_type", del), "advanced.expiration_type_required", "advanced.expiration_settings.expire_notification_after_type"},
	{"expire value 0", pOT, 0, Features{}, s("advanced.expiration_settings.expire_notification_after_value", `0`), "advanced.expiration_value", "advanced.expiration_settings.expire_notification_after_value"},
	{"apns 5", pOT, 0, Features{}, s("advanced.platform_level_priority.ios_specific_priority.apns_priority", `"5"`), "", ""},
	{"apns number", pOT, 0, Features{}, s("advanced.platform_level_priority.ios_specific_priority.apns_priority", `10`), "json.type", "advanced.platform_level_priority.ios_specific_priority.apns_priority"},
	{"apns 7", pOT, 0, Features{}, s("advanced.platform_level_priority.ios_specific_priority.apns_priority", `"7"`), "advanced.apns_priority", "advanced.platform_level_priority.ios_specific_priority.apns_priority"},
	{"interruption title case", pOT, 0, Features{}, s("advanced.platform_level_priority.ios_specific_priority.interruption_level", `"Time sensitive"`), "advanced.interruption_level", "advanced.platform_level_priority.ios_specific_priority.interruption_level"},
	{"relevance 1", pOT, 0, Features{}, s("advanced.platform_level_priority.ios_specific_priority.relevance_score", `1`), "", ""},
	{"relevance 0.7", pOT, 0, Features{}, s("advanced.platform_level_priority.ios_specific_priority.relevance_score", `0.7`), "advanced.relevance_score", "advanced.platform_level_priority.ios_specific_priority.relevance_score"},

	// --- goals, control group, UTM ------------------------------------------------------------
	{"goal without event", pOT, 0, Features{}, s("conversion_goal_details.goals[1].goal_event_name", del), "goals.required", "conversion_goal_details.goals[1].goal_event_name"},
	{"accepted (no spec line forbids it): two primary goals", pOT, 0, Features{}, s("conversion_goal_details.goals[1].is_primary_goal", `true`), "", ""},
	{"attribution window 0", pOT, 0, Features{}, s("conversion_goal_details.attribution_window_in_hours", `0`), "goals.attribution_window", "conversion_goal_details.attribution_window_in_hours"},
	{"goal attribute lowercase type", pOT, 0, Features{}, s("conversion_goal_details.goals[0].goal_event_attribute", `{"name": "value", "data_type": "double", "condition": "is", "value": "1"}`), "goals.attribute_data_type", "conversion_goal_details.goals[0].goal_event_attribute.data_type"},
	{"goal attribute uppercase type", pOT, 0, Features{}, s("conversion_goal_details.goals[0].goal_event_attribute", `{"name": "value", "data_type": "DOUBLE", "condition": "is", "value": "1"}`), "", ""},
	{"control group 0", pOT, 0, Features{}, s("control_group_details.campaign_control_group_percentage", `0`), "", ""},
	{"control group 100", pOT, 0, Features{}, s("control_group_details.campaign_control_group_percentage", `100`), "", ""},
	{"control group 101", pOT, 0, Features{}, s("control_group_details.campaign_control_group_percentage", `101`), "control_group.percentage", "control_group_details.campaign_control_group_percentage"},
	{"control group -1", pOT, 0, Features{}, s("control_group_details.campaign_control_group_percentage", `-1`), "control_group.percentage", "control_group_details.campaign_control_group_percentage"},
	{"control group enabled no percentage", pOT, 0, Features{}, s("control_group_details.campaign_control_group_percentage", del), "control_group.percentage_required", "control_group_details.campaign_control_group_percentage"},
	{"control group disabled no percentage", pOT, 0, Features{}, s("control_group_details", `{"is_campaign_control_group_enabled": false}`), "", ""},
	{"utm 5 custom", eOT, 0, Features{}, s("utm_params.c3", `"3"`, "utm_params.c4", `"4"`, "utm_params.utm_custom", `"5"`), "", ""},
	{"utm 6 custom", eOT, 0, Features{}, s("utm_params.c3", `"3"`, "utm_params.c4", `"4"`, "utm_params.utm_custom", `"5"`, "utm_params.c6", `"6"`), "utm.custom_count", "utm_params"},
	{"utm custom not string", eOT, 0, Features{}, s("utm_params.audience", `7`), "utm.custom_string", "utm_params.audience"},
	{"utm without source", eOT, 0, Features{}, s("utm_params.utm_source", del), "utm.required", "utm_params.utm_source"},
	{"utm without medium", pOT, 0, Features{}, s("utm_params.utm_medium", `""`), "utm.required", "utm_params.utm_medium"},
	{"utm standard keys not custom", pOT, 0, Features{}, s("utm_params.utm_term", `"t"`, "utm_params.a", `"1"`, "utm_params.b", `"2"`, "utm_params.c", `"3"`, "utm_params.d", `"4"`, "utm_params.e", `"5"`), "", ""},

	// --- audience limit ----------------------------------------------------------------------------
	{"audience limit feature off", pPER, 0, Features{}, s(cal, `{"is_campaign_audience_limit_enabled": true, "metric": "SENT", "frequency": "TOTAL", "limit": 100000}`), "audience_limit.feature", cal},
	{"audience limit feature on", pPER, 0, al, s(cal, `{"is_campaign_audience_limit_enabled": true, "metric": "SENT", "frequency": "TOTAL", "limit": 100000}`), "", ""},
	{"audience limit instance periodic push", pPER, 0, al, s(cal, `{"is_campaign_audience_limit_enabled": true, "metric": "SENT", "frequency": "INSTANCE", "limit": 50000}`), "", ""},
	{"audience limit instance email periodic", ePER, 0, al, s(cal, `{"is_campaign_audience_limit_enabled": true, "metric": "SENT", "frequency": "INSTANCE", "limit": 50000}`), "audience_limit.instance", cal + ".frequency"},
	{"audience limit instance event", pET, 0, al, s(cal, `{"is_campaign_audience_limit_enabled": true, "metric": "SENT", "frequency": "INSTANCE", "limit": 50000}`), "audience_limit.instance", cal + ".frequency"},
	{"audience limit one time", pOT, 0, al, s(cal, `{"is_campaign_audience_limit_enabled": true, "limit": 1}`), "", ""},
	{"audience limit one time metric", pOT, 0, al, s(cal, `{"is_campaign_audience_limit_enabled": true, "metric": "SENT", "limit": 1}`), "audience_limit.one_time", cal + ".metric"},
	{"audience limit one time frequency", pOT, 0, al, s(cal, `{"is_campaign_audience_limit_enabled": true, "frequency": "TOTAL", "limit": 1}`), "audience_limit.one_time", cal + ".frequency"},
	{"audience limit 0", pOT, 0, al, s(cal, `{"is_campaign_audience_limit_enabled": true, "limit": 0}`), "audience_limit.limit", cal + ".limit"},
	{"audience limit max", pOT, 0, al, s(cal, `{"is_campaign_audience_limit_enabled": true, "limit": 9999999999}`), "", ""},
	{"audience limit max+1", pOT, 0, al, s(cal, `{"is_campaign_audience_limit_enabled": true, "limit": 10000000000}`), "audience_limit.limit", cal + ".limit"},
	{"audience limit enabled no limit", pOT, 0, al, s(cal, `{"is_campaign_audience_limit_enabled": true}`), "audience_limit.required", cal + ".limit"},
	{"audience limit enabled no metric", pET, 0, al, s(cal, `{"is_campaign_audience_limit_enabled": true, "frequency": "TOTAL", "limit": 10}`), "audience_limit.required", cal + ".metric"},
	{"audience limit enabled no frequency", eET, 0, al, s(cal, `{"is_campaign_audience_limit_enabled": true, "metric": "SENT", "limit": 10}`), "audience_limit.required", cal + ".frequency"},
	{"audience limit disabled bare", pET, 0, al, s(cal, `{"is_campaign_audience_limit_enabled": false}`), "", ""},
	{"audience limit disabled with limit", pET, 0, al, s(cal, `{"is_campaign_audience_limit_enabled": false, "limit": 10}`), "audience_limit.disabled", cal + ".limit"},
	{"audience limit disabled with metric", pET, 0, al, s(cal, `{"is_campaign_audience_limit_enabled": false, "metric": "SENT"}`), "audience_limit.disabled", cal + ".metric"},
	{"audience limit no flag", pET, 0, al, s(cal, `{"limit": 10}`), "audience_limit.enabled_required", cal + ".is_campaign_audience_limit_enabled"},
	{"audience limit metric lowercase", pET, 0, al, s(cal, `{"is_campaign_audience_limit_enabled": true, "metric": "sent", "frequency": "TOTAL", "limit": 10}`), "audience_limit.metric", cal + ".metric"},
	{"audience limit frequency unknown", pET, 0, al, s(cal, `{"is_campaign_audience_limit_enabled": true, "metric": "SENT", "frequency": "DAILY", "limit": 10}`), "audience_limit.frequency", cal + ".frequency"},
	{"audience limit limit string", pET, 0, al, s(cal, `{"is_campaign_audience_limit_enabled": true, "metric": "SENT", "frequency": "TOTAL", "limit": "10"}`), "json.type", cal + ".limit"},
	// --- the rest, one invalid case each ------------------------------------------------------
	{"live activity publish with id", pOT, 0, Features{}, s("campaign_delivery_type", `"BROADCAST_LIVE_ACTIVITY"`, bd+".broadcast_live_activity_id", `"la-1"`, dc+".queuing_enabled", del, dc+".queue_duration", del), "", ""},
	{"live activity without id", pOT, 0, Features{}, s("campaign_delivery_type", `"BROADCAST_LIVE_ACTIVITY"`, dc+".queuing_enabled", del, dc+".queue_duration", del), "basic.live_activity_id_required", bd + ".broadcast_live_activity_id"},
	{"live activity audience limit", pOT, 0, al, s("campaign_delivery_type", `"BROADCAST_LIVE_ACTIVITY"`, bd+".broadcast_live_activity_id", `"la-1"`, cal, `{"is_campaign_audience_limit_enabled": false}`), "audience_limit.live_activity", cal},
	{"empty locale", pOT, PhasePatch, Features{}, s("campaign_content.locales", `["es-ES", "fr-FR", " "]`), "content.locales_empty", "campaign_content.locales[2]"},
	{"min delay negative", pET, 0, Features{}, s(dc+".minimum_delay_between_two_notification_in_hour", `-1`), "delivery.minimum_delay", dc + ".minimum_delay_between_two_notification_in_hour"},
	{"email template version 0", ePER, 0, Features{}, s(fe+".custom_template_version", `0`), "email.custom_template_version", fe + ".custom_template_version"},
	{"email template id empty", ePER, 0, Features{}, s(fe+".custom_template_id", `""`), "email.template_id", fe + ".custom_template_id"},
	{"dwell granularity", pLT, 0, Features{}, s(geo+".dwell_time_granularity", `"SECONDS"`), "geofence.dwell_time_granularity", geo + ".dwell_time_granularity"},
	{"dwell value 0", pLT, 0, Features{}, s(geo+".dwell_time_value", `"0"`), "geofence.dwell_time_value", geo + ".dwell_time_value"},
	{"response time negative", pLT, 0, Features{}, s(geo+".response_time_value", `"-5"`), "geofence.response_time_value", geo + ".response_time_value"},
	{"goal attribute without name", pOT, 0, Features{}, s("conversion_goal_details.goals[0].goal_event_attribute", `{"data_type": "DOUBLE"}`), "goals.attribute_required", "conversion_goal_details.goals[0].goal_event_attribute.name"},
	{"campaign content missing", pOT, 0, Features{}, s("campaign_content", del), "publish.campaign_content", "campaign_content"},
	{"accepted (no spec line forbids it): ios carousel no slides", pET, 0, Features{}, s(i2+".basic_details.carousel_content.slide_data", `[]`), "", ""},
	{"ios slide without image", pET, 0, Features{}, s(i2+".basic_details.carousel_content.slide_data[0]", `{}`), "push.ios.carousel.slide_image_required", i2 + ".basic_details.carousel_content.slide_data[0].image_url"},
	{"ios slide action unknown", pET, 0, Features{}, s(i2+".basic_details.carousel_content.slide_data[0].image_click_action", `"SHARE"`), "push.ios.carousel.slide_click_action", i2 + ".basic_details.carousel_content.slide_data[0].image_click_action"},
	{"ios slide action without value", pET, 0, Features{}, s(i2+".basic_details.carousel_content.slide_data[0].image_click_action", `"DEEPLINKING"`), "push.ios.carousel.slide_click_value_required", i2 + ".basic_details.carousel_content.slide_data[0].image_click_action_value"},
	{"ios click action unknown", pOT, 0, Features{}, s(i1+".basic_details.default_click_action", `"deeplinking"`), "push.ios.click_action", i1 + ".basic_details.default_click_action"},
	{"accepted (no spec line forbids it): ios click action without value", pOT, 0, Features{}, s(i1+".basic_details.default_click_action_value", del), "", ""},
	{"ios custom version 0", pOT, 0, Features{}, s(i1+".custom_template_version", `0`), "push.ios.custom_template_version", i1 + ".custom_template_version"},
	{"ios template missing", pOT, 0, Features{}, s(i1+".template_type", del), "push.ios.template_type_required", i1 + ".template_type"},
	{"ios rich media not URI", pOT, 0, Features{}, s(i1+".basic_details.rich_media_value", `"banner.png"`), "push.ios.uri", i1 + ".basic_details.rich_media_value"},
	{"web template missing", pBET, 0, Features{}, s(fw+".template_type", del), "push.web.template_type_required", fw + ".template_type"},
	{"notification schedule missing", pLT, 0, Features{}, s(sd+".geo_fence_timelimit.notification_schedule", del), "scheduling.notification_schedule_required", sd + ".geo_fence_timelimit.notification_schedule"},
	{"intelligent value negative", pET, 0, Features{}, s(tc+".trigger_delay_type", `"INTELLIGENT_DELAY"`, tc+".intelligent_delay_optimization", `{"min_delay_value": -1, "min_delay_granularity": "HOURS", "max_delay_value": 1, "max_delay_granularity": "DAYS"}`), "trigger.intelligent_value", tc + ".intelligent_delay_optimization.min_delay_value"},
	{"utm custom without name", eOT, 0, Features{}, s("utm_params.", `"x"`), "utm.custom_name", "utm_params"},
}

func TestRules(t *testing.T) {
	for _, tc := range ruleCases {
		t.Run(tc.name, func(t *testing.T) {
			c := mutated(t, tc.fix, tc.set)
			phase := tc.phase
			if phase == 0 {
				phase = PhasePublish
			}
			probs := Validate(c, phase, Options{Features: tc.feat})
			if tc.rule == "" {
				if len(probs) > 0 {
					t.Fatalf("want no problem, got:%s", dump(probs))
				}
				return
			}
			if !hasProblem(probs, tc.rule, tc.target) {
				t.Fatalf("want %s @ %s, got:%s", tc.rule, tc.target, dump(probs))
			}
			for _, p := range probs {
				if p.Message == "" || p.Rule == "" {
					t.Fatalf("problem without rule or message: %+v", p)
				}
			}
		})
	}
}
