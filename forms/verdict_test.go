package forms

import "testing"

// A validation's verdict reads for the campaign's state and channel: only a
// draft is "ready to publish" or blocked from it (an ACTIVE SMS campaign
// said "2 problems block publishing", a PAUSED one "ready to publish").
func TestValidateVerdictReadsForTheState(t *testing.T) {
	cases := []struct {
		channel, state string
		n              int
		want           string
	}{
		{"PUSH", "DRAFT", 0, "ready to publish"},
		{"PUSH", "DRAFT", 1, "1 problem blocks publishing"},
		{"EMAIL", "DRAFT", 4, "4 problems block publishing"},
		{"PUSH", "PAUSED", 0, "every publish rule passes (already paused)"},
		{"PUSH", "STOPPED", 2, "2 problems (already stopped; an edit is refused until they are fixed)"},
		{"SMS", "ACTIVE", 2, "2 problems under the publish rules; SMS campaigns are read-only here, so nothing is published or edited"},
	}
	for _, tc := range cases {
		if got := ValidateVerdict(tc.channel, tc.state, tc.n); got != tc.want {
			t.Errorf("%s %s %d:\n got %q\nwant %q", tc.channel, tc.state, tc.n, got, tc.want)
		}
	}
	if got := NoActionReason("PUSH", "ONE_TIME", "SENDING"); got != "" && got[:2] == "An" {
		t.Errorf("article: %q", got)
	}
	if got := ActionRefusal("PUSH", "ONE_TIME", "ACTIVE", "PAUSE"); got != "A one-time campaign cannot be paused while active; stop it instead." {
		t.Errorf("refusal: %q", got)
	}
}
