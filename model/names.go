package model

// NameKind is a family of free-text names a campaign refers to by name —
// events, attributes, segments, tags … — for which the editor offers the
// names the workspace already uses. The forms' field table says which field
// takes which kind; api/suggest collects the names.
type NameKind string

// The kinds of names.
const (
	NameAttribute            NameKind = "attribute"
	NameEvent                NameKind = "event"
	NameBusinessEvent        NameKind = "business_event"
	NameSegmentID            NameKind = "segment_id"
	NameSegmentName          NameKind = "segment_name"
	NameTag                  NameKind = "tag"
	NameTeam                 NameKind = "team"
	NameConnector            NameKind = "connector"
	NameSubscriptionCategory NameKind = "subscription_category"
	NameNotificationChannel  NameKind = "notification_channel"
)

// NameKinds lists every kind.
var NameKinds = []NameKind{NameAttribute, NameEvent, NameBusinessEvent, NameSegmentID, NameSegmentName,
	NameTag, NameTeam, NameConnector, NameSubscriptionCategory, NameNotificationChannel}
