package files

import (
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
)

func rename(name string) func(*model.BasicDetails) {
	return func(bd *model.BasicDetails) { bd.Name = &name }
}

// My changes and a colleague's on other fields merge: diff shows mine (what
// apply would send), no conflict; the same field changed on both sides is
// a conflict shown with its three values.
func TestDiffMergesThreeWaysAndShowsConflicts(t *testing.T) {
	e := clitest.Writes(t, NewCmdDiff)
	dir := t.TempDir()
	id := e.ID("Summer sale kickoff")
	f := e.SB.ExportOne(t, dir, id)
	e.SB.ChangeBasicDetails(t, id, rename("Summer sale kickoff (legal)"))
	clitest.Edit(t, f, `"utm_campaign": "summer_sale"`, `"utm_campaign": "summer_sale_b"`)
	r := e.Exec(dir)
	if r.Code != 1 || strings.Contains(r.Out, "conflict") || !strings.Contains(r.Out, "utm_params") || !strings.Contains(r.Out, `+  "utm_campaign": "summer_sale_b"`) ||
		!strings.Contains(r.Out, "1 of 1 file(s) differ from") {
		t.Fatalf("diff: exit %d\n%s", r.Code, r.Out)
	}
	clitest.Edit(t, f, `"name": "Summer sale kickoff"`, `"name": "Mine"`)
	r = e.Exec(dir)
	if r.Code != 1 || !strings.Contains(r.Out, "conflict basic_details.name") || !strings.Contains(r.Out, `base     "Summer sale kickoff"`) ||
		!strings.Contains(r.Out, `file     "Mine"`) || !strings.Contains(r.Out, `service  "Summer sale kickoff (legal)"`) {
		t.Fatalf("conflict: exit %d\n%s", r.Code, r.Out)
	}
}

// diff --json gives every differing field with its three values; no
// difference is exit 0.
func TestDiffJSONGivesEveryField(t *testing.T) {
	e := clitest.Reads(t, NewCmdDiff)
	dir := t.TempDir()
	id := e.ID("Summer sale kickoff")
	f := e.SB.ExportOne(t, dir, id)
	if r := e.Exec(dir); r.Code != 0 || !strings.Contains(r.Out, "0 of 1 file(s) differ") {
		t.Fatalf("a fresh export: exit %d\n%s", r.Code, r.Out)
	}
	clitest.Edit(t, f, `"team": "Growth"`, `"team": "Brand"`)
	r := e.Exec(dir, "--json")
	var res []struct {
		Components []string
		Fields     []struct{ Path, Base, File, Service any }
	}
	clitest.JSON(t, r.Out, &res)
	if r.Code != 1 || len(res) != 1 || len(res[0].Fields) != 1 || res[0].Fields[0].Path != "basic_details.team" ||
		res[0].Fields[0].Base != "Growth" || res[0].Fields[0].File != "Brand" || res[0].Fields[0].Service != "Growth" {
		t.Fatalf("--json: exit %d\n%s", r.Code, r.Out)
	}
}

// A file removed from an exported folder is reported (exit 1); its
// campaign is not touched.
func TestDiffReportsARemovedFile(t *testing.T) {
	e := clitest.Reads(t, NewCmdDiff)
	dir, _, b := e.SB.RemovedFromRepo(t)
	r := e.Exec(dir)
	if r.Code != 1 || !strings.Contains(r.Out, "on the service, not in the repository") || !strings.Contains(r.Out, b) {
		t.Fatalf("diff after a removal: exit %d\n%s\n%s", r.Code, r.Out, r.Err)
	}
	if r = e.Exec(t.TempDir()); r.Code != 2 || !strings.Contains(r.Err, "no campaign files in") {
		t.Fatalf("an empty folder: exit %d %q", r.Code, r.Err)
	}
}

// diff --versions compares two versions of a live campaign, in words and
// as a diff; a missing version is an error (2), not a difference.
func TestDiffVersionsOfALiveCampaign(t *testing.T) {
	e := clitest.Writes(t, NewCmdDiff)
	id := e.ID("Weekly picks") // PAUSED: an edit writes version 2
	e.SB.ChangeBasicDetails(t, id, rename("Weekly picks, v2"))
	r := e.Exec("--versions", id, "1", "2")
	if r.Code != 1 || !strings.Contains(r.Out, `+  "name": "Weekly picks, v2",`) || !strings.Contains(r.Out, "differ in 1 component(s)") ||
		!strings.Contains(r.Out, "• basic_details.name: “Weekly picks” → “Weekly picks, v2”") { // in words too
		t.Fatalf("diff --versions: exit %d\n%s\n%s", r.Code, r.Out, r.Err)
	}
	if r = e.Exec("--versions", id, "2", "2"); r.Code != 0 {
		t.Fatalf("a version against itself: exit %d", r.Code)
	}
	if r = e.Exec("--versions", id, "1", "9"); r.Code != 2 || !strings.Contains(r.Err, "no version 9") {
		t.Fatalf("unknown version: exit %d %s", r.Code, r.Err)
	}
	if r = e.Exec("--versions", id, "1"); r.Code != 2 || !strings.Contains(r.Err, "two version numbers") {
		t.Fatalf("one version: exit %d %s", r.Code, r.Err)
	}
}
