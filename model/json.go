// One MarshalJSON/UnmarshalJSON pair per type of campaign.go; keep the two in step.

package model

// Every model type encodes and decodes through the lenient codec, so that
// encoding/json users (wire types, the HTTP client) keep unknown keys too.

func (v Campaign) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *Campaign) UnmarshalJSON(b []byte) error { *v = Campaign{}; return DecodeInto(b, v) }

func (v BasicDetails) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *BasicDetails) UnmarshalJSON(b []byte) error { *v = BasicDetails{}; return DecodeInto(b, v) }

func (v Geofence) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *Geofence) UnmarshalJSON(b []byte) error { *v = Geofence{}; return DecodeInto(b, v) }

func (v PlatformSpecific) MarshalJSON() ([]byte, error) { return Encode(&v), nil }
func (v *PlatformSpecific) UnmarshalJSON(b []byte) error {
	*v = PlatformSpecific{}
	return DecodeInto(b, v)
}

func (v AndroidSpecific) MarshalJSON() ([]byte, error) { return Encode(&v), nil }
func (v *AndroidSpecific) UnmarshalJSON(b []byte) error {
	*v = AndroidSpecific{}
	return DecodeInto(b, v)
}

func (v IOSSpecific) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *IOSSpecific) UnmarshalJSON(b []byte) error { *v = IOSSpecific{}; return DecodeInto(b, v) }

func (v Connector) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *Connector) UnmarshalJSON(b []byte) error { *v = Connector{}; return DecodeInto(b, v) }

func (v TriggerCondition) MarshalJSON() ([]byte, error) { return Encode(&v), nil }
func (v *TriggerCondition) UnmarshalJSON(b []byte) error {
	*v = TriggerCondition{}
	return DecodeInto(b, v)
}

func (v IntelligentDelay) MarshalJSON() ([]byte, error) { return Encode(&v), nil }
func (v *IntelligentDelay) UnmarshalJSON(b []byte) error {
	*v = IntelligentDelay{}
	return DecodeInto(b, v)
}

func (v FilterGroup) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *FilterGroup) UnmarshalJSON(b []byte) error { *v = FilterGroup{}; return DecodeInto(b, v) }

func (v Filter) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *Filter) UnmarshalJSON(b []byte) error { *v = Filter{}; return DecodeInto(b, v) }

func (v Execution) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *Execution) UnmarshalJSON(b []byte) error { *v = Execution{}; return DecodeInto(b, v) }

func (v Segmentation) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *Segmentation) UnmarshalJSON(b []byte) error { *v = Segmentation{}; return DecodeInto(b, v) }

func (v Scheduling) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *Scheduling) UnmarshalJSON(b []byte) error { *v = Scheduling{}; return DecodeInto(b, v) }

func (v Periodic) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *Periodic) UnmarshalJSON(b []byte) error { *v = Periodic{}; return DecodeInto(b, v) }

func (v WeekOfMonth) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *WeekOfMonth) UnmarshalJSON(b []byte) error { *v = WeekOfMonth{}; return DecodeInto(b, v) }

func (v BTS) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *BTS) UnmarshalJSON(b []byte) error { *v = BTS{}; return DecodeInto(b, v) }

func (v UserTimezone) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *UserTimezone) UnmarshalJSON(b []byte) error { *v = UserTimezone{}; return DecodeInto(b, v) }

func (v GeoFenceTimelimit) MarshalJSON() ([]byte, error) { return Encode(&v), nil }
func (v *GeoFenceTimelimit) UnmarshalJSON(b []byte) error {
	*v = GeoFenceTimelimit{}
	return DecodeInto(b, v)
}

func (v Timebound) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *Timebound) UnmarshalJSON(b []byte) error { *v = Timebound{}; return DecodeInto(b, v) }

func (v DeliveryControls) MarshalJSON() ([]byte, error) { return Encode(&v), nil }
func (v *DeliveryControls) UnmarshalJSON(b []byte) error {
	*v = DeliveryControls{}
	return DecodeInto(b, v)
}

func (v LimitSendConfig) MarshalJSON() ([]byte, error) { return Encode(&v), nil }
func (v *LimitSendConfig) UnmarshalJSON(b []byte) error {
	*v = LimitSendConfig{}
	return DecodeInto(b, v)
}

func (v Advanced) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *Advanced) UnmarshalJSON(b []byte) error { *v = Advanced{}; return DecodeInto(b, v) }

func (v Expiration) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *Expiration) UnmarshalJSON(b []byte) error { *v = Expiration{}; return DecodeInto(b, v) }

func (v PlatformPriority) MarshalJSON() ([]byte, error) { return Encode(&v), nil }
func (v *PlatformPriority) UnmarshalJSON(b []byte) error {
	*v = PlatformPriority{}
	return DecodeInto(b, v)
}

func (v AndroidPriority) MarshalJSON() ([]byte, error) { return Encode(&v), nil }
func (v *AndroidPriority) UnmarshalJSON(b []byte) error {
	*v = AndroidPriority{}
	return DecodeInto(b, v)
}

func (v IOSPriority) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *IOSPriority) UnmarshalJSON(b []byte) error { *v = IOSPriority{}; return DecodeInto(b, v) }

func (v ConversionGoals) MarshalJSON() ([]byte, error) { return Encode(&v), nil }
func (v *ConversionGoals) UnmarshalJSON(b []byte) error {
	*v = ConversionGoals{}
	return DecodeInto(b, v)
}

func (v Goal) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *Goal) UnmarshalJSON(b []byte) error { *v = Goal{}; return DecodeInto(b, v) }

func (v GoalEventAttribute) MarshalJSON() ([]byte, error) { return Encode(&v), nil }
func (v *GoalEventAttribute) UnmarshalJSON(b []byte) error {
	*v = GoalEventAttribute{}
	return DecodeInto(b, v)
}

func (v ControlGroup) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *ControlGroup) UnmarshalJSON(b []byte) error { *v = ControlGroup{}; return DecodeInto(b, v) }

func (v UTMParams) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *UTMParams) UnmarshalJSON(b []byte) error { *v = UTMParams{}; return DecodeInto(b, v) }

func (v AudienceLimit) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *AudienceLimit) UnmarshalJSON(b []byte) error { *v = AudienceLimit{}; return DecodeInto(b, v) }

func (v CampaignContent) MarshalJSON() ([]byte, error) { return Encode(&v), nil }
func (v *CampaignContent) UnmarshalJSON(b []byte) error {
	*v = CampaignContent{}
	return DecodeInto(b, v)
}

func (v Variations) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *Variations) UnmarshalJSON(b []byte) error { *v = Variations{}; return DecodeInto(b, v) }

func (v Message) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *Message) UnmarshalJSON(b []byte) error { *v = Message{}; return DecodeInto(b, v) }

func (v PushContent) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *PushContent) UnmarshalJSON(b []byte) error { *v = PushContent{}; return DecodeInto(b, v) }

func (v KeyValue) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *KeyValue) UnmarshalJSON(b []byte) error { *v = KeyValue{}; return DecodeInto(b, v) }

func (v Android) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *Android) UnmarshalJSON(b []byte) error { *v = Android{}; return DecodeInto(b, v) }

func (v AndroidBasic) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *AndroidBasic) UnmarshalJSON(b []byte) error { *v = AndroidBasic{}; return DecodeInto(b, v) }

func (v Carousel) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *Carousel) UnmarshalJSON(b []byte) error { *v = Carousel{}; return DecodeInto(b, v) }

func (v Slide) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *Slide) UnmarshalJSON(b []byte) error { *v = Slide{}; return DecodeInto(b, v) }

func (v Timer) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *Timer) UnmarshalJSON(b []byte) error { *v = Timer{}; return DecodeInto(b, v) }

func (v AndroidButton) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *AndroidButton) UnmarshalJSON(b []byte) error { *v = AndroidButton{}; return DecodeInto(b, v) }

func (v AndroidAdvanced) MarshalJSON() ([]byte, error) { return Encode(&v), nil }
func (v *AndroidAdvanced) UnmarshalJSON(b []byte) error {
	*v = AndroidAdvanced{}
	return DecodeInto(b, v)
}

func (v AndroidBackup) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *AndroidBackup) UnmarshalJSON(b []byte) error { *v = AndroidBackup{}; return DecodeInto(b, v) }

func (v IOS) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *IOS) UnmarshalJSON(b []byte) error { *v = IOS{}; return DecodeInto(b, v) }

func (v IOSBasic) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *IOSBasic) UnmarshalJSON(b []byte) error { *v = IOSBasic{}; return DecodeInto(b, v) }

func (v IOSButton) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *IOSButton) UnmarshalJSON(b []byte) error { *v = IOSButton{}; return DecodeInto(b, v) }

func (v IOSAdvanced) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *IOSAdvanced) UnmarshalJSON(b []byte) error { *v = IOSAdvanced{}; return DecodeInto(b, v) }

func (v IOSBackup) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *IOSBackup) UnmarshalJSON(b []byte) error { *v = IOSBackup{}; return DecodeInto(b, v) }

func (v Web) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *Web) UnmarshalJSON(b []byte) error { *v = Web{}; return DecodeInto(b, v) }

func (v WebBasic) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *WebBasic) UnmarshalJSON(b []byte) error { *v = WebBasic{}; return DecodeInto(b, v) }

func (v WebButton) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *WebButton) UnmarshalJSON(b []byte) error { *v = WebButton{}; return DecodeInto(b, v) }

func (v WebAdvanced) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *WebAdvanced) UnmarshalJSON(b []byte) error { *v = WebAdvanced{}; return DecodeInto(b, v) }

func (v EmailContent) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *EmailContent) UnmarshalJSON(b []byte) error { *v = EmailContent{}; return DecodeInto(b, v) }

func (v Attachment) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *Attachment) UnmarshalJSON(b []byte) error { *v = Attachment{}; return DecodeInto(b, v) }

func (v Content) MarshalJSON() ([]byte, error)  { return Encode(&v), nil }
func (v *Content) UnmarshalJSON(b []byte) error { *v = Content{}; return DecodeInto(b, v) }
