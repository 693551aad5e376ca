package forms

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/campaigns-cli/campaigns/model"
)

// The label table maps every target the engine reports to the label the
// form shows for it. It is read off the form itself (the rows Fields builds
// for a set of campaigns that open every conditional row), so a label changed
// in the form is the label problems use: one mapping, not two.

type labelEntry struct {
	label string
}

var (
	labelOnce sync.Once
	labelTab  map[string]labelEntry
)

// objectLabels name targets that are whole objects rather than rows.
var objectLabels = map[string]string{
	"channel":                            "Channel",
	"status":                             "Status",
	"campaign_delivery_type":             "Delivery type",
	"basic_details":                      "Basic details",
	"basic_details.geofences":            "Geofence",
	"connector":                          "Connector",
	"campaign_content":                   "Content",
	"campaign_content.content":           "Content",
	"campaign_content.locales":           "Locales",
	"campaign_content.locales[]":         "Locale",
	"campaign_content.variation_details": "A/B test",
	"campaign_content.variation_details.no_of_variations":               "Number of variations",
	"campaign_content.variation_details.manual_distribution_percentage": "Variation shares",
	"segmentation_details":                                          "Audience",
	"segmentation_details.included_filters":                         "Audience filters",
	"segmentation_details.excluded_filters":                         "Excluded filters",
	"trigger_condition":                                             "Trigger",
	"trigger_condition.included_filters":                            "Trigger event",
	"trigger_condition.secondary_included_filters":                  "Second trigger",
	"trigger_condition.intelligent_delay_optimization":              "Intelligent delay",
	"scheduling_details":                                            "Schedule",
	"scheduling_details.periodic_details":                           "Repeat",
	"scheduling_details.bts_details":                                "Best time to send",
	"scheduling_details.user_timezone_details":                      "User time zone settings",
	"scheduling_details.geo_fence_timelimit":                        "Geofence time limit",
	"scheduling_details.geo_fence_timelimit.timebounds":             "Time windows",
	"scheduling_details.periodic_details.repeat_on_days_of_week[]":  "Weekday",
	"scheduling_details.periodic_details.repeat_on_date_of_month[]": "Day of month",
	"delivery_controls":                                             "Delivery controls",
	"delivery_controls.limit_send_config":                           "Send limit per user",
	"conversion_goal_details":                                       "Conversion goals",
	"conversion_goal_details.goals":                                 "Goals",
	"control_group_details":                                         "Control group",
	"utm_params":                                                    "Custom UTM parameters",
	"campaign_audience_limit":                                       "Audience limit",
	"advanced":                                                      "Advanced",
	"basic_details.platforms[]":                                     "Platforms",
	"basic_details.tags[]":                                          "Tags",
	"basic_details.platform_specific_details":                       "Platform settings",
	"basic_details.platform_specific_details.ios":                   "iOS audience",
	"basic_details.platform_specific_details.android":               "Android push boost",
	"@cell":                        "Content",
	"push":                         "Push content",
	"email":                        "Email content",
	"push.android":                 "Android content",
	"push.ios":                     "iOS content",
	"push.web":                     "Web content",
	"push.android.basic_details":   "Android content",
	"push.ios.basic_details":       "iOS content",
	"push.web.basic_details":       "Web content",
	"push.android.timer":           "Timer",
	"push.android.template_backup": "Fallback",
	"push.ios.template_backup":     "Fallback",
	"push.android.basic_details.carousel_content":            "Carousel",
	"push.ios.basic_details.carousel_content":                "Carousel",
	"push.android.basic_details.carousel_content.slide_data": "Slides",
	"push.ios.basic_details.carousel_content.slide_data":     "Slides",
	"push.android.buttons":                                   "Buttons",
	"push.ios.buttons":                                       "Buttons",
	"push.web.buttons":                                       "Buttons",
	"email.attachments":                                      "Attachments",
	"email.cc_ids[]":                                         "Cc",
	"email.bcc_ids[]":                                        "Bcc",
	"created_by":                                             "Author",
	"updated_by":                                             "Last editor",
	"request_id":                                             "Request id",
	"advanced.expiration_settings":                           "Expiry",
	"advanced.platform_level_priority":                       "Priority",
	"advanced.platform_level_priority.android_specific_priority": "Android high priority",
	"advanced.platform_level_priority.ios_specific_priority":     "iOS priority",
	"push.android.advanced":          "Android advanced",
	"push.ios.advanced":              "iOS advanced",
	"push.web.advanced":              "Web advanced",
	"trigger_condition.trigger_attr": "Trigger attribute",
	// keys named wherever they appear (the key then "@")
	"filters@":    "Filters",
	"execution@":  "Times",
	"attributes@": "Event attributes",
}

// listNouns name one element of a list in a label ("Goal 2 event").
var listNouns = map[string]string{
	"filters":                          "filter",
	"goals":                            "goal",
	"buttons":                          "button",
	"slide_data":                       "slide",
	"timebounds":                       "time window",
	"repeat_on_days_of_week_for_month": "week rule",
	"attachments":                      "attachment",
}

// groupNames name a filter group in a label.
var groupNames = map[string]string{
	"segmentation_details.included_filters":        "Audience",
	"segmentation_details.excluded_filters":        "Excluded",
	"trigger_condition.included_filters":           "Trigger",
	"trigger_condition.secondary_included_filters": "Second trigger",
}

var platformNames = map[string]string{"android": "Android", "ios": "iOS", "web": "Web"}

var (
	idxRe = regexp.MustCompile(`\[\d+\]`)
	varRe = regexp.MustCompile(`variation_\d+`)
)

// normTarget turns a target into its table key: list indexes become [],
// a content cell's locale and variation are dropped (flat and keyed content
// share keys), manual shares lose their variation number.
func normTarget(t string) string {
	const cc = "campaign_content.content"
	if t == cc {
		return t
	}
	if strings.HasPrefix(t, cc+".") {
		rest := t[len(cc)+1:]
		if !strings.HasPrefix(rest, "push") && !strings.HasPrefix(rest, "email") {
			parts := strings.SplitN(rest, ".", 3)
			if len(parts) < 3 {
				return "@cell"
			}
			rest = parts[2]
		}
		t = rest
	}
	t = idxRe.ReplaceAllString(t, "[]")
	if strings.Contains(t, "manual_distribution_percentage.") {
		t = varRe.ReplaceAllString(t, "variation_*")
	}
	return t
}

func labels() map[string]labelEntry {
	labelOnce.Do(func() {
		labelTab = map[string]labelEntry{}
		for _, x := range labelContexts() {
			for _, s := range Steps {
				for _, f := range Fields(s, x) {
					if !f.Editable() || strings.HasPrefix(f.Path, "@") {
						continue
					}
					k := normTarget(f.Path)
					if _, ok := labelTab[k]; !ok {
						labelTab[k] = labelEntry{label: f.Label}
					}
				}
			}
		}
	})
	return labelTab
}

// labelContexts are campaigns that open every conditional row of the form.
func labelContexts() []Ctx {
	var out []Ctx
	add := func(c *model.Campaign, sel Selection) {
		out = append(out, NewCtx(c, sel, true))
	}
	base := func(channel, delivery string) *model.Campaign {
		c := &model.Campaign{Channel: ptr(channel), CampaignDeliveryType: ptr(delivery)}
		set := func(p string, v any) { _ = Set(c, p, v) }
		set("basic_details.platforms", []string{model.PlatformAndroid, model.PlatformIOS, model.PlatformWeb})
		set("basic_details.content_type", model.ContentPromotional)
		set("basic_details.geofences.triggered_at", model.TriggeredDwell)
		for _, g := range []string{"segmentation_details.included_filters", "segmentation_details.excluded_filters", "trigger_condition.included_filters", "trigger_condition.secondary_included_filters"} {
			set(g+".filters[0].filter_type", model.FilterUserAttributes)
			set(g+".filters[0].data_type", model.DataString)
			set(g+".filters[0].operator", "in")
			set(g+".filters[1].filter_type", model.FilterActions)
			set(g+".filters[1].attributes.filters[0].filter_type", model.FilterUserAttributes)
			set(g+".filters[1].attributes.filters[0].data_type", model.DataString)
			set(g+".filters[2].filter_type", model.FilterCustomSegments)
		}
		set("trigger_condition.trigger_relation", model.RelationBefore)
		set("scheduling_details.periodic_details.sending_frequency", model.FrequencyMonthly)
		set("scheduling_details.periodic_details.repeat_on_days_of_week_for_month[0].week_granularity", model.WeekGranularities[0])
		set("scheduling_details.geo_fence_timelimit.notification_schedule", model.NotifyLimitedTime)
		set("scheduling_details.geo_fence_timelimit.timebounds[0].start_time", "")
		set("delivery_controls.queuing_enabled", true)
		set("delivery_controls.limit_send_config.enabled", true)
		set("conversion_goal_details.goals[0].goal_event_attribute.condition", "between")
		set("conversion_goal_details.goals[0].goal_event_attribute.data_type", "OBJECT")
		set("control_group_details.is_campaign_control_group_enabled", true)
		set("campaign_audience_limit.is_campaign_audience_limit_enabled", true)
		set("campaign_content.locales", []string{"es"})
		return c
	}
	for _, dt := range append(slices.Clone(model.PushCreateDeliveryTypes), model.DeliveryLiveActivity) {
		for _, delay := range []string{model.DelayFixed, model.DelayIntelligent} {
			for _, sched := range []string{model.ScheduleBTS, model.ScheduleUserTimezone} {
				c := base(model.ChannelPush, dt)
				_ = Set(c, "trigger_condition.trigger_delay_type", delay)
				_ = Set(c, "scheduling_details.delivery_type", sched)
				add(c, Selection{Locale: DefaultLocale, Variation: variation(1), Platform: model.PlatformAndroid})
			}
		}
	}
	// Every template of every platform, with its conditional rows open.
	for _, pl := range []string{model.PlatformAndroid, model.PlatformIOS, model.PlatformWeb} {
		for _, tpl := range Templates(pl) {
			for _, personal := range []bool{false, true} {
				c := base(model.ChannelPush, model.DeliveryOneTime)
				mp := MessagePath(c, DefaultLocale, variation(1))
				_ = SetTemplate(c, mp, pl, tpl)
				p := mp + ".push." + strings.ToLower(pl) + "."
				set := func(q string, v any) { _ = Set(c, p+q, v) }
				set("basic_details.default_click_action", model.ClickDeeplinking)
				set("template_backup.default_click_action", model.ClickDeeplinking)
				set("basic_details.carousel_content.slide_data[0].image_click_action", model.ClickDeeplinking)
				set("timer.personalized_value", personal)
				set("timer.timer_ends_at", model.TimerSpecificUserTimezone)
				set("advanced.make_notification_sticky", true)
				set("advanced.auto_dismiss_notification", true)
				set("advanced.icon_image_type", model.IconURL)
				set("buttons[0].click_action_type", model.NamedClickActions[0])
				if tpl == model.TemplateCustom {
					set("custom_template_id", "x")
				}
				add(c, Selection{Locale: DefaultLocale, Variation: variation(1), Platform: pl})
			}
		}
	}
	for _, dt := range model.EmailCreateDeliveryTypes {
		for _, tpl := range []bool{false, true} {
			c := base(model.ChannelEmail, dt)
			mp := MessagePath(c, DefaultLocale, variation(1))
			SetEmailSource(c, mp, tpl)
			_ = Set(c, mp+".email.attachments[0].file_type", model.AttachmentURL)
			add(c, Selection{Locale: DefaultLocale, Variation: variation(1)})
		}
	}
	// A/B: manual shares and auto fields.
	for _, mode := range []string{model.DistributionManual, model.DistributionAuto} {
		c := base(model.ChannelPush, model.DeliveryOneTime)
		_ = AddVariation(c)
		_ = SetDistribution(c, mode)
		add(c, Selection{Locale: DefaultLocale, Variation: variation(1), Platform: model.PlatformAndroid})
	}
	return out
}

// FieldLabel is the form's own label of the field at target, without
// context ("Title", "Queue duration (hours)"); ok is false when the form has
// no row for it and the label was made from the JSON key.
func FieldLabel(target string) (string, bool) {
	k := normTarget(target)
	if strings.Contains(k, "manual_distribution_percentage.variation_") {
		return ShareLabel(lastKey(target)), true
	}
	if l, ok := lookupLabel(k); ok {
		return l, true
	}
	// A list element is named by its noun ("Goal 2"), a key inside a row
	// that edits a whole object (key-value pairs, the iOS audience flags,
	// custom UTM parameters) by that row.
	if strings.HasSuffix(k, "[]") {
		if noun := listNouns[lastKey(k)]; noun != "" {
			return upperFirst(noun), true
		}
	}
	for p := parentPath(k); p != ""; p = parentPath(p) {
		if l, ok := lookupLabel(p); ok {
			return l, true
		}
	}
	return humanize(lastKey(target)), false
}

func lookupLabel(k string) (string, bool) {
	if e, ok := labels()[k]; ok {
		return e.label, true
	}
	if l, ok := objectLabels[k]; ok {
		return l, true
	}
	// A wrong-typed element of a list field is labelled by its list.
	if strings.HasSuffix(k, "[]") {
		if e, ok := labels()[strings.TrimSuffix(k, "[]")]; ok {
			return e.label, true
		}
	}
	if l := objectLabels[lastKey(k)+"@"]; l != "" {
		return l, true
	}
	return "", false
}

// ShareLabel is the label of a variation's manual share.
func ShareLabel(vr string) string {
	return "Share of " + strings.ReplaceAll(vr, "_", " ") + " (%)"
}

// Label names the field at target as a person reads it in the form, with
// the context that tells apart fields of the same name: the platform, the
// list element and the content cell ("Android title (es, variation 2)",
// "Goal 1 event", "Audience filter 2 attribute").
func Label(target string) string {
	l, _ := FieldLabel(target)
	return withContext(target, l)
}

func withContext(target, label string) string {
	var ctx []string
	k := normTarget(target)
	cell := ""
	if strings.HasPrefix(target, "campaign_content.content.") {
		rest := strings.TrimPrefix(target, "campaign_content.content.")
		if !strings.HasPrefix(rest, "push") && !strings.HasPrefix(rest, "email") {
			parts := strings.SplitN(rest, ".", 3)
			var where []string
			if parts[0] != DefaultLocale {
				where = append(where, parts[0])
			}
			if len(parts) > 1 && parts[1] != variation(1) {
				where = append(where, strings.ReplaceAll(parts[1], "_", " "))
			}
			cell = strings.Join(where, ", ")
		}
		if segs := strings.Split(k, "."); len(segs) >= 2 && segs[0] == "push" {
			pl := platformNames[strings.TrimSuffix(segs[1], "[]")]
			if pl != "" && !strings.HasPrefix(label, pl) {
				ctx = append(ctx, pl)
			}
			if strings.Contains(k, ".template_backup.") {
				ctx = append(ctx, "fallback")
			}
		}
	}
	for g, name := range groupNames {
		if strings.HasPrefix(target, g+".") {
			ctx = append(ctx, name)
		}
	}
	// List elements: "goal 1", "filter 2", "slide 3". A target that is the
	// element itself is named by its noun alone.
	segs := strings.Split(target, ".")
	for i, s := range segs {
		j := strings.IndexByte(s, '[')
		if j < 0 {
			continue
		}
		noun := listNouns[s[:j]]
		n, err := strconv.Atoi(strings.Trim(s[j:], "[]"))
		if noun == "" || err != nil {
			continue
		}
		ctx = append(ctx, noun+" "+strconv.Itoa(n+1))
		if i == len(segs)-1 {
			label = ""
		}
	}
	out := label
	if len(ctx) > 0 {
		out = strings.TrimSpace(joinContext(ctx) + " " + lowerFirst(label))
	}
	if cell != "" {
		out += " (" + cell + ")"
	}
	return out
}

func joinContext(ctx []string) string {
	return upperFirst(strings.Join(ctx, " "))
}

// lowerFirst lowers a label's first letter unless it starts an acronym
// ("URL", "APNs", "iOS").
func lowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || !unicode.IsUpper(r) {
		return s
	}
	r2, _ := utf8.DecodeRuneInString(s[n:])
	if unicode.IsUpper(r2) {
		return s
	}
	return string(unicode.ToLower(r)) + s[n:]
}

func upperFirst(s string) string {
	if strings.HasPrefix(s, "iOS") {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

func lastKey(target string) string {
	t := idxRe.ReplaceAllString(target, "")
	if i := strings.LastIndexByte(t, '.'); i >= 0 {
		t = t[i+1:]
	}
	return t
}

// humanize turns a JSON key into words: queue_duration → "Queue duration".
func humanize(key string) string {
	return upperFirst(strings.ReplaceAll(key, "_", " "))
}
