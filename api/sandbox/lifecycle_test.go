package sandbox

import (
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api"
)

func TestPatch(t *testing.T) {
	e := parallelEnv(t, nil)
	id := e.create(fixture(t, "push_one_time"))
	body := map[string]any{"basic_details": map[string]any{"name": "Renamed", "platforms": []string{"ANDROID"}, "x_note": "kept"},
		"updated_by": "bo@example.com"}
	r := e.do("PATCH", api.PathCampaigns+"/"+id, body, api.HeaderRequestID, "p-1")
	want(t, r, http.StatusOK)
	var d api.PatchResult
	r.data(t, &d)
	if d.ID != id || r.env.ResponseID != "p-1" || r.env.Type != "campaign" {
		t.Errorf("answer %s", r.raw)
	}
	got := e.get(id)
	bd := got["basic_details"].(map[string]any)
	if bd["name"] != "Renamed" || bd["x_note"] != "kept" || bd["tags"] != nil {
		t.Errorf("basic_details is replaced whole: %v", bd)
	}
	if got["campaign_content"] == nil || got["updated_by"] != "bo@example.com" || got["created_by"] != "maria.lopez@example.com" {
		t.Errorf("other components and created_by kept, updated_by set: %v", got)
	}
	// Without updated_by the credential is named.
	want(t, e.do("PATCH", api.PathCampaigns+"/"+id, map[string]any{"utm_params": map[string]any{"utm_source": "a", "utm_medium": "b"}}), http.StatusOK)
	if ub := e.get(id)["updated_by"]; ub != CredentialIdentity(DefaultWorkspaceID) {
		t.Errorf("updated_by %v", ub)
	}
	// A status key is refused; a bad component lists every problem.
	want(t, e.do("PATCH", api.PathCampaigns+"/"+id, map[string]any{"status": "ACTIVE"}), http.StatusBadRequest, api.CodeValidationFailed, "status")
	r = e.do("PATCH", api.PathCampaigns+"/"+id, map[string]any{"delivery_controls": map[string]any{"queuing_enabled": true, "queue_duration": 99}})
	want(t, r, http.StatusBadRequest, api.CodeValidationFailed, "delivery_controls.queue_duration")
	// Channel cannot change.
	want(t, e.do("PATCH", api.PathCampaigns+"/"+id, map[string]any{"channel": "EMAIL"}), http.StatusBadRequest, api.CodeValidationFailed, "channel")
	// Server fields in a body are ignored, not stored.
	want(t, e.do("PATCH", api.PathCampaigns+"/"+id, map[string]any{"id": "nope", "version_number": 9, "created_by": "evil@example.com"}), http.StatusOK)
	got = e.get(id)
	if got["id"] != id || got["version_number"] != 1.0 || got["created_by"] != "maria.lopez@example.com" {
		t.Errorf("server fields changed: %v %v %v", got["id"], got["version_number"], got["created_by"])
	}
	want(t, e.do("PATCH", api.PathCampaigns+"/000000000000000000000000", map[string]any{}), http.StatusNotFound, api.CodeNotFound)
}

func TestValidateRoute(t *testing.T) {
	e := parallelEnv(t, nil)
	id := e.create(minimalPush())
	r := e.do("POST", api.PathCampaigns+"/"+id+"/validate", map[string]any{"request_id": "v-1"}, api.HeaderRequestID, "")
	want(t, r, http.StatusOK)
	var v api.ValidateResult
	r.data(t, &v)
	if v.Valid || len(v.Errors) == 0 || v.Errors[0].Field == "" || v.Errors[0].Issue == "" {
		t.Errorf("a bare draft is not publishable: %s", r.raw)
	}
	if strings.Contains(string(r.raw), `"target"`) {
		t.Errorf("validate uses field/issue: %s", r.raw)
	}
	ok := e.create(fixture(t, "email_one_time"))
	r = e.do("POST", api.PathCampaigns+"/"+ok+"/validate", nil)
	want(t, r, http.StatusOK)
	if string(r.env.Data) != `{"valid":true,"errors":[]}` {
		t.Errorf("valid campaign: %s", r.env.Data)
	}
	if e.get(ok)["status"] != "DRAFT" {
		t.Error("validate changed the state")
	}
}

func TestPublishAndStatusActions(t *testing.T) {
	e := parallelEnv(t, nil)
	now := e.clk.Now()

	// A draft that fails DRAFT_PUBLISH: 400 with details, still DRAFT.
	bare := e.create(minimalPush())
	r := e.publish(bare)
	want(t, r, http.StatusBadRequest, api.CodeValidationFailed)
	if len(r.env.Error.Details) == 0 || e.get(bare)["status"] != "DRAFT" {
		t.Errorf("failed publish: %s", r.raw)
	}
	want(t, e.do("PATCH", api.PathV1Publish+bare, map[string]any{"status": "LIVE"}), http.StatusBadRequest, api.CodeValidationFailed, "status")
	// DRAFT takes no status action.
	want(t, e.action(bare, "STOP"), http.StatusUnprocessableEntity, api.CodeUnprocessableEntity, "action")

	// Start time ahead (read in its timezone) → SCHEDULED; 204 with no body.
	ot := e.create(withStart(fixture(t, "push_one_time"), now.Add(2*time.Hour), "Europe/Madrid"))
	r = e.publish(ot)
	if r.status != http.StatusNoContent || len(r.raw) != 0 {
		t.Fatalf("publish: %d %s", r.status, r.raw)
	}
	if st := e.get(ot)["status"]; st != "SCHEDULED" {
		t.Fatalf("status %v", st)
	}
	want(t, e.publish(ot), http.StatusConflict, api.CodeBadRequest)
	want(t, e.action(ot, "PAUSE"), http.StatusUnprocessableEntity, api.CodeUnprocessableEntity)
	want(t, e.action(ot, "PUBLISH"), http.StatusUnprocessableEntity, api.CodeUnprocessableEntity)
	want(t, e.action(ot, "EXPLODE"), http.StatusUnprocessableEntity, api.CodeUnprocessableEntity)
	want(t, e.do("PATCH", api.PathCampaigns+"/"+ot+"/status", map[string]any{}), http.StatusBadRequest, api.CodeValidationFailed, "action")
	r = e.action(ot, "STOP")
	want(t, r, http.StatusOK)
	var sr api.StatusResult
	r.data(t, &sr)
	if sr.ID != ot || sr.Action != "STOP" || e.get(ot)["status"] != "STOPPED" {
		t.Errorf("STOP: %s", r.raw)
	}
	want(t, e.action(ot, "STOP"), http.StatusUnprocessableEntity, api.CodeUnprocessableEntity)
	// STOPPED allows no edit: 409 naming the state.
	r = e.do("PATCH", api.PathCampaigns+"/"+ot, map[string]any{"utm_params": map[string]any{"utm_source": "a", "utm_medium": "b"}})
	want(t, r, http.StatusConflict, api.CodeBadRequest)
	if !strings.Contains(r.env.Error.Message, "STOPPED") {
		t.Errorf("409 message %q", r.env.Error.Message)
	}

	// Periodic in the past → ACTIVE; PAUSE, RESUME; STOP is 422.
	per := periodicFrom(t, now.Add(-time.Hour), "UTC")
	pid := e.create(per)
	want(t, e.publish(pid), http.StatusNoContent)
	if st := e.get(pid)["status"]; st != "ACTIVE" {
		t.Fatalf("periodic after publish: %v", st)
	}
	r = e.action(pid, "STOP")
	want(t, r, http.StatusUnprocessableEntity, api.CodeUnprocessableEntity)
	if !strings.Contains(r.env.Error.Message, "PERIODIC") {
		t.Errorf("422 message %q", r.env.Error.Message)
	}
	want(t, e.action(pid, "RESUME"), http.StatusUnprocessableEntity)
	want(t, e.action(pid, "PAUSE"), http.StatusOK)
	if st := e.get(pid)["status"]; st != "PAUSED" {
		t.Fatalf("after PAUSE: %v", st)
	}
	want(t, e.action(pid, "RESUME"), http.StatusOK)
	if st := e.get(pid)["status"]; st != "ACTIVE" {
		t.Fatalf("after RESUME: %v", st)
	}
}

func TestEditRestrictionsByState(t *testing.T) {
	e := parallelEnv(t, nil)
	now := e.clk.Now()
	// SCHEDULED: everything but scheduling_details.delivery_type.
	body := withStart(fixture(t, "push_one_time"), now.Add(48*time.Hour), "UTC")
	id := e.create(body)
	want(t, e.publish(id), http.StatusNoContent)
	sched := map[string]any{"delivery_type": "ASAP"}
	want(t, e.do("PATCH", api.PathCampaigns+"/"+id, map[string]any{"scheduling_details": sched}), http.StatusBadRequest, api.CodeValidationFailed, "scheduling_details.delivery_type")
	// Same delivery type, another start: allowed, and the scheduler follows.
	later := now.Add(72 * time.Hour)
	want(t, e.do("PATCH", api.PathCampaigns+"/"+id, withStart(map[string]any{}, later, "UTC")), http.StatusOK)
	e.clk.Advance(49 * time.Hour)
	e.s.Tick()
	if st := e.get(id)["status"]; st != "SCHEDULED" {
		t.Errorf("moved start ignored: %v", st)
	}

	// ACTIVE: segmentation, trigger, goals and the start are locked, the
	// content is not. Sending the stored value is not an edit.
	et := fixture(t, "push_event_triggered")
	et["scheduling_details"].(map[string]any)["start_time"] = e.clk.Now().Add(-6 * time.Hour).Format("2006-01-02T15:04:05") // read in New York
	etID := e.create(et)
	want(t, e.publish(etID), http.StatusNoContent)
	if st := e.get(etID)["status"]; st != "ACTIVE" {
		t.Fatalf("event-triggered after publish: %v", st)
	}
	want(t, e.do("PATCH", api.PathCampaigns+"/"+etID, map[string]any{"segmentation_details": map[string]any{"is_all_user_campaign": true}}),
		http.StatusBadRequest, api.CodeValidationFailed, "segmentation_details")
	want(t, e.do("PATCH", api.PathCampaigns+"/"+etID, map[string]any{"trigger_condition": et["trigger_condition"]}), http.StatusOK)
	// null reads as "not sent": no edit of the locked component.
	want(t, e.do("PATCH", api.PathCampaigns+"/"+etID, map[string]any{"segmentation_details": nil}), http.StatusOK)
	cc := et["campaign_content"]
	want(t, e.do("PATCH", api.PathCampaigns+"/"+etID, map[string]any{"campaign_content": cc}), http.StatusOK)
	goals := map[string]any{"attribution_window_in_hours": 12, "goals": []any{map[string]any{"goal_name": "x", "goal_event_name": "y", "is_primary_goal": true}}}
	want(t, e.do("PATCH", api.PathCampaigns+"/"+etID, map[string]any{"conversion_goal_details": goals}), http.StatusBadRequest, api.CodeValidationFailed, "conversion_goal_details")
}

func TestVersioning(t *testing.T) {
	e := parallelEnv(t, nil) // SANDBOX has versioning on
	now := e.clk.Now()
	id := e.create(withStart(fixture(t, "push_one_time"), now.Add(time.Hour), "UTC"))
	// Drafts are edited in place.
	want(t, e.do("PATCH", api.PathCampaigns+"/"+id, map[string]any{"utm_params": map[string]any{"utm_source": "a", "utm_medium": "b"}}), http.StatusOK)
	want(t, e.publish(id), http.StatusNoContent)
	r := e.do("PATCH", api.PathCampaigns+"/"+id, map[string]any{"utm_params": map[string]any{"utm_source": "v2", "utm_medium": "b"}})
	want(t, r, http.StatusOK)
	var d api.PatchResult
	r.data(t, &d)
	if d.ID == id || !objectID.MatchString(d.ID) {
		t.Fatalf("a live edit makes a new document: %s", r.raw)
	}
	got := e.get(id)
	if got["id"] != d.ID || got["campaign_id"] != id || got["version_number"] != 2.0 || got["status"] != "SCHEDULED" {
		t.Errorf("newest version: %v %v %v %v", got["id"], got["campaign_id"], got["version_number"], got["status"])
	}
	if e.get(d.ID)["id"] != d.ID {
		t.Error("GET by a version's own id")
	}
	var sr api.SearchResult
	r = e.do("POST", api.PathSearch, map[string]any{"limit": 15, "page": 1, "campaign_fields": map[string]any{"ids": []string{id}}})
	r.data(t, &sr)
	if len(sr.Campaigns) != 2 {
		t.Fatalf("search returns every version: %d", len(sr.Campaigns))
	}
	r = e.do("POST", api.PathSearch, map[string]any{"limit": 15, "page": 1, "campaign_fields": map[string]any{"ids": []string{id}, "version_number": 1}})
	r.data(t, &sr)
	if len(sr.Campaigns) != 1 || *sr.Campaigns[0].VersionNumber != 1 || *sr.Campaigns[0].ID != id {
		t.Errorf("version_number filter: %s", r.raw)
	}

	// Without the feature a live edit stays one document.
	plain := newEnv(t, func(c *Config) { c.Workspaces = []Workspace{{ID: "SANDBOX", Key: "sandbox-key"}} })
	id = plain.create(withStart(fixture(t, "push_one_time"), now.Add(time.Hour), "UTC"))
	want(t, plain.publish(id), http.StatusNoContent)
	r = plain.do("PATCH", api.PathCampaigns+"/"+id, map[string]any{"utm_params": map[string]any{"utm_source": "v2", "utm_medium": "b"}})
	r.data(t, &d)
	if d.ID != id || plain.get(id)["version_number"] != 1.0 {
		t.Errorf("unversioned workspace: %s", r.raw)
	}
}

func TestScheduler(t *testing.T) {
	e := parallelEnv(t, nil)
	now := e.clk.Now() // 10:00 UTC
	// 07:00 in New York is 12:00 UTC (EST, UTC-5 in March before DST).
	ny := now.Add(2 * time.Hour).In(mustZone(t, "America/New_York"))
	body := fixture(t, "push_one_time")
	body["scheduling_details"] = map[string]any{"delivery_type": "AT_FIXED_TIME", "start_time": ny.Format("2006-01-02T15:04:05"), "timezone": "America/New_York"}
	ot := e.create(body)
	want(t, e.publish(ot), http.StatusNoContent)

	per := periodicFrom(t, now.Add(3*time.Hour), "UTC")
	pid := e.create(per)
	want(t, e.publish(pid), http.StatusNoContent)

	e.clk.Advance(119 * time.Minute)
	e.s.Tick()
	if st := e.get(ot)["status"]; st != "SCHEDULED" {
		t.Fatalf("a minute early: %v", st)
	}
	e.clk.Advance(time.Minute)
	e.s.Tick()
	if st := e.get(ot)["status"]; st != "SENDING" {
		t.Fatalf("at the start time a one-time campaign sends: %v", st)
	}
	if st := e.get(pid)["status"]; st != "SCHEDULED" {
		t.Fatalf("periodic before its start: %v", st)
	}
	e.clk.Advance(SendDuration)
	e.s.Tick()
	got := e.get(ot)
	if got["status"] != "SENT" || got["sent_time"] != e.clk.Now().Format(TimeLayout) {
		t.Fatalf("after delivery: %v %v", got["status"], got["sent_time"])
	}
	e.clk.Advance(time.Hour)
	e.s.Tick()
	if st := e.get(pid)["status"]; st != "ACTIVE" {
		t.Fatalf("periodic at its start: %v", st)
	}
	// SENT allows no edit.
	want(t, e.do("PATCH", api.PathCampaigns+"/"+ot, map[string]any{}), http.StatusConflict, api.CodeBadRequest)

	// One-time ASAP: ACTIVE on publish, SENDING on the next tick, SENT later.
	asap := e.create(fixture(t, "email_one_time"))
	want(t, e.publish(asap), http.StatusNoContent)
	if st := e.get(asap)["status"]; st != "ACTIVE" {
		t.Fatalf("ASAP after publish: %v", st)
	}
	e.s.Tick()
	if st := e.get(asap)["status"]; st != "SENDING" {
		t.Fatalf("ASAP after a tick: %v", st)
	}
	want(t, e.action(asap, "STOP"), http.StatusOK)
	e.clk.Advance(SendDuration)
	e.s.Tick()
	if st := e.get(asap)["status"]; st != "STOPPED" {
		t.Fatalf("a stopped send stays stopped: %v", st)
	}
}

func mustZone(t *testing.T, name string) *time.Location {
	t.Helper()
	l, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// TestConcurrentPatches has many goroutines patch different components of
// one campaign at once: every last write of every component must be there.
func TestConcurrentPatches(t *testing.T) {
	e := parallelEnv(t, func(c *Config) { c.DataDir = t.TempDir() })
	id := e.create(minimalPush())
	type part struct {
		name string
		val  func(i int) any
	}
	parts := []part{
		{"utm_params", func(i int) any { return map[string]any{"utm_source": fmt.Sprint("s", i), "utm_medium": "m"} }},
		{"control_group_details", func(i int) any {
			return map[string]any{"is_campaign_control_group_enabled": true, "campaign_control_group_percentage": i}
		}},
		{"conversion_goal_details", func(i int) any {
			return map[string]any{"attribution_window_in_hours": i + 1, "goals": []any{map[string]any{"goal_name": "g", "goal_event_name": "e", "is_primary_goal": true}}}
		}},
		{"basic_details", func(i int) any {
			return map[string]any{"name": fmt.Sprint("name ", i), "platforms": []string{"ANDROID"}}
		}},
		{"advanced", func(i int) any {
			return map[string]any{"expiration_settings": map[string]any{"expire_notification_after_value": i + 1, "expire_notification_after_type": "HOUR"}}
		}},
		{"segmentation_details", func(i int) any { return map[string]any{"is_all_user_campaign": true, "x_round": i} }},
		{"delivery_controls", func(i int) any { return map[string]any{"bypass_dnd": false, "campaign_throttle_rpm": 1000 + i} }},
		{"x_unknown_component", func(i int) any { return map[string]any{"round": i} }},
	}
	// Unknown top-level keys merge like components: more writers.
	for k := range 16 {
		parts = append(parts, part{fmt.Sprint("x_extra_", k), func(i int) any { return map[string]any{"round": i} }})
	}
	// One writer per component, each patching it round after round: if any
	// PATCH merged onto a stale copy, some component ends on an older round
	// (or missing).
	const rounds = 10
	var wg sync.WaitGroup
	errs := make(chan string, len(parts)*rounds)
	for _, p := range parts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range rounds {
				r := e.do("PATCH", api.PathCampaigns+"/"+id, map[string]any{p.name: p.val(i)})
				if r.status != http.StatusOK {
					errs <- fmt.Sprintf("%s round %d: %d %s", p.name, i, r.status, r.raw)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	got := e.get(id)
	for _, p := range parts {
		if want := roundTrip(t, p.val(rounds-1)); !reflect.DeepEqual(got[p.name], want) {
			t.Errorf("%s = %v, want the last round %v", p.name, got[p.name], want)
		}
	}
}

func roundTrip(t *testing.T, v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestTwoServersOneDataDir is two sandboxes on one data directory (as
// `campaigns serve` and the editor's embedded sandbox can be): their locks
// do not know each other, yet no PATCH of one overwrites the other's.
func TestTwoServersOneDataDir(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a := newEnv(t, func(c *Config) { c.DataDir = dir })
	b := newEnv(t, func(c *Config) { c.DataDir = dir })
	id := a.create(minimalPush())
	const rounds = 15
	var wg sync.WaitGroup
	for i, e := range []*env{a, b, a, b} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			key := fmt.Sprint("x_writer_", i)
			for n := range rounds {
				if r := e.do("PATCH", api.PathCampaigns+"/"+id, map[string]any{key: n}); r.status != http.StatusOK {
					t.Errorf("%s round %d: %d %s", key, n, r.status, r.raw)
				}
			}
		}()
	}
	wg.Wait()
	got := b.get(id)
	for i := range 4 {
		if v := got[fmt.Sprint("x_writer_", i)]; v != float64(rounds-1) {
			t.Errorf("x_writer_%d = %v, want %d", i, v, rounds-1)
		}
	}
}

// TestRefusedWriteDoesNotLeakIntoQueuedEdits: edits of one campaign queue
// behind each other before the first is committed. One that fails in the
// writer (its Idempotency-Key was answered already, with another body) must
// not reach the edits worked out on top of it, and they must still land.
func TestRefusedWriteDoesNotLeakIntoQueuedEdits(t *testing.T) {
	e := parallelEnv(t, func(c *Config) { c.DataDir = t.TempDir() })
	id := e.create(minimalPush())
	key := newUUID()
	want(t, e.do("PATCH", api.PathCampaigns+"/"+id, map[string]any{"x_first": true}, api.HeaderIdempotencyKey, key), http.StatusOK)
	const rounds = 30
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := range rounds {
				var r *resp
				if w == 0 {
					// The used key with a new body: 409, and nothing written.
					r = e.do("PATCH", api.PathCampaigns+"/"+id, map[string]any{"x_refused": n}, api.HeaderIdempotencyKey, key)
					if r.status != http.StatusConflict {
						t.Errorf("reused key, round %d: %d %s, want 409", n, r.status, r.raw)
					}
					continue
				}
				if r = e.do("PATCH", api.PathCampaigns+"/"+id, map[string]any{fmt.Sprint("x_writer_", w): n}); r.status != http.StatusOK {
					t.Errorf("writer %d round %d: %d %s", w, n, r.status, r.raw)
				}
			}
		}()
	}
	wg.Wait()
	got := e.get(id)
	if v, ok := got["x_refused"]; ok {
		t.Errorf("x_refused = %v: a refused edit was written through an edit queued behind it", v)
	}
	for w := 1; w < 4; w++ {
		if v := got[fmt.Sprint("x_writer_", w)]; v != float64(rounds-1) {
			t.Errorf("x_writer_%d = %v, want %d", w, v, rounds-1)
		}
	}
	if got["x_first"] != true {
		t.Errorf("x_first = %v, want true", got["x_first"])
	}
}
