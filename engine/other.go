package engine

import (
	"maps"
	"slices"
	"strconv"

	"github.com/campaigns-cli/campaigns/model"
)

var (
	expireTypes       = []string{model.Hour, model.Day}
	removeTypes       = []string{model.Day}
	interruptionLevel = []string{model.InterruptionPassive, model.InterruptionActive, model.InterruptionTimeSensitive, model.InterruptionCritical}
)

// checkAdvanced validates the campaign-level advanced component.
func checkAdvanced(k *checker) {
	a := k.c.Advanced
	p := rootPath("advanced")
	k.types(p, &a.Extra)
	if e := a.ExpirationSettings; e != nil {
		ep := p.sub("expiration_settings")
		k.types(ep, &e.Extra)
		k.minInt(RuleAdvancedExpirationValue, ep, "expire_notification_after_value", e.ExpireNotificationAfterValue, 1)
		k.enum(RuleAdvancedExpirationType, ep, "expire_notification_after_type", e.ExpireNotificationAfterType, expireTypes)
		k.minInt(RuleAdvancedExpirationValue, ep, "remove_from_inbox_after_value", e.RemoveFromInboxAfterValue, 1)
		k.enum(RuleAdvancedExpirationType, ep, "remove_from_inbox_after_type", e.RemoveFromInboxAfterType, removeTypes)
		if e.ExpireNotificationAfterValue != nil {
			k.requiredStr(RuleAdvancedExpirationTypeRequired, ep, "expire_notification_after_type", e.ExpireNotificationAfterType, &e.Extra, " with `expire_notification_after_value`")
		}
		if e.RemoveFromInboxAfterValue != nil {
			k.requiredStr(RuleAdvancedExpirationTypeRequired, ep, "remove_from_inbox_after_type", e.RemoveFromInboxAfterType, &e.Extra, " with `remove_from_inbox_after_value`")
		}
	}
	if pp := a.PlatformLevelPriority; pp != nil {
		lp := p.sub("platform_level_priority")
		k.types(lp, &pp.Extra)
		if ap := pp.AndroidSpecificPriority; ap != nil {
			k.types(lp.sub("android_specific_priority"), &ap.Extra)
		}
		if ip := pp.IOSSpecificPriority; ip != nil {
			ipp := lp.sub("ios_specific_priority")
			k.types(ipp, &ip.Extra)
			k.enum(RuleAdvancedAPNSPriority, ipp, "apns_priority", ip.APNSPriority, model.APNSPriorities)
			k.enum(RuleAdvancedInterruptionLevel, ipp, "interruption_level", ip.InterruptionLevel, interruptionLevel)
			if r := ip.RelevanceScore; r != nil && *r != 0 && *r != 0.5 && *r != 1 {
				k.add(RuleAdvancedRelevanceScore, ipp.join("relevance_score"), "`relevance_score` must be 0, 0.5 or 1.")
			}
		}
	}
}

// checkGoals validates conversion_goal_details.
func checkGoals(k *checker) {
	g := k.c.ConversionGoalDetails
	p := rootPath("conversion_goal_details")
	k.types(p, &g.Extra)
	k.minInt(RuleGoalsAttributionWindow, p, "attribution_window_in_hours", g.AttributionWindowInHours, 1)
	for i := range g.Goals {
		goal := &g.Goals[i]
		gp := p.sub("goals").el(i)
		k.types(gp, &goal.Extra)
		k.requiredStr(RuleGoalsRequired, gp, "goal_name", goal.GoalName, &goal.Extra, " in a goal")
		k.requiredStr(RuleGoalsRequired, gp, "goal_event_name", goal.GoalEventName, &goal.Extra, " in a goal")
		if a := goal.GoalEventAttribute; a != nil {
			ap := gp.sub("goal_event_attribute")
			k.types(ap, &a.Extra)
			k.requiredStr(RuleGoalsAttributeRequired, ap, "name", a.Name, &a.Extra, " in `goal_event_attribute`")
			k.enum(RuleGoalsAttributeDataType, ap, "data_type", a.DataType, model.GoalDataTypes)
		}
	}
}

// checkControlGroup validates control_group_details.
func checkControlGroup(k *checker) {
	g := k.c.ControlGroupDetails
	p := rootPath("control_group_details")
	k.types(p, &g.Extra)
	if isTrue(g.IsCampaignControlGroupEnabled) {
		k.requiredVal(RuleControlGroupPercentageRequired, p, "campaign_control_group_percentage", g.CampaignControlGroupPercentage != nil, &g.Extra, " when `is_campaign_control_group_enabled` is true")
	}
	if v := g.CampaignControlGroupPercentage; v != nil && (*v < 0 || *v > 100) {
		k.addValue(RuleControlGroupPercentage, p.join("campaign_control_group_percentage"), "`campaign_control_group_percentage` must be 0 to 100, not "+strconv.FormatInt(*v, 10)+".", strconv.FormatInt(*v, 10), nil)
	}
}

// maxCustomUTM is the number of UTM keys allowed besides the five standard
// ones (decisions.md §2 row 9); utm_custom counts as one of them.
const maxCustomUTM = 5

// checkUTM validates utm_params. Custom parameters are the keys the model
// does not name, so here (and only here) unknown keys are checked.
func checkUTM(k *checker) {
	u := k.c.UTMParams
	p := rootPath("utm_params")
	k.types(p, &u.Extra)
	k.requiredStr(RuleUTMRequired, p, "utm_source", u.UTMSource, &u.Extra, " when UTM parameters are used")
	k.requiredStr(RuleUTMRequired, p, "utm_medium", u.UTMMedium, &u.Extra, " when UTM parameters are used")
	custom := len(u.Extra.Unknown)
	if u.UTMCustom != nil || wrongType(&u.Extra, "utm_custom") {
		custom++
	}
	if custom > maxCustomUTM {
		k.add(RuleUTMCustomCount, p.String(), "at most "+strconv.Itoa(maxCustomUTM)+" custom UTM parameters are allowed besides `utm_source`, `utm_medium`, `utm_campaign`, `utm_term` and `utm_content`; "+strconv.Itoa(custom)+" were sent.")
	}
	if len(u.Extra.Unknown) > 0 {
		keys := slices.Sorted(maps.Keys(u.Extra.Unknown))
		for _, key := range keys {
			switch u.Extra.Unknown[key].(type) {
			case string:
			default:
				k.add(RuleUTMCustomString, p.join(key), "custom UTM parameter "+ref(key)+" must be a string.")
			}
			if key == "" {
				k.add(RuleUTMCustomName, p.String(), "a custom UTM parameter needs a non-empty name.")
			}
		}
	}
}

var (
	metrics             = []string{model.MetricSent}
	audienceFrequencies = []string{model.FrequencyTotal, model.FrequencyInstance}
)

// checkAudienceLimit validates campaign_audience_limit (decisions.md §2 row 10).
func checkAudienceLimit(k *checker) {
	a := k.c.CampaignAudienceLimit
	p := rootPath("campaign_audience_limit")
	if !k.opts.Features.AudienceLimit {
		k.add(RuleAudienceLimitFeature, p.String(), "Campaign Audience Limit feature is not enabled for this workspace; remove `campaign_audience_limit` or ask for the feature.")
		return
	}
	if k.dtype == model.DeliveryLiveActivity {
		k.add(RuleAudienceLimitLiveActivity, p.String(), "`campaign_audience_limit` is not supported for BROADCAST_LIVE_ACTIVITY campaigns; remove it.")
		return
	}
	k.types(p, &a.Extra)
	if !k.requiredVal(RuleAudienceLimitEnabledRequired, p, "is_campaign_audience_limit_enabled", a.IsCampaignAudienceLimitEnabled != nil, &a.Extra, "") {
		return
	}
	k.enum(RuleAudienceLimitMetric, p, "metric", a.Metric, metrics)
	k.enum(RuleAudienceLimitFrequency, p, "frequency", a.Frequency, audienceFrequencies)
	if v := a.Limit; v != nil && (*v < 1 || *v > model.AudienceLimitMax) {
		k.addValue(RuleAudienceLimitLimit, p.join("limit"), "`limit` must be 1 to 9,999,999,999 users, not "+strconv.FormatInt(*v, 10)+".", strconv.FormatInt(*v, 10), nil)
	}
	if model.Str(a.Frequency) == model.FrequencyInstance && k.dtype != "" && !(k.isPush() && k.dtype == model.DeliveryPeriodic) {
		k.add(RuleAudienceLimitInstance, p.join("frequency"), "`frequency` INSTANCE (a cap per send) is only for PERIODIC push campaigns; use TOTAL.")
	}
	enabled := a.IsCampaignAudienceLimitEnabled != nil && *a.IsCampaignAudienceLimitEnabled
	oneTime := k.dtype == model.DeliveryOneTime
	if oneTime {
		k.notApplicable(RuleAudienceLimitOneTime, p, "metric", a.Metric != nil, "to ONE_TIME campaigns (send only `is_campaign_audience_limit_enabled` and limit)")
		k.notApplicable(RuleAudienceLimitOneTime, p, "frequency", a.Frequency != nil, "to ONE_TIME campaigns (send only `is_campaign_audience_limit_enabled` and limit)")
	}
	if enabled {
		why := " when `is_campaign_audience_limit_enabled` is true"
		if !oneTime {
			k.requiredStr(RuleAudienceLimitRequired, p, "metric", a.Metric, &a.Extra, why)
			k.requiredStr(RuleAudienceLimitRequired, p, "frequency", a.Frequency, &a.Extra, why)
		}
		k.requiredVal(RuleAudienceLimitRequired, p, "limit", a.Limit != nil, &a.Extra, why)
		return
	}
	off := func(key string, sent bool) {
		if sent {
			k.add(RuleAudienceLimitDisabled, p.join(key), ref(key)+" must not be sent when `is_campaign_audience_limit_enabled` is false.")
		}
	}
	if !oneTime {
		off("metric", a.Metric != nil)
		off("frequency", a.Frequency != nil)
	}
	off("limit", a.Limit != nil)
}
