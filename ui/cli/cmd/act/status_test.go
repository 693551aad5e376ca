package act

import (
	"context"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/campaignaction"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
)

// statusOf is the campaign's status on the sandbox now.
func statusOf(t *testing.T, sb *clitest.Sandbox, id string) string {
	t.Helper()
	c, err := sb.Client.Get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return model.Str(c.Status)
}

// The arguments become the options: the action upper-cased, none for the
// checklist; an unknown action is a usage mistake.
func TestStatusArguments(t *testing.T) {
	e := clitest.Offline(t, NewCmdStatus)
	var got *StatusOptions
	keep := func(o *StatusOptions) error { got = o; return nil }
	if r := e.Do(NewCmdStatus(e.F, keep), "ID", "resume", "--yes", "--json"); r.Code != 0 || got.ID != "ID" || got.Action != "RESUME" || !got.Yes || !got.JSON {
		t.Fatalf("exit %d %+v", r.Code, got)
	}
	if r := e.Do(NewCmdStatus(e.F, keep), "ID", "--jq", ".status"); r.Code != 0 || got.Action != "" || got.JQ != ".status" {
		t.Fatalf("the checklist: exit %d %+v", r.Code, got)
	}
	for _, args := range [][]string{{"ID", "explode"}, {"ID", "publish"}, {}, {"ID", "pause", "extra"}} {
		if r := e.Do(NewCmdStatus(e.F, keep), args...); r.Code != 2 {
			t.Errorf("%v: exit %d, want 2", args, r.Code)
		}
	}
}

func TestStatusRefusedConfirmedAndJSON(t *testing.T) {
	e := clitest.Writes(t, NewCmdStatus)
	id := e.ID("Weekly picks") // PERIODIC, PAUSED

	// PAUSE is not allowed in PAUSED: refused locally, nothing sent.
	r := e.Exec(id, "pause", "--yes")
	if r.Code != 1 || !strings.Contains(r.Err, "refused before sending") || !strings.Contains(r.Err, "PAUSED") {
		t.Fatalf("pause of paused: exit %d %q", r.Code, r.Err)
	}
	// No terminal and no --yes: a usage error, nothing sent.
	r = e.Exec(id, "resume")
	if r.Code != 2 || !strings.Contains(r.Err, "--yes") {
		t.Fatalf("no confirmation: exit %d %q", r.Code, r.Err)
	}
	if st := statusOf(t, e.SB, id); st != "PAUSED" {
		t.Fatalf("something was sent: %q", st)
	}
	r = e.Exec(id, "resume", "--yes")
	if r.Code != 0 || !strings.Contains(r.Out, "PAUSED → ACTIVE") {
		t.Fatalf("resume: exit %d %q %q", r.Code, r.Out, r.Err)
	}
	var ans campaignaction.Answer
	r = e.Exec(id, "pause", "--yes", "--json")
	clitest.JSON(t, r.Out, &ans)
	if r.Code != 0 || ans.Status != "PAUSED" || ans.From != "ACTIVE" || ans.CampaignID != id || ans.Workspace != "SANDBOX" {
		t.Fatalf("pause --json: exit %d %+v", r.Code, ans)
	}
}

func TestStatusAsksOnATerminal(t *testing.T) {
	e := clitest.Writes(t, NewCmdStatus)
	e.Terminal()
	id := e.ID("Monthly statement") // PAUSED
	e.Stdin("n\n")
	r := e.Exec(id, "resume")
	if r.Code != 1 || !strings.Contains(r.Out, `Resume "Monthly statement"`) || !strings.Contains(r.Out, "[y/N]") {
		t.Fatalf("declined: exit %d %q", r.Code, r.Out)
	}
	if st := statusOf(t, e.SB, id); st != "PAUSED" {
		t.Fatalf("declined, yet sent: %q", st)
	}
	e.Stdin("y\n")
	r = e.Exec(id, "resume")
	if r.Code != 0 || !strings.Contains(r.Out, "ACTIVE") {
		t.Fatalf("confirmed: exit %d %q", r.Code, r.Out)
	}
}

// `campaigns status ID` (no action) says whether it will send and why not,
// and exits 0: the checklist is information.
func TestStatusPrintsTheChecklist(t *testing.T) {
	e := clitest.Reads(t, NewCmdStatus)
	id := e.ID("Weekly picks") // the demo's paused periodic campaign
	r := e.Exec(id, "--json")
	if r.Code != 0 {
		t.Fatalf("status --json: exit %d\n%s%s", r.Code, r.Out, r.Err)
	}
	var got struct {
		Status string `json:"status"`
		Checks []struct {
			Check  string `json:"check"`
			OK     *bool  `json:"ok"`
			Detail string `json:"detail"`
		} `json:"checks"`
	}
	clitest.JSON(t, r.Out, &got)
	if got.Status != "PAUSED" || len(got.Checks) < 3 {
		t.Fatalf("status %q, checks %+v", got.Status, got.Checks)
	}
	byName := map[string]string{}
	for _, c := range got.Checks {
		if c.OK == nil || c.Detail == "" {
			t.Fatalf("a check without ok or detail: %s", r.Out)
		}
		if !*c.OK {
			byName[c.Check] = c.Detail
		}
	}
	if !strings.HasPrefix(byName["state"], "PAUSED: it sends nothing") || !strings.HasPrefix(byName["changed by"], "paused by ") {
		t.Fatalf("the checklist does not say it is paused and by whom:\n%s", r.Out)
	}
	if r = e.Exec(id, "--jq", ".checks[0].check"); r.Code != 0 || r.Out != "state\n" {
		t.Fatalf("--jq: exit %d %q", r.Code, r.Out)
	}

	e.Terminal().Setenv("NO_COLOR", "1")
	r = e.Exec(id)
	if r.Code != 0 || !strings.Contains(r.Out, "Weekly picks  PAUSED") || !strings.Contains(r.Out, "✗ state: PAUSED: it sends nothing until it is resumed") {
		t.Fatalf("status on a terminal: exit %d\n%s", r.Code, r.Out)
	}
}
