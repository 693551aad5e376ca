package sandbox

import (
	"net/http"
	"testing"

	"github.com/campaigns-cli/campaigns/api"
)

// TestReadOnlyChannels: an SMS campaign (seeded) can be read and searched,
// not updated, acted on or published through V5.
func TestReadOnlyChannels(t *testing.T) {
	e := parallelEnv(t, func(c *Config) { c.Seed = true })
	ids := e.searchIDs(map[string]any{"campaign_fields": map[string]any{"channels": []string{"SMS"}}})
	if len(ids) != 1 {
		t.Fatalf("SMS demo: %v", ids)
	}
	id := ids[0]
	if got := e.get(id); got["channel"] != "SMS" || got["sender_name"] != "EXAMPLE" {
		t.Errorf("GET %v", got)
	}
	want(t, e.do("PATCH", api.PathCampaigns+"/"+id, map[string]any{"utm_params": map[string]any{"utm_source": "a", "utm_medium": "b"}}),
		http.StatusBadRequest, api.CodeValidationFailed, "channel")
	want(t, e.action(id, "STOP"), http.StatusUnprocessableEntity, api.CodeUnprocessableEntity)
	r := e.do("POST", api.PathCampaigns+"/"+id+"/validate", map[string]any{})
	want(t, r, http.StatusOK)
	if string(r.env.Data) == `{"valid":true}` {
		t.Error("an SMS campaign validates for publishing")
	}
}
