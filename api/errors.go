package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Error is a response of the service that is not a success: the decoded error
// envelope when there is one, and a readable message when the body is not
// JSON (a proxy's HTML error page, an empty 502).
type Error struct {
	Status     int // HTTP status code
	Code       string
	Message    string
	Target     string
	Details    []ErrorDetail
	RequestID  string // error.request_id: the request_id of the failed request
	ResponseID string
	// RetryAfter is the wait the service asked for (429 and some 503s).
	RetryAfter time.Duration
	// Body is the raw response body, cut to a few KiB.
	Body string
}

func (e *Error) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d", e.Status)
	if e.Code != "" {
		b.WriteString(" " + e.Code)
	} else if t := http.StatusText(e.Status); t != "" {
		b.WriteString(" " + t)
	}
	if e.Message != "" {
		b.WriteString(": " + e.Message)
	}
	if e.Target != "" && !strings.Contains(e.Message, e.Target) {
		b.WriteString(" (" + e.Target + ")")
	}
	if n := len(e.Details); n > 1 {
		fmt.Fprintf(&b, " and %d more problem(s)", n-1)
	}
	return b.String()
}

// Temporary reports whether the same request may succeed later unchanged:
// rate limits and server-side failures.
func (e *Error) Temporary() bool {
	return e.Status == http.StatusTooManyRequests || e.Status >= 500
}

// StatusOf returns the HTTP status of an *Error in err's chain, or 0.
func StatusOf(err error) int {
	var e *Error
	if errors.As(err, &e) {
		return e.Status
	}
	return 0
}

// IsUnreachable reports whether err means the service could not be reached or
// did not answer: connection refused or dropped, DNS, timeouts, and the
// gateway statuses (502, 503, 504) a proxy gives when the service is down.
// A cancelled context is not "unreachable": the caller gave up.
func IsUnreachable(err error) bool {
	if err == nil || errors.Is(err, context.Canceled) {
		return false
	}
	var e *Error
	if errors.As(err, &e) {
		switch e.Status {
		case http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
			return true
		}
		return false
	}
	var ne net.Error
	if errors.As(err, &ne) {
		return true
	}
	var te *TransportError
	return errors.As(err, &te)
}

// TransportError is a request that got no HTTP response at all.
type TransportError struct {
	Method, Path string
	Err          error
}

func (e *TransportError) Error() string {
	return fmt.Sprintf("%s %s: service unreachable: %v", e.Method, e.Path, e.Err)
}

func (e *TransportError) Unwrap() error { return e.Err }

const maxErrorBody = 4 << 10

var (
	tagRe   = regexp.MustCompile(`(?s)<(script|style)\b.*?</(script|style)>|<[^>]*>`)
	spaceRe = regexp.MustCompile(`\s+`)
	titleRe = regexp.MustCompile(`(?is)<title[^>]*>(.*?)</title>`)
)

// decodeError turns a non-2xx response into an *Error.
func decodeError(status int, header http.Header, body []byte) *Error {
	e := &Error{Status: status, RetryAfter: parseRetryAfter(header.Get(HeaderRetryAfter), time.Now())}
	e.Body = Clip(string(body), maxErrorBody)
	var env Envelope
	if err := json.Unmarshal(body, &env); err == nil && env.Error != nil {
		e.ResponseID = env.ResponseID
		e.Code = env.Error.Code
		e.Message = env.Error.Message
		e.Target = env.Error.Target
		e.Details = env.Error.Details
		e.RequestID = env.Error.RequestID
		if e.Target == "" && len(e.Details) > 0 {
			e.Target = e.Details[0].Target
		}
		if e.Message == "" && len(e.Details) > 0 {
			e.Message = e.Details[0].Message
		}
		if e.Message == "" {
			// An envelope like {"error":{}} still has to read as words.
			e.Message = "the service gave no reason"
		}
		return e
	}
	// Not our envelope: say what came back in words a person can act on.
	e.Message = describeBody(status, header.Get("Content-Type"), body)
	return e
}

func describeBody(status int, ctype string, body []byte) string {
	s := strings.TrimSpace(string(body))
	if s == "" {
		return "the service answered with an empty body"
	}
	if !utf8.ValidString(s) {
		return fmt.Sprintf("the service answered with %d bytes of binary data (%s)", len(body), ctype)
	}
	if strings.Contains(strings.ToLower(ctype), "html") || strings.HasPrefix(s, "<") {
		text := ""
		if m := titleRe.FindStringSubmatch(s); m != nil {
			text = m[1]
		} else {
			text = tagRe.ReplaceAllString(s, " ")
		}
		text = strings.TrimSpace(spaceRe.ReplaceAllString(text, " "))
		if text == "" {
			return "the service (or a proxy in front of it) answered with an HTML page"
		}
		return "the service (or a proxy in front of it) answered with an HTML page: " + Clip(text, 200)
	}
	return "unexpected response: " + Clip(spaceRe.ReplaceAllString(s, " "), 200)
}

// Clip cuts s to n bytes on a rune boundary, marking the cut with "…".
func Clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// parseRetryAfter reads Retry-After as seconds or as an HTTP date.
func parseRetryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if n, err := strconv.ParseFloat(v, 64); err == nil {
		if !(n > 0) { // negative, zero or NaN
			return 0
		}
		// Beyond ~292 years the conversion would overflow to a negative wait.
		if n >= float64(math.MaxInt64)/float64(time.Second) {
			return time.Duration(math.MaxInt64)
		}
		return time.Duration(n * float64(time.Second))
	}
	if t, err := http.ParseTime(v); err == nil {
		if d := t.Sub(now); d > 0 {
			return d
		}
	}
	return 0
}
