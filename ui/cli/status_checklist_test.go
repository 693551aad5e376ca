package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// `campaigns status ID` (no action) says whether it will send and why not,
// and exits 0: the checklist is information.
func TestStatusPrintsTheChecklist(t *testing.T) {
	e := newScriptEnv(t)
	id := e.idOf("Weekly picks") // the demo's paused periodic campaign
	code, out, errOut := e.run("", "status", id, "--json")
	if code != 0 {
		t.Fatalf("status --json: exit %d\n%s%s", code, out, errOut)
	}
	var got struct {
		Status string `json:"status"`
		Checks []struct {
			Check  string `json:"check"`
			OK     *bool  `json:"ok"`
			Detail string `json:"detail"`
		} `json:"checks"`
	}
	e.mustJSON(out, &got)
	if got.Status != "PAUSED" || len(got.Checks) < 3 {
		t.Fatalf("status %q, checks %+v", got.Status, got.Checks)
	}
	byName := map[string]string{}
	for _, c := range got.Checks {
		if c.OK == nil || c.Detail == "" {
			t.Fatalf("a check without ok or detail: %s", out)
		}
		if !*c.OK {
			byName[c.Check] = c.Detail
		}
	}
	if !strings.HasPrefix(byName["state"], "PAUSED: it sends nothing") || !strings.HasPrefix(byName["changed by"], "paused by ") {
		t.Fatalf("the checklist does not say it is paused and by whom:\n%s", out)
	}

	forceTerminal = true
	t.Setenv("NO_COLOR", "1")
	defer func() { forceTerminal = false }()
	code, out, _ = e.run("", "status", id)
	if code != 0 || !strings.Contains(out, "Weekly picks  PAUSED") || !strings.Contains(out, "✗ state: PAUSED: it sends nothing until it is resumed") {
		t.Fatalf("status on a terminal: exit %d\n%s", code, out)
	}
	// get on a terminal carries the same checklist; get --json stays the record.
	code, out, _ = e.run("", "get", id)
	if code != 0 || !strings.Contains(out, "Will it send?") || !strings.Contains(out, "✗ changed by: paused by ") {
		t.Fatalf("get on a terminal: exit %d\n%s", code, out)
	}
	code, out, _ = e.run("", "get", id, "--json")
	if code != 0 || strings.Contains(out, "checks") || strings.Contains(out, "Will it send") {
		t.Fatalf("get --json is not the record alone: exit %d\n%s", code, out)
	}
	// An action is still an action: a wrong one is refused as before.
	if code, _, _ = e.run("", "status", id, "explode"); code != 2 {
		t.Fatalf("status ID explode: exit %d, want 2", code)
	}
}

// `diff --versions ID A B` compares two versions component by component:
// exit 0 same, 1 different, 2 a version that does not exist.
func TestDiffComparesTwoVersions(t *testing.T) {
	e := newScriptEnv(t)
	id := e.idOf("Cart abandonment nudge") // ACTIVE, event-triggered
	dir := t.TempDir()
	if code, _, errOut := e.run("", "export", id, "--dir", dir); code != 0 {
		t.Fatalf("export: exit %d %s", code, errOut)
	}
	file := filepath.Join(dir, id+".json")
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var rec map[string]any
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	rec["basic_details"].(map[string]any)["name"] = "Cart abandonment nudge, v2"
	data, _ = json.Marshal(rec)
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := e.run("", "apply", dir, "--confirm"); code != 0 {
		t.Fatalf("apply: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut := e.run("", "diff", "--versions", id, "1", "2")
	if code != 1 || !strings.Contains(out, "v1 → v2: 1 component differ") && !strings.Contains(out, "basic_details") ||
		!strings.Contains(out, `basic_details.name: “Cart abandonment nudge” → “Cart abandonment nudge, v2”`) || !strings.Contains(out, `+  "name": "Cart abandonment nudge, v2"`) {
		t.Fatalf("diff --versions 1 2: exit %d\n%s%s", code, out, errOut)
	}
	code, out, _ = e.run("", "diff", "--versions", id, "1", "2", "--json")
	var got struct {
		From, To   int64
		Components []struct {
			Component string   `json:"component"`
			Changes   []string `json:"changes"`
		} `json:"components"`
	}
	e.mustJSON(out, &got)
	if code != 1 || got.From != 1 || got.To != 2 || len(got.Components) != 1 || got.Components[0].Component != "basic_details" {
		t.Fatalf("diff --versions --json: exit %d\n%s", code, out)
	}
	if code, out, _ = e.run("", "diff", "--versions", id, "2", "2"); code != 0 || !strings.Contains(out, "are the same") {
		t.Fatalf("the same version: exit %d\n%s", code, out)
	}
	if code, _, errOut = e.run("", "diff", "--versions", id, "1", "9"); code != 2 || !strings.Contains(errOut, "has no version 9; it has") {
		t.Fatalf("a missing version: exit %d\n%s", code, errOut)
	}
	if code, _, _ = e.run("", "diff", "--versions", id, "1"); code != 2 {
		t.Fatalf("one version only: exit %d, want 2", code)
	}
}
