package act

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/campaignaction"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
)

func TestPublishADraftOnce(t *testing.T) {
	e := clitest.Writes(t, NewCmdPublish)
	id := e.ID("June newsletter") // an Email draft
	var ans campaignaction.Answer
	r := e.Exec(id, "--yes", "--json")
	clitest.JSON(t, r.Out, &ans)
	if r.Code != 0 || ans.From != "DRAFT" || (ans.Status != "ACTIVE" && ans.Status != "SCHEDULED") {
		t.Fatalf("publish: exit %d %+v %s", r.Code, ans, r.Err)
	}
	if r = e.Exec(id, "--yes"); r.Code != 1 || !strings.Contains(r.Err, "only a draft") {
		t.Fatalf("publish of a live campaign: exit %d %q", r.Code, r.Err)
	}
	// A draft that fails the publish checks is refused with its problems.
	dev := e.ID("Workout timer reminder")
	if r = e.Exec(dev, "--yes"); r.Code == 1 && !strings.Contains(r.Err, "publish checks") && !strings.Contains(r.Err, "409") {
		t.Fatalf("publish of an incomplete draft: exit %d %q", r.Code, r.Err)
	}
}

// Without a terminal and without --yes nothing is sent (exit 2); a bad
// --features is refused before the service is opened.
func TestPublishNeedsAConfirmation(t *testing.T) {
	e := clitest.Reads(t, NewCmdPublish)
	id := e.ID("June newsletter")
	if r := e.Exec(id); r.Code != 2 || !strings.Contains(r.Err, "--yes") {
		t.Fatalf("no confirmation: exit %d %q", r.Code, r.Err)
	}
	ran := false
	if r := e.Do(NewCmdPublish(e.F, func(*PublishOptions) error { ran = true; return nil }), id, "--features", "teleport"); r.Code != 2 || ran || !strings.Contains(r.Err, "teleport") {
		t.Fatalf("--features teleport: exit %d ran %v %q", r.Code, ran, r.Err)
	}
}

// A draft whose send window has already passed is published all the same
// (the service does), but `campaigns publish` says first that it will send
// nothing: a warning, not a refusal.
func TestPublishWarnsOfAPastWindowOnTheCommandLine(t *testing.T) {
	e := clitest.Writes(t, NewCmdPublish)
	body, err := os.ReadFile("../../../../testdata/campaigns/push_one_time.json") // 21–23 Jun 2026: past
	if err != nil {
		t.Fatal(err)
	}
	var c model.Campaign
	if err := json.Unmarshal(body, &c); err != nil {
		t.Fatal(err)
	}
	res, err := e.SB.Client.Create(context.Background(), &c)
	if err != nil {
		t.Fatal(err)
	}
	r := e.Exec(res.ID, "--yes")
	if r.Code != 0 {
		t.Fatalf("publish: exit %d %s %s", r.Code, r.Out, r.Err)
	}
	if !strings.Contains(r.Err, "warning:") || !strings.Contains(r.Err, "is already past: published now, it will send nothing") {
		t.Fatalf("no warning of the past window:\nstdout %s\nstderr %s", r.Out, r.Err)
	}
}
