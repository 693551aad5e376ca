package cli

import (
	"strings"
	"testing"
)

// --json FIELDS, --template and tab-separated rows, as gh users expect.
func TestJSONFieldsAndTemplatesLikeGh(t *testing.T) {
	e := newScriptEnv(t)
	id := e.idOf("June newsletter")
	var recs []map[string]any
	code, out, errs := e.run("", "list", "--json", "campaign_id,status")
	e.mustJSON(out, &recs)
	if code != 0 || len(recs) != 15 || len(recs[0]) != 2 || recs[0]["status"] == nil {
		t.Fatalf("--json FIELDS: exit %d %s\n%s", code, errs, out)
	}
	var rec map[string]any
	_, out, _ = e.run("", "get", id, "--json=channel,basic_details.name")
	e.mustJSON(out, &rec)
	if len(rec) != 2 || rec["channel"] != "EMAIL" || rec["basic_details.name"] != "June newsletter" {
		t.Fatalf("get --json=FIELDS: %s", out)
	}
	code, _, errs = e.run("", "list", "--json", "nosuch")
	if code != 2 || !strings.Contains(errs, `unknown JSON field "nosuch"`) || !strings.Contains(errs, "campaign_delivery_type") {
		t.Fatalf("unknown field: exit %d %s", code, errs)
	}
	// Plain --json: whole records, as the contract says.
	_, out, _ = e.run("", "get", id, "--json")
	if !strings.Contains(out, `"campaign_content"`) {
		t.Fatalf("plain --json is not the whole record:\n%.200s", out)
	}
	tpl := `{{range .}}{{tablerow .campaign_id (truncate 12 .basic_details.name) .status}}{{end}}`
	code, out, errs = e.run("", "list", "--template", tpl)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 15 || !strings.Contains(out, "June newsle…") {
		t.Fatalf("--template with tablerow: exit %d %s\n%s", code, errs, out)
	}
	for _, l := range lines { // ids are 24 characters, then the column gap
		if r := []rune(l); len(r) < 41 || string(r[24:26]) != "  " || string(r[38:40]) != "  " || r[40] == ' ' {
			t.Fatalf("tablerow columns are not aligned:\n%s", out)
		}
	}
	_, out, _ = e.run("", "get", id, "--template", `{{.basic_details.name}} changed {{timeago .updated_at}}`)
	if !strings.HasPrefix(out, "June newsletter changed ") || !strings.HasSuffix(strings.TrimSpace(out), "ago") {
		t.Fatalf("timeago: %q", out)
	}
	if code, _, errs := e.run("", "get", id, "--template", "{{.nope"); code != 2 || !strings.Contains(errs, "--template") {
		t.Fatalf("bad template: exit %d %s", code, errs)
	}
}
