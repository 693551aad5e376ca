package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/refserver"
	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/model"
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

// TestMetaFindsADraftAndGetOffersNoRefusedAction: meta of a draft by its id
// answers (C2) and shows its rejection comment; get of an SMS campaign
// offers no action that status would refuse (C3).
func TestMetaFindsADraftAndGetOffersNoRefusedAction(t *testing.T) {
	e := newScriptEnv(t)
	url := e.serveSandbox()
	ws := sandbox.DefaultWorkspace()
	client, err := api.New(api.Config{BaseURL: url, WorkspaceID: ws.ID, APIKey: ws.Key})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile("../../testdata/campaigns/push_one_time.json")
	c, _ := model.Decode(b)
	c.RequestID = nil
	c.Extra.SetUnknown("rejection_comment", "Legal: drop the \x1b[31mprice\x1b[0m claim")
	res, err := client.Create(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	code, out, errs := e.run("", "meta", res.ID)
	if code != 0 || !strings.Contains(out, "DRAFT") || !strings.Contains(out, "Legal: drop the price claim") || strings.Contains(out, "\x1b") {
		t.Fatalf("meta of a draft: exit %d\n%q%s", code, out, errs)
	}
	var row map[string]any
	code, out, _ = e.run("", "meta", res.ID, "--json")
	if json.Unmarshal([]byte(out), &row); code != 0 || row["rejection_comment"] == nil {
		t.Fatalf("meta --json of a draft: exit %d %s", code, out)
	}

	sms := e.idOf("Delivery window reminder (SMS)")
	code, out, errs = e.run("", "get", sms)
	if code != 0 || strings.Contains(out, "campaigns status") || !strings.Contains(out, "SMS campaigns can be read but not") {
		t.Fatalf("get SMS: exit %d\n%s%s", code, out, errs)
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
