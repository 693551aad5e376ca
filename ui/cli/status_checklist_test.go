package cli

import (
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
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

	cmdutil.ForceTerminal = true
	t.Setenv("NO_COLOR", "1")
	defer func() { cmdutil.ForceTerminal = false }()
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
