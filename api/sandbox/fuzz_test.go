package sandbox

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/campaigns-cli/campaigns/model/fuzzseeds"

	"github.com/campaigns-cli/campaigns/api"
)

// fuzzRoutes are the routes that take a body: every V5 route and V1 publish.
// "{id}" is replaced by a campaign id.
var fuzzRoutes = []struct{ method, path string }{
	{"POST", api.PathCampaigns},
	{"PATCH", api.PathCampaigns + "/{id}"},
	{"POST", api.PathCampaigns + "/{id}/validate"},
	{"PATCH", api.PathCampaigns + "/{id}/status"},
	{"GET", api.PathCampaigns + "/{id}"},
	{"POST", api.PathSearch},
	{"POST", api.PathMeta},
	{"POST", api.PathTest},
	{"POST", api.PathPreview},
	{"PATCH", api.PathV1Publish + "{id}"},
	{"POST", api.PathSandboxReach},
}

// FuzzSandboxRoutes sends arbitrary bytes as the body of every route (and
// arbitrary ids in the path) over loopback with valid auth and idempotency
// headers: the answer is never a 5xx, is always a JSON envelope, a 400 names
// its target, and the server keeps serving.
func FuzzSandboxRoutes(f *testing.F) {
	fuzzseeds.Add(f, "FuzzSandboxRoutes")
	for i := range fuzzRoutes {
		f.Add(uint8(i), "", []byte(`{}`))
	}
	push := `{"channel":"PUSH","campaign_delivery_type":"ONE_TIME","created_by":"ana@example.com","basic_details":{"name":"x","platforms":["ANDROID"]}}`
	for _, s := range []struct {
		route int
		body  string
	}{
		{0, push}, {1, `{"basic_details":{"name":"y"}}`}, {3, `{"action":"PAUSE"}`}, {3, `{"action":"STOP"}`},
		{5, `{"limit":15,"page":1,"campaign_fields":{"status":["DRAFT"]}}`}, {6, `{"limit":5,"page":2}`},
		{7, `{"draft_id":"x","test_campaign_meta":{"identifier":"EMAIL","identifier_values":["a@b.c"]}}`},
		{8, `{"channel":"PUSH","user_identification":{"type":"EMAIL","value":"a@b.c"},"campaign_content":{"content":{"push":{"android":{"basic_details":{"title":"Hi {{UserAttribute['First Name']}}"}}}}}}`},
		{9, `{"status":"PUBLISH"}`},
	} {
		f.Add(uint8(s.route), "", []byte(s.body))
	}
	s, err := Open(Config{DataDir: "", NoRateLimits: true, Seed: true})
	if err != nil {
		f.Fatal(err)
	}
	srv := httptest.NewServer(s.Handler())
	f.Cleanup(func() { srv.Close(); s.Close() })
	send := func(t testing.TB, method, path string, body []byte) (int, []byte) {
		t.Helper()
		req, err := http.NewRequest(method, srv.URL+path, bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.SetBasicAuth(DefaultWorkspaceID, DefaultWorkspaceKey)
		req.Header.Set(api.HeaderAppKey, DefaultWorkspaceID)
		req.Header.Set(api.HeaderRequestID, "req-"+newUUID())
		if method != http.MethodGet {
			req.Header.Set(api.HeaderIdempotencyKey, newUUID())
			req.Header.Set("Content-Type", "application/json")
		}
		res, err := srv.Client().Do(req)
		if err != nil {
			t.Fatalf("%s %s: the server stopped answering: %v", method, path, err)
		}
		defer res.Body.Close()
		raw, err := io.ReadAll(res.Body)
		if err != nil {
			t.Fatalf("%s %s: reading the answer: %v", method, path, err)
		}
		return res.StatusCode, raw
	}
	// One stored draft to aim the id routes at.
	fx, err := os.ReadFile(filepath.Join("..", "..", "testdata", "campaigns", "push_one_time.json"))
	if err != nil {
		f.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(fx, &doc); err != nil {
		f.Fatal(err)
	}
	delete(doc, "request_id") // the header's id is the one sent
	fx, _ = json.Marshal(doc)
	var made struct {
		Data api.CreateResult `json:"data"`
	}
	status, raw := send(f, "POST", api.PathCampaigns, fx)
	if status != http.StatusCreated || json.Unmarshal(raw, &made) != nil || made.Data.ID == "" {
		f.Fatalf("create: %d %s", status, raw)
	}
	stored := made.Data.ID

	f.Fuzz(func(t *testing.T, route uint8, id string, body []byte) {
		rt := fuzzRoutes[int(route)%len(fuzzRoutes)]
		if id == "" {
			id = stored
		}
		path := strings.ReplaceAll(rt.path, "{id}", url.PathEscape(id))
		status, raw := send(t, rt.method, path, body)
		if status >= 500 {
			t.Fatalf("%s %s %q: %d %s", rt.method, path, body, status, raw)
		}
		if len(raw) > 256<<10 && status >= 400 {
			t.Fatalf("%s %s: an error answer of %d KiB", rt.method, path, len(raw)>>10)
		}
		if status != http.StatusNoContent {
			var env api.Envelope
			if err := json.Unmarshal(raw, &env); err != nil || env.ResponseID == "" {
				t.Fatalf("%s %s %q: %d: not a JSON envelope: %q", rt.method, path, body, status, raw)
			}
			if status == http.StatusBadRequest && (env.Error == nil || env.Error.Target == "" || env.Error.Message == "") {
				t.Fatalf("%s %s %q: a 400 without a target: %s", rt.method, path, body, raw)
			}
		}
		if status, raw := send(t, "GET", api.PathCampaigns+"/"+stored, nil); status != http.StatusOK {
			t.Fatalf("after %s %s %q the stored draft reads as %d %s", rt.method, path, body, status, raw)
		}
	})
}

// FuzzParseWorkspace reads arbitrary --workspace values: an error names the
// value; a workspace read has an id fit for a header and prints back to
// itself.
func FuzzParseWorkspace(f *testing.F) {
	fuzzseeds.Add(f, "FuzzParseWorkspace")
	for _, s := range []string{"SANDBOX:sandbox-key", "a:b:audience_limit, versioning,scope=view", "a:b:", ":b", "a:", "a b:c", "a:b:scope=x", "a:b:nope"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, flag string) {
		w, err := ParseWorkspace(flag)
		if err != nil {
			if !strings.Contains(err.Error(), strconv.Quote(flag)) {
				t.Fatalf("error does not name the value %q: %v", flag, err)
			}
			return
		}
		if w.ID == "" || w.Key == "" || scopeRank[w.Scope] == 0 {
			t.Fatalf("%q read as %+v", flag, w)
		}
		if i := strings.IndexFunc(w.ID, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }); i >= 0 {
			t.Fatalf("%q: id %q holds %q, which no header can carry", flag, w.ID, w.ID[i:])
		}
		again, err := ParseWorkspace(w.String())
		if err != nil || again != w {
			t.Fatalf("%q → %q → %+v, %v", flag, w.String(), again, err)
		}
	})
}

// A --workspace id with a control character (found by FuzzParseWorkspace)
// is refused up front: SVC-APPKEY could never carry it.
func TestWorkspaceIDWithControlCharacterIsRefused(t *testing.T) {
	t.Parallel()
	for _, flag := range []string{"\x7f:key", "a\rb:key", "a\u00a0b:key", "a\x00:key"} {
		if _, err := ParseWorkspace(flag); err == nil || !strings.Contains(err.Error(), "control characters") {
			t.Errorf("%q: %v", flag, err)
		}
	}
	if w, err := ParseWorkspace("ws-ü:key"); err != nil || w.ID != "ws-ü" {
		t.Errorf("a plain non-ASCII id: %+v %v", w, err)
	}
}
