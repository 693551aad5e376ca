package engine

import (
	"strings"
	"sync"
	"time"
	_ "time/tzdata" // IANA names must resolve on a machine without a zoneinfo directory

	"github.com/google/uuid"
)

// validDateTime accepts an ISO 8601 local date-time without an offset:
// 2024-06-21T12:59:00, optionally with fractional seconds. The zone comes from
// scheduling_details.timezone, so an offset or Z would be read twice.
func validDateTime(s string) bool {
	if len(s) < 19 {
		return false
	}
	for i := 0; i < 19; i++ {
		c := s[i]
		switch i {
		case 4, 7:
			if c != '-' {
				return false
			}
		case 10:
			if c != 'T' {
				return false
			}
		case 13, 16:
			if c != ':' {
				return false
			}
		default:
			if c < '0' || c > '9' {
				return false
			}
		}
	}
	if rest := s[19:]; rest != "" {
		if rest[0] != '.' || len(rest) == 1 {
			return false
		}
		for i := 1; i < len(rest); i++ {
			if rest[i] < '0' || rest[i] > '9' {
				return false
			}
		}
	}
	n := func(a, b int) int {
		v := 0
		for i := a; i < b; i++ {
			v = v*10 + int(s[i]-'0')
		}
		return v
	}
	y, mo, d, h, mi, se := n(0, 4), n(5, 7), n(8, 10), n(11, 13), n(14, 16), n(17, 19)
	if mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || se > 59 {
		return false
	}
	return d <= daysIn(y, mo)
}

func daysIn(y, m int) int {
	switch m {
	case 2:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// ParseDateTime reads a date-time of the validDateTime form in loc.
func ParseDateTime(s string, loc *time.Location) (time.Time, bool) {
	if !validDateTime(s) {
		return time.Time{}, false
	}
	t, err := time.ParseInLocation("2006-01-02T15:04:05", s[:19], loc)
	return t, err == nil
}

// zones remembers IANA names already resolved. Only valid names are stored,
// so the set stays bounded by the time zone database; it is a cache of a pure
// function, not state that changes results.
var zones = struct {
	sync.RWMutex
	ok map[string]bool
}{ok: map[string]bool{}}

// ValidTimezone reports whether s is an IANA time zone name (Asia/Kolkata).
func ValidTimezone(s string) bool {
	if s == "" || s == "Local" {
		return false
	}
	zones.RLock()
	known := zones.ok[s]
	zones.RUnlock()
	if known {
		return true
	}
	// LoadLocation also accepts paths; a name never starts with / or holds "..".
	if strings.HasPrefix(s, "/") || strings.Contains(s, "..") || strings.ContainsAny(s, `\ `) {
		return false
	}
	if _, err := time.LoadLocation(s); err != nil {
		return false
	}
	zones.Lock()
	zones.ok[s] = true
	zones.Unlock()
	return true
}

// uriSpecial marks the bytes validURI must look at after the scheme: white
// space and control bytes, the braces of {{…}} and the percent escapes.
var uriSpecial = func() (t [256]bool) {
	for c := 0; c <= ' '; c++ {
		t[c] = true
	}
	t[0x7f], t['{'], t['}'], t['%'] = true, true, true, true
	return t
}()

// validURI accepts an absolute URI with a scheme; web schemes need a host.
// Personalisation expressions ({{…}}) may appear anywhere after the scheme.
// Written by hand because net/url allocates, and this runs on every image
// of every slide of every variation.
func validURI(s string) bool {
	colon := strings.IndexByte(s, ':')
	if colon <= 0 || colon == len(s)-1 {
		return false
	}
	for i := 0; i < colon; i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return false
		}
	}
	depth := 0 // inside {{ … }}
	for i := colon + 1; i < len(s); i++ {
		c := s[i]
		if !uriSpecial[c] {
			continue
		}
		switch {
		case c == '{':
			if i+1 < len(s) && s[i+1] == '{' {
				depth++
				i++
			}
		case c == '}':
			if i+1 < len(s) && s[i+1] == '}' && depth > 0 {
				depth--
				i++
			}
		case c == '%':
			if depth == 0 && (i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2])) {
				return false
			}
		case c == ' ' && depth > 0:
			// spaces only inside an expression
		default:
			return false
		}
	}
	if depth != 0 || !isWebScheme(s[:colon]) {
		return depth == 0
	}
	rest := s[colon+1:]
	if len(rest) < 3 || rest[0] != '/' || rest[1] != '/' {
		return false
	}
	auth := rest[2:]
	for i := 0; i < len(auth); i++ {
		if c := auth[i]; c == '/' || c == '?' || c == '#' {
			auth = auth[:i]
			break
		}
	}
	if at := strings.LastIndexByte(auth, '@'); at >= 0 {
		auth = auth[at+1:]
	}
	if auth == "" || auth[0] == ':' {
		return false
	}
	for i := 0; i < len(auth); i++ {
		c := auth[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
			c == '.' || c == '-' || c == '_' || c == '~' || c == ':' || c == '[' || c == ']' || c == '%' ||
			c == '{' || c == '}' || c == '\'' || c == ' ' || c == '(' || c == ')') {
			return false
		}
	}
	return true
}

// webURI is validURI with an http or https scheme: every address the
// engine checks is an image, a media file or an attachment a device or
// mail client loads over the web, so ftp:, javascript: or a custom scheme
// can never be fetched (the editor refuses them too).
func webURI(s string) bool {
	colon := strings.IndexByte(s, ':')
	return colon > 0 && isWebScheme(s[:colon]) && validURI(s)
}

// isWebScheme reports http or https in any case.
func isWebScheme(s string) bool {
	if len(s) != 4 && len(s) != 5 {
		return false
	}
	const want = "https"
	for i := 0; i < len(s); i++ {
		if s[i]|0x20 != want[i] {
			return false
		}
	}
	return true
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// validEmail accepts a bare address (name@example.com), not "Name <…>" and
// not quoted local parts: what a sender or recipient field of a campaign
// holds. Hand-written because net/mail allocates on every call.
func validEmail(s string) bool {
	at := strings.LastIndexByte(s, '@')
	if at <= 0 || at > 64 || len(s) > 254 {
		return false
	}
	local, domain := s[:at], s[at+1:]
	prev := byte('.')
	for i := 0; i < len(local); i++ {
		c := local[i]
		switch {
		case c == '.':
			if prev == '.' {
				return false // leading or doubled dot
			}
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case strings.IndexByte("!#$%&'*+/=?^_`{|}~-", c) >= 0:
		default:
			return false
		}
		prev = c
	}
	if prev == '.' {
		return false
	}
	labels := 0
	for len(domain) > 0 {
		label := domain
		if dot := strings.IndexByte(domain, '.'); dot >= 0 {
			label, domain = domain[:dot], domain[dot+1:]
			if domain == "" {
				return false // trailing dot
			}
		} else {
			domain = ""
		}
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for i := 0; i < len(label); i++ {
			c := label[i]
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-') {
				return false
			}
		}
		labels++
	}
	return labels >= 2
}

// ValidEmail reports whether s is a bare email address.
func ValidEmail(s string) bool { return validEmail(s) }

// ValidUUIDv4 reports whether s is a UUID of version 4, as Idempotency-Key needs.
func ValidUUIDv4(s string) bool {
	u, err := uuid.Parse(s)
	return err == nil && u.Version() == 4 && len(s) == 36
}

// validHexColor accepts #RGB, #RRGGBB and #AARRGGBB.
func validHexColor(s string) bool {
	if len(s) != 4 && len(s) != 7 && len(s) != 9 || s[0] != '#' {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

// numeric reports whether s is a decimal number (the service types hours,
// coordinates and radii as strings).
func numeric(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, false
	}
	dot, digits := false, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			digits++
		case c == '.' && !dot:
			dot = true
		case c == '-' && i == 0:
		default:
			return 0, false
		}
	}
	if digits == 0 {
		return 0, false
	}
	var f float64
	neg := s[0] == '-'
	if neg {
		s = s[1:]
	}
	scale := 0.0
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			scale = 1
			continue
		}
		if scale > 0 {
			scale /= 10
			f += float64(s[i]-'0') * scale
		} else {
			f = f*10 + float64(s[i]-'0')
		}
	}
	if neg {
		f = -f
	}
	return f, true
}
