package mcpserver_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"sync"
	"testing"
)

// patchLog passes requests to the service and keeps the body of each PATCH.
type patchLog struct {
	next   http.Handler
	mu     sync.Mutex
	bodies [][]byte
}

func (p *patchLog) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodPatch {
		b, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(b))
		p.mu.Lock()
		p.bodies = append(p.bodies, b)
		p.mu.Unlock()
	}
	p.next.ServeHTTP(w, r)
}

func (p *patchLog) all() [][]byte {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([][]byte(nil), p.bodies...)
}

// An agent reads a published campaign and sends its scheduling_details back
// with one change, response-only fields and all: update_campaign sends the
// request form, and the service takes it.
func TestUpdateSendsNoResponseOnlySchedulingFields(t *testing.T) {
	h := start(t, false)
	fixture := fixtureBody(t, "push_periodic.json")
	id, _ := h.ok("create_draft", map[string]any{"campaign": fixture})["campaign_id"].(string)
	if id == "" {
		t.Fatal("no campaign_id from create_draft")
	}
	if pub := h.ok("publish_campaign", map[string]any{"campaign_id": id}); pub["status"] != "SCHEDULED" {
		t.Fatalf("publish: %v", pub)
	}
	got := h.ok("get_campaign", map[string]any{"campaign_id": id})
	sd, _ := got["scheduling_details"].(map[string]any)
	if sd["delivery_type"] != "PERIODIC" || sd["schedule_time"] == nil {
		t.Fatalf("GET without the read form to test with: %v", sd)
	}
	sd["expiry_time"] = "2026-12-30T10:00:00"
	before := len(h.patches.all())
	h.ok("update_campaign", map[string]any{"campaign_id": id, "patch": map[string]any{"scheduling_details": sd}})
	ps := h.patches.all()[before:]
	if len(ps) != 1 {
		t.Fatalf("%d PATCHes, want 1", len(ps))
	}
	var body struct {
		SD map[string]any `json:"scheduling_details"`
	}
	json.Unmarshal(ps[0], &body)
	for _, k := range []string{"schedule_time", "time_zone", "frequency"} {
		if _, ok := body.SD[k]; ok {
			t.Errorf("PATCH carries the response-only %s: %s", k, ps[0])
		}
	}
	if body.SD["delivery_type"] != "AT_FIXED_TIME" {
		t.Errorf("PATCH's delivery_type %v", body.SD["delivery_type"])
	}
	after := h.ok("get_campaign", map[string]any{"campaign_id": id})
	if e := after["scheduling_details"].(map[string]any)["expiry_time"]; e != "2026-12-30T10:00:00" {
		t.Errorf("service's expiry_time %v", e)
	}
}

// fixtureBody is a seed campaign as an agent would send it to create_draft.
func fixtureBody(t *testing.T, name string) map[string]any {
	t.Helper()
	b, err := os.ReadFile("../../testdata/campaigns/" + name)
	if err != nil {
		t.Fatal(err)
	}
	var fixture map[string]any
	if err := json.Unmarshal(b, &fixture); err != nil {
		t.Fatal(err)
	}
	delete(fixture, "request_id")
	return fixture
}
