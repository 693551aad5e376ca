package common

import (
	"fmt"
	"strings"
	"time"

	"github.com/campaigns-cli/campaigns/model"
)

// CampaignName is the campaign's name, or what kind of campaign it is when
// it has none.
func CampaignName(c *model.Campaign) string {
	if c.BasicDetails != nil && c.BasicDetails.Name != nil && *c.BasicDetails.Name != "" {
		return *c.BasicDetails.Name
	}
	return "(unnamed " + strings.ToLower(model.Str(c.Channel)) + " campaign)"
}

// CampaignKey is what names a campaign in a path: campaign_id, or the
// document id where a service sends only that (service-reference §1.2).
func CampaignKey(c *model.Campaign) string {
	if id := model.Str(c.CampaignID); id != "" {
		return id
	}
	return model.Str(c.ID)
}

// Version is the campaign's version number as drawn ("v2"; "–" for none).
func Version(c *model.Campaign) string {
	if c.VersionNumber == nil {
		return "–"
	}
	return fmt.Sprintf("v%d", *c.VersionNumber)
}

// timeLayouts are the timestamp forms services send: ISO 8601 with or
// without an offset, and with a space for the T. Fractions of a second are
// accepted by time.Parse after the seconds of any of them.
var timeLayouts = []string{time.RFC3339, "2006-01-02T15:04:05", "2006-01-02 15:04:05Z07:00", "2006-01-02 15:04:05"}

// FullTime draws a timestamp to the second in UTC; what it cannot parse it
// shows as sent.
func FullTime(s string) string {
	for _, layout := range timeLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC().Format("2006-01-02 15:04:05 UTC")
		}
	}
	return Clean(s)
}

// ShortTime draws a service timestamp compactly; what it cannot parse it
// shows as sent.
func ShortTime(s string, wide bool) string {
	if s == "" {
		return "–"
	}
	for _, layout := range timeLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			if wide {
				return t.UTC().Format("2006-01-02 15:04")
			}
			return t.UTC().Format("01-02 15:04")
		}
	}
	return Clean(s)
}

// Who joins an author and a time ("ana@example.com · 2026-…"), drawn with
// render; "" when both are missing.
func Who(render func(...string) string, by, at *string) string {
	var parts []string
	if by != nil && *by != "" {
		parts = append(parts, Clean(*by))
	}
	if at != nil && *at != "" {
		parts = append(parts, FullTime(*at))
	}
	if len(parts) == 0 {
		return ""
	}
	return render(strings.Join(parts, " · "))
}
