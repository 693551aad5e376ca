package api

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/campaigns-cli/campaigns/model"
)

// These tests use a scripted fake server to pin the client's own behaviour
// (headers, retries, decoding) where a real service cannot be made to
// misbehave on cue; client_test.go runs every route against the sandbox.

type seen struct {
	method, path string
	header       http.Header
	body         []byte
}

type fake struct {
	mu    sync.Mutex
	reqs  []seen
	reply func(n int, r *http.Request, w http.ResponseWriter)
}

func (f *fake) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	n := len(f.reqs)
	f.reqs = append(f.reqs, seen{r.Method, r.URL.Path, r.Header.Clone(), b})
	f.mu.Unlock()
	f.reply(n, r, w)
}

func (f *fake) requests() []seen {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]seen(nil), f.reqs...)
}

func newFake(t *testing.T, reply func(n int, r *http.Request, w http.ResponseWriter)) (*fake, *Client, *[]time.Duration) {
	t.Helper()
	f := &fake{reply: reply}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	var waits []time.Duration
	c, err := New(Config{BaseURL: srv.URL, WorkspaceID: "WS1", APIKey: "k",
		Sleep: func(ctx context.Context, d time.Duration) error { waits = append(waits, d); return ctx.Err() }})
	if err != nil {
		t.Fatal(err)
	}
	return f, c, &waits
}

func writeJSON(w http.ResponseWriter, status int, body string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	io.WriteString(w, body)
}

func TestHeadersAndRequestID(t *testing.T) {
	f, c, _ := newFake(t, func(n int, r *http.Request, w http.ResponseWriter) {
		writeJSON(w, 201, `{"response_id":"r","type":"campaign","data":{"id":"abc","status":"DRAFT"}}`)
	})
	res, err := c.Create(context.Background(), &model.Campaign{Channel: ptr("PUSH")})
	if err != nil || res.ID != "abc" || res.Status != "DRAFT" {
		t.Fatalf("create: %+v %v", res, err)
	}
	r := f.requests()[0]
	user, pass, ok := (&http.Request{Header: r.header}).BasicAuth()
	if !ok || user != "WS1" || pass != "k" {
		t.Errorf("basic auth = %q %q %v", user, pass, ok)
	}
	if r.header.Get(HeaderAppKey) != "WS1" {
		t.Errorf("SVC-APPKEY = %q", r.header.Get(HeaderAppKey))
	}
	key, err := uuid.Parse(r.header.Get(HeaderIdempotencyKey))
	if err != nil || key.Version() != 4 {
		t.Errorf("Idempotency-Key %q is not a UUID v4", r.header.Get(HeaderIdempotencyKey))
	}
	var body map[string]any
	json.Unmarshal(r.body, &body)
	if rid := r.header.Get(HeaderRequestID); rid == "" || body["request_id"] != rid {
		t.Errorf("X-SVC-Request-Id %q and body request_id %v must be equal and set", rid, body["request_id"])
	}

	// A caller's request id is used as given, in both places.
	ctx := WithRequestID(context.Background(), "my-trace")
	c.SetStatus(ctx, "abc", "PAUSE")
	r = f.requests()[1]
	json.Unmarshal(r.body, &body)
	if r.header.Get(HeaderRequestID) != "my-trace" || body["request_id"] != "my-trace" {
		t.Errorf("request id: header %q body %v", r.header.Get(HeaderRequestID), body["request_id"])
	}
	// Two operations never share a key.
	if f.requests()[0].header.Get(HeaderIdempotencyKey) == r.header.Get(HeaderIdempotencyKey) {
		t.Error("two operations got the same Idempotency-Key")
	}
}

func TestValidateHasNoIdempotencyKeyAndReadsBothShapes(t *testing.T) {
	for name, body := range map[string]string{
		"enveloped": `{"response_id":"r","data":{"valid":false,"errors":[{"field":"scheduling_details","issue":"scheduling_details is required"}]}}`,
		"top-level": `{"valid":false,"errors":[{"field":"scheduling_details","issue":"scheduling_details is required"}]}`,
	} {
		t.Run(name, func(t *testing.T) {
			f, c, _ := newFake(t, func(n int, r *http.Request, w http.ResponseWriter) { writeJSON(w, 200, body) })
			res, err := c.Validate(context.Background(), "abc")
			if err != nil {
				t.Fatal(err)
			}
			if res.Valid || len(res.Errors) != 1 || res.Errors[0].Field != "scheduling_details" || res.Errors[0].Issue == "" {
				t.Errorf("got %+v", res)
			}
			if k := f.requests()[0].header.Get(HeaderIdempotencyKey); k != "" {
				t.Errorf("validate sent Idempotency-Key %q", k)
			}
		})
	}
}

func TestRetrySameKeyAfter500(t *testing.T) {
	f, c, waits := newFake(t, func(n int, r *http.Request, w http.ResponseWriter) {
		if n < 2 {
			writeJSON(w, 500, `{"error":{"code":"INTERNAL_ERROR","message":"boom"}}`)
			return
		}
		writeJSON(w, 200, `{"data":{"id":"abc"}}`)
	})
	if _, err := c.Patch(context.Background(), "abc", &model.Campaign{}); err != nil {
		t.Fatal(err)
	}
	reqs := f.requests()
	if len(reqs) != 3 {
		t.Fatalf("%d attempts, want 3", len(reqs))
	}
	for _, r := range reqs[1:] {
		if r.header.Get(HeaderIdempotencyKey) != reqs[0].header.Get(HeaderIdempotencyKey) ||
			r.header.Get(HeaderRequestID) != reqs[0].header.Get(HeaderRequestID) || string(r.body) != string(reqs[0].body) {
			t.Error("a retry is not the same request")
		}
	}
	// Exponential backoff with jitter: the second wait is in [RetryWait, 2*RetryWait].
	if len(*waits) != 2 || (*waits)[0] > DefaultRetryWait || (*waits)[1] < DefaultRetryWait || (*waits)[1] > 2*DefaultRetryWait {
		t.Errorf("waits %v", *waits)
	}
}

func TestRetriesAreBounded(t *testing.T) {
	f, c, _ := newFake(t, func(n int, r *http.Request, w http.ResponseWriter) {
		writeJSON(w, 503, `{"error":{"code":"INTERNAL_ERROR","message":"down"}}`)
	})
	_, err := c.Get(context.Background(), "abc")
	if StatusOf(err) != 503 || !IsUnreachable(err) {
		t.Fatalf("err = %v", err)
	}
	if n := len(f.requests()); n != DefaultMaxRetries+1 {
		t.Errorf("%d attempts, want %d", n, DefaultMaxRetries+1)
	}
}

func TestNo4xxRetry(t *testing.T) {
	for _, status := range []int{400, 401, 403, 404, 409, 422} {
		f, c, _ := newFake(t, func(n int, r *http.Request, w http.ResponseWriter) {
			writeJSON(w, status, `{"response_id":"resp1","error":{"code":"VALIDATION_FAILED","message":"bad","details":[{"target":"basic_details.name","message":"name is required"},{"target":"utm_params","message":"x"}],"request_id":"rq"}}`)
		})
		_, err := c.Patch(context.Background(), "abc", &model.Campaign{})
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("%d: err %T %v", status, err, err)
		}
		if e.Status != status || e.Code != "VALIDATION_FAILED" || e.Target != "basic_details.name" || len(e.Details) != 2 ||
			e.ResponseID != "resp1" || e.RequestID != "rq" {
			t.Errorf("%d: %+v", status, e)
		}
		if n := len(f.requests()); n != 1 {
			t.Errorf("%d retried: %d attempts", status, n)
		}
	}
}

func Test429WaitsRetryAfterWhenShort(t *testing.T) {
	f, c, waits := newFake(t, func(n int, r *http.Request, w http.ResponseWriter) {
		if n == 0 {
			w.Header().Set("Retry-After", "2")
			writeJSON(w, 429, `{"error":{"code":"RATE_LIMITED","message":"Rate limit exceeded."}}`)
			return
		}
		writeJSON(w, 200, `{"data":{"id":"abc"}}`)
	})
	if _, err := c.Patch(context.Background(), "abc", &model.Campaign{}); err != nil {
		t.Fatal(err)
	}
	if len(*waits) != 1 || (*waits)[0] != 2*time.Second {
		t.Errorf("waits %v, want [2s]", *waits)
	}
	if r := f.requests(); r[0].header.Get(HeaderIdempotencyKey) != r[1].header.Get(HeaderIdempotencyKey) {
		t.Error("429 retry changed the key")
	}
}

func Test429LongerThanMaxWaitIsReturned(t *testing.T) {
	f, c, waits := newFake(t, func(n int, r *http.Request, w http.ResponseWriter) {
		w.Header().Set("Retry-After", "60")
		writeJSON(w, 429, `{"error":{"code":"RATE_LIMITED","message":"Rate limit exceeded. Retry after 60 seconds."}}`)
	})
	_, err := c.Patch(context.Background(), "abc", &model.Campaign{})
	var e *Error
	if !errors.As(err, &e) || e.Status != 429 || e.RetryAfter != time.Minute {
		t.Fatalf("err = %#v", err)
	}
	if len(f.requests()) != 1 || len(*waits) != 0 {
		t.Errorf("blocked on a 60 s Retry-After: %d attempts, waits %v", len(f.requests()), *waits)
	}
}

func TestHTMLErrorPage(t *testing.T) {
	_, c, _ := newFake(t, func(n int, r *http.Request, w http.ResponseWriter) {
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(403)
		io.WriteString(w, "<html><head><title>403 Forbidden</title></head><body><h1>Forbidden</h1><p>nginx</p></body></html>")
	})
	_, err := c.Get(context.Background(), "abc")
	var e *Error
	if !errors.As(err, &e) || e.Status != 403 {
		t.Fatalf("err = %v", err)
	}
	if !strings.Contains(err.Error(), "HTML page: 403 Forbidden") || strings.Contains(err.Error(), "<") {
		t.Errorf("message %q", err.Error())
	}
	if !strings.Contains(e.Body, "<h1>Forbidden</h1>") {
		t.Error("raw body not kept")
	}
}

func TestContextCancelsRetryWait(t *testing.T) {
	first := make(chan struct{})
	f := &fake{reply: func(n int, r *http.Request, w http.ResponseWriter) {
		writeJSON(w, 500, `{}`)
		if n == 0 {
			close(first)
		}
	}}
	srv := httptest.NewServer(f)
	defer srv.Close()
	c, _ := New(Config{BaseURL: srv.URL, WorkspaceID: "WS1", APIKey: "k", RetryWait: time.Hour, MaxRetryWait: time.Hour})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { _, err := c.Get(ctx, "abc"); done <- err }()
	<-first
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v", err)
	}
}

func TestConfig(t *testing.T) {
	c, err := New(Config{DC: "101", WorkspaceID: "w"})
	if err != nil || c.BaseURL() != "https://api-101."+DefaultServiceHost {
		t.Errorf("dc 101: %v %v", c, err)
	}
	for _, bad := range []Config{{DC: "07", WorkspaceID: "w"}, {WorkspaceID: "w"}, {BaseURL: "ftp://x", WorkspaceID: "w"}, {DC: "01"}} {
		if _, err := New(bad); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}

func ptr[T any](v T) *T { return &v }

// The response-only fields of service-reference §1.2 (and anything else the
// service adds) come through Get and go back out unchanged.
func TestGetKeepsResponseOnlyFields(t *testing.T) {
	const doc = `{"id":"665f0a","campaign_id":"665f0a","version_number":3,"status":"ACTIVE","channel":"SMS",
	 "campaign_delivery_type":"PERIODIC","created_by":"a@example.com","updated_by":"b@example.com",
	 "created_at":"2026-01-02 03:04:05.123456","updated_at":"2026-01-03 03:04:05","sent_time":"2026-01-04 00:00:00",
	 "flow_id":"f1","flow_name":"Welcome","parent_id":"p1","sender_name":"ACME",
	 "scheduling_details":{"delivery_type":"SCHEDULED","schedule_time":"09:00:00","time_zone":"Asia/Kolkata",
	   "frequency":"DAILY","periodic_details":{"repeat":"DAILY","x_new":[1,2]}},
	 "connector":{"connector_type":"NETCORE","connector_name":"sms-1"},
	 "some_future_field":{"nested":true}}`
	_, c, _ := newFake(t, func(n int, r *http.Request, w http.ResponseWriter) {
		writeJSON(w, 200, `{"response_id":"r","type":"campaign","data":`+doc+`}`)
	})
	got, err := c.Get(context.Background(), "665f0a")
	if err != nil {
		t.Fatal(err)
	}
	if *got.SenderName != "ACME" || *got.FlowName != "Welcome" || *got.VersionNumber != 3 || *got.SchedulingDetails.DeliveryType != "SCHEDULED" {
		t.Errorf("typed fields: %s", model.Encode(got))
	}
	var want, back any
	json.Unmarshal([]byte(doc), &want)
	json.Unmarshal(model.Encode(got), &back)
	wb, _ := json.Marshal(want)
	bb, _ := json.Marshal(back)
	if string(wb) != string(bb) {
		t.Errorf("lost on the way:\n want %s\n got  %s", wb, bb)
	}
}

func TestTimeoutIsRetriedWithTheSameKey(t *testing.T) {
	f := &fake{}
	f.reply = func(n int, r *http.Request, w http.ResponseWriter) {
		if n == 0 {
			<-r.Context().Done() // never answers; the client's timeout ends it
			return
		}
		writeJSON(w, 200, `{"data":{"id":"abc","status":"DRAFT"}}`)
	}
	srv := httptest.NewServer(f)
	defer srv.Close()
	c, _ := New(Config{BaseURL: srv.URL, WorkspaceID: "WS1", APIKey: "k",
		HTTPClient: &http.Client{Timeout: 100 * time.Millisecond},
		Sleep:      func(ctx context.Context, d time.Duration) error { return nil }})
	res, err := c.Create(context.Background(), &model.Campaign{})
	if err != nil || res.ID != "abc" {
		t.Fatalf("%+v %v", res, err)
	}
	reqs := f.requests()
	if len(reqs) != 2 || reqs[0].header.Get(HeaderIdempotencyKey) != reqs[1].header.Get(HeaderIdempotencyKey) {
		t.Errorf("%d attempts", len(reqs))
	}
}

// OnRetry hears of each wait before it starts, with the answer's status and
// the wait, and does not change the retrying itself.
func TestOnRetryAnnouncesEachWait(t *testing.T) {
	f := &fake{reply: func(n int, r *http.Request, w http.ResponseWriter) {
		switch n {
		case 0:
			w.Header().Set("Retry-After", "3")
			writeJSON(w, 429, `{"error":{"code":"RATE_LIMITED","message":"Rate limit exceeded."}}`)
		case 1:
			writeJSON(w, 503, `{"error":{"code":"UNAVAILABLE","message":"try later"}}`)
		default:
			writeJSON(w, 200, `{"data":{"id":"abc"}}`)
		}
	}}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	var heard []RetryInfo
	var slept []time.Duration
	c, err := New(Config{BaseURL: srv.URL, WorkspaceID: "WS1", APIKey: "k",
		Sleep:   func(ctx context.Context, d time.Duration) error { slept = append(slept, d); return ctx.Err() },
		OnRetry: func(ri RetryInfo) { heard = append(heard, ri) }})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Patch(context.Background(), "abc", &model.Campaign{}); err != nil {
		t.Fatal(err)
	}
	if len(heard) != 2 || len(slept) != 2 {
		t.Fatalf("heard %+v, slept %v; want two waits announced", heard, slept)
	}
	if h := heard[0]; h.Status != 429 || h.Wait != 3*time.Second || h.Method != http.MethodPatch || h.Path != "/v5/campaigns/abc" || h.Attempt != 2 {
		t.Errorf("first wait announced as %+v", h)
	}
	if h := heard[1]; h.Status != 503 || h.Wait != slept[1] || h.Attempt != 3 {
		t.Errorf("second wait announced as %+v (slept %v)", h, slept[1])
	}
	if n := len(f.requests()); n != 3 {
		t.Errorf("%d attempts, want 3", n)
	}
}
