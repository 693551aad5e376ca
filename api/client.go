package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/go-resty/resty/v2"
	"github.com/google/uuid"

	"github.com/campaigns-cli/campaigns/model"
)

// DefaultServiceHost is the host of the data-center URL pattern
// https://api-{dc}.<host>. The real service's host is not named in the spec
// this project was built from, so this is a placeholder under the reserved
// .example TLD: pass BaseURL (or Config.Host) to reach a real service.
const DefaultServiceHost = "campaigns-service.example"

// DataCenters are the data-center numbers of the service.
var DataCenters = []string{"01", "02", "03", "04", "05", "06", "101"}

// Defaults of Config.
const (
	DefaultMaxRetries   = 3
	DefaultRetryWait    = 250 * time.Millisecond
	DefaultMaxRetryWait = 10 * time.Second
	DefaultTimeout      = 30 * time.Second
)

// Config says where the service is and who is calling.
type Config struct {
	// BaseURL is the service's root, e.g. http://127.0.0.1:8787. When empty
	// it is derived from DC: https://api-{DC}.{Host}.
	BaseURL string
	// DC is the data center: "01" to "06" or "101".
	DC string
	// Host replaces DefaultServiceHost in the data-center pattern.
	Host string
	// WorkspaceID is the Basic-auth user and the SVC-APPKEY header.
	WorkspaceID string
	// APIKey is the Basic-auth password.
	APIKey string
	// HTTPClient is used for every request; nil means a client with a 30 s
	// timeout per attempt.
	HTTPClient *http.Client
	// MaxRetries bounds the retries after the first attempt (default 3; a
	// negative value turns retries off).
	MaxRetries int
	// RetryWait is the first backoff step (default 250 ms); it doubles per
	// attempt, with jitter.
	RetryWait time.Duration
	// MaxRetryWait bounds one wait (default 10 s). A 429 whose Retry-After is
	// longer is not waited for: the *Error is returned with RetryAfter set so
	// the caller can decide (the sync engine reports "rate-limited until").
	MaxRetryWait time.Duration
	// Sleep waits between attempts; nil means a real timer. Tests inject a
	// fake clock here. It must return ctx.Err() when ctx ends first.
	Sleep func(ctx context.Context, d time.Duration) error
	// UserAgent is sent as User-Agent (default "campaigns").
	UserAgent string
	// OnRetry, when set, is told of every wait before a retry, before the
	// wait starts, so a command can say why it pauses. It does not change
	// what is retried or for how long.
	OnRetry func(RetryInfo)
}

// RetryInfo describes one wait before a retry.
type RetryInfo struct {
	Method, Path string
	// Status is the answer's HTTP status; 0 when no answer came.
	Status int
	// Wait is how long the client waits before attempt Attempt.
	Wait    time.Duration
	Attempt int
}

// Client calls the Campaigns V5 service. It is safe for concurrent use.
type Client struct {
	cfg  Config
	base string
	r    *resty.Client
}

// New checks cfg and builds a client.
func New(cfg Config) (*Client, error) {
	base, err := baseURL(cfg)
	if err != nil {
		return nil, err
	}
	if cfg.WorkspaceID == "" {
		return nil, errors.New("api: a workspace ID is needed (the Basic-auth user)")
	}
	if cfg.MaxRetries == 0 {
		cfg.MaxRetries = DefaultMaxRetries
	} else if cfg.MaxRetries < 0 {
		cfg.MaxRetries = 0
	}
	if cfg.RetryWait <= 0 {
		cfg.RetryWait = DefaultRetryWait
	}
	if cfg.MaxRetryWait <= 0 {
		cfg.MaxRetryWait = DefaultMaxRetryWait
	}
	if cfg.Sleep == nil {
		cfg.Sleep = Sleep
	}
	if cfg.UserAgent == "" {
		cfg.UserAgent = "campaigns"
	}
	hc := cfg.HTTPClient
	if hc == nil {
		hc = &http.Client{Timeout: DefaultTimeout}
	}
	r := resty.NewWithClient(hc).
		SetBaseURL(base).
		SetBasicAuth(cfg.WorkspaceID, cfg.APIKey).
		SetHeader(HeaderAppKey, cfg.WorkspaceID).
		SetHeader("Accept", "application/json").
		SetHeader("User-Agent", cfg.UserAgent).
		SetLogger(quietLogger{}).
		SetDisableWarn(true)
	c := &Client{cfg: cfg, base: base, r: r}
	c.setRetries()
	return c, nil
}

// CloseIdleConnections closes the client's kept-alive connections: a
// client made for one session (the SSH demo's) calls it when the session
// ends, or each would leave its connections behind.
func (c *Client) CloseIdleConnections() { c.r.GetClient().CloseIdleConnections() }

// BaseURL is the root every path is resolved against.
func (c *Client) BaseURL() string { return c.base }

// WorkspaceID is the workspace the client acts for.
func (c *Client) WorkspaceID() string { return c.cfg.WorkspaceID }

func baseURL(cfg Config) (string, error) {
	if cfg.BaseURL != "" {
		u, err := url.Parse(cfg.BaseURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return "", fmt.Errorf("api: base URL %q is not an http(s) URL with a host", cfg.BaseURL)
		}
		return strings.TrimRight(cfg.BaseURL, "/"), nil
	}
	if cfg.DC == "" {
		return "", errors.New("api: name the service with a base URL or a data center (01-06, 101)")
	}
	for _, dc := range DataCenters {
		if cfg.DC == dc {
			host := cfg.Host
			if host == "" {
				host = DefaultServiceHost
			}
			return "https://api-" + dc + "." + host, nil
		}
	}
	return "", fmt.Errorf("api: unknown data center %q (want one of %s)", cfg.DC, strings.Join(DataCenters, ", "))
}

// --- per-call options carried by the context ------------------------------

type ctxKey int

const (
	keyRequestID ctxKey = iota
	keyIdempotency
)

// WithRequestID makes the next calls with ctx use id as X-SVC-Request-Id and
// body request_id (when the body does not already carry one).
func WithRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, keyRequestID, id)
}

// WithIdempotencyKey makes a call use key instead of a fresh UUID, so that a
// caller can repeat one logical operation across process restarts.
func WithIdempotencyKey(ctx context.Context, key string) context.Context {
	return context.WithValue(ctx, keyIdempotency, key)
}

// requestID picks the request id of a call: the body's, the context's, or a
// new one.
func requestID(ctx context.Context, body string) string {
	if body != "" {
		return body
	}
	if v, ok := ctx.Value(keyRequestID).(string); ok && v != "" {
		return v
	}
	return uuid.NewString()
}

func idempotencyKey(ctx context.Context) string {
	if v, ok := ctx.Value(keyIdempotency).(string); ok && v != "" {
		return v
	}
	return uuid.NewString() // version 4, random
}

// --- routes ------------------------------------------------------------------

// Create starts a draft (POST /v5/campaigns). body is not changed; its
// request_id is filled in the copy that is sent when empty.
func (c *Client) Create(ctx context.Context, body *model.Campaign) (CreateResult, error) {
	var out CreateResult
	if body == nil {
		return out, errors.New("api: create needs a body")
	}
	b := *body // shallow: only RequestID differs
	rid := requestID(ctx, model.Str(b.RequestID))
	b.RequestID = &rid
	err := c.do(ctx, call{method: http.MethodPost, path: PathCampaigns, body: &b, rid: rid, key: true}, &out)
	return out, err
}

// Get reads one campaign (GET /v5/campaigns/{id}) with every field the
// service sent, unknown ones included.
func (c *Client) Get(ctx context.Context, id string) (*model.Campaign, error) {
	out, _, err := c.GetTagged(ctx, id)
	return out, err
}

// GetTagged is Get that also returns the campaign version's ETag ("" when
// the service sends none).
func (c *Client) GetTagged(ctx context.Context, id string) (*model.Campaign, string, error) {
	if id == "" {
		return nil, "", errors.New("api: get needs a campaign id")
	}
	out := new(model.Campaign)
	var tag string
	err := c.do(ctx, call{method: http.MethodGet, path: campaignPath(id), rid: requestID(ctx, ""), etag: &tag}, out)
	if err != nil {
		return nil, "", err
	}
	return out, tag, nil
}

// PatchTagged is Patch with If-Match: ifMatch (an ETag from GetTagged;
// "" sends none) makes the service refuse with 412 when the campaign
// changed since; the new version's ETag is returned.
func (c *Client) PatchTagged(ctx context.Context, id string, patch *model.Campaign, ifMatch string) (PatchResult, string, error) {
	var out PatchResult
	if id == "" || patch == nil {
		return out, "", errors.New("api: patch needs a campaign id and a body")
	}
	b := *patch
	rid := requestID(ctx, model.Str(b.RequestID))
	b.RequestID = &rid
	var tag string
	err := c.do(ctx, call{method: http.MethodPatch, path: campaignPath(id), body: &b, rid: rid, key: true,
		ifMatch: ifMatch, etag: &tag}, &out)
	return out, tag, err
}

// Patch updates components of a campaign (PATCH /v5/campaigns/{id}). Every
// top-level component present in patch replaces the stored one whole.
func (c *Client) Patch(ctx context.Context, id string, patch *model.Campaign) (PatchResult, error) {
	out, _, err := c.PatchTagged(ctx, id, patch, "")
	return out, err
}

// Validate runs the publish checks on the stored draft
// (POST /v5/campaigns/{id}/validate). It sends no Idempotency-Key: the call
// changes nothing and is safe to repeat.
func (c *Client) Validate(ctx context.Context, id string) (ValidateResult, error) {
	var out ValidateResult
	if id == "" {
		return out, errors.New("api: validate needs a campaign id")
	}
	rid := requestID(ctx, "")
	err := c.do(ctx, call{method: http.MethodPost, path: campaignPath(id) + "/validate",
		body: ValidateRequest{RequestID: rid}, rid: rid}, &out)
	return out, err
}

// SetStatus runs a lifecycle action: PAUSE, RESUME or STOP
// (PATCH /v5/campaigns/{id}/status).
func (c *Client) SetStatus(ctx context.Context, id, action string) (StatusResult, error) {
	var out StatusResult
	if id == "" || action == "" {
		return out, errors.New("api: a status change needs a campaign id and an action")
	}
	rid := requestID(ctx, "")
	err := c.do(ctx, call{method: http.MethodPatch, path: campaignPath(id) + "/status",
		body: StatusRequest{RequestID: rid, Action: action}, rid: rid, key: true}, &out)
	return out, err
}

// Publish publishes a draft through V1
// (PATCH /core-services/v1/campaigns/{id} with status PUBLISH). A campaign
// that fails the publish checks gives an *Error with every problem in Details.
func (c *Client) Publish(ctx context.Context, id string) error {
	if id == "" {
		return errors.New("api: publish needs a campaign id")
	}
	rid := requestID(ctx, "")
	return c.do(ctx, call{method: http.MethodPatch, path: PathV1Publish + url.PathEscape(id),
		body: PublishRequest{RequestID: rid, Status: "PUBLISH"}, rid: rid, key: true}, nil)
}

// Search lists campaigns (POST /v5/campaigns/search). A page with fewer rows
// than req.Limit is the last.
func (c *Client) Search(ctx context.Context, req SearchRequest) (SearchResult, error) {
	return post[SearchResult](ctx, c, PathSearch, &req, &req.RequestID)
}

// Meta lists lightweight campaign metadata (POST /v5/campaigns/meta).
func (c *Client) Meta(ctx context.Context, req MetaRequest) (MetaResult, error) {
	return post[MetaResult](ctx, c, PathMeta, &req, &req.RequestID)
}

// Test sends a test message, inline or from a draft (POST /v5/campaigns/test).
func (c *Client) Test(ctx context.Context, req TestRequest) (TestResult, error) {
	return post[TestResult](ctx, c, PathTest, &req, &req.RequestID)
}

// Preview renders content for one user (POST /v5/personalization/preview).
func (c *Client) Preview(ctx context.Context, req PreviewRequest) (PreviewResult, error) {
	return post[PreviewResult](ctx, c, PathPreview, &req, &req.RequestID)
}

// post sends body to path and reads the answer's data as Out; rid is the
// body's request id, made first when empty.
func post[Out any](ctx context.Context, c *Client, path string, body any, rid *string) (Out, error) {
	var out Out
	*rid = requestID(ctx, *rid)
	err := c.do(ctx, call{method: http.MethodPost, path: path, body: body, rid: *rid, key: true}, &out)
	return out, err
}

func campaignPath(id string) string { return PathCampaigns + "/" + url.PathEscape(id) }

// --- requests and retries ------------------------------------------------------

type call struct {
	method, path string
	body         any
	rid          string
	key          bool    // send an Idempotency-Key (every POST and PATCH but /validate)
	ifMatch      string  // send If-Match: write only over this version
	etag         *string // receives the answer's ETag
}

// errNoRetry stops resty's retries: a 429 asked for a wait longer than
// MaxRetryWait, too long to block a caller; it can reschedule.
var errNoRetry = errors.New("api: not retried")

// setRetries hands retries to resty. Retried: 429 (after Retry-After, when
// it is within MaxRetryWait), 5xx and requests that got no response
// (connection refused or dropped, timeouts), with exponential backoff and
// jitter. Every request here is safe to repeat: GET and /validate change
// nothing, and every other call carries an Idempotency-Key the service
// deduplicates on; resty sends the very same request (headers, key, body)
// on every attempt. Other 4xx are never retried.
//
// The wait itself goes through Config.Sleep inside the RetryAfter hook (so
// tests run retries on a fake clock); resty's own timer is then 1 ns.
func (c *Client) setRetries() {
	c.r.SetRetryCount(c.cfg.MaxRetries).
		SetRetryWaitTime(time.Nanosecond).
		SetRetryMaxWaitTime(time.Nanosecond).
		AddRetryCondition(func(resp *resty.Response, err error) bool {
			if err != nil {
				return resp == nil || resp.Request == nil || resp.Request.Context().Err() == nil
			}
			st := resp.StatusCode()
			return st == http.StatusTooManyRequests || st >= 500
		}).
		SetRetryAfter(func(_ *resty.Client, resp *resty.Response) (time.Duration, error) {
			ctx := resp.Request.Context()
			attempt := max(resp.Request.Attempt-1, 0)
			wait := c.backoff(attempt)
			status := 0
			if resp.RawResponse != nil {
				status = resp.StatusCode()
				e := decodeError(resp.StatusCode(), resp.Header(), resp.Body())
				switch {
				case resp.StatusCode() == http.StatusTooManyRequests:
					if e.RetryAfter > 0 {
						wait = e.RetryAfter
					}
					if wait > c.cfg.MaxRetryWait {
						return 0, errNoRetry
					}
				case e.RetryAfter > 0 && e.RetryAfter <= c.cfg.MaxRetryWait:
					wait = e.RetryAfter
				}
			}
			if c.cfg.OnRetry != nil {
				c.cfg.OnRetry(RetryInfo{Method: resp.Request.Method, Path: strings.TrimPrefix(resp.Request.URL, c.base),
					Status: status, Wait: wait, Attempt: attempt + 2})
			}
			if err := c.cfg.Sleep(ctx, wait); err != nil {
				return 0, err
			}
			return time.Nanosecond, nil
		})
}

// do runs one logical operation: it encodes the body once, picks one
// Idempotency-Key, and lets resty send that request, retrying as
// setRetries says.
func (c *Client) do(ctx context.Context, cl call, out any) error {
	var payload []byte
	if cl.body != nil {
		var err error
		if payload, err = json.Marshal(cl.body); err != nil {
			return fmt.Errorf("api: encoding the %s %s body: %w", cl.method, cl.path, err)
		}
	}
	headers := map[string]string{HeaderRequestID: cl.rid}
	if cl.key {
		headers[HeaderIdempotencyKey] = idempotencyKey(ctx)
	}
	if cl.ifMatch != "" {
		headers["If-Match"] = cl.ifMatch
	}
	if payload != nil {
		headers["Content-Type"] = "application/json"
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	req := c.r.R().SetContext(ctx).SetHeaders(headers)
	if payload != nil {
		req.SetBody(payload)
	}
	resp, err := req.Execute(cl.method, cl.path)
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if resp == nil || resp.RawResponse == nil {
		if err == nil {
			err = errors.New("no response")
		}
		return &TransportError{Method: cl.method, Path: cl.path, Err: err}
	}
	status := resp.StatusCode()
	if status >= 200 && status < 300 {
		if cl.etag != nil {
			*cl.etag = resp.Header().Get("ETag")
		}
		return decodeData(resp.Body(), out, cl)
	}
	return decodeError(status, resp.Header(), resp.Body())
}

// backoff is the wait before retry number attempt+1: RetryWait doubled per
// attempt, capped, with "equal jitter" so concurrent clients spread out.
func (c *Client) backoff(attempt int) time.Duration {
	d := c.cfg.RetryWait << min(attempt, 16)
	if d <= 0 || d > c.cfg.MaxRetryWait {
		d = c.cfg.MaxRetryWait
	}
	half := d / 2
	return half + rand.N(half+1)
}

// decodeData reads the success body. Results live in the envelope's data;
// a body without data (the top-level validate shape, or a bare object from a
// non-conforming proxy) is read as the result itself. 204 has no body.
func decodeData(body []byte, out any, cl call) error {
	if out == nil || len(bytes.TrimSpace(body)) == 0 {
		return nil
	}
	var env struct {
		Data json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(body, &env); err != nil {
		return fmt.Errorf("api: %s %s: the success response is not JSON: %s", cl.method, cl.path,
			describeBody(200, "", body))
	}
	raw := env.Data
	if len(raw) == 0 || string(raw) == "null" {
		raw = body
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("api: %s %s: reading the response: %w", cl.method, cl.path, err)
	}
	return nil
}

// Sleep waits d, or until ctx ends (then it returns ctx.Err()): the wait
// of a client without Config.Sleep, and of anything else that paces calls.
func Sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

type quietLogger struct{}

func (quietLogger) Errorf(string, ...any) {}
func (quietLogger) Warnf(string, ...any)  {}
func (quietLogger) Debugf(string, ...any) {}
