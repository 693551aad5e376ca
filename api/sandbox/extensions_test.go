package sandbox

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api"
)

// TestETagIfMatch: GET answers an ETag per version of the campaign; the
// component PATCH honours If-Match (412 on a stale tag) and answers the new
// ETag; clients that never send If-Match are not affected.
func TestETagIfMatch(t *testing.T) {
	e := parallelEnv(t, nil)
	id := e.create(minimalPush())
	path := api.PathCampaigns + "/" + id
	utm := func(src string) map[string]any {
		return map[string]any{"utm_params": map[string]any{"utm_source": src, "utm_medium": "m"}}
	}
	r := e.do("GET", path, nil)
	e1 := r.header.Get("ETag")
	if !strings.HasPrefix(e1, `"`) || !strings.HasSuffix(e1, `"`) || len(e1) < 3 {
		t.Fatalf("GET ETag %q: want a strong quoted tag", e1)
	}
	if again := e.do("GET", path, nil).header.Get("ETag"); again != e1 {
		t.Errorf("ETag changed without a write: %q then %q", e1, again)
	}
	// Reader A and reader B both read e1; A writes first.
	r = e.do("PATCH", path, utm("a"), "If-Match", e1)
	want(t, r, http.StatusOK)
	e2 := r.header.Get("ETag")
	if e2 == "" || e2 == e1 {
		t.Fatalf("PATCH ETag %q after %q", e2, e1)
	}
	if got := e.do("GET", path, nil).header.Get("ETag"); got != e2 {
		t.Errorf("GET after PATCH: ETag %q, the PATCH said %q", got, e2)
	}
	// B's write, based on what it read before A's, is refused: no silent
	// overwrite.
	r = e.do("PATCH", path, utm("b"), "If-Match", e1)
	want(t, r, http.StatusPreconditionFailed, api.CodeBadRequest, "If-Match")
	if !strings.Contains(r.env.Error.Message, "changed since you read it") {
		t.Errorf("412 message %q", r.env.Error.Message)
	}
	if src := e.get(id)["utm_params"].(map[string]any)["utm_source"]; src != "a" {
		t.Errorf("utm_source %v after a refused stale PATCH, want a", src)
	}
	// Chaining on the PATCH's own ETag works; so do a list and "*".
	r = e.do("PATCH", path, utm("c"), "If-Match", e2)
	want(t, r, http.StatusOK)
	e3 := r.header.Get("ETag")
	want(t, e.do("PATCH", path, utm("d"), "If-Match", `"nope", `+e3), http.StatusOK)
	want(t, e.do("PATCH", path, utm("e"), "If-Match", "*"), http.StatusOK)
	// A weak tag never matches (strong comparison).
	cur := e.do("GET", path, nil).header.Get("ETag")
	want(t, e.do("PATCH", path, utm("f"), "If-Match", "W/"+cur), http.StatusPreconditionFailed, api.CodeBadRequest, "If-Match")
	// Plain clients notice nothing.
	want(t, e.do("PATCH", path, utm("g")), http.StatusOK)
	// A state change is a new version too.
	before := e.do("GET", path, nil).header.Get("ETag")
	want(t, e.action(id, "STOP"), http.StatusUnprocessableEntity) // a draft: refused, no change
	if got := e.do("GET", path, nil).header.Get("ETag"); got != before {
		t.Errorf("a refused action changed the ETag")
	}
	pub := e.create(withStart(fixture(t, "push_one_time"), e.clk.Now().Add(time.Hour), "UTC"))
	tag := e.do("GET", api.PathCampaigns+"/"+pub, nil).header.Get("ETag")
	want(t, e.publish(pub), http.StatusNoContent)
	want(t, e.do("PATCH", api.PathCampaigns+"/"+pub, utm("x"), "If-Match", tag), http.StatusPreconditionFailed, api.CodeBadRequest, "If-Match")
}

// TestResponseOnlySchedulingFields: GET of a published campaign shows the
// response-only scheduling fields of the real service; they are never
// stored, and a client that sends back what it read is accepted.
func TestResponseOnlySchedulingFields(t *testing.T) {
	e := parallelEnv(t, nil)
	now := e.clk.Now()
	start := now.Add(2 * time.Hour)
	id := e.create(withStart(fixture(t, "push_one_time"), start, "Europe/Madrid"))
	if sd := e.get(id)["scheduling_details"].(map[string]any); sd["schedule_time"] != nil || sd["delivery_type"] != "AT_FIXED_TIME" {
		t.Errorf("a draft shows response-only fields: %v", sd)
	}
	want(t, e.publish(id), http.StatusNoContent)
	got := e.get(id)
	sd := got["scheduling_details"].(map[string]any)
	if sd["delivery_type"] != "SCHEDULED" || sd["schedule_time"] != start.Format("2006-01-02T15:04:05") || sd["time_zone"] != "Europe/Madrid" {
		t.Errorf("GET scheduling_details %v", sd)
	}
	// Sending back every component as read is accepted, and changes
	// nothing that is stored.
	rec, _ := e.s.store.Latest(t.Context(), e.user, id)
	echo := map[string]any{}
	for k, v := range got {
		switch k {
		case "id", "campaign_id", "version_number", "status", "created_at", "updated_at", "created_by", "updated_by", "sent_time":
		default:
			echo[k] = v
		}
	}
	want(t, e.do("PATCH", api.PathCampaigns+"/"+id, echo), http.StatusOK)
	after, _ := e.s.store.Latest(t.Context(), e.user, id)
	for _, f := range []string{"schedule_time", "time_zone", `"delivery_type":"SCHEDULED"`} {
		if strings.Contains(string(after.Doc), f) {
			t.Errorf("%s was stored: %s", f, after.Doc)
		}
	}
	if !strings.Contains(string(after.Doc), `"delivery_type":"AT_FIXED_TIME"`) || rec.Status != after.Status {
		t.Errorf("stored after the echo: %s", after.Doc)
	}
	// Only scheduling_details, echoed alone, on a SCHEDULED campaign (where
	// delivery_type is locked): accepted.
	want(t, e.do("PATCH", api.PathCampaigns+"/"+id, map[string]any{"scheduling_details": sd}), http.StatusOK)

	// Periodic: PERIODIC, the time of day, frequency.
	per := periodicFrom(t, now.Add(-time.Hour), "UTC")
	pid := e.create(per)
	want(t, e.publish(pid), http.StatusNoContent)
	psd := e.get(pid)["scheduling_details"].(map[string]any)
	if psd["delivery_type"] != "PERIODIC" || psd["schedule_time"] != now.Add(-time.Hour).Format("15:04:05") ||
		psd["time_zone"] != "UTC" || psd["frequency"] != "WEEKLY" {
		t.Errorf("periodic GET scheduling_details %v", psd)
	}
	want(t, e.do("PATCH", api.PathCampaigns+"/"+pid, map[string]any{"scheduling_details": psd}), http.StatusOK)

	// A create body copied from a GET is accepted and stored as a request.
	body := withStart(fixture(t, "push_one_time"), start, "UTC")
	body["scheduling_details"].(map[string]any)["delivery_type"] = "SCHEDULED"
	body["scheduling_details"].(map[string]any)["schedule_time"] = "2026-01-01T00:00:00"
	body["scheduling_details"].(map[string]any)["time_zone"] = "UTC"
	cid := e.create(body)
	if csd := e.get(cid)["scheduling_details"].(map[string]any); csd["delivery_type"] != "AT_FIXED_TIME" || csd["schedule_time"] != nil {
		t.Errorf("created from a GET body: %v", csd)
	}
}
