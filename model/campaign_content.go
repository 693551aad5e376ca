package model

// CampaignContent holds locales, the A/B setup and the message payloads.
type CampaignContent struct {
	Locales          []string    `json:"locales"`
	VariationDetails *Variations `json:"variation_details"`
	Content          *Content    `json:"content"`

	Extra Extra `json:"-"`
}

type Variations struct {
	DistributionType             *string          `json:"distribution_type"`
	NoOfVariations               *int64           `json:"no_of_variations"`
	ManualDistributionPercentage map[string]int64 `json:"manual_distribution_percentage"`
	AutoCampaignDuration         *int64           `json:"auto_campaign_duration"`
	AutoDistributionMetric       *string          `json:"auto_distribution_metric"`

	Extra Extra `json:"-"`
}

// Content is campaign_content.content in either of its two shapes: flat
// ({push} or {email} directly) or keyed by locale then variation. Both may be
// filled when a document mixes them; the engine reports that.
type Content struct {
	// Flat holds content.push / content.email of the flat shape.
	Flat *Message
	// Keyed holds content[locale][variation].
	Keyed map[string]map[string]*Message
	// Bad holds keys whose value is not an object where a locale (or a
	// variation inside it) belongs, kept as sent.
	Bad map[string]any
}

// Message is one payload: {push: ...} or {email: ...}.
type Message struct {
	Push  *PushContent  `json:"push"`
	Email *EmailContent `json:"email"`

	Extra Extra `json:"-"`
}

type PushContent struct {
	Android *Android `json:"android"`
	IOS     *IOS     `json:"ios"`
	Web     *Web     `json:"web"`

	Extra Extra `json:"-"`
}

type KeyValue struct {
	Key   *string `json:"key"`
	Value *string `json:"value"`

	Extra Extra `json:"-"`
}

type Android struct {
	TemplateType          *string          `json:"template_type"`
	CustomTemplateID      *string          `json:"custom_template_id"`
	CustomTemplateVersion *int64           `json:"custom_template_version"`
	BasicDetails          *AndroidBasic    `json:"basic_details"`
	Timer                 *Timer           `json:"timer"`
	Buttons               []AndroidButton  `json:"buttons"`
	Advanced              *AndroidAdvanced `json:"advanced"`
	TemplateBackup        *AndroidBackup   `json:"template_backup"`

	Extra Extra `json:"-"`
}

type AndroidBasic struct {
	NotificationChannel              *string    `json:"notification_channel"`
	Title                            *string    `json:"title"`
	Message                          *string    `json:"message"`
	Summary                          *string    `json:"summary"`
	ImageURL                         *string    `json:"image_url"`
	InputGIFURL                      *string    `json:"input_gif_url"`
	DefaultClickAction               *string    `json:"default_click_action"`
	DefaultClickActionValue          *string    `json:"default_click_action_value"`
	KeyValuePairs                    []KeyValue `json:"key_value_pairs"`
	BackgroundColorCode              *string    `json:"background_color_code"`
	AppNameColorCode                 *string    `json:"app_name_color_code"`
	NotificationControlColor         *string    `json:"notification_control_color"`
	ApplyBackgroundColorInTextEditor *bool      `json:"apply_background_color_in_text_editor"`
	IncludeAppNameAndTime            *bool      `json:"include_app_name_and_time"`
	IncludeTitleAndMessage           *bool      `json:"include_title_and_message"`
	BannerImageURL                   *string    `json:"banner_image_url"`
	CollapsedPushNotification        *string    `json:"collapsed_push_notification"`
	ImageScaling                     *string    `json:"image_scaling"`
	CarouselContent                  *Carousel  `json:"carousel_content"`

	Extra Extra `json:"-"`
}

type Carousel struct {
	SliderTransition *string `json:"slider_transition"`
	SlideData        []Slide `json:"slide_data"`

	Extra Extra `json:"-"`
}

type Slide struct {
	ImageURL              *string    `json:"image_url"`
	ImageClickAction      *string    `json:"image_click_action"`
	ImageClickActionValue *string    `json:"image_click_action_value"`
	KeyValuePairs         []KeyValue `json:"key_value_pairs"`

	Extra Extra `json:"-"`
}

type Timer struct {
	TimerEndsAt       *string `json:"timer_ends_at"`
	PersonalizedValue *bool   `json:"personalized_value"`
	DurationHour      *string `json:"duration_hour"`
	DurationMinute    *string `json:"duration_minute"`
	SpecificTime      *string `json:"specific_time"`
	TimePeriod        *string `json:"time_period"`

	Extra Extra `json:"-"`
}

type AndroidButton struct {
	BtnName          *string    `json:"btn_name"`
	ClickActionType  *string    `json:"click_action_type"`
	ClickActionName  *string    `json:"click_action_name"`
	ClickActionValue *string    `json:"click_action_value"`
	KeyValuePairs    []KeyValue `json:"key_value_pairs"`

	Extra Extra `json:"-"`
}

type AndroidAdvanced struct {
	CouponCode                             *string `json:"coupon_code"`
	IconTypeInNotification                 *string `json:"icon_type_in_notification"`
	UseLargeIcon                           *bool   `json:"use_large_icon"`
	MakeNotificationSticky                 *bool   `json:"make_notification_sticky"`
	DismissButtonText                      *string `json:"dismiss_button_text"`
	AutoDismissNotification                *bool   `json:"auto_dismiss_notification"`
	AutoDismissNotificationTimeValue       *int64  `json:"auto_dismiss_notification_time_value"`
	AutoDismissNotificationTimeGranularity *string `json:"auto_dismiss_notification_time_granularity"`
	GroupKey                               *string `json:"group_key"`
	CollapseReplaceKey                     *string `json:"collapse_replace_key"`

	Extra Extra `json:"-"`
}

type AndroidBackup struct {
	Title                   *string    `json:"title"`
	Message                 *string    `json:"message"`
	Summary                 *string    `json:"summary"`
	ImageURL                *string    `json:"image_url"`
	DefaultClickAction      *string    `json:"default_click_action"`
	DefaultClickActionValue *string    `json:"default_click_action_value"`
	KeyValuePairs           []KeyValue `json:"key_value_pairs"`

	Extra Extra `json:"-"`
}

type IOS struct {
	TemplateType          *string      `json:"template_type"`
	CustomTemplateID      *string      `json:"custom_template_id"`
	CustomTemplateVersion *int64       `json:"custom_template_version"`
	BasicDetails          *IOSBasic    `json:"basic_details"`
	Buttons               []IOSButton  `json:"buttons"`
	Advanced              *IOSAdvanced `json:"advanced"`
	TemplateBackup        *IOSBackup   `json:"template_backup"`

	Extra Extra `json:"-"`
}

type IOSBasic struct {
	Title                            *string    `json:"title"`
	Message                          *string    `json:"message"`
	Subtitle                         *string    `json:"subtitle"`
	DefaultClickAction               *string    `json:"default_click_action"`
	DefaultClickActionValue          *string    `json:"default_click_action_value"`
	KeyValuePairs                    []KeyValue `json:"key_value_pairs"`
	AllowBGRefresh                   *bool      `json:"allow_bg_refresh"`
	RichMediaType                    *string    `json:"rich_media_type"`
	RichMediaValue                   *string    `json:"rich_media_value"`
	InputGIFURL                      *string    `json:"input_gif_url"`
	ImageURL                         *string    `json:"image_url"`
	BackgroundColorCode              *string    `json:"background_color_code"`
	ApplyBackgroundColorInTextEditor *bool      `json:"apply_background_color_in_text_editor"`
	CarouselContent                  *Carousel  `json:"carousel_content"`

	Extra Extra `json:"-"`
}

type IOSButton struct {
	ButtonCategory *string `json:"button_category"`

	Extra Extra `json:"-"`
}

type IOSAdvanced struct {
	CouponCode         *string `json:"coupon_code"`
	SoundFile          *string `json:"sound_file"`
	EnableIOSBadge     *bool   `json:"enable_ios_badge"`
	GroupKey           *string `json:"group_key"`
	CollapseReplaceKey *string `json:"collapse_replace_key"`

	Extra Extra `json:"-"`
}

type IOSBackup struct {
	Title                   *string    `json:"title"`
	Message                 *string    `json:"message"`
	Subtitle                *string    `json:"subtitle"`
	AllowBGRefresh          *bool      `json:"allow_bg_refresh"`
	RichMediaType           *string    `json:"rich_media_type"`
	RichMediaValue          *string    `json:"rich_media_value"`
	DefaultClickAction      *string    `json:"default_click_action"`
	DefaultClickActionValue *string    `json:"default_click_action_value"`
	KeyValuePairs           []KeyValue `json:"key_value_pairs"`

	Extra Extra `json:"-"`
}

type Web struct {
	TemplateType *string      `json:"template_type"`
	BasicDetails *WebBasic    `json:"basic_details"`
	Buttons      []WebButton  `json:"buttons"`
	Advanced     *WebAdvanced `json:"advanced"`

	Extra Extra `json:"-"`
}

type WebBasic struct {
	Title                   *string `json:"title"`
	Message                 *string `json:"message"`
	RedirectURL             *string `json:"redirect_url"`
	ImageURL                *string `json:"image_url"`
	AutoDismissNotification *bool   `json:"auto_dismiss_notification"`

	Extra Extra `json:"-"`
}

type WebButton struct {
	Title   *string `json:"title"`
	IconURL *string `json:"icon_url"`
	URL     *string `json:"url"`

	Extra Extra `json:"-"`
}

type WebAdvanced struct {
	IconImageType *string `json:"icon_image_type"`
	IconURL       *string `json:"icon_url"`

	Extra Extra `json:"-"`
}

type EmailContent struct {
	Subject               *string      `json:"subject"`
	PreviewText           *string      `json:"preview_text"`
	SenderName            *string      `json:"sender_name"`
	FromAddress           *string      `json:"from_address"`
	ReplyToAddress        *string      `json:"reply_to_address"`
	CCIDs                 []string     `json:"cc_ids"`
	BCCIDs                []string     `json:"bcc_ids"`
	HTMLContent           *string      `json:"html_content"`
	EmailEditor           *string      `json:"email_editor"`
	CustomTemplateID      *string      `json:"custom_template_id"`
	CustomTemplateVersion *int64       `json:"custom_template_version"`
	Attachments           []Attachment `json:"attachments"`

	Extra Extra `json:"-"`
}

type Attachment struct {
	FileType *string `json:"file_type"`
	URL      *string `json:"url"`

	Extra Extra `json:"-"`
}
