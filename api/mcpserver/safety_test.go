package mcpserver_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/api/sandbox"
)

// scheduled creates and publishes the example push (Android and iOS, three
// locales) with its start ahead of the sandbox's clock: SCHEDULED.
func (h *harness) scheduled() string {
	h.t.Helper()
	body := fixtureBody(h.t, "push_one_time.json")
	delete(body, "request_id")
	id, _ := h.ok("create_draft", map[string]any{"campaign": body})["campaign_id"].(string)
	if st := h.ok("publish_campaign", map[string]any{"campaign_id": id})["status"]; st != "SCHEDULED" {
		h.t.Fatalf("published as %v", st)
	}
	return id
}

// names reports whether a write's result names the service and workspace.
func names(out map[string]any) bool {
	return out["service"] == "test sandbox" && out["workspace"] == sandbox.DefaultWorkspaceID
}

func TestInstructionsNameTheTarget(t *testing.T) {
	h := start(t, false)
	if in := h.session.InitializeResult().Instructions; !strings.Contains(in, "workspace SANDBOX on test sandbox") {
		t.Errorf("instructions do not name the target: %q", in)
	}
}

// The case 3: an update of a SCHEDULED campaign whose content holds
// only an Android default variation would drop iOS and two locales and
// leave a title that does not parse. It is refused with every target and
// nothing is sent, unless the agent forces it; the result then says what
// went.
func TestUpdateThatBreaksALiveCampaignNeedsForce(t *testing.T) {
	h := start(t, false)
	id := h.scheduled()
	androidOnly := map[string]any{"campaign_content": map[string]any{"content": map[string]any{"default": map[string]any{"variation_1": map[string]any{
		"push": map[string]any{"android": map[string]any{"template_type": "BASIC",
			"basic_details": map[string]any{"title": "Hi {{ UserAttribute['First Name'] ", "message": "Sale"}}}}}}}}
	sent := len(h.patches.all())
	e := h.fails("update_campaign", map[string]any{"campaign_id": id, "patch": androidOnly})
	if e["code"] != "BREAKS_LIVE_CAMPAIGN" || e["source"] != "local" {
		t.Fatalf("error %v", e)
	}
	details, _ := json.Marshal(e["details"])
	for _, want := range []string{"push.ios", "campaign_content.content.default.variation_1.push.android.basic_details.title"} {
		if !strings.Contains(string(details), want) {
			t.Errorf("details lack %s: %s", want, details)
		}
	}
	if msg, _ := e["message"].(string); !strings.Contains(msg, "locale es-ES, fr-FR") || !strings.Contains(msg, "force: true") {
		t.Errorf("message does not say what would go and how to force: %q", msg)
	}
	if n := len(h.patches.all()); n != sent {
		t.Fatalf("%d PATCHes sent for a refused update", n-sent)
	}
	if got := h.ok("get_campaign", map[string]any{"campaign_id": id}); got["status"] != "SCHEDULED" || !strings.Contains(mustJSON(got), `"ios"`) {
		t.Fatalf("the stored campaign changed: %v", got["status"])
	}

	// An unrelated edit of the same campaign goes.
	out := h.ok("update_campaign", map[string]any{"campaign_id": id, "patch": map[string]any{"utm_params": map[string]any{"utm_source": "app", "utm_medium": "push"}}})
	if !names(out) {
		t.Errorf("result does not name the target: %v", out)
	}

	out = h.ok("update_campaign", map[string]any{"campaign_id": id, "patch": androidOnly, "force": true})
	if !names(out) || out["forced_problems"] == nil || !strings.Contains(mustJSON(out["removes"]), "the iOS content of default/variation_1") {
		t.Errorf("forced result: %v", out)
	}
}

// Status actions name the target, and the service records the credential,
// not the last person who edited.
func TestStatusActionNamesTargetAndCredential(t *testing.T) {
	h := start(t, false)
	id := h.scheduled()
	out := h.ok("change_status", map[string]any{"campaign_id": id, "action": "STOP"})
	if !names(out) || out["status"] != "STOPPED" || out["previous_status"] != "SCHEDULED" {
		t.Fatalf("result %v", out)
	}
	if by := h.ok("get_campaign", map[string]any{"campaign_id": id})["updated_by"]; by != sandbox.CredentialIdentity(sandbox.DefaultWorkspaceID) {
		t.Errorf("updated_by %v after STOP", by)
	}
	if out := h.ok("create_draft", map[string]any{"campaign": map[string]any{"channel": "PUSH", "campaign_delivery_type": "ONE_TIME",
		"created_by": "ana@example.com", "basic_details": map[string]any{"name": "n", "platforms": []string{"ANDROID"}}}}); !names(out) {
		t.Errorf("create result %v", out)
	}
}
