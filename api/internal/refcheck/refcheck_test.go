package refcheck

import (
	"net/http"
	"strings"
	"testing"
)

// check runs one PATCH exchange through a fresh checker and returns what it
// could not explain.
func checkPatch(t *testing.T, body string) []string {
	t.Helper()
	Load(t) // skips (one line) without the reference
	c := &Checker{router: shared.router, byClass: map[string]int{}}
	r, _ := http.NewRequest(http.MethodPatch, "http://127.0.0.1/v5/campaigns/64a1b2c3d4e5f6a7b8c9d0e1", strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Idempotency-Key", "0b3c8a56-6f8e-4d8a-9a51-7c3e2f0d1a2b")
	c.Check(r, []byte(body), http.StatusOK, http.Header{"Content-Type": {"application/json"}},
		[]byte(`{"response_id":"r","type":"campaign","data":{"id":"64a1b2c3d4e5f6a7b8c9d0e1"}}`))
	return c.unexplained
}

// TestPatchBodyMatchesOneBranch: a component PATCH without channel matches
// both branches of the reference's oneOf (a strict gateway refuses it); with
// channel it matches exactly one.
func TestPatchBodyMatchesOneBranch(t *testing.T) {
	utm := `"utm_params":{"utm_source":"a","utm_medium":"b"}`
	if got := checkPatch(t, `{`+utm+`}`); len(got) == 0 || !strings.Contains(got[0], "more than one oneOf") {
		t.Errorf("a PATCH without channel passed: %q", got)
	}
	for _, ch := range []string{"PUSH", "EMAIL"} {
		if got := checkPatch(t, `{"channel":"`+ch+`",`+utm+`}`); len(got) != 0 {
			t.Errorf("a %s PATCH with channel failed: %q", ch, got)
		}
	}
}

// TestDefectsAreExplained: every known defect says why.
func TestDefectsAreExplained(t *testing.T) {
	seen := map[string]bool{}
	for _, d := range Defects {
		if d.ID == "" || len(d.Why) < 40 || d.Explains == nil || seen[d.ID] {
			t.Errorf("defect %q: an id, a reason and a matcher, once", d.ID)
		}
		seen[d.ID] = true
	}
}
