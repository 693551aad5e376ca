package forms

//go:generate go run zones_gen.go

import (
	"slices"
	"strings"
	"time"
	_ "time/tzdata" // the zone names must load on machines without a tz database
)

// ZoneNames lists every IANA zone name the picker offers, sorted.
func ZoneNames() []string { return slices.Clone(zoneNames) }

// ValidZone reports whether name loads as an IANA zone.
func ValidZone(name string) bool {
	if name == "" || name == "Local" {
		return false
	}
	_, err := time.LoadLocation(name)
	return err == nil
}

// SearchZones returns up to max zone names matching query: names that start
// with it (or whose city does) first, then names containing it; case and
// spaces versus underscores do not matter.
func SearchZones(query string, max int) []string {
	q := strings.ToLower(strings.ReplaceAll(strings.TrimSpace(query), " ", "_"))
	if q == "" {
		if max > len(zoneNames) {
			max = len(zoneNames)
		}
		return slices.Clone(zoneNames[:max])
	}
	var first, rest []string
	for _, n := range zoneNames {
		l := strings.ToLower(n)
		city := l[strings.LastIndexByte(l, '/')+1:]
		switch {
		case strings.HasPrefix(l, q) || strings.HasPrefix(city, q):
			first = append(first, n)
		case strings.Contains(l, q):
			rest = append(rest, n)
		}
	}
	out := append(first, rest...)
	if len(out) > max {
		out = out[:max]
	}
	return out
}
