package sandbox

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/api"
)

func androidContent(title string) map[string]any {
	return map[string]any{"content": map[string]any{"push": map[string]any{"android": map[string]any{
		"template_type": "BASIC",
		"basic_details": map[string]any{"notification_channel": "general", "title": title, "message": "Hello from {{UserAttribute['City']}}",
			"default_click_action": "DEEPLINKING", "default_click_action_value": "app://home"},
	}}}}
}

func TestTestSendInline(t *testing.T) {
	e := parallelEnv(t, nil)
	body := map[string]any{"channel": "PUSH", "campaign_content": androidContent("Hi {{UserAttribute['First Name']}}"),
		"test_campaign_meta": map[string]any{"identifier": "USER_ATTRIBUTE_UNIQUE_ID", "identifier_values": []string{"user-001"}}}
	r := e.do("POST", api.PathTest, body)
	want(t, r, http.StatusOK)
	var res api.TestResult
	res = api.TestResult{}
	r.data(t, &res)
	if len(res.Data) != 1 || res.Data["ANDROID_default_variation_1"].Status != "SENT" || res.Message == "" {
		t.Fatalf("result %s", r.raw)
	}
	// The outbox holds the message rendered for Ana.
	r = e.do("GET", PathOutbox, nil)
	want(t, r, http.StatusOK)
	if !strings.Contains(string(r.raw), `"title":"Hi Ana"`) || !strings.Contains(string(r.raw), `Hello from Lisbon`) ||
		!strings.Contains(string(r.raw), `"address":"fcm:user-001:android"`) {
		t.Errorf("outbox %s", r.raw)
	}
	// A user with no Android token: FAILED with the reason.
	body["test_campaign_meta"] = map[string]any{"identifier": "USER_ATTRIBUTE_UNIQUE_ID", "identifier_values": []string{"user-003"}}
	r = e.do("POST", api.PathTest, body)
	res = api.TestResult{}
	r.data(t, &res)
	if o := res.Data["ANDROID_default_variation_1"]; o.Status != "FAILED" || o.FailureReason == "" {
		t.Errorf("no token: %s", r.raw)
	}
	// More than ten identifiers: 400, not 429.
	many := make([]string, 11)
	for i := range many {
		many[i] = fmt.Sprintf("user-%03d", i+1)
	}
	body["test_campaign_meta"] = map[string]any{"identifier": "USER_ATTRIBUTE_UNIQUE_ID", "identifier_values": many}
	want(t, e.do("POST", api.PathTest, body), http.StatusBadRequest, api.CodeValidationFailed, "test_campaign_meta.identifier_values")
	// An identifier type of the other channel.
	body["test_campaign_meta"] = map[string]any{"identifier": "EMAIL", "identifier_values": []string{"ana.silva@example.com"}}
	want(t, e.do("POST", api.PathTest, body), http.StatusBadRequest, api.CodeValidationFailed, "test_campaign_meta.identifier")
	// Inline needs channel and content; email needs basic_details and connector.
	want(t, e.do("POST", api.PathTest, map[string]any{"campaign_content": androidContent("x"),
		"test_campaign_meta": map[string]any{"identifier": "PUSH_ID", "identifier_values": []string{"x"}}}), http.StatusBadRequest, api.CodeValidationFailed, "channel")
	want(t, e.do("POST", api.PathTest, map[string]any{"channel": "PUSH"}), http.StatusBadRequest, api.CodeValidationFailed, "test_campaign_meta")
	email := fixture(t, "email_one_time")
	ebody := map[string]any{"channel": "EMAIL", "campaign_content": email["campaign_content"], "basic_details": email["basic_details"],
		"test_campaign_meta": map[string]any{"identifier": "EMAIL", "identifier_values": []string{"ana.silva@example.com", "someone@else.org"}}}
	want(t, e.do("POST", api.PathTest, ebody), http.StatusBadRequest, api.CodeValidationFailed, "connector")
	ebody["connector"] = email["connector"]
	r = e.do("POST", api.PathTest, ebody)
	want(t, r, http.StatusOK)
	res = api.TestResult{}
	r.data(t, &res)
	// Two locales of one variation; EMAIL also reaches an address with no
	// profile (rendered without personalisation).
	if len(res.Data) != 2 || res.Data["EMAIL_default_variation_1"].Status != "SENT" || res.Data["EMAIL_de-DE_variation_1"].Status != "SENT" {
		t.Errorf("email test %s", r.raw)
	}
}

func TestTestSendDraft(t *testing.T) {
	e := parallelEnv(t, nil)
	id := e.create(fixture(t, "push_event_triggered")) // Android + iOS, two variations
	meta := map[string]any{"identifier": "USER_ATTRIBUTE_UNIQUE_ID", "identifier_values": []string{"user-001"}}
	r := e.do("POST", api.PathTest, map[string]any{"draft_id": id, "test_campaign_meta": meta})
	want(t, r, http.StatusOK)
	var res api.TestResult
	res = api.TestResult{}
	r.data(t, &res)
	for _, k := range []string{"ANDROID_default_variation_1", "ANDROID_default_variation_2", "IOS_default_variation_1", "IOS_default_variation_2"} {
		if res.Data[k].Status != "SENT" {
			t.Errorf("%s: %+v in %s", k, res.Data[k], r.raw)
		}
	}
	// Narrowed to one platform and variation; channel may come if it matches.
	meta["platform"], meta["variation"] = "IOS", "variation_2"
	r = e.do("POST", api.PathTest, map[string]any{"draft_id": id, "channel": "PUSH", "test_campaign_meta": meta})
	res = api.TestResult{}
	r.data(t, &res)
	if len(res.Data) != 1 || res.Data["IOS_default_variation_2"].Status != "SENT" {
		t.Errorf("narrowed: %s", r.raw)
	}
	want(t, e.do("POST", api.PathTest, map[string]any{"draft_id": id, "channel": "EMAIL", "test_campaign_meta": meta}), http.StatusBadRequest, api.CodeValidationFailed, "channel")
	want(t, e.do("POST", api.PathTest, map[string]any{"draft_id": id, "campaign_content": androidContent("x"), "test_campaign_meta": meta}), http.StatusBadRequest, api.CodeValidationFailed, "campaign_content")
	want(t, e.do("POST", api.PathTest, map[string]any{"draft_id": "000000000000000000000000", "test_campaign_meta": meta}), http.StatusNotFound, api.CodeNotFound, "draft_id")
	// Only drafts.
	body := fixture(t, "email_one_time")
	live := e.create(body)
	want(t, e.publish(live), http.StatusNoContent)
	want(t, e.do("POST", api.PathTest, map[string]any{"draft_id": live, "test_campaign_meta": map[string]any{"identifier": "EMAIL", "identifier_values": []string{"a@b.co"}}}),
		http.StatusBadRequest, api.CodeValidationFailed, "draft_id")
	// Another workspace's draft does not exist.
	two := newEnv(t, func(c *Config) { c.Workspaces = []Workspace{{ID: "A", Key: "ka"}, {ID: "B", Key: "kb"}} })
	aid := two.as("A", "ka").create(fixture(t, "push_event_triggered"))
	want(t, two.as("B", "kb").do("POST", api.PathTest, map[string]any{"draft_id": aid, "test_campaign_meta": meta}), http.StatusNotFound, api.CodeNotFound)
}

func TestPreview(t *testing.T) {
	e := parallelEnv(t, nil)
	cc := map[string]any{"content": map[string]any{"push": map[string]any{"android": map[string]any{"template_type": "BASIC",
		"basic_details": map[string]any{"title": "Hi {{UserAttribute['First Name'] | upper}}", "message": "You left {{ event.item }} in {{UserAttribute['City'] | default('your city')}}"}}}}}
	body := map[string]any{"request_id": "pv-1", "channel": "PUSH", "campaign_content": cc, "event_attributes": map[string]string{"item": "a yoga mat"},
		"user_identification": map[string]any{"type": "USER_ATTRIBUTE_UNIQUE_ID", "value": "user-001"}}
	r := e.do("POST", api.PathPreview, body, api.HeaderRequestID, "")
	want(t, r, http.StatusOK)
	if r.env.Type != "personalization" || r.env.ResponseID != "pv-1" ||
		!strings.Contains(string(r.raw), `"title":"Hi ANA"`) || !strings.Contains(string(r.raw), `You left a yoga mat in Lisbon`) {
		t.Errorf("preview %s", r.raw)
	}
	// Unknown user: empty profile, defaults apply, 200.
	body["user_identification"] = map[string]any{"type": "EMAIL", "value": "nobody@example.org"}
	r = e.do("POST", api.PathPreview, body, api.HeaderRequestID, "")
	want(t, r, http.StatusOK)
	if !strings.Contains(string(r.raw), `"title":"Hi "`) || !strings.Contains(string(r.raw), `in your city`) {
		t.Errorf("unknown user %s", r.raw)
	}
	// A template that does not parse: 400 naming the field, line and column.
	cc["content"].(map[string]any)["push"].(map[string]any)["android"].(map[string]any)["basic_details"].(map[string]any)["message"] = "line one\nHi {{ UserAttribute['City'] "
	r = e.do("POST", api.PathPreview, body, api.HeaderRequestID, "")
	want(t, r, http.StatusBadRequest, api.CodeValidationFailed, "campaign_content.content.push.android.basic_details.message")
	if !strings.Contains(r.env.Error.Details[0].Message, "line 2, column") {
		t.Errorf("no line and column: %s", r.raw)
	}
	for field, b := range map[string]map[string]any{
		"channel":                  {"channel": "WHATSAPP", "campaign_content": cc, "user_identification": map[string]any{"type": "EMAIL", "value": "a@b.co"}},
		"user_identification":      {"channel": "PUSH", "campaign_content": cc},
		"user_identification.type": {"channel": "PUSH", "campaign_content": cc, "user_identification": map[string]any{"type": "PHONE", "value": "1"}},
		"campaign_content":         {"channel": "PUSH", "user_identification": map[string]any{"type": "EMAIL", "value": "a@b.co"}},
	} {
		want(t, e.do("POST", api.PathPreview, b), http.StatusBadRequest, api.CodeValidationFailed, field)
	}
	// Wrong JSON types name their field, inside the content too.
	who := map[string]any{"type": "EMAIL", "value": "a@b.co"}
	wrongTitle := map[string]any{"content": map[string]any{"push": map[string]any{"android": map[string]any{"template_type": "BASIC",
		"basic_details": map[string]any{"title": 7, "message": "m"}}}}}
	for target, b := range map[string]map[string]any{
		"campaign_content": {"channel": "PUSH", "user_identification": who, "campaign_content": "hello"},
		"campaign_content.content.push.android.basic_details.title": {"channel": "PUSH", "user_identification": who, "campaign_content": wrongTitle},
		"event_attributes.count":                                    {"channel": "PUSH", "user_identification": who, "campaign_content": cc, "event_attributes": map[string]any{"item": "mat", "count": 3}},
		"event_attributes.size":                                     {"channel": "PUSH", "user_identification": who, "campaign_content": cc, "event_attributes": map[string]any{"item": "mat", "size": map[string]any{"cm": 180}}},
	} {
		r := e.do("POST", api.PathPreview, b)
		want(t, r, http.StatusBadRequest, api.CodeValidationFailed, target)
		if !strings.Contains(r.env.Error.Details[0].Message, "not a") {
			t.Errorf("%s: %s", target, r.raw)
		}
	}
}

func TestTestSendWrongTypes(t *testing.T) {
	e := parallelEnv(t, nil)
	meta := map[string]any{"identifier": "USER_ATTRIBUTE_UNIQUE_ID", "identifier_values": []any{"user-001"}}
	for target, b := range map[string]map[string]any{
		"basic_details":    {"channel": "PUSH", "basic_details": []any{}, "campaign_content": map[string]any{}, "test_campaign_meta": meta},
		"campaign_content": {"channel": "PUSH", "campaign_content": 5, "test_campaign_meta": meta},
		"connector":        {"channel": "EMAIL", "connector": "SENDGRID", "campaign_content": map[string]any{}, "test_campaign_meta": meta},
	} {
		want(t, e.do("POST", api.PathTest, b), http.StatusBadRequest, api.CodeValidationFailed, target)
	}
}

// TestTestSendTemplateErrorIs400: a template that does not render (here one
// that does not parse; the render bounds of decisions.md §6 fail the same
// way) is the request's fault: 400 naming the field, never a 200 with a
// FAILED outcome or a 500.
func TestTestSendTemplateErrorIs400(t *testing.T) {
	e := parallelEnv(t, nil)
	body := map[string]any{"channel": "PUSH", "campaign_content": androidContent("Hi {{ UserAttribute['First Name'] "),
		"test_campaign_meta": map[string]any{"identifier": "USER_ATTRIBUTE_UNIQUE_ID", "identifier_values": []string{"user-001", "user-002"}}}
	r := e.do("POST", api.PathTest, body)
	want(t, r, http.StatusBadRequest, api.CodeValidationFailed)
	if !strings.HasPrefix(r.env.Error.Target, "campaign_content.") || !strings.Contains(r.env.Error.Details[0].Message, "line 1, column") {
		t.Errorf("template error %s", r.raw)
	}
	if len(r.env.Error.Details) != 1 {
		t.Errorf("one bad field, two recipients: %d details: %s", len(r.env.Error.Details), r.raw)
	}
	if out := e.do("GET", PathOutbox, nil); strings.Contains(string(out.raw), "user-001") {
		t.Errorf("a refused test reached the outbox: %s", out.raw)
	}
}
