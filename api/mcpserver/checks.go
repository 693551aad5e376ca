package mcpserver

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// The checks here run before a tool sends anything, on top of the engine:
// mistakes an agent makes that the service would answer with an empty
// result or a message that does not say what to do.

// hasPart refuses a locale or variation the content does not have, naming
// the ones it has (the service would render nothing, without an error).
func hasPart(c *model.CampaignContent, locale, variation string) error {
	if locale == "" && variation == "" {
		return nil
	}
	locales, variations := parts(c)
	if locale != "" && !slices.Contains(locales, locale) {
		return inputError("locale", "locale %q is not in this campaign's content; it has %s.", locale, orNone(locales))
	}
	if variation != "" && !slices.Contains(variations, variation) {
		return inputError("variation", "variation %q is not in this campaign's content; it has %s.", variation, orNone(variations))
	}
	return nil
}

// parts lists the locales and variations of keyed content (the flat shape
// is the default locale's only variation).
func parts(c *model.CampaignContent) (locales, variations []string) {
	if c == nil || c.Content == nil {
		return nil, nil
	}
	if c.Content.Flat != nil {
		return []string{"default"}, []string{"variation_1"}
	}
	locales = model.LocaleOrder(c.Content.Keyed)
	for _, l := range locales {
		for _, v := range model.VariationOrder(c.Content.Keyed[l]) {
			if !slices.Contains(variations, v) {
				variations = append(variations, v)
			}
		}
	}
	return locales, variations
}

func orNone(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// testIdentifiers are the identifier types a test send takes, by channel.
var testIdentifiers = map[string][]string{
	model.ChannelPush:  model.PushIdentifiers,
	model.ChannelEmail: model.EmailIdentifiers,
}

// identifierFits refuses a test identifier of the other channel: the
// service would look the users up by a key they cannot have.
func identifierFits(channel, identifier string) error {
	ok, known := testIdentifiers[channel]
	if !known {
		return nil
	}
	if !slices.Contains(ok, identifier) {
		return inputError("identifier", "identifier %q does not name %s users; use one of %s.", identifier, channel, strings.Join(ok, ", "))
	}
	return nil
}

// warnings are what a write may not mean without being wrong: a start time
// that has passed (a ONE_TIME campaign published with it sends at once).
func (s *Server) warnings(c *model.Campaign) []string {
	if c == nil || c.SchedulingDetails == nil || c.SchedulingDetails.StartTime == nil {
		return nil
	}
	sd := c.SchedulingDetails
	loc := time.UTC
	tz := str(sd.Timezone)
	if tz != "" {
		l, err := time.LoadLocation(tz)
		if err != nil {
			return nil // the engine names a bad zone
		}
		loc = l
	} else {
		tz = "UTC"
	}
	t, ok := engine.ParseDateTime(*sd.StartTime, loc)
	now := s.now()
	if !ok || !t.Before(now) {
		return nil
	}
	return []string{fmt.Sprintf("scheduling_details.start_time %s (%s) is in the past: it is now %s there; published, the campaign would start at once",
		*sd.StartTime, tz, now.In(loc).Format("2006-01-02T15:04:05"))}
}
