package model

// Enum values with the service's exact casing. Where the spec mixes cases
// (Custom, Image, manual/MANUAL, OPEN RATE, dwell) the constant says so.

// Channels. Only PUSH and EMAIL can be created or updated; the rest are read.
const (
	ChannelPush       = "PUSH"
	ChannelEmail      = "EMAIL"
	ChannelSMS        = "SMS"
	ChannelWhatsApp   = "WHATSAPP"
	ChannelFacebook   = "FACEBOOK"
	ChannelGoogleAds  = "GOOGLE ADS"
	ChannelConnectors = "CONNECTORS"
)

// Campaign delivery types.
const (
	DeliveryOneTime           = "ONE_TIME"
	DeliveryPeriodic          = "PERIODIC"
	DeliveryEventTriggered    = "EVENT_TRIGGERED"
	DeliveryBusinessEvent     = "BUSINESS_EVENT_TRIGGERED"
	DeliveryDeviceTriggered   = "DEVICE_TRIGGERED"
	DeliveryLocationTriggered = "LOCATION_TRIGGERED"
	DeliveryLiveActivity      = "BROADCAST_LIVE_ACTIVITY"
	DeliveryAPITriggered      = "API_TRIGGERED" // read-only here (decisions.md §1.4)
)

// Campaign states.
const (
	StatusDraft     = "DRAFT"
	StatusScheduled = "SCHEDULED"
	StatusActive    = "ACTIVE"
	StatusSending   = "SENDING"
	StatusPaused    = "PAUSED"
	StatusSent      = "SENT"
	StatusStopped   = "STOPPED"
	StatusArchived  = "ARCHIVED"
)

// Statuses lists every state in lifecycle order.
var Statuses = []string{StatusDraft, StatusScheduled, StatusActive, StatusSending, StatusPaused, StatusSent, StatusStopped, StatusArchived}

// Status actions.
const (
	ActionStop    = "STOP"
	ActionPause   = "PAUSE"
	ActionResume  = "RESUME"
	ActionPublish = "PUBLISH"
)

// Platforms.
const (
	PlatformAndroid = "ANDROID"
	PlatformIOS     = "IOS"
	PlatformWeb     = "WEB"
)

// Push template types. Custom is mixed case; CUSTOM fails validation.
const (
	TemplateBasic                = "BASIC"
	TemplateStylizedBasic        = "STYLIZED_BASIC"
	TemplateSimpleImageCarousel  = "SIMPLE_IMAGE_CAROUSEL"
	TemplateImageBannerWithText  = "IMAGE_BANNER_WITH_TEXT"
	TemplateTimer                = "TIMER"
	TemplateTimerWithProgressBar = "TIMER_WITH_PROGRESS_BAR"
	TemplateCustom               = "Custom"
)

// Template types each platform allows.
var (
	AndroidTemplates = []string{TemplateBasic, TemplateStylizedBasic, TemplateSimpleImageCarousel, TemplateImageBannerWithText, TemplateTimer, TemplateTimerWithProgressBar, TemplateCustom}
	IOSTemplates     = []string{TemplateBasic, TemplateStylizedBasic, TemplateSimpleImageCarousel, TemplateCustom}
	WebTemplates     = []string{TemplateBasic}
)

// Click actions.
const (
	ClickDeeplinking      = "DEEPLINKING"
	ClickNavigateToScreen = "NAVIGATE_TO_A_SCREEN"
	ClickRichLanding      = "RICH_LANDING"
	ClickCall             = "CALL"
	ClickShare            = "SHARE"
	ClickCopy             = "COPY"
	ClickSetUserAttribute = "SET_USER_ATTRIBUTE"
	ClickTrackEvent       = "TRACK_EVENT"
	ClickCustomAction     = "CUSTOM_ACTION"
	ClickSnooze           = "SNOOZE"
	ClickRemindLater      = "REMIND_LATER"
)

var (
	DefaultClickActions = []string{ClickDeeplinking, ClickNavigateToScreen, ClickRichLanding}
	ButtonClickActions  = []string{ClickDeeplinking, ClickNavigateToScreen, ClickRichLanding, ClickCall, ClickShare, ClickCopy, ClickSetUserAttribute, ClickTrackEvent, ClickCustomAction, ClickSnooze, ClickRemindLater}
	// NamedClickActions need click_action_name.
	NamedClickActions = []string{ClickSetUserAttribute, ClickTrackEvent, ClickCustomAction}
)

// Carousel slider transitions: lowercase on Android, uppercase on iOS.
const (
	SliderManualAndroid    = "manual"
	SliderAutomaticAndroid = "automatic"
	SliderManualIOS        = "MANUAL"
	SliderAutomaticIOS     = "AUTOMATIC"
)

// iOS rich media types, title case.
const (
	RichMediaImage = "Image"
	RichMediaVideo = "Video"
	RichMediaGIF   = "GIF"
)

// Android basic_details enums.
const (
	ControlColorLight = "LIGHT"
	ControlColorDark  = "DARK"

	ScalingFitInside = "FIT_INSIDE_IMAGE_CONTAINER"
	ScalingFill      = "FILL_IMAGE_CONTAINER"
)

// Timer ends.
const (
	TimerDuration                 = "DURATION"
	TimerSpecificUserTimezone     = "SPECIFIC_TIME_USER_TIMEZONE"
	TimerSpecificCampaignTimezone = "SPECIFIC_TIME_CAMPAIGN_TIMEZONE"
)

// Granularities.
const (
	Minutes = "MINUTES"
	Hours   = "HOURS"
	Days    = "DAYS"
	Weeks   = "WEEKS"
	Months  = "MONTHS"
	Year    = "YEAR"

	Hour = "HOUR" // expire_notification_after_type
	Day  = "DAY"
)

// Web icon image types.
const (
	IconDefault = "DEFAULT"
	IconURL     = "ICON_URL"
)

// A/B distribution.
const (
	DistributionManual = "MANUAL"
	DistributionAuto   = "AUTO"

	MetricOpenRate  = "OPEN RATE"
	MetricClickRate = "CLICK RATE"
	MetricBoth      = "BOTH"
)

// Email.
const (
	ContentPromotional   = "PROMOTIONAL"
	ContentTransactional = "TRANSACTIONAL"

	// EditorRich is the default rich-text editor; EditorCode the code editor.
	EditorRich = "Froala Editor"
	EditorCode = "Ace Editor"

	AttachmentURL          = "URL"
	AttachmentPersonalized = "PERSONALIZED_ATTACHMENT"

	DefaultEmailAttribute  = "Email (Standard)"
	InternalEmailAttribute = "SVC_EMAIL_ID"
)

// ConnectorTypes are the connector types the engine accepts (decisions.md §2).
var ConnectorTypes = []string{"SENDGRID", "AMAZON_SES", "SPARKPOST", "MANDRILL", "CUSTOM_SMTP", "CUSTOM_API", "NETCORE"}

// Trigger condition.
const (
	DelayFixed       = "DELAY"
	DelayASAP        = "ASAP"
	DelayIntelligent = "INTELLIGENT_DELAY"

	RelationBefore = "BEFORE"
	RelationAfter  = "AFTER"

	TriggerAttrIfAction = "If Action"
)

// Filters.
const (
	FilterUserAttributes = "user_attributes"
	FilterActions        = "actions"
	FilterCustomSegments = "custom_segments"

	OperatorAnd = "and"
	OperatorOr  = "or"

	DataString   = "string"
	DataDouble   = "double"
	DataDatetime = "datetime"
	DataBool     = "bool"

	ExecAtLeast = "atleast"
	ExecAtMost  = "atmost"
	ExecExactly = "exactly"

	ConditionIf = "IF"
)

// OperatorsByDataType lists the user-attribute operators each data type allows.
var OperatorsByDataType = map[string][]string{
	DataBool:     {"is", "exists"},
	DataDouble:   {"in", "between", "lessThan", "greaterThan", "exists"},
	DataString:   {"in", "contains", "containsInTheFollowing", "startWithInTheFollowing", "endsWithInTheFollowing", "exists", "is"},
	DataDatetime: {"inTheLast", "on", "between", "before", "after", "inTheNext", "exists", "today"},
}

// Goal attribute data types are uppercase, unlike filter data types.
var GoalDataTypes = []string{"STRING", "DOUBLE", "BOOL", "NUMBER", "GEOPOINT", "DATETIME", "ARRAY_DOUBLE", "ARRAY_STRING", "OBJECT", "ARRAY_OBJECT"}

// Scheduling.
const (
	ScheduleASAP         = "ASAP"
	ScheduleFixedTime    = "AT_FIXED_TIME"
	ScheduleBTS          = "SEND_IN_BTS"
	ScheduleUserTimezone = "SEND_IN_USER_TIMEZONE"
	FrequencyDaily       = "DAILY"
	FrequencyWeekly      = "WEEKLY"
	FrequencyMonthly     = "MONTHLY"
	NotifyAlways         = "ALWAYS"
	NotifyLimitedTime    = "LIMITED_TIME"
)

var (
	Weekdays          = []string{"MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"}
	WeekGranularities = []string{"FIRST", "SECOND", "THIRD", "FOURTH", "LAST"}
)

// Geofence triggers: ENTRY and EXIT uppercase, dwell lowercase.
const (
	TriggeredEntry = "ENTRY"
	TriggeredExit  = "EXIT"
	TriggeredDwell = "dwell"
)

// Advanced (Push).
const (
	InterruptionPassive       = "PASSIVE"
	InterruptionActive        = "ACTIVE"
	InterruptionTimeSensitive = "TIME_SENSITIVE"
	InterruptionCritical      = "CRITICAL"
)

var (
	APNSPriorities  = []string{"1", "5", "10"}
	RelevanceScores = []float64{0, 0.5, 1}
)

// Audience limit.
const (
	MetricSent        = "SENT"
	FrequencyTotal    = "TOTAL"
	FrequencyInstance = "INSTANCE"
	AudienceLimitMax  = int64(9_999_999_999)
)

// Test-send identifiers per channel.
var (
	PushIdentifiers  = []string{"USER_ATTRIBUTE_UNIQUE_ID", "USER_ATTRIBUTE_USER_EMAIL", "USER_ATTRIBUTE_USER_MOBILE", "SVC_GAID", "ADVERTISING_IDENTIFIER", "PUSH_ID", "CUSTOM_SEGMENT"}
	EmailIdentifiers = []string{"EMAIL", "ID", "MOBILE_NUMBER", "CUSTOM_SEGMENT"}
)

// Features a workspace can have switched on.
const (
	FeatureAudienceLimit = "audience_limit"
	FeatureVersioning    = "versioning"
)

// DeliveryTypes lists the delivery types each channel can be created with.
var (
	PushCreateDeliveryTypes  = []string{DeliveryOneTime, DeliveryPeriodic, DeliveryEventTriggered, DeliveryBusinessEvent, DeliveryDeviceTriggered, DeliveryLocationTriggered}
	EmailCreateDeliveryTypes = []string{DeliveryOneTime, DeliveryPeriodic, DeliveryEventTriggered, DeliveryBusinessEvent}
)

// CreateDeliveryTypes are the delivery types a campaign of channel can be
// created with (a channel other than EMAIL: push's).
func CreateDeliveryTypes(channel string) []string {
	if channel == ChannelEmail {
		return EmailCreateDeliveryTypes
	}
	return PushCreateDeliveryTypes
}
