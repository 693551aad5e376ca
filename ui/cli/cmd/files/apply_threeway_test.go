package files

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
)

// The example: a colleague renames the campaign; my file changes
// its tags and utm_params. Nothing conflicts, apply sends the merged
// components; then a real conflict is refused, and --force wins on that
// field only.
func TestThreeWayApply(t *testing.T) {
	e := clitest.Writes(t, NewCmdApply)
	id := e.ID("Summer sale kickoff")
	mine, theirs := exportTwice(t, e.SB, id)
	if _, err := os.Stat(filepath.Join(mine, ".campaigns", id+".json")); err != nil {
		t.Fatalf("export kept no base: %v", err)
	}
	clitest.Edit(t, filepath.Join(theirs, id+".json"), `"name": "Summer sale kickoff"`, `"name": "Summer sale kickoff (legal)"`)
	if r := e.Exec(theirs, "--confirm"); r.Code != 0 {
		t.Fatalf("their apply: %d %s %s", r.Code, r.Out, r.Err)
	}
	f := filepath.Join(mine, id+".json")
	clitest.Edit(t, f, `"sale"`, `"sale",
      "q3"`)
	clitest.Edit(t, f, `"utm_campaign": "summer_sale"`, `"utm_campaign": "summer_sale_b"`)
	if r := e.Exec(mine, "--confirm"); r.Code != 0 || !strings.Contains(r.Out, "updated basic_details, utm_params") {
		t.Fatalf("apply: exit %d\n%s\n%s", r.Code, r.Out, r.Err)
	}
	if name, tags, utm := field(t, e.SB, id, "basic_details", "name"), field(t, e.SB, id, "basic_details", "tags"), field(t, e.SB, id, "utm_params", "utm_campaign"); name != "Summer sale kickoff (legal)" ||
		joined(tags) != "summer,sale,q3" || utm != "summer_sale_b" {
		t.Fatalf("merged: %v %v %v", name, tags, utm)
	}

	// Both rename it now.
	clitest.Edit(t, filepath.Join(theirs, id+".json"), `"name": "Summer sale kickoff (legal)"`, `"name": "Theirs"`)
	clitest.Edit(t, filepath.Join(theirs, id+".json"), `"team": "Growth"`, `"team": "Legal"`)
	if r := e.Exec(theirs, "--confirm"); r.Code != 0 {
		t.Fatalf("their second apply: %d %s %s", r.Code, r.Out, r.Err)
	}
	clitest.Edit(t, f, `"name": "Summer sale kickoff (legal)"`, `"name": "Mine"`)
	if r := e.Exec(mine, "--confirm"); r.Code != 1 || !strings.Contains(r.Out, "conflict") {
		t.Fatalf("apply of a conflict: exit %d\n%s", r.Code, r.Out)
	}
	if r := e.Exec(mine, "--confirm", "--force"); r.Code != 0 {
		t.Fatalf("forced: exit %d\n%s\n%s", r.Code, r.Out, r.Err)
	}
	if name, team := field(t, e.SB, id, "basic_details", "name"), field(t, e.SB, id, "basic_details", "team"); name != "Mine" || team != "Legal" {
		t.Fatalf("--force reverted a field the file did not change, or lost the file's: %v|%v", name, team)
	}
}

// Two people export the same campaign; the second applies first; the first
// one's apply is a conflict and does not overwrite.
func TestApplyConflictWhenChangedSinceExport(t *testing.T) {
	e := clitest.Writes(t, NewCmdApply)
	id := e.ID("Summer sale kickoff")
	mine, theirs := exportTwice(t, e.SB, id)
	clitest.Edit(t, filepath.Join(theirs, id+".json"), `"name": "Summer sale kickoff"`, `"name": "Summer sale kickoff (legal)"`)
	if r := e.Exec(theirs, "--confirm"); r.Code != 0 {
		t.Fatalf("their apply: %d %s %s", r.Code, r.Out, r.Err)
	}
	clitest.Edit(t, filepath.Join(mine, id+".json"), `"name": "Summer sale kickoff"`, `"name": "Summer sale kickoff (mine)"`)
	r := e.Exec(mine, "--confirm")
	if r.Code != 1 || !strings.Contains(r.Out, "conflict in basic_details") || !strings.Contains(r.Out, "basic_details.name") || !strings.Contains(r.Out, "--force") {
		t.Fatalf("apply: exit %d\n%s", r.Code, r.Out)
	}
	if name := field(t, e.SB, id, "basic_details", "name"); name != "Summer sale kickoff (legal)" {
		t.Fatalf("overwritten: %q", name)
	}
}

// joined is a JSON list of strings joined with commas.
func joined(v any) string {
	var out []string
	l, _ := v.([]any)
	for _, x := range l {
		out = append(out, x.(string))
	}
	return strings.Join(out, ",")
}
