// Package model holds the Campaigns V5 campaign record and every component of
// both channels as plain Go data with the exact JSON names of the service.
//
// Every field is a pointer (or a slice, map or interface) so that "absent" and
// "zero" stay different: many rules of the spec are about whether a field was
// sent at all. Every object carries an Extra that keeps the keys the spec does
// not name and known keys whose JSON type was wrong, so a document survives
// decode → edit → encode without losing anything.
package model

// Campaign is the whole campaign record as Get Campaign returns it, and also
// the body of a create or component-update request: every component is
// optional and nil means "not sent".
type Campaign struct {
	ID                   *string `json:"id"`
	CampaignID           *string `json:"campaign_id"`
	RequestID            *string `json:"request_id"`
	VersionNumber        *int64  `json:"version_number"`
	Status               *string `json:"status"`
	Channel              *string `json:"channel"`
	CampaignDeliveryType *string `json:"campaign_delivery_type"`
	CreatedBy            *string `json:"created_by"`
	UpdatedBy            *string `json:"updated_by"`
	CreatedAt            *string `json:"created_at"`
	UpdatedAt            *string `json:"updated_at"`
	SentTime             *string `json:"sent_time"`
	FlowID               *string `json:"flow_id"`
	FlowName             *string `json:"flow_name"`
	ParentID             *string `json:"parent_id"`
	SenderName           *string `json:"sender_name"`

	BasicDetails          *BasicDetails     `json:"basic_details"`
	Connector             *Connector        `json:"connector"`
	TriggerCondition      *TriggerCondition `json:"trigger_condition"`
	CampaignContent       *CampaignContent  `json:"campaign_content"`
	SegmentationDetails   *Segmentation     `json:"segmentation_details"`
	SchedulingDetails     *Scheduling       `json:"scheduling_details"`
	DeliveryControls      *DeliveryControls `json:"delivery_controls"`
	Advanced              *Advanced         `json:"advanced"`
	ConversionGoalDetails *ConversionGoals  `json:"conversion_goal_details"`
	ControlGroupDetails   *ControlGroup     `json:"control_group_details"`
	UTMParams             *UTMParams        `json:"utm_params"`
	CampaignAudienceLimit *AudienceLimit    `json:"campaign_audience_limit"`

	Extra Extra `json:"-"`
}

// BasicDetails is the union of the Push and Email shapes of basic_details; the
// engine reports fields sent for the wrong channel.
type BasicDetails struct {
	Name          *string  `json:"name"`
	BusinessEvent *string  `json:"business_event"`
	Tags          []string `json:"tags"`
	Team          *string  `json:"team"`

	// Push only.
	Platforms                   []string          `json:"platforms"`
	BroadcastLiveActivityID     *string           `json:"broadcast_live_activity_id"`
	Geofences                   *Geofence         `json:"geofences"`
	SendToTriggeredPlatformOnly *bool             `json:"send_to_triggered_platform_only"`
	PlatformSpecificDetails     *PlatformSpecific `json:"platform_specific_details"`

	// Email only.
	ContentType             *string `json:"content_type"`
	SubscriptionCategory    *string `json:"subscription_category"`
	UserAttributeIdentifier *string `json:"user_attribute_identifier"`

	Extra Extra `json:"-"`
}

// Geofence is basic_details.geofences: one object, every value a string.
type Geofence struct {
	Name                    *string `json:"name"`
	Latitude                *string `json:"latitude"`
	Longitude               *string `json:"longitude"`
	Radius                  *string `json:"radius"`
	ResponseTimeValue       *string `json:"response_time_value"`
	ResponseTimeGranularity *string `json:"response_time_granularity"`
	TriggeredAt             *string `json:"triggered_at"`
	DwellTimeValue          *string `json:"dwell_time_value"`
	DwellTimeGranularity    *string `json:"dwell_time_granularity"`

	Extra Extra `json:"-"`
}

type PlatformSpecific struct {
	Android *AndroidSpecific `json:"android"`
	IOS     *IOSSpecific     `json:"ios"`

	Extra Extra `json:"-"`
}

type AndroidSpecific struct {
	PushBoostPlusEnabled *bool `json:"push_boost_plus_enabled"`

	Extra Extra `json:"-"`
}

// IOSSpecific holds the three iOS audience flags; exactly one must be true.
type IOSSpecific struct {
	SendToAllEligibleDevice                 *bool `json:"send_to_all_eligible_device"`
	ExcludeProvisionalPushDevices           *bool `json:"exclude_provisional_push_devices"`
	SendToOnlyProvisionalPushEnabledDevices *bool `json:"send_to_only_provisional_push_enabled_devices"`

	Extra Extra `json:"-"`
}

type Connector struct {
	ConnectorType *string `json:"connector_type"`
	ConnectorName *string `json:"connector_name"`

	Extra Extra `json:"-"`
}

type TriggerCondition struct {
	IncludedFilters          *FilterGroup `json:"included_filters"`
	SecondaryIncludedFilters *FilterGroup `json:"secondary_included_filters"`
	TriggerDelayType         *string      `json:"trigger_delay_type"`
	TriggerDelayValue        *int64       `json:"trigger_delay_value"`
	TriggerDelayGranularity  *string      `json:"trigger_delay_granularity"`
	TriggerRelation          *string      `json:"trigger_relation"`
	// TriggerAttr is the string "If Action" or an object {name}; both are kept
	// as sent (decisions.md §2 row 5).
	TriggerAttr                  any               `json:"trigger_attr"`
	IntelligentDelayOptimization *IntelligentDelay `json:"intelligent_delay_optimization"`

	Extra Extra `json:"-"`
}

type IntelligentDelay struct {
	MinDelayValue       *int64  `json:"min_delay_value"`
	MinDelayGranularity *string `json:"min_delay_granularity"`
	MaxDelayValue       *int64  `json:"max_delay_value"`
	MaxDelayGranularity *string `json:"max_delay_granularity"`

	Extra Extra `json:"-"`
}

type FilterGroup struct {
	FilterOperator *string  `json:"filter_operator"`
	Filters        []Filter `json:"filters"`

	Extra Extra `json:"-"`
}

// Filter is the union of the user_attributes, actions and custom_segments
// filter entries, told apart by FilterType.
type Filter struct {
	FilterType *string `json:"filter_type"`

	// user_attributes (and name for custom_segments).
	DataType       *string `json:"data_type"`
	Category       *string `json:"category"`
	Name           *string `json:"name"`
	Operator       *string `json:"operator"`
	Value          any     `json:"value"`
	CaseSensitive  *bool   `json:"case_sensitive"`
	Negate         *bool   `json:"negate"`
	IsDynamicValue *bool   `json:"is_dynamic_value"`
	ProjectName    *string `json:"project_name"`

	// actions.
	ActionName *string      `json:"action_name"`
	Execution  *Execution   `json:"execution"`
	Executed   *bool        `json:"executed"`
	Attributes *FilterGroup `json:"attributes"`
	Condition  *string      `json:"condition"`

	// custom_segments.
	ID *string `json:"id"`

	Extra Extra `json:"-"`
}

type Execution struct {
	Type  *string `json:"type"`
	Count *int64  `json:"count"`

	Extra Extra `json:"-"`
}

type Segmentation struct {
	IncludedFilters           *FilterGroup `json:"included_filters"`
	ExcludedFilters           *FilterGroup `json:"excluded_filters"`
	IsAllUserCampaign         *bool        `json:"is_all_user_campaign"`
	SendCampaignToOptOutUsers *bool        `json:"send_campaign_to_opt_out_users"`

	Extra Extra `json:"-"`
}

type Scheduling struct {
	DeliveryType        *string            `json:"delivery_type"`
	StartTime           *string            `json:"start_time"`
	ExpiryTime          *string            `json:"expiry_time"`
	Timezone            *string            `json:"timezone"`
	PeriodicDetails     *Periodic          `json:"periodic_details"`
	BTSDetails          *BTS               `json:"bts_details"`
	UserTimezoneDetails *UserTimezone      `json:"user_timezone_details"`
	GeoFenceTimelimit   *GeoFenceTimelimit `json:"geo_fence_timelimit"`

	// Response-only fields of Get Campaign (service-reference §1.2).
	ScheduleTime *string `json:"schedule_time"`
	TimeZone     *string `json:"time_zone"`
	Frequency    any     `json:"frequency"`

	Extra Extra `json:"-"`
}

type Periodic struct {
	SendingFrequency           *string       `json:"sending_frequency"`
	RepeatFrequency            *int64        `json:"repeat_frequency"`
	NoOfOccurences             *int64        `json:"no_of_occurences"`
	RepeatOnDateOfMonth        []int64       `json:"repeat_on_date_of_month"`
	RepeatOnDaysOfWeek         []string      `json:"repeat_on_days_of_week"`
	RepeatOnDaysOfWeekForMonth []WeekOfMonth `json:"repeat_on_days_of_week_for_month"`

	Extra Extra `json:"-"`
}

type WeekOfMonth struct {
	WeekGranularity    *string  `json:"week_granularity"`
	RepeatOnDaysOfWeek []string `json:"repeat_on_days_of_week"`

	Extra Extra `json:"-"`
}

type BTS struct {
	SendInBTS                  *bool   `json:"send_in_bts"`
	IfUserBTSIsNotAvailable    *string `json:"if_user_bts_is_not_available"`
	IfUserBTSOutsideTimeWindow *string `json:"if_user_bts_outside_time_window"`
	WindowEndTime              *string `json:"window_end_time"`

	Extra Extra `json:"-"`
}

type UserTimezone struct {
	SendInUserTimezone          *bool `json:"send_in_user_timezone"`
	SendIfUserTimezoneHasPassed *bool `json:"send_if_user_timezone_has_passed"`

	Extra Extra `json:"-"`
}

type GeoFenceTimelimit struct {
	NotificationSchedule *string     `json:"notification_schedule"`
	Timebounds           []Timebound `json:"timebounds"`

	Extra Extra `json:"-"`
}

type Timebound struct {
	StartTime *string `json:"start_time"`
	EndTime   *string `json:"end_time"`

	Extra Extra `json:"-"`
}

// DeliveryControls is the union of the Push and Email shapes.
type DeliveryControls struct {
	BypassDND                                *bool            `json:"bypass_dnd"`
	CampaignThrottleRPM                      *int64           `json:"campaign_throttle_rpm"`
	CountForFrequencyCapping                 *bool            `json:"count_for_frequency_capping"`
	IgnoreFrequencyCapping                   *bool            `json:"ignore_frequency_capping"`
	MinimumDelayBetweenTwoNotificationInHour *int64           `json:"minimum_delay_between_two_notification_in_hour"`
	MaxTimeToShowMessageOfSameCamapign       *string          `json:"max_time_to_show_message_of_same_camapign"`
	ExpiryTimeOfSyncDataInHour               *string          `json:"expiry_time_of_sync_data_in_hour"`
	SendMessageInOfflineMode                 *bool            `json:"send_message_in_offline_mode"`
	SendLimitValue                           *string          `json:"send_limit_value"`
	SendLimitGranularityInHours              *string          `json:"send_limit_granularity_in_hours"`
	IgnoreGlobalMinimumDelay                 *bool            `json:"ignore_global_minimum_delay"`
	QueuingEnabled                           *bool            `json:"queuing_enabled"`
	QueueDuration                            *int64           `json:"queue_duration"`
	LimitSendConfig                          *LimitSendConfig `json:"limit_send_config"`

	Extra Extra `json:"-"`
}

type LimitSendConfig struct {
	Enabled     *bool   `json:"enabled"`
	MaxCount    *int64  `json:"max_count"`
	WindowValue *int64  `json:"window_value"`
	WindowUnit  *string `json:"window_unit"`

	Extra Extra `json:"-"`
}

type Advanced struct {
	ExpirationSettings    *Expiration       `json:"expiration_settings"`
	PlatformLevelPriority *PlatformPriority `json:"platform_level_priority"`

	Extra Extra `json:"-"`
}

type Expiration struct {
	ExpireNotificationAfterValue *int64  `json:"expire_notification_after_value"`
	ExpireNotificationAfterType  *string `json:"expire_notification_after_type"`
	RemoveFromInboxAfterValue    *int64  `json:"remove_from_inbox_after_value"`
	RemoveFromInboxAfterType     *string `json:"remove_from_inbox_after_type"`

	Extra Extra `json:"-"`
}

type PlatformPriority struct {
	AndroidSpecificPriority *AndroidPriority `json:"android_specific_priority"`
	IOSSpecificPriority     *IOSPriority     `json:"ios_specific_priority"`

	Extra Extra `json:"-"`
}

type AndroidPriority struct {
	SendWithPriority *bool `json:"send_with_priority"`

	Extra Extra `json:"-"`
}

type IOSPriority struct {
	APNSPriority      *string  `json:"apns_priority"`
	InterruptionLevel *string  `json:"interruption_level"`
	RelevanceScore    *float64 `json:"relevance_score"`

	Extra Extra `json:"-"`
}

type ConversionGoals struct {
	AttributionWindowInHours *int64 `json:"attribution_window_in_hours"`
	Goals                    []Goal `json:"goals"`

	Extra Extra `json:"-"`
}

type Goal struct {
	GoalName           *string             `json:"goal_name"`
	GoalEventName      *string             `json:"goal_event_name"`
	IsPrimaryGoal      *bool               `json:"is_primary_goal"`
	RevenueAttribute   *string             `json:"revenue_attribute"`
	RevenueCurrency    *string             `json:"revenue_currency"`
	GoalEventAttribute *GoalEventAttribute `json:"goal_event_attribute"`

	Extra Extra `json:"-"`
}

type GoalEventAttribute struct {
	Name            *string `json:"name"`
	Condition       *string `json:"condition"`
	DataType        *string `json:"data_type"`
	Value           *string `json:"value"`
	Value1          *string `json:"value1"`
	Negate          *bool   `json:"negate"`
	ValueType       *string `json:"value_type"`
	ArrayFilterType *string `json:"array_filter_type"`
	Filters         []any   `json:"filters"`
	IsCaseSensitive *bool   `json:"is_case_sensitive"`

	Extra Extra `json:"-"`
}

type ControlGroup struct {
	IsCampaignControlGroupEnabled  *bool  `json:"is_campaign_control_group_enabled"`
	CampaignControlGroupPercentage *int64 `json:"campaign_control_group_percentage"`
	IsGlobalControlGroupEnabled    *bool  `json:"is_global_control_group_enabled"`

	Extra Extra `json:"-"`
}

// UTMParams holds the named UTM fields. Custom parameters are any other key:
// they live in Extra.Unknown (see Custom), at most five of them.
type UTMParams struct {
	UTMSource   *string `json:"utm_source"`
	UTMMedium   *string `json:"utm_medium"`
	UTMCampaign *string `json:"utm_campaign"`
	UTMTerm     *string `json:"utm_term"`
	UTMContent  *string `json:"utm_content"`
	UTMCustom   *string `json:"utm_custom"`

	Extra Extra `json:"-"`
}

type AudienceLimit struct {
	IsCampaignAudienceLimitEnabled *bool   `json:"is_campaign_audience_limit_enabled"`
	Metric                         *string `json:"metric"`
	Frequency                      *string `json:"frequency"`
	Limit                          *int64  `json:"limit"`

	Extra Extra `json:"-"`
}
