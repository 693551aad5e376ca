package cli

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
)

// servedSandbox serves a seeded sandbox on loopback and points the env's
// commands at it (--base-url, --workspace-id, CAMPAIGNS_API_KEY); requests
// counts what reached it.
func servedSandbox(t *testing.T, e *scriptEnv) (requests *atomic.Int64, url string) {
	t.Helper()
	// No rate limits: the commands pace themselves, and the tests' own
	// reads (exportAll) need not wait.
	s, err := sandbox.Open(sandbox.Config{Seed: true, NoRateLimits: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	requests = new(atomic.Int64)
	h := s.Handler()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	ws := sandbox.DefaultWorkspace()
	t.Setenv("CAMPAIGNS_API_KEY", ws.Key)
	e.base = []string{"--base-url", srv.URL, "--workspace-id", ws.ID}
	return requests, srv.URL
}

// exportAll writes every campaign of the sandbox at url into dir, as a
// repository holds them after `campaigns export` (unpaced: the sandbox
// of a test has no limits to keep).
func exportAll(t *testing.T, url, dir string) map[string]string {
	t.Helper()
	ws := sandbox.DefaultWorkspace()
	client, err := api.New(api.Config{BaseURL: url, WorkspaceID: ws.ID, APIKey: ws.Key})
	if err != nil {
		t.Fatal(err)
	}
	return (&clitest.Sandbox{URL: url, Client: client}).Export(t, dir)
}

// edit replaces text in a campaign file.
func edit(t *testing.T, path, from, to string) {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(raw, []byte(from)) {
		t.Fatalf("%s has no %s", path, from)
	}
	if err := os.WriteFile(path, bytes.Replace(raw, []byte(from), []byte(to), 1), 0o644); err != nil {
		t.Fatal(err)
	}
}

// The example from the command line: a colleague renames the
// campaign; my file changes its tags and utm_params. Nothing conflicts,
// apply sends the merged components; then a real conflict shows its three
// values, and --force wins on that field only.
func TestThreeWayApplyFromTheCommandLine(t *testing.T) {
	e := newScriptEnv(t)
	id := e.idOf("Summer sale kickoff")
	mine, theirs := e.exportTwice(id)
	if _, err := os.Stat(filepath.Join(mine, ".campaigns", id+".json")); err != nil {
		t.Fatalf("export kept no base: %v", err)
	}
	edit(t, filepath.Join(theirs, id+".json"), `"name": "Summer sale kickoff"`, `"name": "Summer sale kickoff (legal)"`)
	if code, out, errs := e.run("", "apply", theirs, "--confirm"); code != 0 {
		t.Fatalf("their apply: %d %s %s", code, out, errs)
	}
	f := filepath.Join(mine, id+".json")
	edit(t, f, `"sale"`, `"sale",
      "q3"`)
	edit(t, f, `"utm_campaign": "summer_sale"`, `"utm_campaign": "summer_sale_b"`)
	code, out, _ := e.run("", "diff", mine)
	if code != 1 || strings.Contains(out, "conflict") || !strings.Contains(out, "utm_params") || !strings.Contains(out, `+  "utm_campaign": "summer_sale_b"`) {
		t.Fatalf("diff: exit %d\n%s", code, out)
	}
	if code, out, errs := e.run("", "apply", mine, "--confirm"); code != 0 || !strings.Contains(out, "updated basic_details, utm_params") {
		t.Fatalf("apply: exit %d\n%s\n%s", code, out, errs)
	}
	_, out, _ = e.run("", "get", id, "--jq", `[.basic_details.name, (.basic_details.tags|join(",")), .utm_params.utm_campaign] | join("|")`)
	if out != "Summer sale kickoff (legal)|summer,sale,q3|summer_sale_b\n" {
		t.Fatalf("merged: %q", out)
	}

	// Both rename it now.
	edit(t, filepath.Join(theirs, id+".json"), `"name": "Summer sale kickoff (legal)"`, `"name": "Theirs"`)
	edit(t, filepath.Join(theirs, id+".json"), `"team": "Growth"`, `"team": "Legal"`)
	if code, out, errs := e.run("", "apply", theirs, "--confirm"); code != 0 {
		t.Fatalf("their second apply: %d %s %s", code, out, errs)
	}
	edit(t, f, `"name": "Summer sale kickoff (legal)"`, `"name": "Mine"`)
	code, out, _ = e.run("", "diff", mine)
	if code != 1 || !strings.Contains(out, "conflict basic_details.name") || !strings.Contains(out, `base     "Summer sale kickoff (legal)"`) ||
		!strings.Contains(out, `file     "Mine"`) || !strings.Contains(out, `service  "Theirs"`) {
		t.Fatalf("conflict: exit %d\n%s", code, out)
	}
	t.Logf("conflict, as diff shows it:\n%s", out)
	if code, out, _ := e.run("", "apply", mine, "--confirm"); code != 1 || !strings.Contains(out, "conflict") {
		t.Fatalf("apply of a conflict: exit %d\n%s", code, out)
	}
	if code, out, errs := e.run("", "apply", mine, "--confirm", "--force"); code != 0 {
		t.Fatalf("forced: exit %d\n%s\n%s", code, out, errs)
	}
	_, out, _ = e.run("", "get", id, "--jq", `.basic_details.name + "|" + .basic_details.team`)
	if out != "Mine|Legal\n" {
		t.Fatalf("--force reverted a field the file did not change, or lost the file's: %q", out)
	}
}

// A removed file is reported; a duplicate campaign_id names both files.
func TestRemovedAndDuplicatedFilesAreNotInvisible(t *testing.T) {
	e := newScriptEnv(t)
	dir := t.TempDir()
	a, b := e.idOf("Summer sale kickoff"), e.idOf("June newsletter")
	if code, _, errs := e.run("", "export", a, b, "--dir", dir); code != 0 {
		t.Fatal(errs)
	}
	os.Remove(filepath.Join(dir, b+".json"))
	for _, cmd := range []string{"diff", "apply"} {
		code, out, errs := e.run("", cmd, dir)
		if code != 1 || !strings.Contains(out, "on the service, not in the repository") || !strings.Contains(out, b) {
			t.Fatalf("%s after a removal: exit %d\n%s\n%s", cmd, code, out, errs)
		}
	}
	if _, out, _ := e.run("", "get", b, "--jq", ".status"); out == "" {
		t.Fatal("the removed file's campaign was acted on")
	}
	copyPath := filepath.Join(dir, "copy.json")
	raw, _ := os.ReadFile(filepath.Join(dir, a+".json"))
	os.WriteFile(copyPath, raw, 0o644)
	code, _, errs := e.run("", "apply", dir, "--confirm")
	if code != 2 || !strings.Contains(errs, copyPath) || !strings.Contains(errs, filepath.Join(dir, a+".json")) {
		t.Fatalf("duplicate: exit %d\n%s", code, errs)
	}
}

// diff --json gives every differing field with its three values.
func TestDiffJSONGivesEveryField(t *testing.T) {
	e := newScriptEnv(t)
	dir := t.TempDir()
	id := e.idOf("Summer sale kickoff")
	e.run("", "export", id, "--dir", dir)
	edit(t, filepath.Join(dir, id+".json"), `"team": "Growth"`, `"team": "Brand"`)
	_, out, _ := e.run("", "diff", dir, "--json")
	var res []struct {
		Components []string
		Fields     []struct{ Path, Base, File, Service any }
	}
	e.mustJSON(out, &res)
	if len(res) != 1 || len(res[0].Fields) != 1 || res[0].Fields[0].Path != "basic_details.team" ||
		res[0].Fields[0].Base != "Growth" || res[0].Fields[0].File != "Brand" || res[0].Fields[0].Service != "Growth" {
		t.Fatalf("--json: %s", out)
	}
}

var annotation = regexp.MustCompile(`::error file=([^,]+),line=(\d+),col=(\d+),title=campaigns validate%3A ([^:]+)::(.*)`)

// --output github places each problem at its value; --output json is one
// object with totals, for every command.
func TestCIOutputsAnnotateAndTotal(t *testing.T) {
	e := newScriptEnv(t)
	dir := t.TempDir()
	id := e.idOf("Summer sale kickoff")
	e.run("", "export", id, "--dir", dir)
	f := filepath.Join(dir, id+".json")
	edit(t, f, `"https://cdn.example.com/img/summer-banner.png"`, `"ftp://cdn.example.com/img/summer-banner.png"`)
	code, out, errs := cli(t, "", "validate", "--output", "github", dir)
	m := annotation.FindStringSubmatch(out)
	if code != 1 || m == nil || m[1] != f || m[4] != "campaign_content.content.default.variation_1.push.android.basic_details.image_url" {
		t.Fatalf("annotations: exit %d\n%s\n%s", code, out, errs)
	}
	lines := strings.Split(string(must(os.ReadFile(f))), "\n")
	line, col := atoi(m[2]), atoi(m[3])
	if !strings.HasPrefix(lines[line-1][col-1:], `"ftp://`) {
		t.Fatalf("line %d column %d is %q", line, col, lines[line-1])
	}
	for _, cmd := range []string{"validate", "diff", "apply"} {
		run := e.run
		if cmd == "validate" {
			run = func(stdin string, args ...string) (int, string, string) { return cli(t, stdin, args...) }
		}
		_, out, _ := run("", cmd, dir, "--output", "json")
		var rep struct {
			Service, Workspace string
			Files              []map[string]any
			Totals             map[string]int
		}
		e.mustJSON(out, &rep)
		if len(rep.Files) != 1 || rep.Totals["files"] != 1 || (cmd != "validate" && (rep.Service != "the embedded sandbox" || rep.Workspace == "")) {
			t.Fatalf("%s --output json:\n%s", cmd, out)
		}
	}
}

// With a wrong key every command exits 2 after one refused request,
// instead of one 401 per file.
func TestRejectedCredentialsStopAtTheFirst401(t *testing.T) {
	e := newScriptEnv(t)
	dir := t.TempDir()
	requests, _ := servedSandbox(t, e)
	if code, _, errs := e.run("", "export", "--dir", dir); code != 0 {
		t.Fatal(errs)
	}
	t.Setenv("CAMPAIGNS_API_KEY", "wrong")
	for _, args := range [][]string{{"diff", dir}, {"apply", dir}, {"validate", dir}, {"get", "x"}, {"list"}} {
		before := requests.Load()
		code, _, errs := e.run("", args...)
		if args[0] == "validate" {
			code, _, errs = cli(t, "", args...)
		}
		if args[0] == "validate" {
			if code != 0 || requests.Load() != before {
				t.Fatalf("validate talks to no service: exit %d, %d requests", code, requests.Load()-before)
			}
			continue
		}
		if code != 2 || !strings.Contains(errs, "401") || requests.Load()-before != 1 {
			t.Fatalf("%v with a wrong key: exit %d after %d request(s)\n%s", args, code, requests.Load()-before, errs)
		}
	}
}

// apply --plan writes the exact requests; apply PLAN --confirm sends them,
// and refuses when the campaign changed since the plan.
func TestPlanFileFromTheCommandLine(t *testing.T) {
	e := newScriptEnv(t)
	dir := t.TempDir()
	id := e.idOf("Summer sale kickoff")
	e.run("", "export", id, "--dir", dir)
	edit(t, filepath.Join(dir, id+".json"), `"team": "Growth"`, `"team": "Planned"`)
	plan := filepath.Join(t.TempDir(), "changes.plan")
	if code, _, errs := e.run("", "apply", dir, "--plan", plan); code != 0 || !strings.Contains(errs, "Plan written") {
		t.Fatalf("--plan: exit %d %s", code, errs)
	}
	var pf struct {
		Entries []struct {
			Method    string
			UpdatedAt string `json:"updated_at"`
			Body      map[string]any
		}
	}
	e.mustJSON(string(must(os.ReadFile(plan))), &pf)
	if len(pf.Entries) != 1 || pf.Entries[0].UpdatedAt == "" {
		t.Fatalf("plan: %+v", pf)
	}
	if code, out, errs := e.run("", "apply", plan, "--confirm"); code != 0 || !strings.Contains(out, "updated basic_details") {
		t.Fatalf("apply plan: exit %d\n%s\n%s", code, out, errs)
	}
	// Sending it again: the campaign changed since (the plan's own send).
	if code, out, _ := e.run("", "apply", plan, "--confirm"); code != 1 || !strings.Contains(out, "after the plan was made") {
		t.Fatalf("stale plan: exit %d\n%s", code, out)
	}
}

// exportTwice exports a campaign into two folders: two people's checkouts.
func (e *scriptEnv) exportTwice(id string) (mine, theirs string) {
	e.t.Helper()
	mine, theirs = e.t.TempDir(), e.t.TempDir()
	for _, d := range []string{mine, theirs} {
		if code, _, errs := e.run("", "export", id, "--dir", d); code != 0 {
			e.t.Fatal(errs)
		}
	}
	return mine, theirs
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}
