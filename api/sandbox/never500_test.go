package sandbox

import (
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/api"
)

// TestNoBodyMakesA500 throws odd bodies at every route: each answer is a
// JSON envelope below 500.
func TestNoBodyMakesA500(t *testing.T) {
	e := parallelEnv(t, nil)
	id := e.create(fixture(t, "push_one_time"))
	bodies := []string{
		`null`, `[]`, `"x"`, `1`, `{}`, `{"a":}`, "{\"name\":\"\xff\xfe\"}",
		`{"campaign_content":"x"}`, `{"campaign_content":{"content":[]}}`, `{"campaign_content":{"content":{"default":7}}}`,
		`{"basic_details":{"platforms":"ANDROID"}}`, `{"scheduling_details":{"start_time":12,"timezone":"Mars/Base"}}`,
		`{"segmentation_details":{"included_filters":{"filters":[1,null,"x"]}}}`,
		`{"limit":1e400,"page":-1}`, `{"limit":15,"page":1,"campaign_fields":{"created_date":{"from_date":5}}}`,
		`{"action":null}`, `{"status":["PUBLISH"]}`, `{"test_campaign_meta":{"identifier_values":"x"}}`,
		`{"draft_id":5,"test_campaign_meta":{"identifier":"PUSH_ID","identifier_values":["a"]}}`,
		`{"channel":"PUSH","user_identification":{"type":"EMAIL","value":"a"},"campaign_content":{"content":{"push":{"android":{"basic_details":{"title":"{% for x in range(99999999) %}{{x}}{% endfor %}"}}}}}}`,
		strings.Repeat("[", 20000) + strings.Repeat("]", 20000),
		`{"x":"` + strings.Repeat("é", 100000) + `"}`,
	}
	routes := []struct{ method, path string }{
		{"POST", api.PathCampaigns}, {"PATCH", api.PathCampaigns + "/" + id}, {"POST", api.PathCampaigns + "/" + id + "/validate"},
		{"PATCH", api.PathCampaigns + "/" + id + "/status"}, {"POST", api.PathSearch}, {"POST", api.PathMeta},
		{"POST", api.PathTest}, {"POST", api.PathPreview}, {"PATCH", api.PathV1Publish + id},
	}
	for _, rt := range routes {
		for _, b := range bodies {
			r := e.do(rt.method, rt.path, b)
			if r.status >= 500 || (r.status != 204 && r.env.ResponseID == "") {
				t.Errorf("%s %s %.60q: %d %.300s", rt.method, rt.path, b, r.status, r.raw)
			}
		}
	}
	// The campaign is still readable afterwards.
	e.get(id)
}
