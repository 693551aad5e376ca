package read

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
)

func TestMetaSummaryAndJQ(t *testing.T) {
	e := clitest.Reads(t, NewCmdMeta)
	id := e.ID("Weekly picks")
	if code, out, _ := e.Run(id, "--jq", ".campaign_name"); code != 0 || out != "Weekly picks\n" {
		t.Fatalf("meta --jq: %d %q", code, out)
	}
	if code, out, _ := e.Run(id); code != 0 || !strings.Contains(out, "PERIODIC") {
		t.Fatalf("meta: %d %q", code, out)
	}
	if code, _, errs := e.Run("0000000000000000deadbeef"); code != 1 || !strings.Contains(errs, "Campaign not found") {
		t.Fatalf("meta unknown id: exit %d %q", code, errs)
	}
	if got, code, _ := e.Parse(); code != 2 || got != nil {
		t.Fatalf("no id: exit %d", code)
	}
}

// Meta of a draft by its id answers and shows its rejection comment, made
// inert for the terminal.
func TestMetaFindsADraft(t *testing.T) {
	e := clitest.Writes(t, NewCmdMeta)
	b, _ := os.ReadFile("../../../../testdata/campaigns/push_one_time.json")
	c, _ := model.Decode(b)
	c.RequestID = nil
	c.Extra.SetUnknown("rejection_comment", "Legal: drop the \x1b[31mprice\x1b[0m claim")
	res, err := e.SB.Client.Create(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	code, out, errs := e.Run(res.ID)
	if code != 0 || !strings.Contains(out, "DRAFT") || !strings.Contains(out, "Legal: drop the price claim") || strings.Contains(out, "\x1b") {
		t.Fatalf("meta of a draft: exit %d\n%q%s", code, out, errs)
	}
	var row map[string]any
	code, out, _ = e.Run(res.ID, "--json")
	if json.Unmarshal([]byte(out), &row); code != 0 || row["rejection_comment"] == nil {
		t.Fatalf("meta --json of a draft: exit %d %s", code, out)
	}
}
