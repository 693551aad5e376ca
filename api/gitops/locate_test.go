package gitops_test

import (
	"testing"

	"github.com/campaigns-cli/campaigns/api/gitops"
)

func TestLocateFindsTheValueOfATarget(t *testing.T) {
	doc := []byte(`{
  "basic_details": {"name": "A", "tags": ["x", "y"]},
  "campaign_content": {
    "content": {
      "push": {"android": {"buttons": [
        {"title": "one"},
        {"title": "two", "click_action_type": "BOGUS"}
      ]}}
    }
  }
}`)
	for _, tc := range []struct {
		path      string
		line, col int
	}{
		{"basic_details.name", 2, 29},
		{"basic_details.tags[1]", 2, 48},
		{"campaign_content.content.push.android.buttons[1].click_action_type", 7, 47},
		{"campaign_content.content.push.android.buttons[1]", 7, 9},
		// A field that is absent: its object.
		{"basic_details.platforms", 2, 20},
		{"", 1, 1},
	} {
		pos, ok := gitops.Locate(doc, tc.path)
		if !ok || pos.Line != tc.line || pos.Column != tc.col {
			t.Errorf("%q: %+v %v, want line %d column %d", tc.path, pos, ok, tc.line, tc.col)
		}
	}
	if _, ok := gitops.Locate([]byte(`{"a":`), "a.b"); ok {
		t.Error("broken JSON located")
	}
}
