package files

import (
	"encoding/json"
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

// The case 3 through apply: the SCHEDULED campaign's file keeps
// only an Android default variation. The dry run says what would go; the
// send is refused (exit 1) with the problems and the file; --force sends.
func TestApplyRefusesToBreakALiveCampaign(t *testing.T) {
	e := clitest.Writes(t, NewCmdApply)
	id := e.ID("Weekend flash sale") // SCHEDULED, Android and iOS, three locales
	file := e.SB.ExportOne(t, t.TempDir(), id)
	var rec map[string]any
	raw, _ := os.ReadFile(file)
	clitest.JSON(t, string(raw), &rec)
	rec["campaign_content"] = map[string]any{"content": map[string]any{"default": map[string]any{"variation_1": map[string]any{
		"push": map[string]any{"android": map[string]any{"template_type": "BASIC",
			"basic_details": map[string]any{"title": "Hi {{ UserAttribute['First Name'] ", "message": "Sale"}}}}}}}
	b, _ := json.MarshalIndent(rec, "", "  ")
	os.WriteFile(file, b, 0o644)

	r := e.Exec(file)
	if r.Code != 1 || !strings.Contains(r.Out, "removes") || !strings.Contains(r.Out, "the iOS content of default/variation_1") || !strings.Contains(r.Out, "locale es-ES, fr-FR") {
		t.Fatalf("dry run: exit %d\n%s", r.Code, r.Out)
	}
	r = e.Exec(file, "--confirm")
	if r.Code != 1 || !strings.Contains(r.Out, file) || !strings.Contains(r.Out, "would break the SCHEDULED campaign") ||
		!strings.Contains(r.Out, "campaign_content.content.default.variation_1.push.android.basic_details.title") {
		t.Fatalf("confirm: exit %d\n%s", r.Code, r.Out)
	}
	if ios := field(t, e.SB, id, "campaign_content", "content", "default", "variation_1", "push", "ios"); ios == nil {
		t.Fatal("the iOS content went")
	}
	if r = e.Exec(file, "--confirm", "--force"); r.Code != 0 || !strings.Contains(r.Out, "updated campaign_content") {
		t.Fatalf("--force: exit %d\n%s%s", r.Code, r.Out, r.Err)
	}
}

// A schedule moved in an exported file (read form) is planned in the
// request form, and the dry run says which form and why; the body carries
// start_time, not schedule_time.
func TestApplySaysWhichScheduleFormItSends(t *testing.T) {
	e := clitest.Reads(t, NewCmdApply)
	id := e.ID("Weekend flash sale") // ONE_TIME, SCHEDULED
	path := e.SB.ExportOne(t, t.TempDir(), id)
	b, _ := os.ReadFile(path)
	var rec map[string]any
	clitest.JSON(t, string(b), &rec)
	sd := rec["scheduling_details"].(map[string]any)
	at := sd["schedule_time"].(string)
	sd["schedule_time"] = at[:11] + "23:59:00"
	b, _ = json.MarshalIndent(rec, "", "  ")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	r := e.Exec(path)
	if r.Code != 0 || !strings.Contains(r.Out, "note: scheduling_details is in the service's read form; its request form is delivery_type AT_FIXED_TIME") ||
		!strings.Contains(r.Out, `"start_time": "`+at[:11]+`23:59:00"`) || strings.Contains(r.Out, `"schedule_time"`) || !strings.Contains(r.Out, `"channel": "PUSH"`) {
		t.Fatalf("apply (dry run): exit %d\n%s%s", r.Code, r.Out, r.Err)
	}
}

// apply --plan writes the exact requests; apply PLAN --confirm sends them,
// and refuses when the campaign changed since the plan.
func TestPlanFileFromTheCommandLine(t *testing.T) {
	e := clitest.Writes(t, NewCmdApply)
	dir := t.TempDir()
	id := e.ID("Summer sale kickoff")
	clitest.Edit(t, e.SB.ExportOne(t, dir, id), `"team": "Growth"`, `"team": "Planned"`)
	plan := filepath.Join(t.TempDir(), "changes.plan")
	if r := e.Exec(dir, "--plan", plan); r.Code != 0 || !strings.Contains(r.Err, "Plan written") {
		t.Fatalf("--plan: exit %d %s", r.Code, r.Err)
	}
	var pf struct {
		Entries []struct {
			Method    string
			UpdatedAt string `json:"updated_at"`
			Body      map[string]any
		}
	}
	raw, _ := os.ReadFile(plan)
	clitest.JSON(t, string(raw), &pf)
	if len(pf.Entries) != 1 || pf.Entries[0].UpdatedAt == "" {
		t.Fatalf("plan: %+v", pf)
	}
	if r := e.Exec(plan, "--confirm"); r.Code != 0 || !strings.Contains(r.Out, "updated basic_details") {
		t.Fatalf("apply plan: exit %d\n%s\n%s", r.Code, r.Out, r.Err)
	}
	// Sending it again: the campaign changed since (the plan's own send).
	if r := e.Exec(plan, "--confirm"); r.Code != 1 || !strings.Contains(r.Out, "after the plan was made") {
		t.Fatalf("stale plan: exit %d\n%s", r.Code, r.Out)
	}
}

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
