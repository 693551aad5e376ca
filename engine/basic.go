package engine

import (
	"strconv"

	"campaigns/model"
)

const bdPath = "basic_details"

var allPlatforms = []string{model.PlatformAndroid, model.PlatformIOS, model.PlatformWeb}

// checkBasicDetails validates basic_details of either channel.
func checkBasicDetails(k *checker) {
	bd := k.c.BasicDetails
	k.types(bdPath, &bd.Extra)
	k.strings("basic.tags", bdPath+".tags", bd.Tags, "a tag")
	basicBusinessEvent(k, bd)
	if k.isEmail() {
		basicEmail(k, bd)
		return
	}
	if k.isPush() {
		basicPush(k, bd)
	}
}

func basicBusinessEvent(k *checker, bd *model.BasicDetails) {
	if k.dtype == model.DeliveryBusinessEvent {
		k.requiredStr("basic.business_event_required", bdPath, "business_event", bd.BusinessEvent, &bd.Extra, " for BUSINESS_EVENT_TRIGGERED campaigns")
		return
	}
	if k.dtype != "" {
		k.notApplicable("basic.business_event_not_applicable", bdPath+".business_event", "business_event", bd.BusinessEvent != nil, "to "+k.dtLabel()+" (only BUSINESS_EVENT_TRIGGERED)")
	}
}

// pushOnlyBasic and emailOnlyBasic list the fields of the other channel's
// basic_details shape.
func basicEmail(k *checker, bd *model.BasicDetails) {
	na := func(key string, sent bool) {
		k.notApplicable("basic.push_field_on_email", bdPath+"."+key, key, sent, "to EMAIL campaigns (PUSH only)")
	}
	na("platforms", bd.Platforms != nil)
	na("broadcast_live_activity_id", bd.BroadcastLiveActivityID != nil)
	na("geofences", bd.Geofences != nil)
	na("send_to_triggered_platform_only", bd.SendToTriggeredPlatformOnly != nil)
	na("platform_specific_details", bd.PlatformSpecificDetails != nil)

	k.enum("basic.content_type", bdPath, "content_type", bd.ContentType, []string{model.ContentPromotional, model.ContentTransactional})
	if str(bd.ContentType) == model.ContentPromotional {
		k.requiredStr("basic.subscription_category_required", bdPath, "subscription_category", bd.SubscriptionCategory, &bd.Extra, " when content_type is PROMOTIONAL")
	} else if bd.SubscriptionCategory != nil && blank(bd.SubscriptionCategory) {
		k.add("basic.subscription_category_required", bdPath+".subscription_category", "subscription_category must not be empty.")
	}
	if bd.UserAttributeIdentifier != nil && blank(bd.UserAttributeIdentifier) {
		k.add("basic.user_attribute_identifier", bdPath+".user_attribute_identifier", "user_attribute_identifier must name the user attribute holding the email, like \"Email (Standard)\" or \"SVC_EMAIL_ID\".")
	}
}

func basicPush(k *checker, bd *model.BasicDetails) {
	na := func(key string, sent bool) {
		k.notApplicable("basic.email_field_on_push", bdPath+"."+key, key, sent, "to PUSH campaigns (EMAIL only)")
	}
	na("content_type", bd.ContentType != nil)
	na("subscription_category", bd.SubscriptionCategory != nil)
	na("user_attribute_identifier", bd.UserAttributeIdentifier != nil)

	basicPlatforms(k, bd)
	if k.dtype == model.DeliveryLiveActivity {
		if k.targets(model.PlatformIOS) {
			k.requiredStr("basic.live_activity_id_required", bdPath, "broadcast_live_activity_id", bd.BroadcastLiveActivityID, &bd.Extra, " for BROADCAST_LIVE_ACTIVITY on iOS")
		}
	} else if k.dtype != "" {
		k.notApplicable("basic.live_activity_id_not_applicable", bdPath+".broadcast_live_activity_id", "broadcast_live_activity_id", bd.BroadcastLiveActivityID != nil, "to "+k.dtLabel()+" (only BROADCAST_LIVE_ACTIVITY)")
	}
	if k.dtype != "" && k.dtype != model.DeliveryEventTriggered {
		k.notApplicable("basic.triggered_platform_not_applicable", bdPath+".send_to_triggered_platform_only", "send_to_triggered_platform_only", bd.SendToTriggeredPlatformOnly != nil, "to "+k.dtLabel()+" (only EVENT_TRIGGERED)")
	}
	switch {
	case k.dtype == model.DeliveryLocationTriggered:
		if bd.Geofences == nil {
			k.requiredVal("basic.geofences_required", bdPath, "geofences", false, &bd.Extra, " for LOCATION_TRIGGERED campaigns")
		}
	case k.dtype != "":
		k.notApplicable("basic.geofences_not_applicable", bdPath+".geofences", "geofences", bd.Geofences != nil, "to "+k.dtLabel()+" (only LOCATION_TRIGGERED)")
	}
	if bd.Geofences != nil {
		geofence(k, bd.Geofences)
	}
	if ps := bd.PlatformSpecificDetails; ps != nil {
		platformSpecific(k, ps)
	}
}

func basicPlatforms(k *checker, bd *model.BasicDetails) {
	p := bdPath + ".platforms"
	for i, pl := range bd.Platforms {
		if !oneOf(pl, allPlatforms) {
			k.add("basic.platforms", index(p, i), "platform "+strconv.Quote(pl)+" is not allowed: use "+list(allPlatforms)+".")
			continue
		}
		for j := 0; j < i; j++ {
			if bd.Platforms[j] == pl {
				k.add("basic.platforms_duplicate", index(p, i), "platform "+pl+" is listed twice.")
			}
		}
	}
}

var (
	granularities = []string{model.Minutes, model.Hours, model.Days}
	triggeredAts  = []string{model.TriggeredEntry, model.TriggeredExit, model.TriggeredDwell}
)

func geofence(k *checker, g *model.Geofence) {
	p := bdPath + ".geofences"
	k.types(p, &g.Extra)
	req := func(key string, v *string) bool {
		return k.requiredStr("geofence.required", p, key, v, &g.Extra, " in a geofence")
	}
	req("name", g.Name)
	if req("latitude", g.Latitude) && g.Latitude != nil {
		if f, ok := numeric(*g.Latitude); !ok || f < -90 || f > 90 {
			k.add("geofence.latitude", p+".latitude", "latitude must be a number from -90 to 90, sent as a string like \"12.97\".")
		}
	}
	if req("longitude", g.Longitude) && g.Longitude != nil {
		if f, ok := numeric(*g.Longitude); !ok || f < -180 || f > 180 {
			k.add("geofence.longitude", p+".longitude", "longitude must be a number from -180 to 180, sent as a string like \"77.59\".")
		}
	}
	if req("radius", g.Radius) && g.Radius != nil {
		if f, ok := numeric(*g.Radius); !ok || f <= 0 {
			k.add("geofence.radius", p+".radius", "radius must be a positive number of metres, sent as a string like \"500\".")
		}
	}
	if req("response_time_value", g.ResponseTimeValue) && g.ResponseTimeValue != nil {
		if f, ok := numeric(*g.ResponseTimeValue); !ok || f < 0 {
			k.add("geofence.response_time_value", p+".response_time_value", "response_time_value must be a non-negative number, sent as a string like \"5\".")
		}
	}
	if req("response_time_granularity", g.ResponseTimeGranularity) {
		k.enum("geofence.response_time_granularity", p, "response_time_granularity", g.ResponseTimeGranularity, granularities)
	}
	if req("triggered_at", g.TriggeredAt) {
		k.enum("geofence.triggered_at", p, "triggered_at", g.TriggeredAt, triggeredAts)
	}
	if str(g.TriggeredAt) == model.TriggeredDwell {
		if k.requiredStr("geofence.dwell_required", p, "dwell_time_value", g.DwellTimeValue, &g.Extra, " when triggered_at is dwell") && g.DwellTimeValue != nil {
			if f, ok := numeric(*g.DwellTimeValue); !ok || f <= 0 {
				k.add("geofence.dwell_time_value", p+".dwell_time_value", "dwell_time_value must be a positive number, sent as a string like \"10\".")
			}
		}
		if k.requiredStr("geofence.dwell_required", p, "dwell_time_granularity", g.DwellTimeGranularity, &g.Extra, " when triggered_at is dwell") {
			k.enum("geofence.dwell_time_granularity", p, "dwell_time_granularity", g.DwellTimeGranularity, granularities)
		}
	} else {
		k.enum("geofence.dwell_time_granularity", p, "dwell_time_granularity", g.DwellTimeGranularity, granularities)
	}
}

func platformSpecific(k *checker, ps *model.PlatformSpecific) {
	p := bdPath + ".platform_specific_details"
	k.types(p, &ps.Extra)
	if a := ps.Android; a != nil {
		k.types(p+".android", &a.Extra)
	}
	if ios := ps.IOS; ios != nil {
		ip := p + ".ios"
		k.types(ip, &ios.Extra)
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
			k.add("push.ios.audience_flags", ip, "exactly one of send_to_all_eligible_device, exclude_provisional_push_devices and send_to_only_provisional_push_enabled_devices must be true; "+what+".")
		}
	}
}
