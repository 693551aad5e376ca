package act

import (
	"context"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
)

// duplicate ID prints the new draft's id; the copy is named "NAME (copy)"
// (or --name) and created by the author given; an SMS campaign is refused
// with the reason, and no author is a usage error.
func TestDuplicateMakesADraftByTheAuthor(t *testing.T) {
	e := clitest.Writes(t, NewCmdDuplicate)
	src := e.ID("June newsletter")
	code, out, errs := e.Run(src, "--author", "ana@example.com")
	id := strings.TrimSpace(out)
	if code != 0 || id == "" || id == src || strings.Contains(id, "\n") {
		t.Fatalf("exit %d, stdout %q\n%s", code, out, errs)
	}
	if !strings.Contains(errs, `"June newsletter (copy)"`) || !strings.Contains(errs, "workspace") {
		t.Errorf("the summary does not say what was made where: %q", errs)
	}
	got, err := e.SB.Client.Get(context.Background(), id)
	if err != nil || model.Str(got.BasicDetails.Name) != "June newsletter (copy)" || model.Str(got.Status) != "DRAFT" || model.Str(got.CreatedBy) != "ana@example.com" {
		t.Fatalf("the copy: %v %+v", err, got)
	}

	e.Setenv("CAMPAIGNS_AUTHOR", "ana@example.com")
	code, out, _ = e.Run(src, "--name", "Week 2", "--json")
	var ans DuplicateAnswer
	clitest.JSON(t, out, &ans)
	if code != 0 || ans.Name != "Week 2" || ans.From != src || ans.CampaignID == "" || ans.Workspace == "" {
		t.Fatalf("--name --json: exit %d %v %+v", code, err, ans)
	}

	sms := e.ID("Delivery window reminder (SMS)")
	if code, _, errs := e.Run(sms); code != 1 || !strings.Contains(errs, "SMS") {
		t.Fatalf("SMS: exit %d %s", code, errs)
	}
	e.Setenv("CAMPAIGNS_AUTHOR", "")
	if code, _, errs := e.Run(src); code != 2 || !strings.Contains(errs, "--author") {
		t.Fatalf("no author: exit %d %s", code, errs)
	}
}
