package audience

import (
	"testing"

	"github.com/campaigns-cli/campaigns/model"
)

// FuzzMatch: any segmentation document evaluates without panicking and
// counts between zero and every user.
func FuzzMatch(f *testing.F) {
	for _, s := range []string{
		`{"is_all_user_campaign": true}`,
		`{"included_filters": {"filter_operator": "and", "filters": [{"filter_type": "user_attributes", "data_type": "string", "name": "City", "operator": "in", "value": ["Lisbon"]}]}}`,
		`{"included_filters": {"filter_operator": "or", "filters": [{"filter_type": "user_attributes", "data_type": "datetime", "name": "Signup Date", "operator": "between", "value": ["2025-01-01", "2026-12-31T10:00:00Z"]}, {"filter_type": "user_attributes", "data_type": "double", "name": "Age", "operator": "between", "value": [18, "40"]}]}}`,
		`{"included_filters": {"filter_operator": "and", "filters": [{"filter_type": "actions", "action_name": "cart_abandoned", "executed": false, "execution": {"type": "atmost", "count": 2}, "attributes": {"filter_operator": "or", "filters": [{"filter_type": "user_attributes", "data_type": "double", "name": "price", "operator": "lessThan", "value": 20}]}}]}, "excluded_filters": {"filter_operator": "and", "filters": [{"filter_type": "custom_segments", "name": "VIP customers"}]}}`,
		`{"included_filters": {"filter_operator": "xor", "filters": [{"filter_type": 3, "negate": "yes", "value": {"value": "x", "unit": 7}}]}}`,
		`{"included_filters": {"filters": [{"filter_type": "user_attributes", "data_type": "datetime", "name": "Last Seen", "operator": "inTheNext", "value": {"value": 1e300, "unit": "months"}}]}}`,
	} {
		f.Add(s)
	}
	d := Demo(now)
	f.Fuzz(func(t *testing.T, body string) {
		var seg model.Segmentation
		if err := model.DecodeInto([]byte(body), &seg); err != nil {
			return
		}
		n, _ := d.Count(&seg, now)
		if n < 0 || n > len(d.Users) {
			t.Fatalf("count %d", n)
		}
		for _, u := range d.Users {
			Match(&seg, u, now)
		}
	})
}
