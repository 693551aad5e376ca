package model

import "testing"

func TestCountAndPlural(t *testing.T) {
	for _, tc := range []struct {
		n    int
		noun string
		want string
	}{
		{0, "problem", "0 problems"},
		{1, "problem", "1 problem"},
		{2, "second", "2 seconds"},
		{-1, "day", "-1 days"},
	} {
		if got := Count(tc.n, tc.noun); got != tc.want {
			t.Errorf("Count(%d, %q) = %q, want %q", tc.n, tc.noun, got, tc.want)
		}
	}
	if Plural("any value") != "values" || Plural("any") != "values" || Plural("string") != "strings" {
		t.Error("Plural of a type name")
	}
}
