package mcpserver_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"strings"
	"testing"
)

// subset reports the first place where want is not found in got: every key
// of every object in want must be in got with an equal value.
func subset(path string, want, got any) string {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return fmt.Sprintf("%s: want an object, got %v", path, got)
		}
		for k, wv := range w {
			gv, ok := g[k]
			if !ok {
				return fmt.Sprintf("%s.%s: missing", path, k)
			}
			if d := subset(path+"."+k, wv, gv); d != "" {
				return d
			}
		}
		return ""
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return fmt.Sprintf("%s: want %v, got %v", path, w, got)
		}
		for i := range w {
			if d := subset(fmt.Sprintf("%s[%d]", path, i), w[i], g[i]); d != "" {
				return d
			}
		}
		return ""
	}
	// GET of a published campaign reads the scheduling type in its response
	// form (service-reference §1.2).
	if path == ".scheduling_details.delivery_type" && (want == "AT_FIXED_TIME" || want == "SEND_IN_BTS") && got == "SCHEDULED" {
		return ""
	}
	if !reflect.DeepEqual(want, got) {
		return fmt.Sprintf("%s: want %v, got %v", path, want, got)
	}
	return ""
}

// TestAgentBuildsAndPublishesTheFixture is the "done when": the
// marketer's push is built, checked, previewed, test-sent and published
// through the tools alone, and the stored campaign equals the fixture.
func TestAgentBuildsAndPublishesTheFixture(t *testing.T) {
	t.Parallel()
	h := start(t, false)
	fixture := readJSON(t, "mcp/marketer-push.json")
	if _, err := json.Marshal(fixture); err != nil {
		t.Fatal(err)
	}

	// A first draft without content and delivery controls.
	first := map[string]any{}
	for k, v := range fixture {
		if k != "campaign_content" && k != "delivery_controls" {
			first[k] = v
		}
	}
	created := h.ok("create_draft", map[string]any{"campaign": first})
	id, _ := created["campaign_id"].(string)
	if id == "" || created["status"] != "DRAFT" {
		t.Fatalf("create_draft: %v", created)
	}

	// Not publishable yet: the publish check names what is missing.
	stored := h.ok("get_campaign", map[string]any{"campaign_id": id})
	v := h.ok("validate_campaign", map[string]any{"campaign": stored})
	if v["valid"] != false || !strings.Contains(fmt.Sprint(v["problems"]), "campaign_content") {
		t.Fatalf("an incomplete draft validated: %v", v)
	}
	refused := h.fails("publish_campaign", map[string]any{"campaign_id": id})
	if refused["source"] != "local" || !strings.Contains(fmt.Sprint(refused["details"]), "campaign_content") {
		t.Fatalf("publish of an incomplete draft: %v", refused)
	}

	// A broken content update is refused locally with its target.
	bad := map[string]any{"campaign_content": map[string]any{"locales": []any{"es"}, "content": map[string]any{"default": map[string]any{
		"variation_1": map[string]any{"push": map[string]any{"android": map[string]any{"template_type": "basic"}}}}}}}
	e := h.fails("update_campaign", map[string]any{"campaign_id": id, "patch": bad})
	if e["source"] != "local" || e["target"] != "campaign_content.content.default.variation_1.push.android.template_type" {
		t.Fatalf("bad update: %v", e)
	}

	// The agent checks its patch, then sends it.
	patch := map[string]any{"campaign_content": fixture["campaign_content"], "delivery_controls": fixture["delivery_controls"]}
	v = h.ok("validate_campaign", map[string]any{"campaign": patch, "phase": "patch", "campaign_id": id})
	if v["valid"] != true || v["state"] != "DRAFT" {
		t.Fatalf("validate patch: %v", v)
	}
	up := h.ok("update_campaign", map[string]any{"campaign_id": id, "patch": patch})
	if fmt.Sprint(up["updated_components"]) != "[campaign_content delivery_controls]" {
		t.Fatalf("update: %v", up)
	}
	stored = h.ok("get_campaign", map[string]any{"campaign_id": id})
	if v := h.ok("validate_campaign", map[string]any{"campaign": stored}); v["valid"] != true {
		t.Fatalf("the complete draft does not validate: %v", v)
	}

	// Preview in Spanish for a demo user: the name is filled in.
	p := h.ok("preview", map[string]any{"campaign_id": id, "user_id": "user-001", "locale": "es", "variation": "variation_1"})
	texts := fmt.Sprint(p["texts"])
	if !strings.Contains(texts, "¿Lo sigues pensando, ") || strings.Contains(texts, "{{") || strings.Contains(texts, "Still thinking") || strings.Contains(texts, "DEEPLINKING") {
		t.Fatalf("preview texts: %s", texts)
	}
	if !strings.Contains(texts, "campaign_content.content.es.variation_1.push.android.basic_details.title") {
		t.Fatalf("preview texts lack their targets: %s", texts)
	}

	// Test-send the draft.
	sent := h.ok("test_campaign", map[string]any{"campaign_id": id, "identifier": "USER_ATTRIBUTE_UNIQUE_ID", "identifier_values": []any{"user-001"}})
	if d, _ := sent["data"].(map[string]any); len(d) == 0 || strings.Contains(fmt.Sprint(d), "FAILED") {
		t.Fatalf("test send: %v", sent)
	}

	// Publish: the start time lies ahead, so SCHEDULED.
	pub := h.ok("publish_campaign", map[string]any{"campaign_id": id})
	if pub["status"] != "SCHEDULED" {
		t.Fatalf("publish: %v", pub)
	}
	got := h.ok("get_campaign", map[string]any{"campaign_id": id})
	// Past DRAFT the schedule reads in the service's read form.
	fsd, gsd := fixture["scheduling_details"].(map[string]any), got["scheduling_details"].(map[string]any)
	if gsd["delivery_type"] != "SCHEDULED" || gsd["schedule_time"] != fsd["start_time"] || gsd["time_zone"] != fsd["timezone"] || gsd["start_time"] != nil {
		t.Fatalf("published schedule %v, fixture %v", gsd, fsd)
	}
	rest := maps.Clone(fixture)
	delete(rest, "scheduling_details")
	if d := subset("", rest, got); d != "" {
		t.Fatalf("the published campaign differs from the fixture: %s", d)
	}
	if got["status"] != "SCHEDULED" {
		t.Fatalf("status %v", got["status"])
	}
	// Publishing twice is refused before sending.
	if e := h.fails("publish_campaign", map[string]any{"campaign_id": id}); e["source"] != "local" {
		t.Fatalf("second publish: %v", e)
	}
	// Every call was logged.
	for _, tool := range []string{"create_draft", "update_campaign", "preview", "test_campaign", "publish_campaign"} {
		if !strings.Contains(h.logged(), "tool="+tool) {
			t.Errorf("no log record for %s", tool)
		}
	}
}

// TestEveryToolRefusesBadInput: each tool called with an invalid input gives
// an IsError result naming the problem, never a protocol error.
func TestEveryToolRefusesBadInput(t *testing.T) {
	h := start(t, false)
	draft := h.ok("create_draft", map[string]any{"campaign": fixtureBody(t, "push_event_triggered.json")})
	draftID := draft["campaign_id"].(string)

	for _, tc := range []struct {
		tool   string
		args   map[string]any
		source string // "" = the SDK's own argument check
		code   string
		target string
		msg    string
	}{
		{"search_campaigns", map[string]any{"limit": 50}, "", "", "", "limit"},
		{"search_campaigns", map[string]any{"status": []any{"RUNNING"}}, "", "", "", "status"},
		{"get_campaign", map[string]any{"campaign_id": "no-such-campaign"}, "service", "NOT_FOUND", "", ""},
		{"get_campaign", map[string]any{"campaign_id": " "}, "input", "VALIDATION_FAILED", "campaign_id", "required"},
		{"get_campaign_meta", map[string]any{"campaign_id": "no-such-campaign"}, "service", "NOT_FOUND", "campaign_id", ""},
		{"validate_campaign", map[string]any{"campaign": map[string]any{}, "phase": "launch"}, "", "", "", "phase"},
		{"validate_campaign", map[string]any{"campaign": map[string]any{}, "phase": "patch"}, "input", "VALIDATION_FAILED", "campaign_id", ""},
		{"create_draft", map[string]any{"campaign": map[string]any{"channel": "PUSH", "campaign_delivery_type": "ONE_TIME", "created_by": "a@example.com",
			"basic_details": map[string]any{"name": "x", "platforms": []any{"ANDROID"}}, "delivery_controls": map[string]any{"queuing_enabled": true, "queue_duration": 72}}},
			"local", "VALIDATION_FAILED", "delivery_controls.queue_duration", "Nothing was sent"},
		{"update_campaign", map[string]any{"campaign_id": draftID, "patch": map[string]any{"status": "ACTIVE"}}, "local", "VALIDATION_FAILED", "status", ""},
		{"update_campaign", map[string]any{"campaign_id": "no-such-campaign", "patch": map[string]any{}}, "service", "NOT_FOUND", "", ""},
		{"preview", map[string]any{"campaign_id": draftID}, "", "", "", "user_id"},
		{"preview", map[string]any{"channel": "PUSH", "user_id": "user-001", "campaign_content": map[string]any{"content": map[string]any{"push": map[string]any{
			"android": map[string]any{"basic_details": map[string]any{"title": "Hi {{ UserAttribute['First Name' }}"}}}}}},
			"service", "VALIDATION_FAILED", "campaign_content.content.push.android.basic_details.title", ""},
		{"test_campaign", map[string]any{"campaign_id": draftID, "identifier": "USER_ATTRIBUTE_UNIQUE_ID",
			"identifier_values": []any{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"}}, "", "", "", "identifier_values"},
		{"test_campaign", map[string]any{"campaign_id": "no-such-draft", "identifier": "USER_ATTRIBUTE_UNIQUE_ID", "identifier_values": []any{"user-001"}},
			"service", "NOT_FOUND", "campaign_id", ""},
		{"change_status", map[string]any{"campaign_id": draftID, "action": "PAUSE"}, "local", "UNPROCESSABLE_ENTITY", "action", "DRAFT"},
		{"change_status", map[string]any{"campaign_id": draftID, "action": "LAUNCH"}, "", "", "", "action"},
		{"publish_campaign", map[string]any{"campaign_id": "no-such-campaign"}, "service", "NOT_FOUND", "", ""},
	} {
		t.Run(tc.tool, func(t *testing.T) {
			out, isErr := h.call(tc.tool, tc.args)
			if !isErr {
				t.Fatalf("%v succeeded: %v", tc.args, out)
			}
			if tc.source == "" { // refused by the input schema
				if txt, _ := out["text"].(string); !strings.Contains(txt, tc.msg) {
					t.Fatalf("schema refusal does not name %s: %v", tc.msg, out)
				}
				return
			}
			e, _ := out["error"].(map[string]any)
			if e == nil || e["source"] != tc.source || e["code"] != tc.code || (tc.target != "" && e["target"] != tc.target) {
				t.Fatalf("got %v, want source %s code %s target %s", out, tc.source, tc.code, tc.target)
			}
			if !strings.Contains(fmt.Sprint(e["message"]), tc.msg) {
				t.Fatalf("message %q lacks %q", e["message"], tc.msg)
			}
		})
	}
	// The refused create sent nothing: only the first draft exists.
	list := h.ok("search_campaigns", map[string]any{"status": []any{"DRAFT"}, "name": "x"})
	for _, c := range list["campaigns"].([]any) {
		if c.(map[string]any)["name"] == "x" {
			t.Fatal("a locally refused draft reached the service")
		}
	}
}

func TestReadingToolsAnswer(t *testing.T) {
	t.Parallel()
	h := start(t, false)
	res := h.ok("search_campaigns", map[string]any{"status": []any{"ACTIVE"}, "delivery_type": []any{"EVENT_TRIGGERED"}})
	cs, _ := res["campaigns"].([]any)
	if len(cs) == 0 {
		t.Fatalf("the seeded sandbox has no active event-triggered campaign: %v", res)
	}
	first := cs[0].(map[string]any)
	if first["status"] != "ACTIVE" || first["campaign_delivery_type"] != "EVENT_TRIGGERED" || first["name"] == "" {
		t.Fatalf("summary: %v", first)
	}
	id := first["campaign_id"].(string)
	full := h.ok("search_campaigns", map[string]any{"ids": []any{id}, "full": true})
	if c := full["campaigns"].([]any)[0].(map[string]any); c["basic_details"] == nil {
		t.Fatalf("full search lacks components: %v", c)
	}
	if m := h.ok("get_campaign_meta", map[string]any{"campaign_id": id}); m["campaign_status"] != "ACTIVE" || m["campaign_id"] != id {
		t.Fatalf("meta: %v", m)
	}

	// A running campaign's locked fields are refused before sending.
	stored := h.ok("get_campaign", map[string]any{"campaign_id": id})
	tc := stored["trigger_condition"].(map[string]any)
	tc["trigger_relation"] = "BEFORE"
	if tc["trigger_relation"] == nil {
		t.Fatal("no trigger condition")
	}
	e := h.fails("update_campaign", map[string]any{"campaign_id": id, "patch": map[string]any{"trigger_condition": tc}})
	if e["source"] != "local" || e["target"] != "trigger_condition" {
		t.Fatalf("locked edit: %v", e)
	}

	// An edit that echoes back what GET returned (response-only scheduling
	// fields included) is accepted, locked fields unchanged.
	if sd, ok := stored["scheduling_details"].(map[string]any); ok {
		sd["expiry_time"] = "2030-01-01T00:00:00"
		h.ok("update_campaign", map[string]any{"campaign_id": id, "patch": map[string]any{"scheduling_details": sd}})
		after := h.ok("get_campaign", map[string]any{"campaign_id": id})
		if got := after["scheduling_details"].(map[string]any)["expiry_time"]; got != "2030-01-01T00:00:00" {
			t.Fatalf("expiry_time after the update: %v", got)
		}
	} else {
		t.Fatal("the active campaign has no scheduling_details")
	}

	// Pause and resume through the state rules.
	if r := h.ok("change_status", map[string]any{"campaign_id": id, "action": "PAUSE"}); r["status"] != "PAUSED" || r["previous_status"] != "ACTIVE" {
		t.Fatalf("pause: %v", r)
	}
	if e := h.fails("change_status", map[string]any{"campaign_id": id, "action": "PAUSE"}); !strings.Contains(fmt.Sprint(e["message"]), "RESUME") {
		t.Fatalf("pausing twice should say what is allowed: %v", e)
	}
	if r := h.ok("change_status", map[string]any{"campaign_id": id, "action": "RESUME"}); r["status"] != "ACTIVE" {
		t.Fatalf("resume: %v", r)
	}

	// A stopped campaign takes no edit at all: refused before sending.
	stopped := h.ok("search_campaigns", map[string]any{"status": []any{"STOPPED"}, "limit": 1})["campaigns"].([]any)
	if len(stopped) == 0 {
		t.Fatal("the seeded sandbox has no stopped campaign")
	}
	sid := stopped[0].(map[string]any)["campaign_id"]
	e = h.fails("update_campaign", map[string]any{"campaign_id": sid, "patch": map[string]any{"utm_params": map[string]any{"utm_source": "a", "utm_medium": "b"}}})
	if e["source"] != "local" || e["status"] != float64(409) || !strings.Contains(fmt.Sprint(e["message"]), "STOPPED") {
		t.Fatalf("edit of a stopped campaign: %v", e)
	}
	if v := h.ok("validate_campaign", map[string]any{"campaign": map[string]any{"utm_params": map[string]any{}}, "phase": "patch", "campaign_id": sid}); v["valid"] != false || v["refusal"] == "" {
		t.Fatalf("validate on a stopped campaign: %v", v)
	}

	// An inline test send, from an example's content.
	ex := fixtureBody(t, "push_one_time.json")
	inline := map[string]any{"channel": ex["channel"], "basic_details": ex["basic_details"], "campaign_content": ex["campaign_content"]}
	sent := h.ok("test_campaign", map[string]any{"campaign": inline, "identifier": "USER_ATTRIBUTE_UNIQUE_ID", "identifier_values": []any{"user-001"}})
	if d, _ := sent["data"].(map[string]any); len(d) == 0 || strings.Contains(fmt.Sprint(d), "FAILED") {
		t.Fatalf("inline test send: %v", sent)
	}

	// A body with problems validates as invalid, with targets.
	v := h.ok("validate_campaign", map[string]any{"campaign": map[string]any{"channel": "PUSH", "campaign_delivery_type": "ONE_TIME", "created_by": "a@example.com",
		"basic_details": map[string]any{"name": "n", "platforms": []any{"ANDROID", "BLACKBERRY"}}}, "phase": "create"})
	if v["valid"] != false || !strings.Contains(fmt.Sprint(v["problems"]), "basic_details.platforms[1]") {
		t.Fatalf("validate: %v", v)
	}
}
