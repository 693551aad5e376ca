package engine

import (
	"strconv"

	"github.com/campaigns-cli/campaigns/model"
)

var allPlatforms = []string{model.PlatformAndroid, model.PlatformIOS, model.PlatformWeb}

// checkBasicDetails validates basic_details of either channel.
func checkBasicDetails(k *checker) {
	bd := k.c.BasicDetails
	p := root("basic_details")
	k.types(&p, &bd.Extra)
	tags := p.at("tags")
	k.strings(RuleBasicTags, &tags, bd.Tags, "a tag")
	basicBusinessEvent(k, &p, bd)
	if k.isEmail() {
		basicEmail(k, &p, bd)
		return
	}
	if k.isPush() {
		basicPush(k, &p, bd)
	}
}

func basicBusinessEvent(k *checker, p *path, bd *model.BasicDetails) {
	if k.dtype == model.DeliveryBusinessEvent {
		k.requiredStr(RuleBasicBusinessEventRequired, p, "business_event", bd.BusinessEvent, &bd.Extra, " for BUSINESS_EVENT_TRIGGERED campaigns")
		return
	}
	if k.dtype != "" {
		k.naType(RuleBasicBusinessEventNotApplicable, p, "business_event", bd.BusinessEvent != nil, "only BUSINESS_EVENT_TRIGGERED")
	}
}

// basicEmail: the Push fields of basic_details do not apply to EMAIL.
func basicEmail(k *checker, p *path, bd *model.BasicDetails) {
	na := func(key string, sent bool) {
		k.notApplicable(RuleBasicPushFieldOnEmail, p, key, sent, "to EMAIL campaigns (PUSH only)")
	}
	na("platforms", bd.Platforms != nil)
	na("broadcast_live_activity_id", bd.BroadcastLiveActivityID != nil)
	na("geofences", bd.Geofences != nil)
	na("send_to_triggered_platform_only", bd.SendToTriggeredPlatformOnly != nil)
	na("platform_specific_details", bd.PlatformSpecificDetails != nil)

	k.enum(RuleBasicContentType, p, "content_type", bd.ContentType, contentTypes)
	if model.Str(bd.ContentType) == model.ContentPromotional {
		k.requiredStr(RuleBasicSubscriptionCategoryRequired, p, "subscription_category", bd.SubscriptionCategory, &bd.Extra, " when `content_type` is PROMOTIONAL")
	} else if bd.SubscriptionCategory != nil && blank(bd.SubscriptionCategory) {
		k.add(RuleBasicSubscriptionCategoryRequired, p.join("subscription_category"), "`subscription_category` must not be empty.")
	}
	if bd.UserAttributeIdentifier != nil && blank(bd.UserAttributeIdentifier) {
		k.add(RuleBasicUserAttributeIdentifier, p.join("user_attribute_identifier"), "`user_attribute_identifier` must name the user attribute holding the email, like \"Email (Standard)\" or \"SVC_EMAIL_ID\".")
	}
}

func basicPush(k *checker, p *path, bd *model.BasicDetails) {
	na := func(key string, sent bool) {
		k.notApplicable(RuleBasicEmailFieldOnPush, p, key, sent, "to PUSH campaigns (EMAIL only)")
	}
	na("content_type", bd.ContentType != nil)
	na("subscription_category", bd.SubscriptionCategory != nil)
	na("user_attribute_identifier", bd.UserAttributeIdentifier != nil)

	basicPlatforms(k, p, bd)
	if k.dtype == model.DeliveryLiveActivity {
		if k.targets(model.PlatformIOS) {
			k.requiredStr(RuleBasicLiveActivityIDRequired, p, "broadcast_live_activity_id", bd.BroadcastLiveActivityID, &bd.Extra, " for BROADCAST_LIVE_ACTIVITY on iOS")
		}
	} else if k.dtype != "" {
		k.naType(RuleBasicLiveActivityIDNotApplicable, p, "broadcast_live_activity_id", bd.BroadcastLiveActivityID != nil, "only BROADCAST_LIVE_ACTIVITY")
	}
	if k.dtype != "" && k.dtype != model.DeliveryEventTriggered {
		k.naType(RuleBasicTriggeredPlatformNotApplicable, p, "send_to_triggered_platform_only", bd.SendToTriggeredPlatformOnly != nil, "only EVENT_TRIGGERED")
	}
	switch {
	case k.dtype == model.DeliveryLocationTriggered:
		if bd.Geofences == nil {
			k.requiredVal(RuleBasicGeofencesRequired, p, "geofences", false, &bd.Extra, " for LOCATION_TRIGGERED campaigns")
		}
	case k.dtype != "":
		k.naType(RuleBasicGeofencesNotApplicable, p, "geofences", bd.Geofences != nil, "only LOCATION_TRIGGERED")
	}
	if bd.Geofences != nil {
		gp := p.at("geofences")
		geofence(k, &gp, bd.Geofences)
	}
	if ps := bd.PlatformSpecificDetails; ps != nil {
		pp := p.at("platform_specific_details")
		platformSpecific(k, &pp, ps)
	}
}

func basicPlatforms(k *checker, bp *path, bd *model.BasicDetails) {
	p := bp.at("platforms")
	var seen uint8
	for i, pl := range bd.Platforms {
		if !oneOf(pl, allPlatforms) {
			ip := p.item(i)
			k.addValue(RuleBasicPlatforms, ip.String(), "platform "+quote(pl)+" is not allowed: use "+list(allPlatforms)+".", pl, allPlatforms)
			continue
		}
		if bit := platformBit(pl); seen&bit != 0 {
			ip := p.item(i)
			k.add(RuleBasicPlatformsDuplicate, ip.String(), "platform "+lit(pl)+" is listed twice.")
		} else {
			seen |= bit
		}
	}
}

var (
	contentTypes  = []string{model.ContentPromotional, model.ContentTransactional}
	granularities = []string{model.Minutes, model.Hours, model.Days}
	triggeredAts  = []string{model.TriggeredEntry, model.TriggeredExit, model.TriggeredDwell}
)

func geofence(k *checker, p *path, g *model.Geofence) {
	k.types(p, &g.Extra)
	req := func(key string, v *string) bool {
		return k.requiredStr(RuleGeofenceRequired, p, key, v, &g.Extra, " in a geofence")
	}
	req("name", g.Name)
	if req("latitude", g.Latitude) && g.Latitude != nil {
		if f, ok := numeric(*g.Latitude); !ok || f < -90 || f > 90 {
			k.add(RuleGeofenceLatitude, p.join("latitude"), "`latitude` must be a number from -90 to 90`#string` like \"12.97\".")
		}
	}
	if req("longitude", g.Longitude) && g.Longitude != nil {
		if f, ok := numeric(*g.Longitude); !ok || f < -180 || f > 180 {
			k.add(RuleGeofenceLongitude, p.join("longitude"), "`longitude` must be a number from -180 to 180`#string` like \"77.59\".")
		}
	}
	if req("radius", g.Radius) && g.Radius != nil {
		if f, ok := numeric(*g.Radius); !ok || f <= 0 {
			k.add(RuleGeofenceRadius, p.join("radius"), "`radius` must be a positive number of metres`#string` like \"500\".")
		}
	}
	if req("response_time_value", g.ResponseTimeValue) && g.ResponseTimeValue != nil {
		if f, ok := numeric(*g.ResponseTimeValue); !ok || f < 0 {
			k.add(RuleGeofenceResponseTimeValue, p.join("response_time_value"), "`response_time_value` must be a non-negative number`#string` like \"5\".")
		}
	}
	if req("response_time_granularity", g.ResponseTimeGranularity) {
		k.enum(RuleGeofenceResponseTimeGranularity, p, "response_time_granularity", g.ResponseTimeGranularity, granularities)
	}
	if req("triggered_at", g.TriggeredAt) {
		k.enum(RuleGeofenceTriggeredAt, p, "triggered_at", g.TriggeredAt, triggeredAts)
	}
	if model.Str(g.TriggeredAt) == model.TriggeredDwell {
		if k.requiredStr(RuleGeofenceDwellRequired, p, "dwell_time_value", g.DwellTimeValue, &g.Extra, " when `triggered_at` is dwell") && g.DwellTimeValue != nil {
			if f, ok := numeric(*g.DwellTimeValue); !ok || f <= 0 {
				k.add(RuleGeofenceDwellTimeValue, p.join("dwell_time_value"), "`dwell_time_value` must be a positive number`#string` like \"10\".")
			}
		}
		if k.requiredStr(RuleGeofenceDwellRequired, p, "dwell_time_granularity", g.DwellTimeGranularity, &g.Extra, " when `triggered_at` is dwell") {
			k.enum(RuleGeofenceDwellTimeGranularity, p, "dwell_time_granularity", g.DwellTimeGranularity, granularities)
		}
	} else {
		k.enum(RuleGeofenceDwellTimeGranularity, p, "dwell_time_granularity", g.DwellTimeGranularity, granularities)
	}
}

func platformSpecific(k *checker, p *path, ps *model.PlatformSpecific) {
	k.types(p, &ps.Extra)
	if a := ps.Android; a != nil {
		ap := p.at("android")
		k.types(&ap, &a.Extra)
	}
	if ios := ps.IOS; ios != nil {
		ip := p.at("ios")
		k.types(&ip, &ios.Extra)
		n := 0
		for _, f := range []*bool{ios.SendToAllEligibleDevice, ios.ExcludeProvisionalPushDevices, ios.SendToOnlyProvisionalPushEnabledDevices} {
			if isTrue(f) {
				n++
			}
		}
		if n != 1 {
			what := "none is"
			if n > 1 {
				what = strconv.Itoa(n) + " are"
			}
			k.add(RulePushIOSAudienceFlags, ip.String(), "exactly one of `send_to_all_eligible_device`, `exclude_provisional_push_devices` and `send_to_only_provisional_push_enabled_devices` must be true; "+what+".")
		}
	}
}
