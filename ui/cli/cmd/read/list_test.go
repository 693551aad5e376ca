package read

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
)

// The flags become the search request; a value a flag does not take, or
// two flags that exclude each other, are refused before anything is sent.
func TestListFlagsBecomeTheSearch(t *testing.T) {
	e := clitest.Reads(t, NewCmdList)
	got, code, err := e.Parse("--status", "paused,active", "--channel", "push", "--tag", "a,b", "--page", "3", "--archived")
	if code != 0 {
		t.Fatalf("exit %d: %v", code, err)
	}
	cf := got.Request.CampaignFields
	if strings.Join(cf.Status, ",") != "PAUSED,ACTIVE" || strings.Join(cf.Channels, ",") != "PUSH" || strings.Join(cf.Tags, ",") != "a,b" ||
		got.Page != 3 || got.All || !got.Request.IncludeArchiveCampaigns {
		t.Fatalf("options: %+v %+v", got, cf)
	}
	if got, _, err = e.Parse(); got == nil {
		t.Fatal(err)
	}
	if s := strings.Join(got.Request.CampaignFields.Status, ","); strings.Contains(s, "ARCHIVED") || !strings.Contains(s, "DRAFT") {
		t.Fatalf("default states: %s (drafts in, archived out)", s)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--status", "sleeping"}, `"SLEEPING"`},
		{[]string{"--page", "0"}, "--page must be 1 or more"},
		{[]string{"--page", "2", "--all"}, "[all page]"},
		{[]string{"--jq", ".[] | select(.status == )"}, `unexpected token ")" at position 25`},
		{[]string{"--json", "nosuch"}, `unknown JSON field "nosuch"`},
		{[]string{"--jq", ".", "--template", "{{.}}"}, "give one"},
	} {
		got, code, err := e.Parse(tc.args...)
		if code != 2 || got != nil || err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: exit %d, %v", tc.args, code, err)
		}
	}
}

// Piped, the table is tab-separated rows (as gh prints them), a header
// line only with --headers, and no notes; --json is the records as the
// service sent them; --jq prints strings raw.
func TestListRowsJSONAndJQ(t *testing.T) {
	e := clitest.Reads(t, NewCmdList)
	code, out, errs := e.Run()
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 15 || len(strings.Split(lines[0], "\t")) != 6 || !strings.Contains(out, "\tJune newsletter\tEMAIL\tONE_TIME\t") || strings.Contains(out, "--page 2") {
		t.Fatalf("tab-separated rows: exit %d\n%s\n%s", code, out, errs)
	}
	if strings.Contains(out, "\x1b[") || errs != "" {
		t.Fatalf("colour or noise when not a terminal:\n%q\n%q", out, errs)
	}
	if _, out, _ := e.Run("--headers"); !strings.HasPrefix(out, "CAMPAIGN ID\tNAME\tCHANNEL\tTYPE\tSTATUS\tUPDATED (UTC)\n") {
		t.Fatalf("--headers:\n%s", out)
	}

	var page []map[string]any
	code, out, _ = e.Run("--json")
	clitest.JSON(t, out, &page)
	if code != 0 || len(page) != 15 || !strings.HasPrefix(out, "[\n  {\n    \"id\": ") {
		t.Fatalf("--json: exit %d, %d records, not in the service's key order:\n%.80s", code, len(page), out)
	}
	var all []map[string]any
	_, out, _ = e.Run("--all", "--json")
	clitest.JSON(t, out, &all)
	drafts := 0
	for _, r := range all {
		switch r["status"] {
		case "ARCHIVED":
			t.Fatalf("archived campaign listed without --archived: %v", r["campaign_id"])
		case "DRAFT":
			drafts++
		}
		if r["basic_details"] == nil || r["campaign_id"] == nil {
			t.Fatalf("not the whole record: %v", r)
		}
	}
	if len(all) <= 15 || drafts == 0 {
		t.Fatalf("--all: %d records, %d drafts", len(all), drafts)
	}

	code, out, _ = e.Run("--all", "--status", "paused", "--jq", ".[] | .basic_details.name")
	if code != 0 || out != "Weekly picks\nMonthly statement\n" && out != "Monthly statement\nWeekly picks\n" {
		t.Fatalf("--jq raw strings: exit %d %q", code, out)
	}
	code, out, _ = e.Run("--status", "archived", "--channel", "email", "--jq", "[.[].status] | unique")
	if code != 0 || strings.Join(strings.Fields(out), "") != `["ARCHIVED"]` {
		t.Fatalf("archived filter: exit %d %q", code, out)
	}
}

// --json FIELDS prints only those fields; --template formats with gh's
// helpers, columns aligned by tablerow.
func TestListJSONFieldsAndTemplatesLikeGh(t *testing.T) {
	e := clitest.Reads(t, NewCmdList)
	var recs []map[string]any
	code, out, errs := e.Run("--json", "campaign_id,status")
	clitest.JSON(t, out, &recs)
	if code != 0 || len(recs) != 15 || len(recs[0]) != 2 || recs[0]["status"] == nil {
		t.Fatalf("--json FIELDS: exit %d %s\n%s", code, errs, out)
	}
	tpl := `{{range .}}{{tablerow .campaign_id (truncate 12 .basic_details.name) .status}}{{end}}`
	code, out, errs = e.Run("--template", tpl)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 15 || !strings.Contains(out, "June newsle…") {
		t.Fatalf("--template with tablerow: exit %d %s\n%s", code, errs, out)
	}
	for _, l := range lines { // ids are 24 characters, then the column gap
		if r := []rune(l); len(r) < 41 || string(r[24:26]) != "  " || string(r[38:40]) != "  " || r[40] == ' ' {
			t.Fatalf("tablerow columns are not aligned:\n%s", out)
		}
	}
}

// In a versioned workspace the search answers every version of a
// campaign under one campaign_id: the table says which version each row is.
func TestListTellsVersionsApart(t *testing.T) {
	e := clitest.Writes(t, NewCmdList)
	id := e.ID("Weekly picks")
	name := "Weekly picks, renamed"
	if _, err := e.SB.Client.Patch(context.Background(), id, &model.Campaign{BasicDetails: &model.BasicDetails{Name: &name}}); err != nil {
		t.Fatal(err)
	}
	code, out, errs := e.Run("--name", "weekly picks")
	if code != 0 {
		t.Fatalf("list: %d %s", code, errs)
	}
	if !strings.Contains(out, id+" v1") || !strings.Contains(out, id+" v2") {
		t.Errorf("versions not told apart:\n%s", out)
	}
}

// A short 429 is waited out by the client; the command says so on stderr
// (so the pause is not taken for a hang) and stdout stays clean JSON.
func TestListAnnouncesRateLimitWaits(t *testing.T) {
	e := clitest.Reads(t, NewCmdList)
	upstream, _ := url.Parse(e.SB.URL)
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) == 1 {
			w.Header().Set("Retry-After", "1")
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusTooManyRequests)
			_, _ = w.Write([]byte(`{"error":{"code":"RATE_LIMITED","message":"Rate limit exceeded."}}`))
			return
		}
		clitest.Proxy(upstream).ServeHTTP(w, r)
	}))
	defer srv.Close()
	code, out, errs := clitest.Runner(clitest.New(t, &clitest.Sandbox{URL: srv.URL}), NewCmdList)("--json")
	var page []map[string]any
	clitest.JSON(t, out, &page)
	if code != 0 || len(page) == 0 {
		t.Fatalf("exit %d, %d records; stderr %q", code, len(page), errs)
	}
	if !strings.Contains(errs, "rate limit: 429 on POST /v5/campaigns/search; retrying in 1s") {
		t.Errorf("the wait is not announced on stderr: %q", errs)
	}
	if n.Load() != 2 {
		t.Errorf("%d requests, want the refused one and its retry", n.Load())
	}
}

// A service that cannot be reached is exit 2, naming the address tried
// (after the client's retries).
func TestListNamesAnUnreachableService(t *testing.T) {
	t.Parallel()
	code, _, errs := clitest.Runner(clitest.New(t, &clitest.Sandbox{URL: "http://127.0.0.1:9"}), NewCmdList)()
	if code != 2 || !strings.Contains(errs, "cannot reach the service at http://127.0.0.1:9") {
		t.Fatalf("exit %d %q", code, errs)
	}
}
