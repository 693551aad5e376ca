package read

import (
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
)

// One ID, with --json FIELDS after it; a --jq that does not compile is
// refused before anything is read.
func TestGetFlagsAndArguments(t *testing.T) {
	e := clitest.Reads(t, NewCmdGet)
	got, code, err := e.Parse("c1", "--json", "status,channel")
	if code != 0 {
		t.Fatal(err)
	}
	if got.ID != "c1" || !got.Output.Machine() || got.Output.Raw() {
		t.Fatalf("options: %+v", got)
	}
	for _, args := range [][]string{{}, {"a", "b"}, {"c1", "--jq", ".["}} {
		if got, code, _ := e.Parse(args...); code != 2 || got != nil {
			t.Errorf("%v: exit %d", args, code)
		}
	}
}

// A summary with the checklist on a terminal; --json the record as the
// service sent it, key order too; --jq filters it; an unknown id is the
// service's 404 (exit 1).
func TestGetSummaryJSONAndJQ(t *testing.T) {
	e := clitest.Reads(t, NewCmdGet)
	id := e.ID("Weekly picks")
	code, out, errs := e.Run(id)
	if code != 0 || !strings.Contains(out, "Weekly picks") || !strings.Contains(out, "PAUSED") || !strings.Contains(out, "resume") ||
		!strings.Contains(out, "Will it send?") {
		t.Fatalf("get summary: exit %d\n%s%s", code, out, errs)
	}
	var rec map[string]any
	code, out, _ = e.Run(id, "--json")
	clitest.JSON(t, out, &rec)
	if code != 0 || rec["campaign_id"] != id || rec["campaign_content"] == nil || !strings.HasPrefix(out, "{\n  \"id\": ") {
		t.Fatalf("get --json: exit %d %.80s", code, out)
	}
	code, out, _ = e.Run(id, "--jq", ".scheduling_details.time_zone") // past DRAFT: the read form
	if code != 0 || out != "Asia/Singapore\n" {
		t.Fatalf("get --jq: %d %q", code, out)
	}
	code, out, errs = e.Run("0000000000000000deadbeef")
	if code != 1 || out != "" || !strings.Contains(errs, "404") || !strings.Contains(errs, "Campaign not found") {
		t.Fatalf("unknown id: exit %d %q %q", code, out, errs)
	}
}

// --json FIELDS prints only those fields (dotted ones by their path);
// --template formats with gh's helpers.
func TestGetJSONFieldsAndTemplatesLikeGh(t *testing.T) {
	e := clitest.Reads(t, NewCmdGet)
	id := e.ID("June newsletter")
	var rec map[string]any
	_, out, _ := e.Run(id, "--json=channel,basic_details.name")
	clitest.JSON(t, out, &rec)
	if len(rec) != 2 || rec["channel"] != "EMAIL" || rec["basic_details.name"] != "June newsletter" {
		t.Fatalf("get --json=FIELDS: %s", out)
	}
	_, out, _ = e.Run(id, "--template", `{{.basic_details.name}} changed {{timeago .updated_at}}`)
	if !strings.HasPrefix(out, "June newsletter changed ") || !strings.HasSuffix(strings.TrimSpace(out), "ago") {
		t.Fatalf("timeago: %q", out)
	}
	if code, _, errs := e.Run(id, "--template", "{{.nope"); code != 2 || !strings.Contains(errs, "--template") {
		t.Fatalf("bad template: exit %d %s", code, errs)
	}
}

// The summary ends with the command to run next, with the real id to copy;
// an SMS campaign offers no action that status would refuse.
func TestGetSummaryNamesTheNextCommand(t *testing.T) {
	e := clitest.Reads(t, NewCmdGet)
	id := e.ID("Summer sale kickoff")
	if code, out, errs := e.Run(id); code != 0 || !strings.Contains(out, "publish  (campaigns publish "+id+")") {
		t.Fatalf("get: exit %d\n%s\n%s", code, out, errs)
	}
	sms := e.ID("Delivery window reminder (SMS)")
	if code, out, errs := e.Run(sms); code != 0 || strings.Contains(out, "campaigns status") || !strings.Contains(out, "SMS campaigns can be read but not") {
		t.Fatalf("get SMS: exit %d\n%s%s", code, out, errs)
	}
}

func TestWrapListBreaksAfterCommas(t *testing.T) {
	t.Parallel()
	v := "basic_details, campaign_content, segmentation_details, scheduling_details"
	got := wrapList(v, 50, 15)
	want := "basic_details, campaign_content,\n               segmentation_details,\n               scheduling_details"
	if got != want {
		t.Errorf("wrapList = %q, want %q", got, want)
	}
	for _, l := range strings.Split(got, "\n") {
		if 15+len(strings.TrimLeft(l, " ")) > 50 {
			t.Errorf("line %q passes 50 columns", l)
		}
	}
	if wrapList(v, 0, 15) != v || wrapList("a, b", 80, 15) != "a, b" {
		t.Error("wrapped without a width or when it fits")
	}
}
