package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A draft whose send window has already passed is published all the same
// (the service does), but `campaigns publish` says first that it will send
// nothing: a warning, not a refusal.
func TestPublishWarnsOfAPastWindowOnTheCommandLine(t *testing.T) {
	e := newScriptEnv(t)
	body, err := os.ReadFile("../../testdata/campaigns/push_one_time.json") // 21–23 Jun 2026: past
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "late.json")
	if err := os.WriteFile(file, body, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errs := e.run("", "apply", file, "--confirm"); code != 0 {
		t.Fatalf("apply: exit %d %s %s", code, out, errs)
	}
	var written struct {
		CampaignID string `json:"campaign_id"`
	}
	back, _ := os.ReadFile(file) // apply wrote the new draft's id into it
	e.mustJSON(string(back), &written)
	id := written.CampaignID
	if id == "" {
		t.Fatalf("no campaign_id written back:\n%s", back)
	}
	code, out, errs := e.run("", "publish", id, "--yes")
	if code != 0 {
		t.Fatalf("publish: exit %d %s %s", code, out, errs)
	}
	if !strings.Contains(errs, "warning:") || !strings.Contains(errs, "is already past: published now, it will send nothing") {
		t.Fatalf("no warning of the past window:\nstdout %s\nstderr %s", out, errs)
	}
}
