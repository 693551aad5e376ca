package audience

import (
	"testing"

	"github.com/campaigns-cli/campaigns/model"
)

// BenchmarkCount is one reachability count over the demo users with a
// segmentation using every filter type.
func BenchmarkCount(b *testing.B) {
	d := Demo(now)
	var seg model.Segmentation
	body := `{"included_filters": {"filter_operator": "or", "filters": [
		{"filter_type": "user_attributes", "data_type": "string", "name": "City", "operator": "in", "value": ["Lisbon", "Paris"]},
		{"filter_type": "user_attributes", "data_type": "datetime", "name": "Last Seen", "operator": "inTheLast", "value": {"value": 7, "unit": "days"}},
		{"filter_type": "actions", "action_name": "cart_abandoned", "executed": true, "execution": {"type": "atleast", "count": 1},
		 "attributes": {"filter_operator": "and", "filters": [{"filter_type": "user_attributes", "data_type": "double", "name": "price", "operator": "greaterThan", "value": 50}]}}]},
		"excluded_filters": {"filter_operator": "and", "filters": [{"filter_type": "custom_segments", "id": "seg-staff"}]}}`
	if err := seg.UnmarshalJSON([]byte(body)); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if n, issues := d.Count(&seg, now); n == 0 || len(issues) > 0 {
			b.Fatal(n, issues)
		}
	}
}

// BenchmarkRenderTest is a draft test of a campaign with 2 locales × 2
// variations × 2 platforms to 10 users.
func BenchmarkRenderTest(b *testing.B) {
	d := Demo(now)
	var cc model.CampaignContent
	if err := cc.UnmarshalJSON([]byte(keyedPush)); err != nil {
		b.Fatal(err)
	}
	ids := []string{"user-001", "user-002", "user-003", "user-004", "user-005", "user-006", "user-007", "user-008", "user-009", "user-010"}
	to, err := d.Recipients(model.ChannelPush, IDUniqueID, ids)
	if err != nil {
		b.Fatal(err)
	}
	in := TestInput{Channel: model.ChannelPush, Platforms: []string{"ANDROID", "IOS"}, Content: &cc}
	b.ReportAllocs()
	for b.Loop() {
		if rows := RenderTest(in, to); len(rows) != 80 {
			b.Fatal(len(rows))
		}
	}
}
