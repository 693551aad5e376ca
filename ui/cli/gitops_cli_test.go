package cli

import (
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
	e.Setenv("CAMPAIGNS_API_KEY", ws.Key)
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

var annotation = regexp.MustCompile(`::error file=([^,]+),line=(\d+),col=(\d+),title=campaigns validate%3A ([^:]+)::(.*)`)

// --output github places each problem at its value; --output json is one
// object with totals, for every command.
func TestCIOutputsAnnotateAndTotal(t *testing.T) {
	e := parallelScript(t)
	dir := t.TempDir()
	id := e.idOf("Summer sale kickoff")
	e.run("", "export", id, "--dir", dir)
	f := filepath.Join(dir, id+".json")
	clitest.Edit(t, f, `"https://cdn.example.com/img/summer-banner.png"`, `"ftp://cdn.example.com/img/summer-banner.png"`)
	code, out, errs := e.rootEnv.run("", "validate", "--output", "github", dir)
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
			run = func(stdin string, args ...string) (int, string, string) { return e.rootEnv.run(stdin, args...) }
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
	e := parallelScript(t)
	dir := t.TempDir()
	requests, url := servedSandbox(t, e)
	exportAll(t, url, dir)
	e.Setenv("CAMPAIGNS_API_KEY", "wrong")
	for _, args := range [][]string{{"diff", dir}, {"apply", dir}, {"validate", dir}, {"get", "x"}, {"list"}} {
		before := requests.Load()
		code, _, errs := e.run("", args...)
		if args[0] == "validate" {
			code, _, errs = e.rootEnv.run("", args...)
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
