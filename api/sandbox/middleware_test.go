package sandbox

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api"
)

func TestRequestIDs(t *testing.T) {
	e := parallelEnv(t, nil)
	// Neither header nor body request_id on a POST: 400 naming the header.
	r := e.do("POST", api.PathCampaigns, minimalPush(), api.HeaderRequestID, "")
	want(t, r, http.StatusBadRequest, api.CodeValidationFailed, api.HeaderRequestID)
	// The body's request_id alone is enough, and becomes response_id.
	body := minimalPush()
	body["request_id"] = "body-id-1"
	r = e.do("POST", api.PathCampaigns, body, api.HeaderRequestID, "")
	want(t, r, http.StatusCreated)
	if r.env.ResponseID != "body-id-1" {
		t.Errorf("response_id %q", r.env.ResponseID)
	}
	// Both, different: 400.
	body["request_id"] = "body-id-2"
	r = e.do("POST", api.PathCampaigns, body, api.HeaderRequestID, "header-id")
	want(t, r, http.StatusBadRequest, api.CodeValidationFailed, api.HeaderRequestID)
	if r.env.Error.RequestID != "body-id-2" || r.env.ResponseID != "header-id" {
		t.Errorf("error.request_id / response_id: %s", r.raw)
	}
	// With only the header, error.request_id still names the originating request.
	r = e.do("POST", api.PathCampaigns, map[string]any{"channel": "PUSH"}, api.HeaderRequestID, "header-only")
	want(t, r, http.StatusBadRequest, api.CodeValidationFailed)
	if r.env.Error.RequestID != "header-only" {
		t.Errorf("error.request_id from the header: %s", r.raw)
	}
	// A request_id that is not a string names itself.
	want(t, e.do("POST", api.PathCampaigns, map[string]any{"request_id": 42, "channel": "PUSH"}), http.StatusBadRequest, api.CodeValidationFailed, "request_id")
	// Both, equal: fine.
	want(t, e.do("POST", api.PathCampaigns, body, api.HeaderRequestID, "body-id-2"), http.StatusCreated)
	// PATCH needs one too; validate is a POST and needs one.
	id := e.create(minimalPush())
	want(t, e.do("PATCH", api.PathCampaigns+"/"+id, map[string]any{}, api.HeaderRequestID, ""), http.StatusBadRequest, api.CodeValidationFailed, api.HeaderRequestID)
	want(t, e.do("POST", api.PathCampaigns+"/"+id+"/validate", map[string]any{}, api.HeaderRequestID, ""), http.StatusBadRequest, api.CodeValidationFailed, api.HeaderRequestID)
	want(t, e.do("POST", api.PathCampaigns+"/"+id+"/validate", map[string]any{"request_id": "v1"}, api.HeaderRequestID, ""), http.StatusOK)
}

func TestCreateRequestIDWindows(t *testing.T) {
	e := parallelEnv(t, nil)
	push := minimalPush()
	push["request_id"] = "same-push"
	want(t, e.do("POST", api.PathCampaigns, push, api.HeaderRequestID, ""), http.StatusCreated)
	r := e.do("POST", api.PathCampaigns, push, api.HeaderRequestID, "")
	want(t, r, http.StatusConflict, api.CodeBadRequest, "request_id")
	e.clk.Advance(59 * time.Minute)
	want(t, e.do("POST", api.PathCampaigns, push, api.HeaderRequestID, ""), http.StatusConflict, api.CodeBadRequest)
	e.clk.Advance(2 * time.Minute)
	want(t, e.do("POST", api.PathCampaigns, push, api.HeaderRequestID, ""), http.StatusCreated)

	email := map[string]any{"request_id": "same-email", "channel": "EMAIL", "campaign_delivery_type": "ONE_TIME",
		"created_by": "ana@example.com", "connector": map[string]any{"connector_type": "SENDGRID", "connector_name": "Sendgrid1"}}
	want(t, e.do("POST", api.PathCampaigns, email, api.HeaderRequestID, ""), http.StatusCreated)
	e.clk.Advance(23 * time.Hour)
	want(t, e.do("POST", api.PathCampaigns, email, api.HeaderRequestID, ""), http.StatusConflict, api.CodeBadRequest)
	e.clk.Advance(61 * time.Minute)
	want(t, e.do("POST", api.PathCampaigns, email, api.HeaderRequestID, ""), http.StatusCreated)

	// A failed create does not use the request id up.
	bad := map[string]any{"request_id": "retry-me", "channel": "PUSH", "created_by": "ana@example.com"}
	want(t, e.do("POST", api.PathCampaigns, bad, api.HeaderRequestID, ""), http.StatusBadRequest)
	bad["campaign_delivery_type"] = "ONE_TIME"
	want(t, e.do("POST", api.PathCampaigns, bad, api.HeaderRequestID, ""), http.StatusCreated)
}

func TestIdempotency(t *testing.T) {
	e := parallelEnv(t, nil)
	want(t, e.do("POST", api.PathCampaigns, minimalPush(), api.HeaderIdempotencyKey, ""), http.StatusBadRequest, api.CodeValidationFailed, api.HeaderIdempotencyKey)
	// A UUID, but v1, and not a UUID at all.
	want(t, e.do("POST", api.PathCampaigns, minimalPush(), api.HeaderIdempotencyKey, "c232ab00-9414-11ec-b3c8-9e6bdeced846"), http.StatusBadRequest, api.CodeValidationFailed, api.HeaderIdempotencyKey)
	want(t, e.do("POST", api.PathCampaigns, minimalPush(), api.HeaderIdempotencyKey, "42"), http.StatusBadRequest, api.CodeValidationFailed, api.HeaderIdempotencyKey)

	key := newUUID()
	first := e.do("POST", api.PathCampaigns, minimalPush(), api.HeaderIdempotencyKey, key, api.HeaderRequestID, "r1")
	want(t, first, http.StatusCreated)
	// Same key, same body (other spacing, other request id header): the
	// stored answer, and no second campaign.
	again := e.do("POST", api.PathCampaigns, `{ "created_by":"ana@example.com", "channel":"PUSH","campaign_delivery_type":"ONE_TIME" }`,
		api.HeaderIdempotencyKey, key, api.HeaderRequestID, "r2")
	want(t, again, http.StatusCreated)
	if string(again.raw) != string(first.raw) || again.header.Get("Idempotent-Replayed") != "true" {
		t.Errorf("replay %s, first %s", again.raw, first.raw)
	}
	n, _ := e.s.store.Count(t.Context(), e.user)
	if n != 1 {
		t.Errorf("%d campaigns after a replay, want 1", n)
	}
	// Same key, another body: 409.
	other := minimalPush()
	other["created_by"] = "bo@example.com"
	want(t, e.do("POST", api.PathCampaigns, other, api.HeaderIdempotencyKey, key), http.StatusConflict, api.CodeBadRequest, api.HeaderIdempotencyKey)
	// Errors are replayed too (a 400 stays a 400 for that key and body).
	bad := map[string]any{"channel": "PUSH"}
	k2 := newUUID()
	b1 := e.do("POST", api.PathCampaigns, bad, api.HeaderIdempotencyKey, k2)
	b2 := e.do("POST", api.PathCampaigns, bad, api.HeaderIdempotencyKey, k2)
	want(t, b2, http.StatusBadRequest)
	if string(b1.raw) != string(b2.raw) {
		t.Error("a 400 was not replayed as it was")
	}
	// The key is scoped to method and path: reusing it on another route is
	// a new request.
	id := e.create(minimalPush())
	want(t, e.do("PATCH", api.PathCampaigns+"/"+id, map[string]any{"utm_params": map[string]any{"utm_source": "a", "utm_medium": "b"}}, api.HeaderIdempotencyKey, key), http.StatusOK)
	// Every POST and PATCH but validate needs a key: search, meta, status.
	for _, p := range []struct{ method, path string }{
		{"POST", api.PathSearch}, {"POST", api.PathMeta}, {"POST", api.PathTest}, {"POST", api.PathPreview},
		{"PATCH", api.PathCampaigns + "/" + id + "/status"}, {"PATCH", api.PathV1Publish + id},
	} {
		want(t, e.do(p.method, p.path, map[string]any{"limit": 1, "page": 1}, api.HeaderIdempotencyKey, ""), http.StatusBadRequest, api.CodeValidationFailed, api.HeaderIdempotencyKey)
	}
	want(t, e.do("POST", api.PathCampaigns+"/"+id+"/validate", map[string]any{}, api.HeaderIdempotencyKey, ""), http.StatusOK)
	// Kept at least 24 hours.
	e.clk.Advance(24 * time.Hour)
	want(t, e.do("POST", api.PathCampaigns, other, api.HeaderIdempotencyKey, key), http.StatusConflict, api.CodeBadRequest)
}

func TestRateLimitsRolling(t *testing.T) {
	e := parallelEnv(t, func(c *Config) { c.NoRateLimits = false })
	id := e.create(minimalPush())
	path := api.PathCampaigns + "/" + id
	e.clk.Advance(990 * time.Millisecond)
	for i := range 10 {
		r := e.do("GET", path, nil)
		want(t, r, http.StatusOK)
		if got := r.header.Get(api.HeaderRateRemaining); got != strconv.Itoa(9-i) {
			t.Fatalf("request %d: remaining %s", i, got)
		}
		if r.header.Get(api.HeaderRateLimit) != "10" || r.header.Get(api.HeaderRateReset) != "1" {
			t.Fatalf("headers %v", r.header)
		}
	}
	r := e.do("GET", path, nil)
	want(t, r, http.StatusTooManyRequests, api.CodeRateLimited)
	if r.header.Get(api.HeaderRetryAfter) != "1" {
		t.Errorf("Retry-After %q", r.header.Get(api.HeaderRetryAfter))
	}
	// A fixed one-second bucket would open again at 1.000 s; the rolling
	// window does not until the ten requests at 0.990 s are a second old.
	e.clk.Advance(20 * time.Millisecond)
	want(t, e.do("GET", path, nil), http.StatusTooManyRequests, api.CodeRateLimited)
	e.clk.Advance(time.Second)
	want(t, e.do("GET", path, nil), http.StatusOK)

	// 100 a minute: ten a second for ten seconds, then the minute is full.
	e2 := newEnv(t, func(c *Config) { c.NoRateLimits = false })
	id = e2.create(minimalPush())
	for i := range 100 {
		if i%10 == 0 {
			e2.clk.Advance(time.Second)
		}
		want(t, e2.do("GET", api.PathCampaigns+"/"+id, nil), http.StatusOK)
	}
	e2.clk.Advance(time.Second)
	r = e2.do("GET", api.PathCampaigns+"/"+id, nil)
	want(t, r, http.StatusTooManyRequests, api.CodeRateLimited)
	if ra, _ := strconv.Atoi(r.header.Get(api.HeaderRetryAfter)); ra < 48 || ra > 50 {
		t.Errorf("Retry-After %d, want about 49 s (until the first request is a minute old)", ra)
	}
	// Limits are per workspace and key, and per route class.
	want(t, e2.do("POST", api.PathCampaigns+"/"+id+"/validate", map[string]any{}), http.StatusOK)
}

func TestCreateLimits(t *testing.T) {
	e := parallelEnv(t, func(c *Config) { c.NoRateLimits = false })
	// 5 requests a second.
	for range 5 {
		want(t, e.do("POST", api.PathCampaigns, map[string]any{"channel": "PUSH"}), http.StatusBadRequest)
	}
	want(t, e.do("POST", api.PathCampaigns, minimalPush()), http.StatusTooManyRequests, api.CodeRateLimited)
	// 5 successful creations a minute, whatever the request rate.
	for range 5 {
		e.clk.Advance(1100 * time.Millisecond)
		want(t, e.do("POST", api.PathCampaigns, minimalPush()), http.StatusCreated)
	}
	e.clk.Advance(1100 * time.Millisecond)
	r := e.do("POST", api.PathCampaigns, minimalPush())
	want(t, r, http.StatusTooManyRequests, api.CodeRateLimited)
	if !strings.Contains(r.env.Error.Message, "created") {
		t.Errorf("message %q", r.env.Error.Message)
	}
	// The headers describe the window that refused: none left, and the
	// reset agrees with Retry-After.
	if r.header.Get(api.HeaderRateLimit) != "5" || r.header.Get(api.HeaderRateRemaining) != "0" ||
		r.header.Get(api.HeaderRateReset) != r.header.Get(api.HeaderRetryAfter) {
		t.Errorf("headers of a refused creation: %v", r.header)
	}
	e.clk.Advance(time.Minute)
	want(t, e.do("POST", api.PathCampaigns, minimalPush()), http.StatusCreated)
}

func TestLimiterDayWindow(t *testing.T) {
	t.Parallel()
	// 100 successful creations spread over the day: the 101st waits until
	// the first is 24 hours old.
	l := newLimiter()
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	at := start
	for i := range 100 {
		at = start.Add(time.Duration(i) * 13 * time.Minute)
		if v := l.take("k", limitsCreated, at); !v.ok {
			t.Fatalf("creation %d refused at %v", i, at)
		}
	}
	v := l.peek("k", limitsCreated, at.Add(13*time.Minute))
	if v.ok {
		t.Fatal("101st creation in a day allowed")
	}
	if want := start.Add(24 * time.Hour).Sub(at.Add(13 * time.Minute)); v.retryAfter != want {
		t.Errorf("retry after %v, want %v", v.retryAfter, want)
	}
	if v := l.peek("k", limitsCreated, start.Add(24*time.Hour+time.Second)); !v.ok {
		t.Error("still refused once the first creation is a day old")
	}
}

func TestNoRateLimits(t *testing.T) {
	e := parallelEnv(t, nil)
	id := e.create(minimalPush())
	for range 30 {
		want(t, e.do("GET", api.PathCampaigns+"/"+id, nil), http.StatusOK)
	}
}

func TestRobustness(t *testing.T) {
	e := parallelEnv(t, nil)
	big := `{"channel":"PUSH","x":"` + strings.Repeat("a", 2<<20) + `"}`
	r := e.do("POST", api.PathCampaigns, big)
	if r.status != http.StatusRequestEntityTooLarge || r.env.Error == nil || r.env.Error.Target != "body" {
		t.Errorf("2 MiB body: %d %.200s", r.status, r.raw)
	}
	r = e.do("POST", api.PathCampaigns, "{\n  \"channel\": \"PUSH\",\n  \"created_by\" \"x\"\n}")
	want(t, r, http.StatusBadRequest, api.CodeValidationFailed, "body")
	if !strings.Contains(r.env.Error.Message, "line 3, column") {
		t.Errorf("message %q does not say where", r.env.Error.Message)
	}
	want(t, e.do("POST", api.PathCampaigns, `[1,2]`), http.StatusBadRequest, api.CodeValidationFailed, "body")
	want(t, e.do("POST", api.PathCampaigns, ``), http.StatusBadRequest, api.CodeValidationFailed, "body")
	want(t, e.do("POST", api.PathCampaigns, `channel=PUSH`, "Content-Type", "application/x-www-form-urlencoded"), http.StatusBadRequest, api.CodeValidationFailed, "Content-Type")
	// Wrong JSON types name their field.
	r = e.do("POST", api.PathCampaigns, map[string]any{"channel": "PUSH", "campaign_delivery_type": "ONE_TIME", "created_by": "a@b.co", "basic_details": map[string]any{"name": 5}})
	want(t, r, http.StatusBadRequest, api.CodeValidationFailed, "basic_details.name")
	want(t, e.do("POST", api.PathSearch, map[string]any{"limit": "15", "page": 1}), http.StatusBadRequest, api.CodeValidationFailed, "limit")
	want(t, e.do("POST", api.PathSearch, map[string]any{"limit": 15, "page": 1, "campaign_fields": map[string]any{"status": "DRAFT"}}), http.StatusBadRequest, api.CodeValidationFailed, "campaign_fields.status")
	id := e.create(minimalPush())
	want(t, e.do("PATCH", api.PathCampaigns+"/"+id+"/status", map[string]any{"action": 3}), http.StatusBadRequest, api.CodeValidationFailed, "action")
	want(t, e.do("PATCH", api.PathCampaigns+"/"+id, `{"basic_details": [}`), http.StatusBadRequest, api.CodeValidationFailed, "body")
	// A wrong-typed array element is named by its index.
	r = e.do("POST", api.PathSearch, map[string]any{"limit": 15, "page": 1, "campaign_fields": map[string]any{"status": []any{"DRAFT", 7}}})
	want(t, r, http.StatusBadRequest, api.CodeValidationFailed, "campaign_fields.status[1]")
	if !strings.Contains(r.env.Error.Message, "not a number") {
		t.Errorf("message %q", r.env.Error.Message)
	}
	want(t, e.do("POST", api.PathTest, map[string]any{"draft_id": id, "test_campaign_meta": map[string]any{"identifier": "EMAIL", "identifier_values": []any{"a@b.co", true}}}),
		http.StatusBadRequest, api.CodeValidationFailed, "test_campaign_meta.identifier_values[1]")
	want(t, e.do("POST", api.PathSearch, map[string]any{"limit": 15, "page": 1, "campaign_fields": map[string]any{"version_number": 1.5}}),
		http.StatusBadRequest, api.CodeValidationFailed, "campaign_fields.version_number")
}

// TestErrorEnvelope: every error answer has the envelope of the spec's
// Errors section, and error.target is the first detail's target
// (decisions.md §4), whichever middleware or handler refused.
func TestErrorEnvelope(t *testing.T) {
	e := parallelEnv(t, nil)
	id := e.create(minimalPush())
	reused := newUUID()
	e.do("POST", api.PathSearch, map[string]any{"limit": 1, "page": 1}, api.HeaderIdempotencyKey, reused)
	for name, r := range map[string]*resp{
		"401":            e.do("GET", api.PathCampaigns+"/"+id, nil, api.HeaderAppKey, ""),
		"404":            e.do("GET", api.PathCampaigns+"/000000000000000000000000", nil, api.HeaderRequestID, ""),
		"409 idempotent": e.do("POST", api.PathSearch, map[string]any{"limit": 2, "page": 1}, api.HeaderIdempotencyKey, reused),
		"422":            e.do("PATCH", api.PathCampaigns+"/"+id+"/status", map[string]any{"action": "STOP"}),
		"403":            e.do("PATCH", api.PathCampaigns+"/"+id, map[string]any{"utm_params": map[string]any{"utm_source": "a", "utm_medium": "b"}}, api.HeaderScopes, "campaigns:view"),
		"400":            e.do("PATCH", api.PathCampaigns+"/"+id, map[string]any{"basic_details": map[string]any{"name": 1, "tags": "x"}}),
	} {
		er := r.env.Error
		switch {
		case r.env.ResponseID == "" || er == nil || er.Code == "" || er.Message == "":
			t.Errorf("%s: incomplete envelope %s", name, r.raw)
		case er.Target == "" || len(er.Details) == 0 || er.Details[0].Target != er.Target:
			t.Errorf("%s: error.target must be the first detail's target: %s", name, r.raw)
		case er.RequestID == "":
			t.Errorf("%s: no error.request_id: %s", name, r.raw)
		}
	}
	// A GET without a request id: the id the service made is the request's.
	r := e.do("GET", api.PathCampaigns+"/000000000000000000000000", nil, api.HeaderRequestID, "")
	if r.env.Error == nil || r.env.Error.RequestID != r.env.ResponseID {
		t.Errorf("error.request_id %q, response_id %q", r.env.Error.RequestID, r.env.ResponseID)
	}
}

func TestRecoverMiddleware(t *testing.T) {
	t.Parallel()
	calls := 0
	h := recoverPanics(slog.New(slog.NewTextHandler(io.Discard, nil)), http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls++
		if r.URL.Path == "/boom" {
			panic("boom")
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	srv := httptest.NewServer(h)
	defer srv.Close()
	res, err := http.Get(srv.URL + "/boom")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 500 || !strings.Contains(string(b), `"code":"INTERNAL_ERROR"`) || !strings.Contains(string(b), `"response_id"`) {
		t.Errorf("panic answered %d %s", res.StatusCode, b)
	}
	res, err = http.Get(srv.URL + "/fine")
	if err != nil || res.StatusCode != http.StatusNoContent || calls != 2 {
		t.Errorf("after a panic: %v %v, %d calls", res, err, calls)
	}
}

func TestBodyLimitMiddleware(t *testing.T) {
	t.Parallel()
	s := &Server{bodySlots: make(chan struct{}, 1)}
	h := requestInfo(s.readBody(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, len(info(r).body))
	})))
	srv := httptest.NewServer(h)
	defer srv.Close()
	for _, n := range []int{MaxBody, MaxBody + 1} {
		res, err := http.Post(srv.URL, "application/json", strings.NewReader(`"`+strings.Repeat("a", n-2)+`"`))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if n == MaxBody && (res.StatusCode != 200 || string(b) != strconv.Itoa(MaxBody)) {
			t.Errorf("exactly 1 MiB: %d %s", res.StatusCode, b)
		}
		if n > MaxBody && res.StatusCode != http.StatusRequestEntityTooLarge {
			t.Errorf("1 MiB + 1: %d", res.StatusCode)
		}
	}
}

func TestCampaignsScope(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"campaigns:view":                                "view",
		"segments:view campaigns:create_manage":         "create_manage",
		"segments:view,campaigns:create_manage_publish": "create_manage_publish",
		"segments:view":                                 "",
		"":                                              "",
	} {
		if got := campaignsScope(in); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}

func TestLogMiddleware(t *testing.T) {
	t.Parallel()
	var buf strings.Builder
	log := slog.New(slog.NewTextHandler(&buf, nil))
	h := logRequests(log, recoverPanics(log, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/boom" {
			panic("boom")
		}
	})))
	srv := httptest.NewServer(h)
	defer srv.Close()
	for _, p := range []string{"/ok", "/boom"} {
		res, err := http.Get(srv.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
	}
	out := buf.String()
	if !strings.Contains(out, "level=INFO msg=request method=GET path=/ok status=200") ||
		!strings.Contains(out, "level=ERROR msg=request method=GET path=/boom status=500") {
		t.Errorf("log:\n%s", out)
	}
}
