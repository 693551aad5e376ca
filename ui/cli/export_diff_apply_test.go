package cli

import (
	"bytes"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/api/sandbox"
)

// export → edit a title → diff (1) → apply dry run (changes nothing) →
// apply --confirm → diff (0) → apply --confirm again (sends nothing); a new
// file gets created and its id written back; a STOPPED campaign is refused;
// unknown fields survive.
func TestExportDiffApplyCycle(t *testing.T) {
	e := parallelScript(t)
	dir := filepath.Join(t.TempDir(), "campaigns")
	// A campaign with unknown fields, created from a file without id.
	newFile := filepath.Join(dir, "new-promo.json")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(newFile, []byte(`{"channel":"PUSH","campaign_delivery_type":"ONE_TIME","created_by":"ana@example.com",
		"x_review":{"ticket":"MKT-7"},"basic_details":{"name":"Autumn promo","platforms":["ANDROID"],"x_owner":"ana"}}`), 0o644)
	code, out, errs := e.run("", "apply", newFile, "--confirm")
	if code != 0 || !strings.Contains(out, "created draft") {
		t.Fatalf("create: exit %d %s %s", code, out, errs)
	}
	var created map[string]any
	raw, _ := os.ReadFile(newFile)
	e.mustJSON(string(raw), &created)
	newID, _ := created["campaign_id"].(string)
	if newID == "" || created["status"] != "DRAFT" {
		t.Fatalf("id not written back:\n%s", raw)
	}
	os.Remove(newFile)

	stopped := e.idOf("Black Friday teaser")
	code, out, _ = e.run("", "export", newID, stopped, "--dir", dir)
	if code != 0 || !strings.Contains(out, "Exported 2") {
		t.Fatalf("export: exit %d %s", code, out)
	}
	file := filepath.Join(dir, newID+".json")
	raw, _ = os.ReadFile(file)
	if !strings.Contains(string(raw), "\n  \"basic_details\": {\n") || !strings.Contains(string(raw), `"x_owner": "ana"`) {
		t.Fatalf("export format:\n%s", raw)
	}
	code, out, _ = e.run("", "diff", dir)
	if code != 0 || !strings.Contains(out, "0 of 2") {
		t.Fatalf("fresh export differs: exit %d %s", code, out)
	}

	os.WriteFile(file, bytes.Replace(raw, []byte(`"name": "Autumn promo"`), []byte(`"name": "Autumn promo, final"`), 1), 0o644)
	code, out, _ = e.run("", "diff", dir)
	if code != 1 || !strings.Contains(out, "basic_details") || !strings.Contains(out, `-  "name": "Autumn promo",`) || !strings.Contains(out, `+  "name": "Autumn promo, final",`) {
		t.Fatalf("diff after edit: exit %d\n%s", code, out)
	}
	var diffs []struct {
		File       string   `json:"file"`
		CampaignID string   `json:"campaign_id"`
		Components []string `json:"components"`
	}
	code, out, _ = e.run("", "diff", dir, "--json")
	e.mustJSON(out, &diffs)
	if code != 1 || len(diffs) != 2 {
		t.Fatalf("diff --json: exit %d %s", code, out)
	}
	for _, d := range diffs {
		if d.CampaignID == newID && strings.Join(d.Components, ",") != "basic_details" {
			t.Fatalf("diff --json components: %+v", d)
		}
	}

	// The dry run prints the exact body and changes nothing.
	code, out, _ = e.run("", "apply", dir)
	if code != 0 || !strings.Contains(out, "PATCH /v5/campaigns/"+newID) || !strings.Contains(out, `"name": "Autumn promo, final"`) || !strings.Contains(out, "nothing sent") {
		t.Fatalf("dry run: exit %d\n%s", code, out)
	}
	if _, out, _ := e.run("", "get", newID, "--jq", ".basic_details.name"); out != "Autumn promo\n" {
		t.Fatalf("dry run changed the service: %q", out)
	}

	code, out, errs = e.run("", "apply", dir, "--confirm")
	if code != 0 || !strings.Contains(out, "updated basic_details") {
		t.Fatalf("apply --confirm: exit %d\n%s\n%s", code, out, errs)
	}
	var rec map[string]any
	_, out, _ = e.run("", "get", newID, "--json")
	e.mustJSON(out, &rec)
	bd := rec["basic_details"].(map[string]any)
	if bd["name"] != "Autumn promo, final" || bd["x_owner"] != "ana" || rec["x_review"] == nil {
		t.Fatalf("service after apply: %v", rec)
	}
	if code, out, _ := e.run("", "diff", dir); code != 0 {
		t.Fatalf("diff after apply: exit %d\n%s", code, out)
	}
	before := rec["updated_at"]
	code, out, _ = e.run("", "apply", dir, "--confirm", "--json")
	var results []struct {
		Sent   bool   `json:"sent"`
		Action string `json:"action"`
	}
	e.mustJSON(out, &results)
	for _, r := range results {
		if r.Sent || r.Action != "unchanged" {
			t.Fatalf("second apply sent something: %+v", r)
		}
	}
	if _, out, _ := e.run("", "get", newID, "--jq", ".updated_at"); strings.TrimSpace(out) != before {
		t.Fatalf("second apply changed the record: %q vs %q", out, before)
	}

	// A STOPPED campaign: refused before sending, exit 1, the others still go.
	sfile := filepath.Join(dir, stopped+".json")
	raw, _ = os.ReadFile(sfile)
	os.WriteFile(sfile, bytes.Replace(raw, []byte(`"name": "Black Friday teaser"`), []byte(`"name": "Black Friday teaser v2"`), 1), 0o644)
	code, out, _ = e.run("", "apply", dir, "--confirm")
	if code != 1 || !strings.Contains(out, "refused") || !strings.Contains(out, "STOPPED") {
		t.Fatalf("apply on STOPPED: exit %d\n%s", code, out)
	}
	if _, out, _ := e.run("", "get", stopped, "--jq", ".basic_details.name"); out != "Black Friday teaser\n" {
		t.Fatalf("stopped campaign changed: %q", out)
	}
}

func TestBadFilesAreNamedAndOthersStillProcessed(t *testing.T) {
	e := parallelScript(t)
	dir := t.TempDir()
	id := e.idOf("Summer sale kickoff")
	if code, _, errs := e.run("", "export", id, "--dir", dir); code != 0 {
		t.Fatal(errs)
	}
	os.WriteFile(filepath.Join(dir, "broken.json"), []byte("{\n  \"channel\": \"PUSH\",\n  oops\n}\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "tsconfig.json"), []byte(`{"compilerOptions":{}}`), 0o644)
	code, out, errs := e.run("", "diff", dir, "--verbose")
	if code != 2 || !strings.Contains(errs, "broken.json: invalid JSON at line 3, column 3") || !strings.Contains(errs, "skipped") || !strings.Contains(errs, "tsconfig.json") || !strings.Contains(out, "0 of 1") {
		t.Fatalf("diff: exit %d\n%s\n%s", code, out, errs)
	}
	code, out, errs = e.run("", "apply", dir)
	if code != 2 || !strings.Contains(errs, "broken.json") || !strings.Contains(out, "unchanged") {
		t.Fatalf("apply: exit %d\n%s\n%s", code, out, errs)
	}
	// A file naming a campaign the service does not have: refused by the
	// service, exit 1 as in get (decisions.md §5: 2 is usage, credentials
	// and reachability only).
	os.Remove(filepath.Join(dir, "broken.json"))
	os.WriteFile(filepath.Join(dir, "gone.json"), []byte(`{"campaign_id":"0000000000000000deadbeef","channel":"PUSH"}`), 0o644)
	code, _, errs = e.run("", "diff", dir)
	if code != 1 || !strings.Contains(errs, "Campaign not found") {
		t.Fatalf("unknown id: exit %d %s", code, errs)
	}
}

func TestEmptyFolderIsAnError(t *testing.T) {
	e := parallelScript(t)
	dir := t.TempDir()
	for _, cmd := range []string{"diff", "apply"} {
		if code, _, errs := e.run("", cmd, dir); code != 2 || !strings.Contains(errs, "no campaign files") {
			t.Fatalf("%s of an empty folder: exit %d %q", cmd, code, errs)
		}
	}
	id := e.idOf("Delivery window reminder (SMS)")
	if code, _, errs := e.run("", "status", id, "stop", "--yes"); code != 1 || !strings.Contains(errs, "refused before sending") {
		t.Fatalf("status of an SMS campaign: exit %d %q", code, errs)
	}
}

// The same commands against a service named with --base-url (what
// `campaigns serve` runs).
// serveSandbox serves a seeded sandbox on loopback until the test ends and
// points the commands at it (--base-url, --workspace-id, CAMPAIGNS_API_KEY).
func (e *scriptEnv) serveSandbox() string {
	e.t.Helper()
	s, err := sandbox.Open(sandbox.Config{Seed: true})
	if err != nil {
		e.t.Fatal(err)
	}
	e.t.Cleanup(func() { s.Close() })
	srv := httptest.NewServer(s.Handler())
	e.t.Cleanup(srv.Close)
	ws := sandbox.DefaultWorkspace()
	e.Setenv("CAMPAIGNS_API_KEY", ws.Key)
	e.base = []string{"--base-url", srv.URL, "--workspace-id", ws.ID}
	return srv.URL
}

func TestCommandsAgainstAServedSandbox(t *testing.T) {
	e := parallelScript(t)
	e.serveSandbox()
	id := e.idOf("Weekly picks")
	dir := t.TempDir()
	code, out, errs := e.run("", "export", "--status", "paused", "--dir", dir, "--json")
	var written []struct{ File, Campaign_ID, Name string }
	e.mustJSON(out, &written)
	if code != 0 || len(written) != 2 || written[0].File != filepath.Join(dir, written[0].Campaign_ID+".json") {
		t.Fatalf("export --json: %d %s %s", code, out, errs)
	}
	if code, out, errs := e.run("", "diff", dir); code != 0 || !strings.Contains(out, "0 of 2") {
		t.Fatalf("diff: %d %s %s", code, out, errs)
	}
	if code, out, errs := e.run("", "status", id, "resume", "--yes"); code != 0 || !strings.Contains(out, "ACTIVE") {
		t.Fatalf("status: %d %s %s", code, out, errs)
	}
}

// The README's CI check, "validate campaigns/ && diff campaigns/", passes on
// what export just wrote, published campaigns included (their schedule is
// in the service's response form).
func TestExportedCampaignsValidateAndDoNotDiffer(t *testing.T) {
	e := parallelScript(t)
	dir := t.TempDir()
	if code, _, errs := e.run("", "export", "--status", "paused,active,scheduled", "--channel", "push,email", "--dir", dir); code != 0 {
		t.Fatalf("export: exit %d %s", code, errs)
	}
	code, out, errs := e.rootEnv.run("", "validate", dir)
	if code != 0 || !strings.Contains(out, `"valid": true`) {
		t.Fatalf("validate of an export: exit %d\n%s\n%s", code, out, errs)
	}
	if !e.hasPeriodic(dir) {
		t.Fatal("the export holds no published PERIODIC campaign: the test proves nothing")
	}
	if code, out, errs := e.run("", "diff", dir); code != 0 {
		t.Fatalf("diff of an export: exit %d\n%s\n%s", code, out, errs)
	}
	// A hand-written body keeps the engine's own verdict.
	body := filepath.Join(t.TempDir(), "b.json")
	if err := os.WriteFile(body, []byte(`{"scheduling_details":{"delivery_type":"PERIODIC"}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, out, _ := e.rootEnv.run("", "validate", "--phase", "create", body); code != 1 || !strings.Contains(out, "scheduling_details.delivery_type") {
		t.Errorf("a body with delivery_type PERIODIC: exit %d\n%s", code, out)
	}
}

func (e *scriptEnv) hasPeriodic(dir string) bool {
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	for _, f := range files {
		b, _ := os.ReadFile(f)
		if strings.Contains(string(b), `"delivery_type": "PERIODIC"`) {
			return true
		}
	}
	return false
}
