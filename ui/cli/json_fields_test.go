package cli

import (
	"strings"
	"testing"
)

// --json FIELDS, --template and tab-separated rows, as gh users expect.
func TestJSONFieldsAndTemplatesLikeGh(t *testing.T) {
	e := newScriptEnv(t)
	id := e.idOf("June newsletter")
	var rec map[string]any
	_, out, _ := e.run("", "get", id, "--json=channel,basic_details.name")
	e.mustJSON(out, &rec)
	if len(rec) != 2 || rec["channel"] != "EMAIL" || rec["basic_details.name"] != "June newsletter" {
		t.Fatalf("get --json=FIELDS: %s", out)
	}
	// Plain --json: whole records, as the contract says.
	_, out, _ = e.run("", "get", id, "--json")
	if !strings.Contains(out, `"campaign_content"`) {
		t.Fatalf("plain --json is not the whole record:\n%.200s", out)
	}
	_, out, _ = e.run("", "get", id, "--template", `{{.basic_details.name}} changed {{timeago .updated_at}}`)
	if !strings.HasPrefix(out, "June newsletter changed ") || !strings.HasSuffix(strings.TrimSpace(out), "ago") {
		t.Fatalf("timeago: %q", out)
	}
	if code, _, errs := e.run("", "get", id, "--template", "{{.nope"); code != 2 || !strings.Contains(errs, "--template") {
		t.Fatalf("bad template: exit %d %s", code, errs)
	}
}
