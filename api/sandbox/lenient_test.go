package sandbox

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/google/uuid"
)

// referenceClient is a client written only from the reference OpenAPI:
// Basic auth and an Idempotency-Key where the reference requires one; no
// SVC-APPKEY and no request id (both optional there).
type referenceClient struct {
	t         *testing.T
	base      string
	user, key string
}

func (c referenceClient) call(method, path string, body any) (int, map[string]any) {
	c.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, c.base+path, rd)
	req.SetBasicAuth(c.user, c.key)
	req.Header.Set("User-Agent", "python-requests/2.32")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if (method == http.MethodPost || method == http.MethodPatch) && !strings.HasSuffix(path, "/validate") {
		req.Header.Set("Idempotency-Key", uuid.NewString())
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer res.Body.Close()
	var env map[string]any
	_ = json.NewDecoder(res.Body).Decode(&env)
	return res.StatusCode, env
}

// syncLog is a log sink the server writes while the test reads.
type syncLog struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *syncLog) Write(p []byte) (int, error) { l.mu.Lock(); defer l.mu.Unlock(); return l.b.Write(p) }
func (l *syncLog) String() string              { l.mu.Lock(); defer l.mu.Unlock(); return l.b.String() }

// TestLenientModeRunsAReferenceClient: a client written from the reference
// alone gets 401 (no SVC-APPKEY) by default; with Lenient it runs create →
// get → patch → validate unchanged, each answer has a response_id the
// service made, and each leniency is logged once for that client.
func TestLenientModeRunsAReferenceClient(t *testing.T) {
	t.Parallel()
	strict := newEnv(t, nil)
	rc := referenceClient{t: t, base: strict.srv.URL, user: DefaultWorkspaceID, key: DefaultWorkspaceKey}
	create := map[string]any{"channel": "PUSH", "campaign_delivery_type": "ONE_TIME", "created_by": "marketer@example.com"}
	if st, env := rc.call("POST", "/v5/campaigns", create); st != http.StatusUnauthorized {
		t.Fatalf("strict: %d %v", st, env)
	}

	logs := &syncLog{}
	e := newEnv(t, func(c *Config) {
		c.Lenient = true
		c.Logger = slog.New(slog.NewTextHandler(logs, nil))
	})
	rc.base = e.srv.URL
	st, env := rc.call("POST", "/v5/campaigns", create)
	if st != http.StatusCreated || env["response_id"] == "" || env["response_id"] == nil {
		t.Fatalf("create: %d %v", st, env)
	}
	id := env["data"].(map[string]any)["id"].(string)
	// A second create: each request is its own, none reuses another's id.
	if st, env := rc.call("POST", "/v5/campaigns", create); st != http.StatusCreated {
		t.Fatalf("second create: %d %v", st, env)
	}
	if st, env = rc.call("GET", "/v5/campaigns/"+id, nil); st != http.StatusOK || env["data"].(map[string]any)["status"] != "DRAFT" {
		t.Fatalf("get: %d %v", st, env)
	}
	patch := map[string]any{"channel": "PUSH", "basic_details": map[string]any{"name": "From the reference", "platforms": []string{"ANDROID"}}}
	if st, env = rc.call("PATCH", "/v5/campaigns/"+id, patch); st != http.StatusOK || env["response_id"] == nil {
		t.Fatalf("patch: %d %v", st, env)
	}
	if st, env = rc.call("POST", "/v5/campaigns/"+id+"/validate", map[string]any{}); st != http.StatusOK || env["data"].(map[string]any)["valid"] != false {
		t.Fatalf("validate: %d %v", st, env)
	}
	if got := e.get(id)["basic_details"].(map[string]any)["name"]; got != "From the reference" {
		t.Errorf("name %v", got)
	}
	for _, what := range []string{lenientAppKey, lenientRequestID} {
		if n := strings.Count(logs.String(), what); n != 1 {
			t.Errorf("%q logged %d times, want once for this client:\n%s", what, n, logs)
		}
	}
	// Lenient is not lax: a wrong SVC-APPKEY is still refused.
	want(t, e.do("GET", "/v5/campaigns/"+id, nil, "SVC-APPKEY", "OTHER"), http.StatusUnauthorized)
}
