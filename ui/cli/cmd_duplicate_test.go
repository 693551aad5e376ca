package cli

import (
	"strings"
	"testing"
)

// campaigns duplicate ID prints the new draft's id; the copy is named
// "NAME (copy)" (or --name) and created by the author given; an SMS
// campaign is refused with the reason, and no author is a usage error.
func TestDuplicateCommand(t *testing.T) {
	e := newScriptEnv(t)
	src := e.idOf("June newsletter")
	code, out, errs := e.run("", "duplicate", src, "--author", "ana@example.com")
	id := strings.TrimSpace(out)
	if code != 0 || id == "" || id == src || strings.Contains(id, "\n") {
		t.Fatalf("exit %d, stdout %q\n%s", code, out, errs)
	}
	if !strings.Contains(errs, `"June newsletter (copy)"`) || !strings.Contains(errs, "workspace") {
		t.Errorf("the summary does not say what was made where: %q", errs)
	}
	var got map[string]any
	code, out, _ = e.run("", "get", id, "--json")
	e.mustJSON(out, &got)
	bd, _ := got["basic_details"].(map[string]any)
	if code != 0 || bd["name"] != "June newsletter (copy)" || got["status"] != "DRAFT" || got["created_by"] != "ana@example.com" {
		t.Fatalf("the copy: exit %d name %v status %v by %v", code, bd["name"], got["status"], got["created_by"])
	}

	code, out, _ = e.run("", "duplicate", src, "--author", "ana@example.com", "--name", "Week 2", "--json")
	var ans duplicateAnswer
	e.mustJSON(out, &ans)
	if code != 0 || ans.Name != "Week 2" || ans.From != src || ans.CampaignID == "" || ans.Workspace == "" {
		t.Fatalf("--name --json: exit %d %+v", code, ans)
	}

	sms := e.idOf("Delivery window reminder (SMS)")
	code, _, errs = e.run("", "duplicate", sms, "--author", "ana@example.com")
	if code != 1 || !strings.Contains(errs, "SMS") {
		t.Fatalf("SMS: exit %d %q", code, errs)
	}
	t.Setenv("CAMPAIGNS_AUTHOR", "")
	code, _, errs = e.run("", "duplicate", src)
	if code != 2 || !strings.Contains(errs, "--author") {
		t.Fatalf("no author: exit %d %q", code, errs)
	}
}
