package engine

import (
	"github.com/campaigns-cli/campaigns/model"
)

var (
	scheduleTypes   = []string{model.ScheduleASAP, model.ScheduleFixedTime, model.ScheduleBTS, model.ScheduleUserTimezone}
	frequencies     = []string{model.FrequencyDaily, model.FrequencyWeekly, model.FrequencyMonthly}
	notifySchedules = []string{model.NotifyAlways, model.NotifyLimitedTime}
)

// checkScheduling validates scheduling_details (service-reference §2.15, §3.9).
func checkScheduling(k *checker) {
	s := k.c.SchedulingDetails
	p := rootPath("scheduling_details")
	k.types(p, &s.Extra)
	k.enum(RuleSchedulingDeliveryType, p, "delivery_type", s.DeliveryType, scheduleTypes)
	k.dateTime(RuleSchedulingStartTime, p, "start_time", s.StartTime)
	k.dateTime(RuleSchedulingExpiryTime, p, "expiry_time", s.ExpiryTime)
	if s.Timezone != nil && !ValidTimezone(*s.Timezone) {
		k.addValue(RuleSchedulingTimezone, p.join("timezone"), "`timezone` "+quote(*s.Timezone)+" is not an IANA time zone name like \"Asia/Kolkata\" or \"Europe/Madrid\".", *s.Timezone, nil)
	}
	if s.StartTime != nil && s.ExpiryTime != nil && validDateTime(*s.StartTime) && validDateTime(*s.ExpiryTime) && *s.ExpiryTime <= *s.StartTime {
		k.add(RuleSchedulingExpiryAfterStart, p.join("expiry_time"), "`expiry_time` must be later than `start_time`.")
	}
	switch dt := model.Str(s.DeliveryType); dt {
	case model.ScheduleFixedTime, model.ScheduleBTS, model.ScheduleUserTimezone:
		why := " when `delivery_type` is " + dt
		k.requiredStr(RuleSchedulingStartTimeRequired, p, "start_time", s.StartTime, &s.Extra, why)
		// timezone: required at publish only (decisions.md §2 row 14): a
		// draft is built step by step, and the real service's own
		// examples create AT_FIXED_TIME drafts without one.
		if dt != model.ScheduleUserTimezone && k.publish() {
			k.requiredStr(RuleSchedulingTimezoneRequired, p, "timezone", s.Timezone, &s.Extra, why+" (for publish)")
		}
		if dt == model.ScheduleBTS {
			k.requiredVal(RuleSchedulingBTSRequired, p, "bts_details", s.BTSDetails != nil, &s.Extra, why)
		}
		if dt == model.ScheduleUserTimezone {
			k.requiredVal(RuleSchedulingUserTimezoneRequired, p, "user_timezone_details", s.UserTimezoneDetails != nil, &s.Extra, why)
		}
	}
	if b := s.BTSDetails; b != nil {
		k.types(p.sub("bts_details"), &b.Extra)
	}
	if u := s.UserTimezoneDetails; u != nil {
		k.types(p.sub("user_timezone_details"), &u.Extra)
	}
	if k.dtype == model.DeliveryPeriodic {
		if s.PeriodicDetails == nil {
			k.requiredVal(RuleSchedulingPeriodicRequired, p, "periodic_details", false, &s.Extra, " for PERIODIC campaigns")
		}
		if s.DeliveryType != nil && *s.DeliveryType != model.ScheduleFixedTime {
			k.addValue(RuleSchedulingPeriodicFixedTime, p.join("delivery_type"), "PERIODIC campaigns are sent AT_FIXED_TIME; `delivery_type` "+quote(*s.DeliveryType)+" is not allowed.", *s.DeliveryType, []string{model.ScheduleFixedTime})
		}
	} else if k.dtype != "" {
		k.naType(RuleSchedulingPeriodicNotApplicable, p, "periodic_details", s.PeriodicDetails != nil, "only PERIODIC")
	}
	if s.PeriodicDetails != nil {
		periodic(k, p.sub("periodic_details"), s.PeriodicDetails)
	}
	if k.dtype != "" && k.dtype != model.DeliveryLocationTriggered {
		k.naType(RuleSchedulingGeoFenceNotApplicable, p, "geo_fence_timelimit", s.GeoFenceTimelimit != nil, "only LOCATION_TRIGGERED")
	}
	if g := s.GeoFenceTimelimit; g != nil {
		geoTimelimit(k, p.sub("geo_fence_timelimit"), g)
	}
}

func periodic(k *checker, p *path, pd *model.Periodic) {
	k.types(p, &pd.Extra)
	if k.requiredStr(RuleSchedulingSendingFrequencyRequired, p, "sending_frequency", pd.SendingFrequency, &pd.Extra, " in `periodic_details`") {
		k.enum(RuleSchedulingSendingFrequency, p, "sending_frequency", pd.SendingFrequency, frequencies)
	}
	k.minInt(RuleSchedulingRepeatFrequency, p, "repeat_frequency", pd.RepeatFrequency, 1)
	k.minInt(RuleSchedulingNoOfOccurences, p, "no_of_occurences", pd.NoOfOccurences, 1)
	for i, d := range pd.RepeatOnDateOfMonth {
		if d < 1 || d > 31 {
			k.add(RuleSchedulingDateOfMonth, p.sub("repeat_on_date_of_month").el(i).String(), "a day of the month must be from 1 to 31.")
		}
	}
	weekdays(k, p.sub("repeat_on_days_of_week"), pd.RepeatOnDaysOfWeek)
	for i := range pd.RepeatOnDaysOfWeekForMonth {
		w := &pd.RepeatOnDaysOfWeekForMonth[i]
		wp := p.sub("repeat_on_days_of_week_for_month").el(i)
		k.types(wp, &w.Extra)
		k.enum(RuleSchedulingWeekGranularity, wp, "week_granularity", w.WeekGranularity, model.WeekGranularities)
		weekdays(k, wp.sub("repeat_on_days_of_week"), w.RepeatOnDaysOfWeek)
	}
	switch model.Str(pd.SendingFrequency) {
	case model.FrequencyWeekly:
		if len(pd.RepeatOnDaysOfWeek) == 0 && !wrongType(&pd.Extra, "repeat_on_days_of_week") {
			k.require(RuleSchedulingWeeklyDaysRequired, p.join("repeat_on_days_of_week"), "`repeat_on_days_of_week` is required for a WEEKLY schedule: name at least one day, like \"MONDAY\".")
		}
	case model.FrequencyMonthly:
		if len(pd.RepeatOnDateOfMonth) == 0 && len(pd.RepeatOnDaysOfWeekForMonth) == 0 && len(pd.RepeatOnDaysOfWeek) == 0 &&
			!wrongType(&pd.Extra, "repeat_on_date_of_month") && !wrongType(&pd.Extra, "repeat_on_days_of_week_for_month") {
			k.add(RuleSchedulingMonthlyDaysRequired, p.join("repeat_on_date_of_month"), "a MONTHLY schedule needs `repeat_on_date_of_month` (1-31) or `repeat_on_days_of_week_for_month`.")
		}
	}
}

func weekdays(k *checker, p *path, days []string) {
	for i := range days {
		if !oneOf(days[i], model.Weekdays) {
			k.addValue(RuleSchedulingWeekday, p.el(i).String(), "day "+quote(days[i])+" is not allowed: use "+list(model.Weekdays)+".", days[i], model.Weekdays)
		}
	}
}

func geoTimelimit(k *checker, p *path, g *model.GeoFenceTimelimit) {
	k.types(p, &g.Extra)
	if k.requiredStr(RuleSchedulingNotificationScheduleRequired, p, "notification_schedule", g.NotificationSchedule, &g.Extra, " in `geo_fence_timelimit`") {
		k.enum(RuleSchedulingNotificationSchedule, p, "notification_schedule", g.NotificationSchedule, notifySchedules)
	}
	if model.Str(g.NotificationSchedule) == model.NotifyLimitedTime && len(g.Timebounds) == 0 && !wrongType(&g.Extra, "timebounds") {
		k.require(RuleSchedulingTimeboundsRequired, p.join("timebounds"), "`timebounds` is required when `notification_schedule` is LIMITED_TIME: give at least one {`start_time`, `end_time`}.")
	}
	for i := range g.Timebounds {
		tb := &g.Timebounds[i]
		tp := p.sub("timebounds").el(i)
		k.types(tp, &tb.Extra)
		k.requiredStr(RuleSchedulingTimeboundRequired, tp, "start_time", tb.StartTime, &tb.Extra, " in a timebound")
		k.requiredStr(RuleSchedulingTimeboundRequired, tp, "end_time", tb.EndTime, &tb.Extra, " in a timebound")
		k.dateTime(RuleSchedulingTimeboundTime, tp, "start_time", tb.StartTime)
		k.dateTime(RuleSchedulingTimeboundTime, tp, "end_time", tb.EndTime)
		if tb.StartTime != nil && tb.EndTime != nil && validDateTime(*tb.StartTime) && validDateTime(*tb.EndTime) && *tb.EndTime <= *tb.StartTime {
			k.add(RuleSchedulingTimeboundOrder, tp.join("end_time"), "`end_time` must be later than `start_time`.")
		}
	}
}
