package sandbox

import (
	"bufio"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/api"
)

// rawExchange sends raw bytes to a sandbox served as `campaigns serve`
// serves it (NewHTTPServer on a Listener) and reads the answer.
func rawExchange(t *testing.T, request string) (*http.Response, errEnvelope) {
	t.Helper()
	s, err := Open(Config{Now: newClock().Now, NoRateLimits: true})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(nil)
	srv.Config = NewHTTPServer(s.Handler(), nil)
	srv.Listener = Listener(srv.Listener)
	srv.Start()
	t.Cleanup(func() { srv.Close(); s.Close() })
	c, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	go func() { _, _ = io.WriteString(c, request) }()
	res, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	var env errEnvelope
	if err := json.Unmarshal(raw, &env); err != nil || env.Error.Code == "" || env.ResponseID == "" {
		t.Fatalf("%s: answer is not the error envelope (%v): %q", res.Status, err, raw)
	}
	if ct := res.Header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type %q", ct)
	}
	return res, env
}

// TestGoRefusalsInEnvelope: the answers net/http makes by itself before
// any handler runs come in the error envelope, with their status.
func TestGoRefusalsInEnvelope(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, request string
		status        int
	}{
		{"header line without colon", "GET /v5/campaigns/x HTTP/1.1\r\nHost: a\r\nBad Header\r\n\r\n", 400},
		{"not HTTP", "GARBAGE\r\n\r\n", 400},
		{"no Host", "GET /v5/campaigns/x HTTP/1.1\r\n\r\n", 400},
		{"headers too large", "GET /v5/campaigns/x HTTP/1.1\r\nHost: a\r\nX-Big: " + strings.Repeat("a", 2*MaxHeaderBytes) + "\r\n\r\n", 431},
		{"unknown transfer encoding", "POST /v5/campaigns HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip\r\n\r\n", 501},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, env := rawExchange(t, tc.request)
			if res.StatusCode != tc.status || env.Error.Code != api.CodeBadRequest || env.Error.Details == nil {
				t.Errorf("%s: %+v", res.Status, env.Error)
			}
		})
	}
}

// TestUncleanPathsNotRedirected: a path with //, /./ or /../ is a 400 in
// the envelope naming the clean path, not ServeMux's 307 with HTML (a
// client must never be sent elsewhere for a write).
func TestUncleanPathsNotRedirected(t *testing.T) {
	e := parallelEnv(t, nil)
	id := e.create(minimalPush())
	for _, p := range []string{"/v5//campaigns/" + id, "/v5/campaigns/./" + id, "/v5/x/../campaigns/" + id} {
		for _, method := range []string{"GET", "PATCH"} {
			req, _ := http.NewRequest(method, e.srv.URL+"/", strings.NewReader(`{}`))
			req.URL.Opaque = p // sent as it is
			req.SetBasicAuth(e.user, e.key)
			res, err := http.DefaultTransport.RoundTrip(req)
			if err != nil {
				t.Fatal(err)
			}
			raw, _ := io.ReadAll(res.Body)
			res.Body.Close()
			var env errEnvelope
			if res.StatusCode != http.StatusBadRequest || json.Unmarshal(raw, &env) != nil || env.Error.Target != "path" ||
				!strings.Contains(env.Error.Message, "/v5/campaigns/"+id) {
				t.Errorf("%s %s: %s %q", method, p, res.Status, raw)
			}
		}
	}
}

// TestScopesHeaderDistrusted: with DistrustScopesHeader (serve
// --trust-scopes-header=false) X-SVC-Scopes can lower a key's scope but
// never raise it; by default it is trusted, as behind the real gateway.
func TestScopesHeaderDistrusted(t *testing.T) {
	t.Parallel()
	view := Workspace{ID: "VIEW", Key: "vk", Scope: ScopeView}
	for _, distrust := range []bool{false, true} {
		e := newEnv(t, func(c *Config) {
			c.Workspaces = []Workspace{DefaultWorkspace(), view}
			c.DistrustScopesHeader = distrust
		})
		v := e.as("VIEW", "vk")
		id := v.create(minimalPush())
		patch := map[string]any{"utm_params": map[string]any{"utm_source": "a", "utm_medium": "b"}}
		r := v.do("PATCH", api.PathCampaigns+"/"+id, patch, api.HeaderScopes, "campaigns:create_manage")
		if wantStatus := map[bool]int{false: http.StatusOK, true: http.StatusForbidden}[distrust]; r.status != wantStatus {
			t.Errorf("distrust=%v: a view key claiming create_manage got %d, want %d", distrust, r.status, wantStatus)
		}
		r = e.do("PATCH", api.PathCampaigns+"/"+e.create(minimalPush()), patch, api.HeaderScopes, "campaigns:view")
		if r.status != http.StatusForbidden {
			t.Errorf("distrust=%v: lowering the scope to view: %d", distrust, r.status)
		}
	}
}
