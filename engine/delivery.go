package engine

import (
	"strconv"

	"github.com/campaigns-cli/campaigns/model"
)

var windowUnits = []string{model.Hours, model.Days, model.Weeks, model.Months, model.Year}

// windowMax caps limit_send_config.window_value per unit: one year in total.
func windowMax(unit string) int64 {
	switch unit {
	case model.Days:
		return 365
	case model.Weeks:
		return 52
	case model.Months:
		return 12
	case model.Year:
		return 1
	}
	return 0
}

// applies is a delivery-type set for the "fields that do not apply" rules.
type applies []string

func (a applies) has(dt string) bool { return dt == "" || oneOf(dt, a) }

func (a applies) where() string {
	if len(a) == 1 {
		return "only " + a[0]
	}
	return "only " + list(a)
}

var (
	dcThrottle      = applies{model.DeliveryOneTime, model.DeliveryPeriodic, model.DeliveryBusinessEvent, model.DeliveryLiveActivity}
	dcMinDelay      = applies{model.DeliveryEventTriggered, model.DeliveryDeviceTriggered}
	dcDevice        = applies{model.DeliveryDeviceTriggered}
	dcLocation      = applies{model.DeliveryLocationTriggered}
	dcEvent         = applies{model.DeliveryEventTriggered}
	dcQueuing       = applies{model.DeliveryOneTime, model.DeliveryPeriodic, model.DeliveryEventTriggered, model.DeliveryBusinessEvent}
	dcLimitSend     = applies{model.DeliveryPeriodic, model.DeliveryEventTriggered}
	emailThrottle   = applies{model.DeliveryOneTime, model.DeliveryPeriodic, model.DeliveryEventTriggered, model.DeliveryBusinessEvent}
	hoursStringHint = "`#string` like \"24\""
)

// checkDeliveryControls validates delivery_controls of either channel
// (service-reference §2.16, §3.10).
func checkDeliveryControls(k *checker) {
	d := k.c.DeliveryControls
	p := rootPath("delivery_controls")
	k.types(p, &d.Extra)
	if k.isEmail() {
		deliveryEmail(k, p, d)
	} else if k.isPush() {
		deliveryPush(k, p, d)
	}
	if d.CampaignThrottleRPM != nil && *d.CampaignThrottleRPM < 1 {
		k.add(RuleDeliveryThrottleRPM, p.join("campaign_throttle_rpm"), "`campaign_throttle_rpm` must be a positive number of messages per minute.")
	}
	k.minInt(RuleDeliveryMinimumDelay, p, "minimum_delay_between_two_notification_in_hour", d.MinimumDelayBetweenTwoNotificationInHour, 0)
	if l := d.LimitSendConfig; l != nil {
		limitSend(k, p.sub("limit_send_config"), l)
	}
}

// na reports field sent on a delivery type outside set.
func (k *checker) na(rule RuleID, p *path, key string, sent bool, set applies) {
	if sent && !set.has(k.dtype) {
		k.add(rule, p.join(key), ref(key)+" does not apply to "+k.dtLabel()+" ("+set.where()+"); remove it.")
	}
}

func deliveryPush(k *checker, p *path, d *model.DeliveryControls) {
	if k.dtype == model.DeliveryEventTriggered {
		k.requiredVal(RuleDeliveryBypassDNDRequired, p, "bypass_dnd", d.BypassDND != nil, &d.Extra, " for EVENT_TRIGGERED push campaigns")
	}
	k.na(RuleDeliveryThrottleNotApplicable, p, "campaign_throttle_rpm", d.CampaignThrottleRPM != nil, dcThrottle)
	k.na(RuleDeliveryMinDelayNotApplicable, p, "minimum_delay_between_two_notification_in_hour", d.MinimumDelayBetweenTwoNotificationInHour != nil, dcMinDelay)
	k.na(RuleDeliveryDeviceNotApplicable, p, "max_time_to_show_message_of_same_camapign", d.MaxTimeToShowMessageOfSameCamapign != nil, dcDevice)
	k.na(RuleDeliveryDeviceNotApplicable, p, "expiry_time_of_sync_data_in_hour", d.ExpiryTimeOfSyncDataInHour != nil, dcDevice)
	k.na(RuleDeliveryDeviceNotApplicable, p, "send_message_in_offline_mode", d.SendMessageInOfflineMode != nil, dcDevice)
	k.na(RuleDeliveryLocationNotApplicable, p, "send_limit_value", d.SendLimitValue != nil, dcLocation)
	k.na(RuleDeliveryLocationNotApplicable, p, "send_limit_granularity_in_hours", d.SendLimitGranularityInHours != nil, dcLocation)
	k.na(RuleDeliveryGlobalDelayNotApplicable, p, "ignore_global_minimum_delay", d.IgnoreGlobalMinimumDelay != nil, dcEvent)
	k.na(RuleDeliveryQueuingNotApplicable, p, "queuing_enabled", d.QueuingEnabled != nil, dcQueuing)
	k.na(RuleDeliveryQueuingNotApplicable, p, "queue_duration", d.QueueDuration != nil, dcQueuing)
	k.na(RuleDeliveryLimitSendNotApplicable, p, "limit_send_config", d.LimitSendConfig != nil, dcLimitSend)

	hours := func(key string, v *string, positive bool) {
		if v == nil {
			return
		}
		if f, ok := numeric(*v); !ok || f < 0 || positive && f == 0 {
			k.add(RuleDeliveryHours, p.join(key), ref(key)+" must be a number of hours"+hoursStringHint+".")
		}
	}
	hours("max_time_to_show_message_of_same_camapign", d.MaxTimeToShowMessageOfSameCamapign, false)
	hours("expiry_time_of_sync_data_in_hour", d.ExpiryTimeOfSyncDataInHour, false)
	hours("send_limit_granularity_in_hours", d.SendLimitGranularityInHours, true)
	if v := d.SendLimitValue; v != nil {
		if f, ok := numeric(*v); !ok || f < 1 || f != float64(int64(f)) {
			k.add(RuleDeliverySendLimitValue, p.join("send_limit_value"), "`send_limit_value` must be a whole number of sends, at least 1`#string` like \"2\".")
		}
	}
	queueDuration(k, p, d)
}

// queueDuration: 1–48 hours when queuing is on, 0 when it is off
// (decisions.md §2 row 26).
func queueDuration(k *checker, p *path, d *model.DeliveryControls) {
	target := p.sub("queue_duration")
	on := isTrue(d.QueuingEnabled)
	if d.QueueDuration == nil {
		if on && !wrongType(&d.Extra, "queue_duration") {
			k.require(RuleDeliveryQueueDurationRequired, target.String(), "`queue_duration` is required when `queuing_enabled` is true: 1 to 48 hours.")
		}
		return
	}
	q := *d.QueueDuration
	switch {
	case on && (q < 1 || q > 48):
		k.addValue(RuleDeliveryQueueDuration, target.String(), "`queue_duration` must be 1 to 48 hours when `queuing_enabled` is true, not "+strconv.FormatInt(q, 10)+".", strconv.FormatInt(q, 10), nil)
	case !on && q != 0:
		k.addValue(RuleDeliveryQueueDuration, target.String(), "`queue_duration` must be 0 when `queuing_enabled` is false (or absent), not "+strconv.FormatInt(q, 10)+"; turn queuing on to hold messages 1 to 48 hours.", strconv.FormatInt(q, 10), nil)
	}
}

func deliveryEmail(k *checker, p *path, d *model.DeliveryControls) {
	na := func(key string, sent bool) {
		if sent {
			k.add(RuleDeliveryPushFieldOnEmail, p.join(key), ref(key)+" does not apply to EMAIL campaigns (PUSH only); remove it.")
		}
	}
	na("max_time_to_show_message_of_same_camapign", d.MaxTimeToShowMessageOfSameCamapign != nil)
	na("expiry_time_of_sync_data_in_hour", d.ExpiryTimeOfSyncDataInHour != nil)
	na("send_message_in_offline_mode", d.SendMessageInOfflineMode != nil)
	na("send_limit_value", d.SendLimitValue != nil)
	na("send_limit_granularity_in_hours", d.SendLimitGranularityInHours != nil)
	na("ignore_global_minimum_delay", d.IgnoreGlobalMinimumDelay != nil)
	na("queuing_enabled", d.QueuingEnabled != nil)
	na("queue_duration", d.QueueDuration != nil)
	k.na(RuleDeliveryThrottleNotApplicable, p, "campaign_throttle_rpm", d.CampaignThrottleRPM != nil, emailThrottle)
	// minimum_delay_between_two_notification_in_hour is accepted on every
	// Email delivery type and limit_send_config on TRANSACTIONAL emails:
	// the real service's examples send them (decisions.md §2, rules the
	// spec does not state).
	k.na(RuleDeliveryLimitSendNotApplicable, p, "limit_send_config", d.LimitSendConfig != nil, dcLimitSend)
}

func limitSend(k *checker, p *path, l *model.LimitSendConfig) {
	k.types(p, &l.Extra)
	k.requiredVal(RuleDeliveryLimitSendEnabledRequired, p, "enabled", l.Enabled != nil, &l.Extra, " in `limit_send_config`")
	k.minInt(RuleDeliveryLimitSendCount, p, "max_count", l.MaxCount, 1)
	k.minInt(RuleDeliveryLimitSendWindow, p, "window_value", l.WindowValue, 1)
	k.enum(RuleDeliveryLimitSendUnit, p, "window_unit", l.WindowUnit, windowUnits)
	if !isTrue(l.Enabled) {
		return
	}
	why := " when `limit_send_config` is enabled"
	k.requiredVal(RuleDeliveryLimitSendRequired, p, "max_count", l.MaxCount != nil, &l.Extra, why)
	k.requiredVal(RuleDeliveryLimitSendRequired, p, "window_value", l.WindowValue != nil, &l.Extra, why)
	k.requiredStr(RuleDeliveryLimitSendRequired, p, "window_unit", l.WindowUnit, &l.Extra, why)
	unit := model.Str(l.WindowUnit)
	if unit == model.Hours && k.dtype != "" && k.dtype != model.DeliveryEventTriggered {
		k.add(RuleDeliveryLimitSendHours, p.join("window_unit"), "`window_unit` HOURS is only for EVENT_TRIGGERED campaigns; use DAYS, WEEKS, MONTHS or YEAR.")
	}
	if max := windowMax(unit); max > 0 && l.WindowValue != nil && *l.WindowValue > max {
		k.add(RuleDeliveryLimitSendWindowMax, p.join("window_value"), "`window_value` must be at most "+strconv.FormatInt(max, 10)+" "+lit(unit)+": the window is at most one year.")
	}
}
