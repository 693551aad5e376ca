package mcpserver_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/campaigns-cli/campaigns/api/mcpserver"
)

// Every schema a client sees is plain JSON Schema: no union types (the
// Inspector cannot fill ["null","array"]), every enum value once, and every
// tool has an output schema.
func TestToolSchemasArePlainUniqueAndHaveOutputs(t *testing.T) {
	h := start(t, false)
	for name, tl := range toolNames(t, h) {
		in, _ := json.Marshal(tl.InputSchema)
		if strings.Contains(string(in), `"null"`) || strings.Contains(string(in), `"type":[`) {
			t.Errorf("%s: input schema has a union type: %s", name, in)
		}
		walkSchema(t, name, tl.InputSchema)
		if tl.OutputSchema == nil {
			t.Errorf("%s: no outputSchema", name)
		}
	}
	tools := toolNames(t, h)
	ts, _ := json.Marshal(tools["test_campaign"].InputSchema)
	if !strings.Contains(string(ts), `"identifier_values":{"description":"1 to 10 users to send the test to (list_audience names the sandbox's)","items":{"type":"string"},"maxItems":10,"minItems":1,"type":"array"}`) {
		t.Errorf("test_campaign identifier_values: %s", ts)
	}
	for _, name := range []string{"publish_campaign", "change_status", "update_campaign"} {
		if a := tools[name].Annotations; a == nil || a.DestructiveHint == nil || !*a.DestructiveHint {
			t.Errorf("%s: destructiveHint is not true", name)
		}
	}
}

// walkSchema fails on an enum that lists a value twice.
func walkSchema(t *testing.T, tool string, sc any) {
	t.Helper()
	var m map[string]any
	b, _ := json.Marshal(sc)
	_ = json.Unmarshal(b, &m)
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch x := v.(type) {
		case map[string]any:
			if e, ok := x["enum"].([]any); ok {
				seen := map[string]bool{}
				for _, v := range e {
					k := fmt.Sprint(v)
					if seen[k] {
						t.Errorf("%s: %s lists %s twice", tool, path, k)
					}
					seen[k] = true
				}
			}
			for k, v := range x {
				walk(path+"."+k, v)
			}
		case []any:
			for i, v := range x {
				walk(fmt.Sprintf("%s[%d]", path, i), v)
			}
		}
	}
	walk("", m)
}

// The compact specification: well under 40 KB, a description for every
// field name and the format of start_time.
func TestCompactSpecIsSmallAndDescribesEveryField(t *testing.T) {
	h := start(t, false)
	res, err := h.session.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: mcpserver.CompactSpecURI})
	if err != nil {
		t.Fatal(err)
	}
	text := res.Contents[0].Text
	if len(text) > 36*1024 {
		t.Fatalf("compact spec is %d bytes", len(text))
	}
	if !strings.Contains(text, `start_time, string, "2027-11-20T09:30:00", no offset, read in scheduling_details.timezone`) {
		t.Error("start_time's format is not given")
	}
	described := map[string]bool{}
	var fields []string
	_, body, _ := strings.Cut(text, "\n## ")
	for _, line := range strings.Split(body, "\n") {
		if line == "" || strings.HasPrefix(line, "#") || !strings.Contains(line, ", ") {
			continue
		}
		name := strings.TrimSpace(strings.SplitN(line, ",", 2)[0])
		name = name[strings.LastIndexAny(name, ".]")+1:]
		fields = append(fields, name)
		if strings.Contains(line, " — ") {
			described[name] = true
		}
	}
	if len(fields) < 300 {
		t.Fatalf("only %d fields listed", len(fields))
	}
	for _, f := range fields {
		if !described[f] {
			t.Errorf("field %s has no description", f)
		}
	}
}

// A locale or variation the campaign lacks is an error naming those it has
// (the service renders nothing for it, without an error).
func TestPreviewOfAMissingLocaleNamesTheOnesItHas(t *testing.T) {
	h := start(t, false)
	id := h.ok("create_draft", map[string]any{"campaign": fixtureBody(t, "push_one_time.json")})["campaign_id"]
	e := h.fails("preview", map[string]any{"campaign_id": id, "user_id": "u1", "locale": "es"})
	if e["target"] != "locale" || !strings.Contains(fmt.Sprint(e["message"]), "it has default, es-ES, fr-FR") {
		t.Fatalf("preview es: %v", e)
	}
	e = h.fails("preview", map[string]any{"campaign_id": id, "user_id": "u1", "variation": "variation_2"})
	if e["target"] != "variation" || !strings.Contains(fmt.Sprint(e["message"]), "it has variation_1") {
		t.Fatalf("preview variation_2: %v", e)
	}
	out := h.ok("preview", map[string]any{"campaign_id": id, "user_id": "u1", "locale": "es-ES"})
	if texts, _ := out["texts"].([]any); len(texts) == 0 {
		t.Fatalf("preview es-ES rendered nothing: %v", out)
	}
}

// Mistakes caught before anything is sent.
func TestLocalChecksBeforeSending(t *testing.T) {
	h := start(t, false)
	push := fixtureBody(t, "push_one_time.json")
	id := h.ok("create_draft", map[string]any{"campaign": push})["campaign_id"]

	// An email identifier for a push test.
	e := h.fails("test_campaign", map[string]any{"campaign_id": id, "identifier": "EMAIL", "identifier_values": []string{"a@example.com"}})
	if e["target"] != "identifier" || !strings.Contains(fmt.Sprint(e["message"]), "USER_ATTRIBUTE_UNIQUE_ID") {
		t.Fatalf("identifier of the other channel: %v", e)
	}
	// A variation the draft lacks.
	e = h.fails("test_campaign", map[string]any{"campaign_id": id, "identifier": "USER_ATTRIBUTE_UNIQUE_ID", "identifier_values": []string{"u1"}, "variation": "variation_3"})
	if e["target"] != "variation" {
		t.Fatalf("unknown variation: %v", e)
	}
	// An ftp:// image: the engine's rule, the editor's too.
	bad := fixtureBody(t, "push_one_time.json")
	delete(bad, "request_id")
	android := bad["campaign_content"].(map[string]any)["content"].(map[string]any)["default"].(map[string]any)["variation_1"].(map[string]any)["push"].(map[string]any)["android"].(map[string]any)
	android["basic_details"].(map[string]any)["image_url"] = "ftp://cdn.example.com/img.png"
	e = h.fails("create_draft", map[string]any{"campaign": bad})
	if e["source"] != "local" || e["target"] != "campaign_content.content.default.variation_1.push.android.basic_details.image_url" {
		t.Fatalf("ftp image: %v", e)
	}
	// A start time in the past is a warning, not a refusal.
	past := fixtureBody(t, "push_one_time.json")
	delete(past, "request_id")
	past["scheduling_details"].(map[string]any)["start_time"] = "2026-02-01T09:00:00"
	out := h.ok("create_draft", map[string]any{"campaign": past})
	if w, _ := out["warnings"].([]any); len(w) != 1 || !strings.Contains(fmt.Sprint(w[0]), "is in the past") || !strings.Contains(h.lastText, "Warning:") {
		t.Fatalf("past start: %v / %s", out, h.lastText)
	}
}

// list_audience names the sandbox's users and segments and the events and
// attributes the workspace's campaigns use.
func TestListAudienceNamesUsersSegmentsAndEvents(t *testing.T) {
	h := start(t, false)
	out := h.ok("list_audience", map[string]any{})
	for _, k := range []string{"users", "segments", "events", "user_attributes"} {
		if v, _ := out[k].([]any); len(v) == 0 {
			t.Errorf("%s is empty: %v", k, out[k])
		}
	}
	if !strings.Contains(h.lastText, "user(s)") {
		t.Errorf("summary: %s", h.lastText)
	}
}

// dry_run on every write: the exact request and what would change; nothing
// is sent.
func TestDryRunOnEveryWriteSendsNothing(t *testing.T) {
	h := start(t, false)
	push := fixtureBody(t, "push_one_time.json")
	before := h.ok("search_campaigns", map[string]any{"status": []string{"DRAFT"}})["count"]
	out := h.ok("create_draft", map[string]any{"campaign": push, "dry_run": true})
	req, _ := out["request"].(map[string]any)
	if out["dry_run"] != true || req["method"] != "POST" || req["path"] != "/v5/campaigns" || req["body"].(map[string]any)["channel"] != "PUSH" {
		t.Fatalf("create dry run: %v", out)
	}
	if after := h.ok("search_campaigns", map[string]any{"status": []string{"DRAFT"}})["count"]; after != before {
		t.Fatalf("a dry run created a draft: %v → %v", before, after)
	}
	id := h.ok("create_draft", map[string]any{"campaign": push})["campaign_id"].(string)
	bd := push["basic_details"].(map[string]any)
	bd["name"] = "Renamed by a dry run"
	out = h.ok("update_campaign", map[string]any{"campaign_id": id, "patch": map[string]any{"basic_details": bd}, "dry_run": true})
	changes, _ := out["changes"].([]any)
	if len(changes) != 1 || changes[0].(map[string]any)["path"] != "basic_details.name" || changes[0].(map[string]any)["to"] != "Renamed by a dry run" {
		t.Fatalf("update dry run changes: %v", out)
	}
	if got := h.ok("get_campaign", map[string]any{"campaign_id": id})["basic_details"].(map[string]any)["name"]; got != "Summer sale kickoff" {
		t.Fatalf("a dry run renamed it: %v", got)
	}
	out = h.ok("publish_campaign", map[string]any{"campaign_id": id, "dry_run": true})
	if out["dry_run"] != true || !strings.HasPrefix(out["request"].(map[string]any)["path"].(string), "/core-services/v1/campaigns/") {
		t.Fatalf("publish dry run: %v", out)
	}
	out = h.ok("test_campaign", map[string]any{"campaign_id": id, "identifier": "USER_ATTRIBUTE_UNIQUE_ID", "identifier_values": []string{"u1"}, "dry_run": true})
	if out["dry_run"] != true || out["request"].(map[string]any)["path"] != "/v5/campaigns/test" {
		t.Fatalf("test dry run: %v", out)
	}
	if st := h.ok("get_campaign", map[string]any{"campaign_id": id})["status"]; st != "DRAFT" {
		t.Fatalf("a dry run published it: %v", st)
	}
	// change_status on a draft is refused locally, dry run or not.
	h.fails("change_status", map[string]any{"campaign_id": id, "action": "STOP", "dry_run": true})
	if len(h.patches.all()) != 0 {
		t.Fatalf("dry runs sent PATCHes: %v", h.patches.all())
	}
}

// The agent session: a two-locale push built from the compact
// specification alone, every call and error logged (go test -v shows the
// transcript).
func TestAgentBuildsATwoLocalePushFromTheSpecAlone(t *testing.T) {
	h := start(t, false)
	say := func(call string, out map[string]any, isErr bool) {
		t.Logf("→ %s\n  %s", call, strings.ReplaceAll(h.lastText, "\n", "\n  "))
	}
	spec, err := h.session.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: mcpserver.CompactSpecURI})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("→ read %s (%d bytes)", mcpserver.CompactSpecURI, len(spec.Contents[0].Text))
	msg := func(title, text string) map[string]any {
		return map[string]any{"push": map[string]any{"android": map[string]any{"template_type": "BASIC",
			"basic_details": map[string]any{"title": title, "message": text, "default_click_action": "DEEPLINKING", "default_click_action_value": "shop://sale"}}}}
	}
	body := map[string]any{
		"channel": "PUSH", "campaign_delivery_type": "ONE_TIME", "created_by": "agent@example.com",
		"basic_details": map[string]any{"name": "Two locales", "platforms": []string{"ANDROID"}},
		"campaign_content": map[string]any{"content": map[string]any{
			"default": map[string]any{"variation_1": msg("Sale today", "Half price on everything.")},
			"es":      map[string]any{"variation_1": msg("Rebajas hoy", "Todo a mitad de precio.")},
		}},
		"segmentation_details": map[string]any{"is_all_user_campaign": true},
		"scheduling_details":   map[string]any{"delivery_type": "AT_FIXED_TIME", "start_time": "2026-03-02T09:30:00", "timezone": "Europe/Madrid"},
	}
	// First try: the agent forgot to list the extra locale.
	out, isErr := h.call("validate_campaign", map[string]any{"campaign": body})
	say("validate_campaign (locales not listed)", out, isErr)
	if !isErr && out["valid"] == true {
		t.Log("  (valid without locales: the engine reads the keys)")
	}
	body["campaign_content"].(map[string]any)["locales"] = []string{"es"}
	out = h.ok("validate_campaign", map[string]any{"campaign": body})
	say("validate_campaign (locales: [es])", out, false)
	if out["valid"] != true {
		t.Fatalf("the spec's body does not validate: %v", out)
	}
	out = h.ok("create_draft", map[string]any{"campaign": body})
	say("create_draft", out, false)
	id := out["campaign_id"]
	out, isErr = h.call("preview", map[string]any{"campaign_id": id, "user_id": "u1", "locale": "fr"})
	say("preview locale fr", out, isErr)
	if !isErr {
		t.Fatal("a missing locale previewed")
	}
	out = h.ok("preview", map[string]any{"campaign_id": id, "user_id": "u1", "locale": "es"})
	say("preview locale es", out, false)
	if !strings.Contains(h.lastText, "Rebajas hoy") {
		t.Fatalf("es preview: %s", h.lastText)
	}
	out = h.ok("publish_campaign", map[string]any{"campaign_id": id, "dry_run": true})
	say("publish_campaign dry_run", out, false)
	out = h.ok("publish_campaign", map[string]any{"campaign_id": id})
	say("publish_campaign", out, false)
	if !slices.Contains([]any{"SCHEDULED", "ACTIVE"}, out["status"]) {
		t.Fatalf("published: %v", out)
	}
}
