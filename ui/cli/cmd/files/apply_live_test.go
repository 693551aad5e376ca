package files

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
)

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
