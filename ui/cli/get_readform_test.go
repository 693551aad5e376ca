package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/api/refserver"
)

// TestReadersReadTheReferenceExamples runs get, meta, list, export,
// validate, diff and apply against the real service's own examples, served
// verbatim (C1): the schedule reads as a time, not as "SCHEDULED" alone;
// the exported files validate without "start_time is required"; diff finds
// nothing; apply plans nothing; meta of an unversioned campaign prints no
// "version 0" (C4).
func TestReadersReadTheReferenceExamples(t *testing.T) {
	e := newScriptEnv(t)
	ref := refserver.Start(t)
	t.Setenv("CAMPAIGNS_API_KEY", refserver.Key)
	e.base = []string{"--base-url", ref.URL, "--workspace-id", refserver.Workspace}

	code, out, errs := e.run("", "get", refserver.ScheduledPush)
	if code != 0 || !strings.Contains(out, "from Thu 28 Nov 2024 12:00 UTC") {
		t.Fatalf("get: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = e.run("", "get", refserver.PeriodicEmail)
	if code != 0 || !strings.Contains(out, "weekly at 09:00:00 America/New_York") {
		t.Fatalf("get periodic: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = e.run("", "get", refserver.APITriggered)
	if code != 0 || !strings.Contains(out, "This tool leaves API-triggered campaigns out") {
		t.Fatalf("get API_TRIGGERED: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = e.run("", "meta", refserver.PeriodicEmail)
	if code != 0 || !strings.Contains(out, "Weekly Newsletter") || strings.Contains(out, "version") || !strings.Contains(out, "12") {
		t.Fatalf("meta: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = e.run("", "list", "--channel", "email")
	if code != 0 || !strings.Contains(out, "Summer Sale Email") {
		t.Fatalf("list: exit %d\n%s%s", code, out, errs)
	}

	dir := t.TempDir()
	for _, id := range []string{refserver.ScheduledPush, refserver.PeriodicEmail, refserver.APITriggered} {
		if code, out, errs := e.run("", "export", id, "--dir", dir); code != 0 {
			t.Fatalf("export %s: exit %d\n%s%s", id, code, out, errs)
		}
	}
	var res struct {
		Files []struct {
			File   string
			Errors []struct{ Target, Message string }
		}
	}
	service := e.base
	e.base = nil // validate talks to no service
	code, out, errs = e.run("", "validate", dir)
	e.base = service
	if code == 2 {
		t.Fatalf("validate: exit 2\n%s%s", out, errs)
	}
	e.mustJSON(out, &res)
	if len(res.Files) != 3 {
		t.Fatalf("validate: exit %d\n%s", code, out)
	}
	for _, f := range res.Files {
		for _, p := range f.Errors {
			if strings.HasPrefix(p.Target, "scheduling_details") {
				t.Errorf("validate %s: %s: %s", filepath.Base(f.File), p.Target, p.Message)
			}
		}
	}
	if code, out, errs := e.run("", "diff", dir); code != 0 {
		t.Errorf("diff: exit %d\n%s%s", code, out, errs)
	}
	if code, out, errs := e.run("", "apply", dir); code != 0 || strings.Contains(out, "PATCH") {
		t.Errorf("apply (dry run): exit %d\n%s%s", code, out, errs)
	}
}

// TestApplySaysWhichScheduleFormItSends: a schedule moved in an exported
// file (read form) is planned in the request form, and the dry run says
// which form and why; the body carries start_time, not schedule_time.
func TestApplySaysWhichScheduleFormItSends(t *testing.T) {
	e := newScriptEnv(t)
	id := e.idOf("Weekend flash sale") // ONE_TIME, SCHEDULED
	dir := t.TempDir()
	if code, out, errs := e.run("", "export", id, "--dir", dir); code != 0 {
		t.Fatalf("export: %d %s %s", code, out, errs)
	}
	path := filepath.Join(dir, id+".json")
	b, _ := os.ReadFile(path)
	var rec map[string]any
	e.mustJSON(string(b), &rec)
	sd := rec["scheduling_details"].(map[string]any)
	at := sd["schedule_time"].(string)
	sd["schedule_time"] = at[:11] + "23:59:00"
	b, _ = json.MarshalIndent(rec, "", "  ")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := e.run("", "apply", path)
	if code != 0 || !strings.Contains(out, "note: scheduling_details is in the service's read form; its request form is delivery_type AT_FIXED_TIME") ||
		!strings.Contains(out, `"start_time": "`+at[:11]+`23:59:00"`) || strings.Contains(out, `"schedule_time"`) || !strings.Contains(out, `"channel": "PUSH"`) {
		t.Fatalf("apply (dry run): exit %d\n%s%s", code, out, errs)
	}
}
