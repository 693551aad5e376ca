package engine

import "sort"

// RuleID names one rule of the engine: "<component>.<rule>", stable across
// releases (tools and tests outside the engine match on them). Every id is a
// constant here; Label gives its short description.
type RuleID string

// The rules, by component.
const (
	// advanced
	RuleAdvancedAPNSPriority           RuleID = "advanced.apns_priority"
	RuleAdvancedExpirationType         RuleID = "advanced.expiration_type"
	RuleAdvancedExpirationTypeRequired RuleID = "advanced.expiration_type_required"
	RuleAdvancedExpirationValue        RuleID = "advanced.expiration_value"
	RuleAdvancedInterruptionLevel      RuleID = "advanced.interruption_level"
	RuleAdvancedRelevanceScore         RuleID = "advanced.relevance_score"
	// audience_limit
	RuleAudienceLimitDisabled        RuleID = "audience_limit.disabled"
	RuleAudienceLimitEnabledRequired RuleID = "audience_limit.enabled_required"
	RuleAudienceLimitFeature         RuleID = "audience_limit.feature"
	RuleAudienceLimitFrequency       RuleID = "audience_limit.frequency"
	RuleAudienceLimitInstance        RuleID = "audience_limit.instance"
	RuleAudienceLimitLimit           RuleID = "audience_limit.limit"
	RuleAudienceLimitLiveActivity    RuleID = "audience_limit.live_activity"
	RuleAudienceLimitMetric          RuleID = "audience_limit.metric"
	RuleAudienceLimitOneTime         RuleID = "audience_limit.one_time"
	RuleAudienceLimitRequired        RuleID = "audience_limit.required"
	// basic
	RuleBasicBusinessEventNotApplicable     RuleID = "basic.business_event_not_applicable"
	RuleBasicBusinessEventRequired          RuleID = "basic.business_event_required"
	RuleBasicContentType                    RuleID = "basic.content_type"
	RuleBasicEmailFieldOnPush               RuleID = "basic.email_field_on_push"
	RuleBasicGeofencesNotApplicable         RuleID = "basic.geofences_not_applicable"
	RuleBasicGeofencesRequired              RuleID = "basic.geofences_required"
	RuleBasicLiveActivityIDNotApplicable    RuleID = "basic.live_activity_id_not_applicable"
	RuleBasicLiveActivityIDRequired         RuleID = "basic.live_activity_id_required"
	RuleBasicPlatforms                      RuleID = "basic.platforms"
	RuleBasicPlatformsDuplicate             RuleID = "basic.platforms_duplicate"
	RuleBasicPushFieldOnEmail               RuleID = "basic.push_field_on_email"
	RuleBasicSubscriptionCategoryRequired   RuleID = "basic.subscription_category_required"
	RuleBasicTags                           RuleID = "basic.tags"
	RuleBasicTriggeredPlatformNotApplicable RuleID = "basic.triggered_platform_not_applicable"
	RuleBasicUserAttributeIdentifier        RuleID = "basic.user_attribute_identifier"
	// connector
	RuleConnectorRequired RuleID = "connector.required"
	RuleConnectorType     RuleID = "connector.type"
	// content
	RuleContentChannelMismatch  RuleID = "content.channel_mismatch"
	RuleContentDefaultRequired  RuleID = "content.default_required"
	RuleContentFlatWithLocales  RuleID = "content.flat_with_locales"
	RuleContentLocaleMissing    RuleID = "content.locale_missing"
	RuleContentLocaleShape      RuleID = "content.locale_shape"
	RuleContentLocaleUnknown    RuleID = "content.locale_unknown"
	RuleContentLocalesDefault   RuleID = "content.locales_default"
	RuleContentLocalesDuplicate RuleID = "content.locales_duplicate"
	RuleContentLocalesEmpty     RuleID = "content.locales_empty"
	RuleContentMixedShapes      RuleID = "content.mixed_shapes"
	RuleContentPayloadRequired  RuleID = "content.payload_required"
	RuleContentPersonalization  RuleID = "content.personalization"
	RuleContentRequired         RuleID = "content.required"
	RuleContentVariationKey     RuleID = "content.variation_key"
	RuleContentVariationMissing RuleID = "content.variation_missing"
	// control_group
	RuleControlGroupPercentage         RuleID = "control_group.percentage"
	RuleControlGroupPercentageRequired RuleID = "control_group.percentage_required"
	// delivery
	RuleDeliveryBypassDNDRequired        RuleID = "delivery.bypass_dnd_required"
	RuleDeliveryDeviceNotApplicable      RuleID = "delivery.device_not_applicable"
	RuleDeliveryGlobalDelayNotApplicable RuleID = "delivery.global_delay_not_applicable"
	RuleDeliveryHours                    RuleID = "delivery.hours"
	RuleDeliveryLimitSendCount           RuleID = "delivery.limit_send_count"
	RuleDeliveryLimitSendEnabledRequired RuleID = "delivery.limit_send_enabled_required"
	RuleDeliveryLimitSendHours           RuleID = "delivery.limit_send_hours"
	RuleDeliveryLimitSendNotApplicable   RuleID = "delivery.limit_send_not_applicable"
	RuleDeliveryLimitSendRequired        RuleID = "delivery.limit_send_required"
	RuleDeliveryLimitSendUnit            RuleID = "delivery.limit_send_unit"
	RuleDeliveryLimitSendWindow          RuleID = "delivery.limit_send_window"
	RuleDeliveryLimitSendWindowMax       RuleID = "delivery.limit_send_window_max"
	RuleDeliveryLocationNotApplicable    RuleID = "delivery.location_not_applicable"
	RuleDeliveryMinDelayNotApplicable    RuleID = "delivery.min_delay_not_applicable"
	RuleDeliveryMinimumDelay             RuleID = "delivery.minimum_delay"
	RuleDeliveryPushFieldOnEmail         RuleID = "delivery.push_field_on_email"
	RuleDeliveryQueueDuration            RuleID = "delivery.queue_duration"
	RuleDeliveryQueueDurationRequired    RuleID = "delivery.queue_duration_required"
	RuleDeliveryQueuingNotApplicable     RuleID = "delivery.queuing_not_applicable"
	RuleDeliverySendLimitValue           RuleID = "delivery.send_limit_value"
	RuleDeliveryThrottleNotApplicable    RuleID = "delivery.throttle_not_applicable"
	RuleDeliveryThrottleRPM              RuleID = "delivery.throttle_rpm"
	// email
	RuleEmailAddress               RuleID = "email.address"
	RuleEmailAttachmentRequired    RuleID = "email.attachment_required"
	RuleEmailAttachmentType        RuleID = "email.attachment_type"
	RuleEmailAttachmentUrl         RuleID = "email.attachment_url"
	RuleEmailConnectorRequired     RuleID = "email.connector_required"
	RuleEmailCustomTemplateVersion RuleID = "email.custom_template_version"
	RuleEmailEditor                RuleID = "email.editor"
	RuleEmailFromAddressRequired   RuleID = "email.from_address_required"
	RuleEmailHTMLOrTemplate        RuleID = "email.html_or_template"
	RuleEmailHTMLRequired          RuleID = "email.html_required"
	RuleEmailSenderNameRequired    RuleID = "email.sender_name_required"
	RuleEmailSubjectRequired       RuleID = "email.subject_required"
	RuleEmailTemplateID            RuleID = "email.template_id"
	// filter
	RuleFilterActionRequired        RuleID = "filter.action_required"
	RuleFilterCondition             RuleID = "filter.condition"
	RuleFilterDataType              RuleID = "filter.data_type"
	RuleFilterExecutionCount        RuleID = "filter.execution_count"
	RuleFilterExecutionType         RuleID = "filter.execution_type"
	RuleFilterOperator              RuleID = "filter.operator"
	RuleFilterOperatorForType       RuleID = "filter.operator_for_type"
	RuleFilterOperatorRequired      RuleID = "filter.operator_required"
	RuleFilterSegmentRequired       RuleID = "filter.segment_required"
	RuleFilterType                  RuleID = "filter.type"
	RuleFilterTypeRequired          RuleID = "filter.type_required"
	RuleFilterUserAttributeRequired RuleID = "filter.user_attribute_required"
	RuleFilterValueRequired         RuleID = "filter.value_required"
	// geofence
	RuleGeofenceDwellRequired           RuleID = "geofence.dwell_required"
	RuleGeofenceDwellTimeGranularity    RuleID = "geofence.dwell_time_granularity"
	RuleGeofenceDwellTimeValue          RuleID = "geofence.dwell_time_value"
	RuleGeofenceLatitude                RuleID = "geofence.latitude"
	RuleGeofenceLongitude               RuleID = "geofence.longitude"
	RuleGeofenceRadius                  RuleID = "geofence.radius"
	RuleGeofenceRequired                RuleID = "geofence.required"
	RuleGeofenceResponseTimeGranularity RuleID = "geofence.response_time_granularity"
	RuleGeofenceResponseTimeValue       RuleID = "geofence.response_time_value"
	RuleGeofenceTriggeredAt             RuleID = "geofence.triggered_at"
	// goals
	RuleGoalsAttributeDataType RuleID = "goals.attribute_data_type"
	RuleGoalsAttributeRequired RuleID = "goals.attribute_required"
	RuleGoalsAttributionWindow RuleID = "goals.attribution_window"
	RuleGoalsRequired          RuleID = "goals.required"
	// json
	RuleJSONType RuleID = "json.type"
	// publish
	RulePublishAudience               RuleID = "publish.audience"
	RulePublishCampaignContent        RuleID = "publish.campaign_content"
	RulePublishConnector              RuleID = "publish.connector"
	RulePublishPlatforms              RuleID = "publish.platforms"
	RulePublishSchedulingDeliveryType RuleID = "publish.scheduling_delivery_type"
	RulePublishSchedulingDetails      RuleID = "publish.scheduling_details"
	RulePublishTriggerCondition       RuleID = "publish.trigger_condition"
	// push
	RulePushAndroidAdvancedAutoDismissGranularity       RuleID = "push.android.advanced.auto_dismiss_granularity"
	RulePushAndroidAdvancedAutoDismissRequired          RuleID = "push.android.advanced.auto_dismiss_required"
	RulePushAndroidAdvancedAutoDismissValue             RuleID = "push.android.advanced.auto_dismiss_value"
	RulePushAndroidAdvancedDismissTextRequired          RuleID = "push.android.advanced.dismiss_text_required"
	RulePushAndroidBannerImageRequired                  RuleID = "push.android.banner_image_required"
	RulePushAndroidBasicDetailsImageScaling             RuleID = "push.android.basic_details.image_scaling"
	RulePushAndroidBasicDetailsNotificationControlColor RuleID = "push.android.basic_details.notification_control_color"
	RulePushAndroidBasicDetailsRequired                 RuleID = "push.android.basic_details_required"
	RulePushAndroidButtonClickActionNameRequired        RuleID = "push.android.button.click_action_name_required"
	RulePushAndroidButtonClickActionType                RuleID = "push.android.button.click_action_type"
	RulePushAndroidCarouselSlideClickAction             RuleID = "push.android.carousel.slide_click_action"
	RulePushAndroidCarouselSlideClickValueRequired      RuleID = "push.android.carousel.slide_click_value_required"
	RulePushAndroidCarouselSlideImageRequired           RuleID = "push.android.carousel.slide_image_required"
	RulePushAndroidCarouselSliderTransition             RuleID = "push.android.carousel.slider_transition"
	RulePushAndroidClickAction                          RuleID = "push.android.click_action"
	RulePushAndroidCustomTemplate                       RuleID = "push.android.custom_template"
	RulePushAndroidCustomTemplateVersion                RuleID = "push.android.custom_template_version"
	RulePushAndroidTemplateBackupRequired               RuleID = "push.android.template_backup_required"
	RulePushAndroidTemplateType                         RuleID = "push.android.template_type"
	RulePushAndroidTemplateTypeRequired                 RuleID = "push.android.template_type_required"
	RulePushAndroidTimerDuration                        RuleID = "push.android.timer.duration"
	RulePushAndroidTimerDurationRequired                RuleID = "push.android.timer.duration_required"
	RulePushAndroidTimerEndsAt                          RuleID = "push.android.timer.ends_at"
	RulePushAndroidTimerPersonalizedRequired            RuleID = "push.android.timer.personalized_required"
	RulePushAndroidTimerSpecificTime                    RuleID = "push.android.timer.specific_time"
	RulePushAndroidTimerSpecificTimeRequired            RuleID = "push.android.timer.specific_time_required"
	RulePushAndroidTimerTimePeriodRequired              RuleID = "push.android.timer.time_period_required"
	RulePushAndroidTimerEndsAtRequired                  RuleID = "push.android.timer_ends_at_required"
	RulePushAndroidTimerRequired                        RuleID = "push.android.timer_required"
	RulePushAndroidURI                                  RuleID = "push.android.uri"
	RulePushCarouselRequired                            RuleID = "push.carousel_required"
	RulePushColorCode                                   RuleID = "push.color_code"
	RulePushConnectorNotApplicable                      RuleID = "push.connector_not_applicable"
	RulePushIOSAudienceFlags                            RuleID = "push.ios.audience_flags"
	RulePushIOSBasicDetailsRequired                     RuleID = "push.ios.basic_details_required"
	RulePushIOSCarouselSlideClickAction                 RuleID = "push.ios.carousel.slide_click_action"
	RulePushIOSCarouselSlideClickValueRequired          RuleID = "push.ios.carousel.slide_click_value_required"
	RulePushIOSCarouselSlideImageRequired               RuleID = "push.ios.carousel.slide_image_required"
	RulePushIOSCarouselSliderTransition                 RuleID = "push.ios.carousel.slider_transition"
	RulePushIOSClickAction                              RuleID = "push.ios.click_action"
	RulePushIOSCoverImageRequired                       RuleID = "push.ios.cover_image_required"
	RulePushIOSCustomTemplate                           RuleID = "push.ios.custom_template"
	RulePushIOSCustomTemplateVersion                    RuleID = "push.ios.custom_template_version"
	RulePushIOSRichMediaType                            RuleID = "push.ios.rich_media_type"
	RulePushIOSRichMediaValueRequired                   RuleID = "push.ios.rich_media_value_required"
	RulePushIOSTemplateBackupRequired                   RuleID = "push.ios.template_backup_required"
	RulePushIOSTemplateType                             RuleID = "push.ios.template_type"
	RulePushIOSTemplateTypeRequired                     RuleID = "push.ios.template_type_required"
	RulePushIOSURI                                      RuleID = "push.ios.uri"
	RulePushKeyValuePairs                               RuleID = "push.key_value_pairs"
	RulePushMessageRequired                             RuleID = "push.message_required"
	RulePushPlatformContentRequired                     RuleID = "push.platform_content_required"
	RulePushTitleRequired                               RuleID = "push.title_required"
	RulePushURI                                         RuleID = "push.uri"
	RulePushWebBasicDetailsRequired                     RuleID = "push.web.basic_details_required"
	RulePushWebIconImageType                            RuleID = "push.web.icon_image_type"
	RulePushWebIconUrlRequired                          RuleID = "push.web.icon_url_required"
	RulePushWebTemplateType                             RuleID = "push.web.template_type"
	RulePushWebTemplateTypeRequired                     RuleID = "push.web.template_type_required"
	RulePushWebURI                                      RuleID = "push.web.uri"
	// scheduling
	RuleSchedulingBTSRequired                  RuleID = "scheduling.bts_required"
	RuleSchedulingDateOfMonth                  RuleID = "scheduling.date_of_month"
	RuleSchedulingDeliveryType                 RuleID = "scheduling.delivery_type"
	RuleSchedulingExpiryAfterStart             RuleID = "scheduling.expiry_after_start"
	RuleSchedulingExpiryTime                   RuleID = "scheduling.expiry_time"
	RuleSchedulingGeoFenceNotApplicable        RuleID = "scheduling.geo_fence_not_applicable"
	RuleSchedulingMonthlyDaysRequired          RuleID = "scheduling.monthly_days_required"
	RuleSchedulingNoOfOccurences               RuleID = "scheduling.no_of_occurences"
	RuleSchedulingNotificationSchedule         RuleID = "scheduling.notification_schedule"
	RuleSchedulingNotificationScheduleRequired RuleID = "scheduling.notification_schedule_required"
	RuleSchedulingPeriodicFixedTime            RuleID = "scheduling.periodic_fixed_time"
	RuleSchedulingPeriodicNotApplicable        RuleID = "scheduling.periodic_not_applicable"
	RuleSchedulingPeriodicRequired             RuleID = "scheduling.periodic_required"
	RuleSchedulingRepeatFrequency              RuleID = "scheduling.repeat_frequency"
	RuleSchedulingSendingFrequency             RuleID = "scheduling.sending_frequency"
	RuleSchedulingSendingFrequencyRequired     RuleID = "scheduling.sending_frequency_required"
	RuleSchedulingStartTime                    RuleID = "scheduling.start_time"
	RuleSchedulingStartTimeRequired            RuleID = "scheduling.start_time_required"
	RuleSchedulingTimeboundOrder               RuleID = "scheduling.timebound_order"
	RuleSchedulingTimeboundRequired            RuleID = "scheduling.timebound_required"
	RuleSchedulingTimeboundTime                RuleID = "scheduling.timebound_time"
	RuleSchedulingTimeboundsRequired           RuleID = "scheduling.timebounds_required"
	RuleSchedulingTimezone                     RuleID = "scheduling.timezone"
	RuleSchedulingTimezoneRequired             RuleID = "scheduling.timezone_required"
	RuleSchedulingUserTimezoneRequired         RuleID = "scheduling.user_timezone_required"
	RuleSchedulingWeekGranularity              RuleID = "scheduling.week_granularity"
	RuleSchedulingWeekday                      RuleID = "scheduling.weekday"
	RuleSchedulingWeeklyDaysRequired           RuleID = "scheduling.weekly_days_required"
	// state
	RuleStateLocked RuleID = "state.locked"
	// top
	RuleTopChannel              RuleID = "top.channel"
	RuleTopChannelChange        RuleID = "top.channel_change"
	RuleTopChannelRequired      RuleID = "top.channel_required"
	RuleTopCreatedByEmail       RuleID = "top.created_by_email"
	RuleTopCreatedByRequired    RuleID = "top.created_by_required"
	RuleTopDeliveryType         RuleID = "top.delivery_type"
	RuleTopDeliveryTypeRequired RuleID = "top.delivery_type_required"
	RuleTopLiveActivityCreate   RuleID = "top.live_activity_create"
	RuleTopLiveActivityPatch    RuleID = "top.live_activity_patch"
	RuleTopStatusForbidden      RuleID = "top.status_forbidden"
	RuleTopUpdatedByEmail       RuleID = "top.updated_by_email"
	// trigger
	RuleTriggerAttr                     RuleID = "trigger.attr"
	RuleTriggerAttrRequired             RuleID = "trigger.attr_required"
	RuleTriggerDelayGranularity         RuleID = "trigger.delay_granularity"
	RuleTriggerDelayRequired            RuleID = "trigger.delay_required"
	RuleTriggerDelayType                RuleID = "trigger.delay_type"
	RuleTriggerDelayValue               RuleID = "trigger.delay_value"
	RuleTriggerIncludedFiltersRequired  RuleID = "trigger.included_filters_required"
	RuleTriggerIntelligentGranularity   RuleID = "trigger.intelligent_granularity"
	RuleTriggerIntelligentNotApplicable RuleID = "trigger.intelligent_not_applicable"
	RuleTriggerIntelligentRequired      RuleID = "trigger.intelligent_required"
	RuleTriggerIntelligentValue         RuleID = "trigger.intelligent_value"
	RuleTriggerNotApplicable            RuleID = "trigger.not_applicable"
	RuleTriggerRelation                 RuleID = "trigger.relation"
	// utm
	RuleUTMCustomCount  RuleID = "utm.custom_count"
	RuleUTMCustomName   RuleID = "utm.custom_name"
	RuleUTMCustomString RuleID = "utm.custom_string"
	RuleUTMRequired     RuleID = "utm.required"
	// variations
	RuleVariationsAutoDuration         RuleID = "variations.auto_duration"
	RuleVariationsAutoMetric           RuleID = "variations.auto_metric"
	RuleVariationsAutoRequired         RuleID = "variations.auto_required"
	RuleVariationsCount                RuleID = "variations.count"
	RuleVariationsCountRequired        RuleID = "variations.count_required"
	RuleVariationsDistributionRequired RuleID = "variations.distribution_required"
	RuleVariationsDistributionType     RuleID = "variations.distribution_type"
	RuleVariationsManualKey            RuleID = "variations.manual_key"
	RuleVariationsManualMissing        RuleID = "variations.manual_missing"
	RuleVariationsManualPositive       RuleID = "variations.manual_positive"
	RuleVariationsManualRequired       RuleID = "variations.manual_required"
	RuleVariationsManualSum            RuleID = "variations.manual_sum"
)

// ruleLabels describe every rule in a few words (lists, help, reports).
var ruleLabels = map[RuleID]string{
	RuleAdvancedAPNSPriority:                            "advanced: apns priority",
	RuleAdvancedExpirationType:                          "advanced: expiration type",
	RuleAdvancedExpirationTypeRequired:                  "advanced: expiration type required",
	RuleAdvancedExpirationValue:                         "advanced: expiration value",
	RuleAdvancedInterruptionLevel:                       "advanced: interruption level",
	RuleAdvancedRelevanceScore:                          "advanced: relevance score",
	RuleAudienceLimitDisabled:                           "audience limit: disabled",
	RuleAudienceLimitEnabledRequired:                    "audience limit: enabled required",
	RuleAudienceLimitFeature:                            "audience limit: feature",
	RuleAudienceLimitFrequency:                          "audience limit: frequency",
	RuleAudienceLimitInstance:                           "audience limit: instance",
	RuleAudienceLimitLimit:                              "audience limit: limit",
	RuleAudienceLimitLiveActivity:                       "audience limit: live activity",
	RuleAudienceLimitMetric:                             "audience limit: metric",
	RuleAudienceLimitOneTime:                            "audience limit: one time",
	RuleAudienceLimitRequired:                           "audience limit: required",
	RuleBasicBusinessEventNotApplicable:                 "basic: business event not applicable",
	RuleBasicBusinessEventRequired:                      "basic: business event required",
	RuleBasicContentType:                                "basic: content type",
	RuleBasicEmailFieldOnPush:                           "basic: email field on push",
	RuleBasicGeofencesNotApplicable:                     "basic: geofences not applicable",
	RuleBasicGeofencesRequired:                          "basic: geofences required",
	RuleBasicLiveActivityIDNotApplicable:                "basic: live activity id not applicable",
	RuleBasicLiveActivityIDRequired:                     "basic: live activity id required",
	RuleBasicPlatforms:                                  "basic: platforms",
	RuleBasicPlatformsDuplicate:                         "basic: platforms duplicate",
	RuleBasicPushFieldOnEmail:                           "basic: push field on email",
	RuleBasicSubscriptionCategoryRequired:               "basic: subscription category required",
	RuleBasicTags:                                       "basic: tags",
	RuleBasicTriggeredPlatformNotApplicable:             "basic: triggered platform not applicable",
	RuleBasicUserAttributeIdentifier:                    "basic: user attribute identifier",
	RuleConnectorRequired:                               "connector: required",
	RuleConnectorType:                                   "connector: type",
	RuleContentChannelMismatch:                          "content: channel mismatch",
	RuleContentDefaultRequired:                          "content: default required",
	RuleContentFlatWithLocales:                          "content: flat with locales",
	RuleContentLocaleMissing:                            "content: locale missing",
	RuleContentLocaleShape:                              "content: locale shape",
	RuleContentLocaleUnknown:                            "content: locale unknown",
	RuleContentLocalesDefault:                           "content: locales default",
	RuleContentLocalesDuplicate:                         "content: locales duplicate",
	RuleContentLocalesEmpty:                             "content: locales empty",
	RuleContentMixedShapes:                              "content: mixed shapes",
	RuleContentPayloadRequired:                          "content: payload required",
	RuleContentPersonalization:                          "content: personalization",
	RuleContentRequired:                                 "content: required",
	RuleContentVariationKey:                             "content: variation key",
	RuleContentVariationMissing:                         "content: variation missing",
	RuleControlGroupPercentage:                          "control group: percentage",
	RuleControlGroupPercentageRequired:                  "control group: percentage required",
	RuleDeliveryBypassDNDRequired:                       "delivery: bypass dnd required",
	RuleDeliveryDeviceNotApplicable:                     "delivery: device not applicable",
	RuleDeliveryGlobalDelayNotApplicable:                "delivery: global delay not applicable",
	RuleDeliveryHours:                                   "delivery: hours",
	RuleDeliveryLimitSendCount:                          "delivery: limit send count",
	RuleDeliveryLimitSendEnabledRequired:                "delivery: limit send enabled required",
	RuleDeliveryLimitSendHours:                          "delivery: limit send hours",
	RuleDeliveryLimitSendNotApplicable:                  "delivery: limit send not applicable",
	RuleDeliveryLimitSendRequired:                       "delivery: limit send required",
	RuleDeliveryLimitSendUnit:                           "delivery: limit send unit",
	RuleDeliveryLimitSendWindow:                         "delivery: limit send window",
	RuleDeliveryLimitSendWindowMax:                      "delivery: limit send window max",
	RuleDeliveryLocationNotApplicable:                   "delivery: location not applicable",
	RuleDeliveryMinDelayNotApplicable:                   "delivery: min delay not applicable",
	RuleDeliveryMinimumDelay:                            "delivery: minimum delay",
	RuleDeliveryPushFieldOnEmail:                        "delivery: push field on email",
	RuleDeliveryQueueDuration:                           "delivery: queue duration",
	RuleDeliveryQueueDurationRequired:                   "delivery: queue duration required",
	RuleDeliveryQueuingNotApplicable:                    "delivery: queuing not applicable",
	RuleDeliverySendLimitValue:                          "delivery: send limit value",
	RuleDeliveryThrottleNotApplicable:                   "delivery: throttle not applicable",
	RuleDeliveryThrottleRPM:                             "delivery: throttle rpm",
	RuleEmailAddress:                                    "email: address",
	RuleEmailAttachmentRequired:                         "email: attachment required",
	RuleEmailAttachmentType:                             "email: attachment type",
	RuleEmailAttachmentUrl:                              "email: attachment url",
	RuleEmailConnectorRequired:                          "email: connector required",
	RuleEmailCustomTemplateVersion:                      "email: custom template version",
	RuleEmailEditor:                                     "email: editor",
	RuleEmailFromAddressRequired:                        "email: from address required",
	RuleEmailHTMLOrTemplate:                             "email: html or template",
	RuleEmailHTMLRequired:                               "email: html required",
	RuleEmailSenderNameRequired:                         "email: sender name required",
	RuleEmailSubjectRequired:                            "email: subject required",
	RuleEmailTemplateID:                                 "email: template id",
	RuleFilterActionRequired:                            "filter: action required",
	RuleFilterCondition:                                 "filter: condition",
	RuleFilterDataType:                                  "filter: data type",
	RuleFilterExecutionCount:                            "filter: execution count",
	RuleFilterExecutionType:                             "filter: execution type",
	RuleFilterOperator:                                  "filter: operator",
	RuleFilterOperatorForType:                           "filter: operator for type",
	RuleFilterOperatorRequired:                          "filter: operator required",
	RuleFilterSegmentRequired:                           "filter: segment required",
	RuleFilterType:                                      "filter: type",
	RuleFilterTypeRequired:                              "filter: type required",
	RuleFilterUserAttributeRequired:                     "filter: user attribute required",
	RuleFilterValueRequired:                             "filter: value required",
	RuleGeofenceDwellRequired:                           "geofence: dwell required",
	RuleGeofenceDwellTimeGranularity:                    "geofence: dwell time granularity",
	RuleGeofenceDwellTimeValue:                          "geofence: dwell time value",
	RuleGeofenceLatitude:                                "geofence: latitude",
	RuleGeofenceLongitude:                               "geofence: longitude",
	RuleGeofenceRadius:                                  "geofence: radius",
	RuleGeofenceRequired:                                "geofence: required",
	RuleGeofenceResponseTimeGranularity:                 "geofence: response time granularity",
	RuleGeofenceResponseTimeValue:                       "geofence: response time value",
	RuleGeofenceTriggeredAt:                             "geofence: triggered at",
	RuleGoalsAttributeDataType:                          "goals: attribute data type",
	RuleGoalsAttributeRequired:                          "goals: attribute required",
	RuleGoalsAttributionWindow:                          "goals: attribution window",
	RuleGoalsRequired:                                   "goals: required",
	RuleJSONType:                                        "json: type",
	RulePublishAudience:                                 "publish: audience",
	RulePublishCampaignContent:                          "publish: campaign content",
	RulePublishConnector:                                "publish: connector",
	RulePublishPlatforms:                                "publish: platforms",
	RulePublishSchedulingDeliveryType:                   "publish: scheduling delivery type",
	RulePublishSchedulingDetails:                        "publish: scheduling details",
	RulePublishTriggerCondition:                         "publish: trigger condition",
	RulePushAndroidAdvancedAutoDismissGranularity:       "push: android: advanced: auto dismiss granularity",
	RulePushAndroidAdvancedAutoDismissRequired:          "push: android: advanced: auto dismiss required",
	RulePushAndroidAdvancedAutoDismissValue:             "push: android: advanced: auto dismiss value",
	RulePushAndroidAdvancedDismissTextRequired:          "push: android: advanced: dismiss text required",
	RulePushAndroidBannerImageRequired:                  "push: android: banner image required",
	RulePushAndroidBasicDetailsImageScaling:             "push: android: basic details: image scaling",
	RulePushAndroidBasicDetailsNotificationControlColor: "push: android: basic details: notification control color",
	RulePushAndroidBasicDetailsRequired:                 "push: android: basic details required",
	RulePushAndroidButtonClickActionNameRequired:        "push: android: button: click action name required",
	RulePushAndroidButtonClickActionType:                "push: android: button: click action type",
	RulePushAndroidCarouselSlideClickAction:             "push: android: carousel: slide click action",
	RulePushAndroidCarouselSlideClickValueRequired:      "push: android: carousel: slide click value required",
	RulePushAndroidCarouselSlideImageRequired:           "push: android: carousel: slide image required",
	RulePushAndroidCarouselSliderTransition:             "push: android: carousel: slider transition",
	RulePushAndroidClickAction:                          "push: android: click action",
	RulePushAndroidCustomTemplate:                       "push: android: custom template",
	RulePushAndroidCustomTemplateVersion:                "push: android: custom template version",
	RulePushAndroidTemplateBackupRequired:               "push: android: template backup required",
	RulePushAndroidTemplateType:                         "push: android: template type",
	RulePushAndroidTemplateTypeRequired:                 "push: android: template type required",
	RulePushAndroidTimerDuration:                        "push: android: timer: duration",
	RulePushAndroidTimerDurationRequired:                "push: android: timer: duration required",
	RulePushAndroidTimerEndsAt:                          "push: android: timer: ends at",
	RulePushAndroidTimerPersonalizedRequired:            "push: android: timer: personalized required",
	RulePushAndroidTimerSpecificTime:                    "push: android: timer: specific time",
	RulePushAndroidTimerSpecificTimeRequired:            "push: android: timer: specific time required",
	RulePushAndroidTimerTimePeriodRequired:              "push: android: timer: time period required",
	RulePushAndroidTimerEndsAtRequired:                  "push: android: timer ends at required",
	RulePushAndroidTimerRequired:                        "push: android: timer required",
	RulePushAndroidURI:                                  "push: android: uri",
	RulePushCarouselRequired:                            "push: carousel required",
	RulePushColorCode:                                   "push: color code",
	RulePushConnectorNotApplicable:                      "push: connector not applicable",
	RulePushIOSAudienceFlags:                            "push: ios: audience flags",
	RulePushIOSBasicDetailsRequired:                     "push: ios: basic details required",
	RulePushIOSCarouselSlideClickAction:                 "push: ios: carousel: slide click action",
	RulePushIOSCarouselSlideClickValueRequired:          "push: ios: carousel: slide click value required",
	RulePushIOSCarouselSlideImageRequired:               "push: ios: carousel: slide image required",
	RulePushIOSCarouselSliderTransition:                 "push: ios: carousel: slider transition",
	RulePushIOSClickAction:                              "push: ios: click action",
	RulePushIOSCoverImageRequired:                       "push: ios: cover image required",
	RulePushIOSCustomTemplate:                           "push: ios: custom template",
	RulePushIOSCustomTemplateVersion:                    "push: ios: custom template version",
	RulePushIOSRichMediaType:                            "push: ios: rich media type",
	RulePushIOSRichMediaValueRequired:                   "push: ios: rich media value required",
	RulePushIOSTemplateBackupRequired:                   "push: ios: template backup required",
	RulePushIOSTemplateType:                             "push: ios: template type",
	RulePushIOSTemplateTypeRequired:                     "push: ios: template type required",
	RulePushIOSURI:                                      "push: ios: uri",
	RulePushKeyValuePairs:                               "push: key value pairs",
	RulePushMessageRequired:                             "push: message required",
	RulePushPlatformContentRequired:                     "push: platform content required",
	RulePushTitleRequired:                               "push: title required",
	RulePushURI:                                         "push: uri",
	RulePushWebBasicDetailsRequired:                     "push: web: basic details required",
	RulePushWebIconImageType:                            "push: web: icon image type",
	RulePushWebIconUrlRequired:                          "push: web: icon url required",
	RulePushWebTemplateType:                             "push: web: template type",
	RulePushWebTemplateTypeRequired:                     "push: web: template type required",
	RulePushWebURI:                                      "push: web: uri",
	RuleSchedulingBTSRequired:                           "scheduling: bts required",
	RuleSchedulingDateOfMonth:                           "scheduling: date of month",
	RuleSchedulingDeliveryType:                          "scheduling: delivery type",
	RuleSchedulingExpiryAfterStart:                      "scheduling: expiry after start",
	RuleSchedulingExpiryTime:                            "scheduling: expiry time",
	RuleSchedulingGeoFenceNotApplicable:                 "scheduling: geo fence not applicable",
	RuleSchedulingMonthlyDaysRequired:                   "scheduling: monthly days required",
	RuleSchedulingNoOfOccurences:                        "scheduling: no of occurences",
	RuleSchedulingNotificationSchedule:                  "scheduling: notification schedule",
	RuleSchedulingNotificationScheduleRequired:          "scheduling: notification schedule required",
	RuleSchedulingPeriodicFixedTime:                     "scheduling: periodic fixed time",
	RuleSchedulingPeriodicNotApplicable:                 "scheduling: periodic not applicable",
	RuleSchedulingPeriodicRequired:                      "scheduling: periodic required",
	RuleSchedulingRepeatFrequency:                       "scheduling: repeat frequency",
	RuleSchedulingSendingFrequency:                      "scheduling: sending frequency",
	RuleSchedulingSendingFrequencyRequired:              "scheduling: sending frequency required",
	RuleSchedulingStartTime:                             "scheduling: start time",
	RuleSchedulingStartTimeRequired:                     "scheduling: start time required",
	RuleSchedulingTimeboundOrder:                        "scheduling: timebound order",
	RuleSchedulingTimeboundRequired:                     "scheduling: timebound required",
	RuleSchedulingTimeboundTime:                         "scheduling: timebound time",
	RuleSchedulingTimeboundsRequired:                    "scheduling: timebounds required",
	RuleSchedulingTimezone:                              "scheduling: timezone",
	RuleSchedulingTimezoneRequired:                      "scheduling: timezone required",
	RuleSchedulingUserTimezoneRequired:                  "scheduling: user timezone required",
	RuleSchedulingWeekGranularity:                       "scheduling: week granularity",
	RuleSchedulingWeekday:                               "scheduling: weekday",
	RuleSchedulingWeeklyDaysRequired:                    "scheduling: weekly days required",
	RuleStateLocked:                                     "state: locked",
	RuleTopChannel:                                      "top: channel",
	RuleTopChannelChange:                                "top: channel change",
	RuleTopChannelRequired:                              "top: channel required",
	RuleTopCreatedByEmail:                               "top: created by email",
	RuleTopCreatedByRequired:                            "top: created by required",
	RuleTopDeliveryType:                                 "top: delivery type",
	RuleTopDeliveryTypeRequired:                         "top: delivery type required",
	RuleTopLiveActivityCreate:                           "top: live activity create",
	RuleTopLiveActivityPatch:                            "top: live activity patch",
	RuleTopStatusForbidden:                              "top: status forbidden",
	RuleTopUpdatedByEmail:                               "top: updated by email",
	RuleTriggerAttr:                                     "trigger: attr",
	RuleTriggerAttrRequired:                             "trigger: attr required",
	RuleTriggerDelayGranularity:                         "trigger: delay granularity",
	RuleTriggerDelayRequired:                            "trigger: delay required",
	RuleTriggerDelayType:                                "trigger: delay type",
	RuleTriggerDelayValue:                               "trigger: delay value",
	RuleTriggerIncludedFiltersRequired:                  "trigger: included filters required",
	RuleTriggerIntelligentGranularity:                   "trigger: intelligent granularity",
	RuleTriggerIntelligentNotApplicable:                 "trigger: intelligent not applicable",
	RuleTriggerIntelligentRequired:                      "trigger: intelligent required",
	RuleTriggerIntelligentValue:                         "trigger: intelligent value",
	RuleTriggerNotApplicable:                            "trigger: not applicable",
	RuleTriggerRelation:                                 "trigger: relation",
	RuleUTMCustomCount:                                  "utm: custom count",
	RuleUTMCustomName:                                   "utm: custom name",
	RuleUTMCustomString:                                 "utm: custom string",
	RuleUTMRequired:                                     "utm: required",
	RuleVariationsAutoDuration:                          "variations: auto duration",
	RuleVariationsAutoMetric:                            "variations: auto metric",
	RuleVariationsAutoRequired:                          "variations: auto required",
	RuleVariationsCount:                                 "variations: count",
	RuleVariationsCountRequired:                         "variations: count required",
	RuleVariationsDistributionRequired:                  "variations: distribution required",
	RuleVariationsDistributionType:                      "variations: distribution type",
	RuleVariationsManualKey:                             "variations: manual key",
	RuleVariationsManualMissing:                         "variations: manual missing",
	RuleVariationsManualPositive:                        "variations: manual positive",
	RuleVariationsManualRequired:                        "variations: manual required",
	RuleVariationsManualSum:                             "variations: manual sum",
}

// Label is the rule's short description, or the id itself for an unknown id.
func (r RuleID) Label() string {
	if l, ok := ruleLabels[r]; ok {
		return l
	}
	return string(r)
}

// Rules lists every rule id the engine can report.
func Rules() []RuleID {
	out := make([]RuleID, 0, len(ruleLabels))
	for r := range ruleLabels {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}
