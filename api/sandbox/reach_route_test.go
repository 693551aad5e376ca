package sandbox

import (
	"context"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/model"
)

// POST /sandbox/reach counts the demo users an audience holds, over HTTP.
func TestReachRouteCountsTheDemoUsers(t *testing.T) {
	e := parallelEnv(t, nil)
	c, err := api.New(api.Config{BaseURL: e.srv.URL, WorkspaceID: e.user, APIKey: e.key})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	seg, err := model.Decode([]byte(`{"segmentation_details": {"included_filters": {"filter_operator": "or", "filters": [
		{"filter_type": "user_attributes", "data_type": "string", "name": "City", "operator": "in", "value": ["Lisbon", "London"]}]}}}`))
	if err != nil {
		t.Fatal(err)
	}
	// The users in Lisbon or London, counted here from the users' list.
	want := 0
	for _, u := range e.s.users().Users {
		if city, _ := u.Attributes["City"].(string); (city == "Lisbon" || city == "London") && !u.OptedOut {
			want++
		}
	}
	if want == 0 {
		t.Fatal("no demo user in Lisbon or London: the test would prove nothing")
	}
	got, err := c.Reach(ctx, seg.SegmentationDetails)
	if err != nil {
		t.Fatal(err)
	}
	if got.Count != int64(want) || got.Total != int64(len(e.s.users().Users)) || len(got.Issues) != 0 {
		t.Errorf("reach %+v, want %d of %d and no issue", got, want, len(e.s.users().Users))
	}

	// What cannot be evaluated is named.
	bad, _ := model.Decode([]byte(`{"segmentation_details": {"included_filters": {"filter_operator": "xor", "filters": [
		{"filter_type": "user_attributes", "data_type": "string", "name": "City", "operator": "in", "value": ["Madrid"]}]}}}`))
	got, err = c.Reach(ctx, bad.SegmentationDetails)
	if err != nil {
		t.Fatal(err)
	}
	if got.Count != 0 || len(got.Issues) == 0 || !strings.HasPrefix(got.Issues[0].Field, "segmentation_details.included_filters") {
		t.Errorf("reach of an unknown operator: %+v", got)
	}

	// No audience: a 400 naming the field.
	r := e.do("POST", api.PathSandboxReach, map[string]any{})
	want400 := r.status == 400 && strings.Contains(string(r.raw), "segmentation_details")
	if !want400 {
		t.Errorf("empty reach request: %d %s", r.status, r.raw)
	}
}
