package api

import (
	"context"
	"errors"
	"github.com/campaigns-cli/campaigns/model/fuzzseeds"
	"math"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"
)

// FuzzClientErrors answers the client with arbitrary statuses, Retry-After
// values, content types and bodies: a failure is a typed *Error with the
// status and words a person can read, 4xx other than 429 is sent once, and
// retries stay within MaxRetries.
func FuzzClientErrors(f *testing.F) {
	fuzzseeds.Add(f, "FuzzClientErrors")
	f.Add(400, "", "application/json", []byte(`{"response_id":"r","error":{"code":"VALIDATION_FAILED","message":"bad","target":"basic_details.name"}}`))
	f.Add(502, "", "text/html", []byte(`<html><title>502 Bad Gateway</title></html>`))
	f.Add(429, "2", "application/json", []byte(`{"error":{"code":"RATE_LIMITED","message":"slow down"}}`))
	f.Add(503, "Wed, 21 Oct 2015 07:28:00 GMT", "", []byte{0xff, 0xfe, 0})
	f.Add(200, "", "application/json", []byte(`{"data":[1,2]}`))
	f.Add(404, "", "", []byte(`{"error":{}}`))
	f.Add(301, "", "", []byte(``))

	var mu sync.Mutex
	var hits int
	var status int
	var retryAfter, ctype string
	var body []byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		hits++
		if retryAfter != "" {
			w.Header().Set(HeaderRetryAfter, retryAfter)
		}
		if ctype != "" {
			w.Header().Set("Content-Type", ctype)
		}
		w.WriteHeader(status)
		w.Write(body)
	}))
	f.Cleanup(srv.Close)
	const maxRetries = 2
	c, err := New(Config{BaseURL: srv.URL, WorkspaceID: "WS1", APIKey: "k", MaxRetries: maxRetries,
		Sleep: func(ctx context.Context, d time.Duration) error { return ctx.Err() }})
	if err != nil {
		f.Fatal(err)
	}
	headerSafe := func(s string) string {
		return strings.Map(func(r rune) rune {
			if r < 0x20 || r == 0x7f || r >= utf8.RuneSelf {
				return -1
			}
			return r
		}, s)
	}

	f.Fuzz(func(t *testing.T, code int, ra, ct string, b []byte) {
		if code < 0 {
			code = -code
		}
		mu.Lock()
		status = 200 + code%400 // 2xx to 5xx: 1xx are not final answers
		retryAfter, ctype, body = strings.TrimSpace(headerSafe(ra)), strings.TrimSpace(headerSafe(ct)), b
		hits = 0
		mu.Unlock()

		var err error
		if len(b)%2 == 0 {
			_, err = c.Get(context.Background(), "c1")
		} else {
			err = c.Publish(context.Background(), "c1")
		}
		mu.Lock()
		n := hits
		mu.Unlock()

		if status < 300 {
			if err != nil && (err.Error() == "" || !utf8.ValidString(err.Error())) {
				t.Fatalf("%d: unreadable error %q", status, err)
			}
			if n != 1 {
				t.Fatalf("%d sent %d times", status, n)
			}
			return
		}
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("%d %q: %T %v, want *api.Error", status, b, err, err)
		}
		msg := e.Error()
		if e.Status != status || !strings.HasPrefix(msg, strconv.Itoa(status)) || msg == strconv.Itoa(status) || !utf8.ValidString(msg) {
			t.Fatalf("%d %q: error %q (status %d)", status, b, msg, e.Status)
		}
		if e.RetryAfter < 0 {
			t.Fatalf("Retry-After %q read as %v", retryAfter, e.RetryAfter)
		}
		switch {
		case status == http.StatusTooManyRequests && e.RetryAfter > DefaultMaxRetryWait:
			if n != 1 {
				t.Fatalf("429 asking for %v was waited for: sent %d times", e.RetryAfter, n)
			}
		case status == http.StatusTooManyRequests || status >= 500:
			if n != maxRetries+1 {
				t.Fatalf("%d sent %d times, want %d", status, n, maxRetries+1)
			}
		default:
			if n != 1 {
				t.Fatalf("%d sent %d times: a 4xx is never retried", status, n)
			}
		}
	})
}

// An error envelope with no message (found by FuzzClientErrors) still gives
// words, taken from the first detail when there is one.
func TestErrorWithoutMessageReads(t *testing.T) {
	for _, tc := range []struct{ body, want string }{
		{`{"error":{}}`, "526: the service gave no reason"},
		{`{"error":{"code":"VALIDATION_FAILED","details":[{"target":"basic_details.name","message":"Name is required."}]}}`,
			"526 VALIDATION_FAILED: Name is required. (basic_details.name)"},
	} {
		if got := decodeError(526, http.Header{}, []byte(tc.body)).Error(); got != tc.want {
			t.Errorf("%s reads %q, want %q", tc.body, got, tc.want)
		}
	}
}

// A Retry-After too long to hold in a time.Duration (found by
// FuzzClientErrors) is a very long wait, not a negative one: a 429 asking
// for it is handed back at once instead of retried.
func TestHugeRetryAfterIsNotRetried(t *testing.T) {
	now := time.Now()
	for _, v := range []string{"1e10", "1e300", "Inf", "9223372037"} {
		if d := parseRetryAfter(v, now); d != time.Duration(math.MaxInt64) {
			t.Errorf("Retry-After %q read as %v", v, d)
		}
	}
	for _, v := range []string{"NaN", "-5", "0"} {
		if d := parseRetryAfter(v, now); d != 0 {
			t.Errorf("Retry-After %q read as %v", v, d)
		}
	}
	f, c, waits := newFake(t, func(n int, r *http.Request, w http.ResponseWriter) {
		w.Header().Set(HeaderRetryAfter, "1e10")
		w.WriteHeader(http.StatusTooManyRequests)
		w.Write([]byte(`{"error":{"code":"RATE_LIMITED","message":"slow down"}}`))
	})
	_, err := c.Get(context.Background(), "c1")
	var e *Error
	if !errors.As(err, &e) || e.Status != http.StatusTooManyRequests || e.RetryAfter <= DefaultMaxRetryWait {
		t.Fatalf("err %v", err)
	}
	if n := len(f.requests()); n != 1 || len(*waits) != 0 {
		t.Errorf("sent %d times after waits %v", n, *waits)
	}
}
