package engine

import (
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/model"
)

// TestMaxProblemsCapsTheList: with Options.MaxProblems the engine keeps
// that many problems and closes the list with one "and N more problems";
// without it every problem is reported.
func TestMaxProblemsCapsTheList(t *testing.T) {
	body := `{"channel":"PUSH","campaign_delivery_type":"LOCATION_TRIGGERED","created_by":"a@b.c",` +
		`"scheduling_details":{"geo_fence_timelimit":{"notification_schedule":"LIMITED_TIME","timebounds":[` +
		strings.TrimSuffix(strings.Repeat("{},", 500), ",") + `]}}}`
	c, err := model.Decode([]byte(body))
	if err != nil {
		t.Fatal(err)
	}
	all := Validate(c, PhaseCreate, Options{})
	for _, tc := range []struct{ max, want int }{{0, len(all)}, {10, 11}, {len(all), len(all)}, {len(all) - 1, len(all)}} {
		got := Validate(c, PhaseCreate, Options{MaxProblems: tc.max})
		if len(got) != tc.want {
			t.Errorf("MaxProblems %d: %d problems, want %d", tc.max, len(got), tc.want)
		}
		shown, more := Omitted(got)
		if len(shown)+more != len(all) {
			t.Errorf("MaxProblems %d: %d shown + %d more, %d in all", tc.max, len(shown), more, len(all))
		}
	}
	res := ValidatePatch(c, c, model.StatusDraft, Options{MaxProblems: 5})
	if _, more := Omitted(res.Problems); len(res.Problems) != 6 || more == 0 {
		t.Errorf("patch: %d problems, %d more", len(res.Problems), more)
	}
}
