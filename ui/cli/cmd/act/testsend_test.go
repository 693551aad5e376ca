package act

import (
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
)

// --to, --platform and the other flags become the options; too many or no
// recipients and an unknown platform are usage mistakes, before anything
// is opened.
func TestTestFlags(t *testing.T) {
	e := clitest.Offline(t, NewCmdTest)
	var got *TestOptions
	keep := func(o *TestOptions) error { got = o; return nil }
	r := e.Do(NewCmdTest(e.F, keep), "ID", "--to", "a@example.com, b@example.com", "--to", "c@example.com", "--platform", "android", "--locale", "default", "--yes")
	if r.Code != 0 || strings.Join(got.To, ",") != "a@example.com,b@example.com,c@example.com" || got.Platform != "ANDROID" || got.Locale != "default" || !got.Yes {
		t.Fatalf("exit %d %+v", r.Code, got)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"ID", "--to", "a,b,c,d,e,f,g,h,i,j,k"}, "at most 10"},
		{[]string{"ID"}, "name at least one recipient"},
		{[]string{"ID", "--to", "a", "--platform", "blackberry"}, `unknown --platform "BLACKBERRY"`},
	} {
		got = nil
		if r := e.Do(NewCmdTest(e.F, keep), tc.args...); r.Code != 2 || got != nil || !strings.Contains(r.Err, tc.want) {
			t.Errorf("%v: exit %d %q, want 2 and %q", tc.args, r.Code, r.Err, tc.want)
		}
	}
}

func TestTestSendsOneMessagePerCell(t *testing.T) {
	e := clitest.Writes(t, NewCmdTest)
	id := e.ID("June newsletter") // an Email draft
	r := e.Exec(id, "--to", "ana.silva@example.com", "--yes")
	if r.Code != 0 || !strings.Contains(r.Out, "SENT  EMAIL_default_variation_1") || !strings.Contains(r.Out, "from workspace SANDBOX") {
		t.Fatalf("test: exit %d %q %q", r.Code, r.Out, r.Err)
	}
	r = e.Exec(id, "--identifier", "ID", "--to", "no-such-user", "--yes")
	if r.Code != 1 || !strings.Contains(r.Out, "FAILED") || !strings.Contains(r.Err, "failed") {
		t.Fatalf("test to an unknown user: exit %d %q %q", r.Code, r.Out, r.Err)
	}
	var res struct {
		Data map[string]struct{ Status string } `json:"data"`
	}
	r = e.Exec(id, "--to", "ana.silva@example.com", "--yes", "--json")
	clitest.JSON(t, r.Out, &res)
	if r.Code != 0 || len(res.Data) == 0 {
		t.Fatalf("test --json: exit %d %s %s", r.Code, r.Out, r.Err)
	}
	if r = e.Exec(id, "--to", "a@example.com", "--platform", "ANDROID", "--yes"); r.Code != 2 || !strings.Contains(r.Err, "--platform applies to Push") {
		t.Fatalf("--platform on an Email campaign: exit %d %q", r.Code, r.Err)
	}
}
