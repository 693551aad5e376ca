package sandbox

import (
	"net/http"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api"
)

// A status action and a publish carry no author: the service names the
// credential, never the person who wrote last (decisions.md §2 "author").
func TestStatusActionsAreAttributedToTheCredential(t *testing.T) {
	e := parallelEnv(t, nil)
	per := periodicFrom(t, e.clk.Now().Add(-time.Hour), "UTC")
	id := e.create(per)
	want(t, e.do("PATCH", api.PathCampaigns+"/"+id, map[string]any{"utm_params": map[string]any{"utm_source": "a", "utm_medium": "b"},
		"updated_by": "lee.chen@example.com"}), http.StatusOK)
	if by := e.get(id)["updated_by"]; by != "lee.chen@example.com" {
		t.Fatalf("after lee's edit: updated_by %v", by)
	}
	cred := CredentialIdentity(DefaultWorkspaceID)
	want(t, e.publish(id), http.StatusNoContent)
	if by := e.get(id)["updated_by"]; by != cred {
		t.Errorf("after publish: updated_by %v, want %s", by, cred)
	}
	want(t, e.do("PATCH", api.PathCampaigns+"/"+id, map[string]any{"utm_params": map[string]any{"utm_source": "c", "utm_medium": "d"},
		"updated_by": "lee.chen@example.com"}), http.StatusOK)
	want(t, e.action(id, "PAUSE"), http.StatusOK)
	got := e.get(id)
	if got["status"] != "PAUSED" || got["updated_by"] != cred {
		t.Errorf("after PAUSE: status %v, updated_by %v, want %s (nobody named lee.chen paused it)", got["status"], got["updated_by"], cred)
	}
	if cred != "api-key@sandbox.sandbox.local" {
		t.Errorf("credential identity %q", cred)
	}
}
