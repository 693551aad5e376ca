package files

import (
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
)

// Each outcome counts once toward the exit status: refused (1) or failed
// (2), never both, and an unknown campaign is a refusal as in diff and get.
func TestEachOutcomeCountsOnce(t *testing.T) {
	t.Parallel()
	notFound := &api.Error{Status: http.StatusNotFound, Message: "no such campaign"}
	for _, tc := range []struct {
		name string
		o    gitops.Outcome
		want verdict
	}{
		{"unchanged", gitops.Outcome{Plan: gitops.Plan{Action: gitops.ActionNone}}, fine},
		{"sent", gitops.Outcome{Plan: gitops.Plan{Action: gitops.ActionPatch}, Sent: true}, fine},
		{"sent, file not rewritten", gitops.Outcome{Plan: gitops.Plan{Action: gitops.ActionPatch}, Sent: true, Err: errors.New("disk full")}, failed},
		{"refused by the service", gitops.Outcome{Plan: gitops.Plan{Action: gitops.ActionRefused}, Err: errors.New("400")}, refused},
		{"conflict", gitops.Outcome{Plan: gitops.Plan{Action: gitops.ActionConflict}}, refused},
		{"unknown campaign", gitops.Outcome{Plan: gitops.Plan{Action: gitops.ActionError, Err: notFound}}, refused},
		{"unreadable base", gitops.Outcome{Plan: gitops.Plan{Action: gitops.ActionError, Err: errors.New("bad base")}}, failed},
		{"failed send", gitops.Outcome{Plan: gitops.Plan{Action: gitops.ActionError}, Err: errors.New("503")}, failed},
	} {
		if got := verdictOf(tc.o); got != tc.want {
			t.Errorf("%s: %d, want %d", tc.name, got, tc.want)
		}
	}
}

// A file naming a campaign the service does not have is refused (exit 1),
// the others still applied.
func TestApplyOfAnUnknownCampaignIsRefused(t *testing.T) {
	e := clitest.Writes(t, NewCmdApply)
	dir := t.TempDir()
	id := e.ID("Summer sale kickoff")
	clitest.Edit(t, e.SB.ExportOne(t, dir, id), `"team": "Growth"`, `"team": "Known"`)
	raw, _ := os.ReadFile(filepath.Join(dir, id+".json"))
	gone := filepath.Join(dir, "gone.json")
	os.WriteFile(gone, []byte(strings.Replace(string(raw), id, "0000000000000000deadbeef", -1)), 0o644)
	r := e.Exec(dir, "--confirm")
	if r.Code != 1 || !strings.Contains(r.Out, "is not on the service") || !strings.Contains(r.Out, "updated basic_details") {
		t.Fatalf("exit %d\n%s%s", r.Code, r.Out, r.Err)
	}
}

// --plan and --confirm are refused together, and a bad --features, before
// anything is opened.
func TestApplyFlags(t *testing.T) {
	e := clitest.Offline(t, NewCmdApply)
	ran := false
	keep := func(*ApplyOptions) error { ran = true; return nil }
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"dir", "--plan", "p.plan", "--confirm"}, "give one of them"},
		{[]string{"dir", "--features", "teleport"}, "teleport"},
		{[]string{}, "give the campaign files or folders"},
		{[]string{"dir", "--output", "xml"}, `unknown --output "xml"`},
	} {
		if r := e.Do(NewCmdApply(e.F, keep), tc.args...); r.Code != 2 || ran || !strings.Contains(r.Err, tc.want) {
			t.Errorf("%v: exit %d ran %v %q, want 2 and %q", tc.args, r.Code, ran, r.Err, tc.want)
		}
	}
	var got *ApplyOptions
	if r := e.Do(NewCmdApply(e.F, func(o *ApplyOptions) error { got = o; return nil }), "a", "b", "--confirm", "--force", "--output", "github", "-v"); r.Code != 0 ||
		!got.Confirm || !got.Force || got.Output != "github" || !got.Verbose || strings.Join(got.Args, " ") != "a b" {
		t.Fatalf("exit %d %+v", r.Code, got)
	}
}

// A file removed from an exported folder is reported and its campaign left
// alone (exit 1); two files with one campaign_id are an error naming both
// (exit 2), and nothing is sent.
func TestApplyReportsRemovedAndDuplicatedFiles(t *testing.T) {
	e := clitest.Writes(t, NewCmdApply)
	dir, a, b := e.SB.RemovedFromRepo(t)
	r := e.Exec(dir, "--confirm")
	if r.Code != 1 || !strings.Contains(r.Out, "on the service, not in the repository") || !strings.Contains(r.Out, b) {
		t.Fatalf("apply after a removal: exit %d\n%s\n%s", r.Code, r.Out, r.Err)
	}
	if st := field(t, e.SB, b, "status"); st != "DRAFT" {
		t.Fatalf("the removed file's campaign was acted on: %v", st)
	}
	copyPath := filepath.Join(dir, "copy.json")
	raw, _ := os.ReadFile(filepath.Join(dir, a+".json"))
	os.WriteFile(copyPath, raw, 0o644)
	r = e.Exec(dir, "--confirm")
	if r.Code != 2 || !strings.Contains(r.Err, copyPath) || !strings.Contains(r.Err, filepath.Join(dir, a+".json")) {
		t.Fatalf("duplicate: exit %d\n%s", r.Code, r.Err)
	}
}
