package sandbox

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/engine"
)

func TestParseWorkspace(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in      string
		want    Workspace
		wantErr string
	}{
		{in: "ACME:k1", want: Workspace{ID: "ACME", Key: "k1", Scope: ScopeCreateManagePublish}},
		{in: "ACME:k1:versioning", want: Workspace{ID: "ACME", Key: "k1", Scope: ScopeCreateManagePublish, Features: engine.Features{Versioning: true}}},
		{in: "ACME:k1:audience_limit,versioning,scope=view", want: Workspace{ID: "ACME", Key: "k1", Scope: ScopeView, Features: engine.Features{AudienceLimit: true, Versioning: true}}},
		{in: "ACME:k1:scope=create_manage", want: Workspace{ID: "ACME", Key: "k1", Scope: ScopeCreateManage}},
		{in: "ACME", wantErr: "ID:KEY"},
		{in: ":k", wantErr: "ID:KEY"},
		{in: "ACME:", wantErr: "ID:KEY"},
		{in: "ACME:k:scope=admin", wantErr: "scope"},
		{in: "ACME:k:turbo", wantErr: "unknown flag"},
	}
	for _, c := range cases {
		got, err := ParseWorkspace(c.in)
		if c.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), c.wantErr) {
				t.Errorf("%q: error %v, want one about %q", c.in, err, c.wantErr)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%q: got %+v, %v; want %+v", c.in, got, err, c.want)
		}
	}
}

func TestUnknownRouteAndWrongMethodAreJSON(t *testing.T) {
	e := parallelEnv(t, nil)
	r := e.do("GET", "/v5/nothing", nil, api.HeaderRequestID, "trace-1")
	want(t, r, http.StatusNotFound, api.CodeNotFound)
	if r.env.ResponseID != "trace-1" {
		t.Errorf("response_id %q, want the X-SVC-Request-Id", r.env.ResponseID)
	}
	r = e.do("DELETE", api.PathCampaigns+"/abc", nil)
	want(t, r, http.StatusMethodNotAllowed)
	if got := r.header.Get("Allow"); got != "GET, PATCH" {
		t.Errorf("Allow %q", got)
	}
	r = e.do("GET", api.PathSearch, nil)
	want(t, r, http.StatusMethodNotAllowed)
}

func TestAuth(t *testing.T) {
	e := parallelEnv(t, func(c *Config) {
		c.Workspaces = []Workspace{{ID: "A", Key: "ka"}, {ID: "B", Key: "kb"}}
	})
	a := e.as("A", "ka")
	id := a.create(minimalPush())
	path := api.PathCampaigns + "/" + id

	want(t, a.do("GET", path, nil), http.StatusOK)
	want(t, a.as("A", "wrong").do("GET", path, nil), http.StatusUnauthorized, api.CodeUnauthorized)
	want(t, a.as("nobody", "ka").do("GET", path, nil), http.StatusUnauthorized, api.CodeUnauthorized)
	want(t, a.do("GET", path, nil, api.HeaderAppKey, ""), http.StatusUnauthorized, api.CodeUnauthorized, api.HeaderAppKey)
	want(t, a.do("GET", path, nil, api.HeaderAppKey, "B"), http.StatusUnauthorized, api.CodeUnauthorized, api.HeaderAppKey)
	want(t, a.do("GET", path, nil, "Authorization", ""), http.StatusUnauthorized, api.CodeUnauthorized)

	// Another workspace's campaign does not exist for B: 404 on every route.
	b := e.as("B", "kb")
	want(t, b.do("GET", path, nil), http.StatusNotFound, api.CodeNotFound)
	want(t, b.do("PATCH", path, map[string]any{"utm_params": map[string]any{"utm_source": "x", "utm_medium": "y"}}), http.StatusNotFound, api.CodeNotFound)
	want(t, b.do("POST", path+"/validate", map[string]any{}), http.StatusNotFound, api.CodeNotFound)
	want(t, b.action(id, "STOP"), http.StatusNotFound, api.CodeNotFound)
	want(t, b.publish(id), http.StatusNotFound, api.CodeNotFound)
	var got api.SearchResult
	r := b.do("POST", api.PathSearch, map[string]any{"limit": 15, "page": 1, "campaign_fields": map[string]any{"status": []string{"DRAFT"}}})
	want(t, r, http.StatusOK)
	r.data(t, &got)
	if len(got.Campaigns) != 0 {
		t.Errorf("B sees %d of A's campaigns", len(got.Campaigns))
	}
}

func TestScopes(t *testing.T) {
	e := parallelEnv(t, func(c *Config) {
		c.Workspaces = []Workspace{{ID: "V", Key: "kv", Scope: ScopeView}, {ID: "M", Key: "km", Scope: ScopeCreateManage}}
	})
	patch := map[string]any{"utm_params": map[string]any{"utm_source": "push", "utm_medium": "app"}}

	v := e.as("V", "kv")
	id := v.create(minimalPush()) // only the component PATCH is gated
	want(t, v.do("PATCH", api.PathCampaigns+"/"+id, patch), http.StatusForbidden, api.CodeForbidden)
	// The gateway's header is the source of truth, either way.
	want(t, v.do("PATCH", api.PathCampaigns+"/"+id, patch, api.HeaderScopes, "segments:view campaigns:create_manage"), http.StatusOK)

	m := e.as("M", "km")
	id = m.create(minimalPush())
	want(t, m.do("PATCH", api.PathCampaigns+"/"+id, patch), http.StatusOK)
	want(t, m.do("PATCH", api.PathCampaigns+"/"+id, patch, api.HeaderScopes, "campaigns:view"), http.StatusForbidden, api.CodeForbidden)
	want(t, m.do("PATCH", api.PathCampaigns+"/"+id, patch, api.HeaderScopes, "reports:view,users:view"), http.StatusForbidden, api.CodeForbidden)
	want(t, m.do("PATCH", api.PathCampaigns+"/"+id, patch, api.HeaderScopes, "campaigns:create_manage_publish"), http.StatusOK)
	// Reads are not gated.
	want(t, m.do("GET", api.PathCampaigns+"/"+id, nil, api.HeaderScopes, "campaigns:view"), http.StatusOK)
}

var objectID = regexp.MustCompile(`^[0-9a-f]{24}$`)

func TestCreateAndGet(t *testing.T) {
	e := parallelEnv(t, nil)
	body := fixture(t, "push_one_time")
	body["x_custom"] = map[string]any{"kept": true}
	r := e.do("POST", api.PathCampaigns, body, api.HeaderRequestID, "create-1")
	want(t, r, http.StatusCreated)
	if r.env.ResponseID != "create-1" || r.env.Type != "campaign" {
		t.Errorf("envelope %s", r.raw)
	}
	var d api.CreateResult
	r.data(t, &d)
	if !objectID.MatchString(d.ID) || d.Status != "DRAFT" {
		t.Fatalf("data %+v", d)
	}
	got := e.get(d.ID)
	for k, v := range map[string]any{"id": d.ID, "campaign_id": d.ID, "status": "DRAFT", "channel": "PUSH",
		"version_number": 1.0, "created_by": "maria.lopez@example.com", "created_at": "2026-03-02 10:00:00.000000"} {
		if got[k] != v {
			t.Errorf("%s = %v, want %v", k, got[k], v)
		}
	}
	if got["x_custom"] == nil {
		t.Error("an unknown field was lost")
	}
	if got["campaign_content"] == nil || got["request_id"] != nil {
		t.Errorf("components kept, request_id not stored: %v", got)
	}
	// GET makes its own response id when none is sent.
	r = e.do("GET", api.PathCampaigns+"/"+d.ID, nil, api.HeaderRequestID, "")
	if !regexp.MustCompile(`^[0-9a-f-]{36}$`).MatchString(r.env.ResponseID) {
		t.Errorf("generated response_id %q", r.env.ResponseID)
	}
}

func TestCreateValidation(t *testing.T) {
	e := parallelEnv(t, nil)
	r := e.do("POST", api.PathCampaigns, map[string]any{"channel": "PUSH", "created_by": "ana@example.com"})
	want(t, r, http.StatusBadRequest, api.CodeValidationFailed, "campaign_delivery_type")
	if len(r.env.Error.Details) == 0 || r.env.Error.Details[0].Target != "campaign_delivery_type" {
		t.Errorf("details %s", r.raw)
	}
	// Every problem is listed, not only the first.
	r = e.do("POST", api.PathCampaigns, map[string]any{"created_by": 7})
	want(t, r, http.StatusBadRequest, api.CodeValidationFailed)
	if len(r.env.Error.Details) < 3 {
		t.Errorf("want channel, delivery type and created_by problems: %s", r.raw)
	}
	email := map[string]any{"channel": "EMAIL", "campaign_delivery_type": "ONE_TIME", "created_by": "ana@example.com"}
	want(t, e.do("POST", api.PathCampaigns, email), http.StatusBadRequest, api.CodeValidationFailed, "connector")
	bla := minimalPush()
	bla["campaign_delivery_type"] = "BROADCAST_LIVE_ACTIVITY"
	want(t, e.do("POST", api.PathCampaigns, bla), http.StatusBadRequest, api.CodeValidationFailed, "campaign_delivery_type")
	st := minimalPush()
	st["status"] = "ACTIVE"
	want(t, e.do("POST", api.PathCampaigns, st), http.StatusBadRequest, api.CodeValidationFailed, "status")
	// Audience limit is a workspace feature.
	off := newEnv(t, func(c *Config) { c.Workspaces = []Workspace{{ID: "SANDBOX", Key: "sandbox-key"}} })
	al := minimalPush()
	al["campaign_audience_limit"] = map[string]any{"is_campaign_audience_limit_enabled": true, "limit": 1000}
	want(t, off.do("POST", api.PathCampaigns, al), http.StatusBadRequest, api.CodeValidationFailed, "campaign_audience_limit")
	want(t, e.do("POST", api.PathCampaigns, al), http.StatusCreated)
}
