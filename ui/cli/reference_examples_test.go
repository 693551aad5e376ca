package cli

import (
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
	e := parallelScript(t)
	ref := refserver.Start(t)
	e.Setenv("CAMPAIGNS_API_KEY", refserver.Key)
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
