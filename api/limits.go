package api

import "time"

// Window is at most N requests in any rolling span Per.
type Window struct {
	N   int
	Per time.Duration
}

// The service's rate limits by route class (campaigns-v5.md "Limits",
// service-reference §4.2): what the sandbox enforces and what a client
// paces itself by.
var (
	// LimitsDefault: reads (get, search, meta) and updates.
	LimitsDefault = []Window{{10, time.Second}, {100, time.Minute}, {6000, time.Hour}}
	// LimitsCreate: create requests.
	LimitsCreate = []Window{{5, time.Second}, {25, time.Minute}, {100, time.Hour}}
	// LimitsCreated: successful creations, counted apart from requests.
	LimitsCreated = []Window{{5, time.Minute}, {25, time.Hour}, {100, 24 * time.Hour}}
	// LimitsPreview: personalisation previews.
	LimitsPreview = []Window{{10000, time.Minute}}
)
