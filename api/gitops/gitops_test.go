package gitops_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

var ctx = context.Background()

// The whole cycle: export, edit a title, diff, dry run, apply, diff clean,
// apply again sends nothing; unknown fields survive on the service.
func TestExportEditDiffApplyCycle(t *testing.T) {
	e := newEnv(t)
	// A draft with unknown fields at two levels.
	body, err := model.Decode([]byte(`{"channel":"PUSH","campaign_delivery_type":"ONE_TIME","created_by":"ana@example.com",
		"x_team_ref":{"jira":"MKT-12","n":1.50},
		"basic_details":{"name":"Cycle","platforms":["ANDROID"],"x_owner":"ana"}}`))
	if err != nil {
		t.Fatal(err)
	}
	res, err := e.client.Create(ctx, body)
	if err != nil {
		t.Fatal(err)
	}
	e.clock.Advance(time.Second)
	f := e.export(res.ID)
	if f.CampaignID() != res.ID || filepath.Base(f.Path) != res.ID+".json" {
		t.Fatalf("exported %s with campaign_id %q", f.Path, f.CampaignID())
	}
	raw, _ := os.ReadFile(f.Path)
	if !strings.Contains(string(raw), `"n": 1.50`) || !strings.Contains(string(raw), `"x_owner": "ana"`) {
		t.Fatalf("export lost unknown fields or number form:\n%s", raw)
	}

	p := e.planner.Plan(ctx, f)
	if p.Action != gitops.ActionNone {
		t.Fatalf("fresh export: action %s, changes %v", p.Action, gitops.Names(p.Changes))
	}

	setName(f, "Cycle, renamed")
	if err := gitops.Save(f.Path, f.Tree); err != nil {
		t.Fatal(err)
	}
	f, _ = gitops.Load(f.Path)
	p = e.planner.Plan(ctx, f)
	if p.Action != gitops.ActionPatch || !slices.Equal(gitops.Names(p.Changes), []string{"basic_details"}) {
		t.Fatalf("after edit: action %s, changes %v (%s)", p.Action, gitops.Names(p.Changes), p.Reason)
	}
	if len(p.Body) != 4 || p.Body["channel"] != "PUSH" || p.Body["campaign_delivery_type"] != "ONE_TIME" || p.Body["basic_details"].(map[string]any)["x_owner"] != "ana" || !engine.ValidUUIDv4(p.RequestID) || p.Body["request_id"] != p.RequestID {
		t.Fatalf("patch body is not the whole changed component, the campaign's channel and type and its request_id: %v", p.Body)
	}
	// The same change onto the same version is the same request (a re-run
	// after a crash is replayed by the service, not applied twice).
	if again := e.planner.Plan(ctx, f); again.RequestID != p.RequestID {
		t.Fatalf("request_id not stable: %s vs %s", again.RequestID, p.RequestID)
	}
	udiff := gitops.Unified("service", "file", p.Changes[0])
	if !strings.Contains(udiff, `-  "name": "Cycle",`) || !strings.Contains(udiff, `+  "name": "Cycle, renamed",`) {
		t.Fatalf("unified diff:\n%s", udiff)
	}
	// Planning is a dry run: the service still has the old name.
	if n := *e.get(res.ID).BasicDetails.Name; n != "Cycle" {
		t.Fatalf("dry run changed the service: %q", n)
	}

	e.clock.Advance(time.Second)
	out := e.planner.Apply(ctx, p)
	if out.Err != nil || !out.Sent {
		t.Fatalf("apply: %v (%s)", out.Err, out.Reason)
	}
	got := e.get(res.ID)
	if *got.BasicDetails.Name != "Cycle, renamed" || got.BasicDetails.Extra.Unknown["x_owner"] != "ana" {
		t.Fatalf("service after apply: %s", model.Encode(got))
	}
	if _, ok := got.Extra.Unknown["x_team_ref"]; !ok {
		t.Fatalf("top-level unknown field lost: %s", model.Encode(got))
	}

	f = e.writtenAsServed(f.Path, res.ID)
	p = e.planner.Plan(ctx, f)
	if p.Action != gitops.ActionNone {
		t.Fatalf("second plan: %s %v", p.Action, gitops.Names(p.Changes))
	}
	if out := e.planner.Apply(ctx, p); out.Sent {
		t.Fatal("a second apply sent something")
	}
}

func TestCreateFromFileWithoutID(t *testing.T) {
	e := newEnv(t)
	path := filepath.Join(e.dir, "new", "spring.json")
	writeFile(t, path, `{"channel":"PUSH","campaign_delivery_type":"ONE_TIME","created_by":"ana@example.com","x_note":"keep me",
		"basic_details":{"name":"Spring teaser","platforms":["ANDROID"]}}`)
	f, err := gitops.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	p := e.planner.Plan(ctx, f)
	if p.Action != gitops.ActionCreate || p.Body["x_note"] != "keep me" {
		t.Fatalf("plan: %s %v %s %v", p.Action, p.Body, p.Reason, p.Problems)
	}
	out := e.planner.Apply(ctx, p)
	if out.Err != nil || out.NewID == "" {
		t.Fatalf("create: %v", out.Err)
	}
	f, _ = gitops.Load(path)
	if f.CampaignID() != out.NewID || f.Tree["status"] != model.StatusDraft || f.Tree["x_note"] != "keep me" {
		t.Fatalf("file after create: %v", f.Tree)
	}
	if p := e.planner.Plan(ctx, f); p.Action != gitops.ActionNone {
		t.Fatalf("after create: %s %v", p.Action, gitops.Names(p.Changes))
	}
}

func TestCreateRefusedLocally(t *testing.T) {
	e := newEnv(t)
	path := filepath.Join(e.dir, "bad.json")
	writeFile(t, path, `{"channel":"PUSH","campaign_delivery_type":"ONE_TIME","created_by":"ana@example.com","basic_details":{"name":"x","platforms":["BLACKBERRY"]}}`)
	f, _ := gitops.Load(path)
	p := e.planner.Plan(ctx, f)
	if p.Action != gitops.ActionRefused || len(p.Problems) == 0 || !strings.HasPrefix(p.Problems[0].Target, "basic_details.platforms") {
		t.Fatalf("plan: %s %+v", p.Action, p.Problems)
	}
	if out := e.planner.Apply(ctx, p); out.Sent {
		t.Fatal("a refused file was sent")
	}
}

func TestStoppedCampaignRefusedBeforeSending(t *testing.T) {
	e := newEnv(t)
	rec := e.find("Black Friday teaser")
	f := e.export(rec["campaign_id"].(string))
	setName(f, "Black Friday teaser v2")
	p := e.planner.Plan(ctx, f)
	if p.Action != gitops.ActionRefused || p.State != model.StatusStopped || !strings.Contains(p.Reason, "STOPPED") {
		t.Fatalf("plan: %s state %s: %s", p.Action, p.State, p.Reason)
	}
	e.planner.Apply(ctx, p)
	if n := *e.get(f.CampaignID()).BasicDetails.Name; n != "Black Friday teaser" {
		t.Fatalf("service changed: %q", n)
	}
}

func TestLockedComponentOfActiveCampaignRefused(t *testing.T) {
	e := newEnv(t)
	rec := e.find("Cart abandonment nudge")
	f := e.export(rec["campaign_id"].(string))
	f.Tree["trigger_condition"].(map[string]any)["x_tweak"] = true
	p := e.planner.Plan(ctx, f)
	if p.Action != gitops.ActionRefused || len(p.Problems) == 0 || p.Problems[0].Target != "trigger_condition" {
		t.Fatalf("plan: %s %+v %s", p.Action, p.Problems, p.Reason)
	}
}

func TestConflictWhenServiceChangedAfterExport(t *testing.T) {
	e := newEnv(t)
	rec := e.find("June newsletter")
	id := rec["campaign_id"].(string)
	f := e.export(id)

	// Someone else renames it on the service.
	e.clock.Advance(time.Minute)
	other := e.get(id)
	patch := &model.Campaign{BasicDetails: model.Clone(other.BasicDetails)}
	*patch.BasicDetails.Name = "June newsletter (legal approved)"
	if _, err := e.client.Patch(ctx, id, api.WithIdentity(patch, other)); err != nil {
		t.Fatal(err)
	}

	setName(f, "June newsletter, final")
	p := e.planner.Plan(ctx, f)
	if p.Action != gitops.ActionConflict || !slices.Equal(p.Conflicts, []string{"basic_details"}) {
		t.Fatalf("plan: %s %v %s", p.Action, p.Conflicts, p.Reason)
	}
	if out := e.planner.Apply(ctx, p); out.Sent {
		t.Fatal("a conflict was sent")
	}
	if n := *e.get(id).BasicDetails.Name; n != "June newsletter (legal approved)" {
		t.Fatalf("the other change was overwritten: %q", n)
	}
	// --force overwrites on purpose.
	e.planner.Force = true
	p = e.planner.Plan(ctx, f)
	if out := e.planner.Apply(ctx, p); out.Err != nil || !out.Sent {
		t.Fatalf("forced apply: %s %v", p.Action, out.Err)
	}
	if n := *e.get(id).BasicDetails.Name; n != "June newsletter, final" {
		t.Fatalf("forced apply: %q", n)
	}
}

func TestUnknownIDIsNotFound(t *testing.T) {
	e := newEnv(t)
	path := filepath.Join(e.dir, "gone.json")
	writeFile(t, path, `{"campaign_id":"000000000000000000000000","channel":"PUSH"}`)
	f, _ := gitops.Load(path)
	p := e.planner.Plan(ctx, f)
	if p.Action != gitops.ActionError || api.StatusOf(p.Err) != 404 || !strings.Contains(p.Reason, "not on the service") {
		t.Fatalf("plan: %s %v %s", p.Action, p.Err, p.Reason)
	}
}

// Seven creates in a row: the spec allows five successful creations a
// minute, so the pacer waits about a minute before the sixth and says so,
// and the sandbox (enforcing the same limits on the same clock) refuses none.
func TestApplyPacesCreatesUnderRealLimits(t *testing.T) {
	e := newEnv(t)
	start := e.clock.Now()
	for i := range 7 {
		path := filepath.Join(e.dir, "new", string(rune('a'+i))+".json")
		writeFile(t, path, `{"channel":"PUSH","campaign_delivery_type":"ONE_TIME","created_by":"ana@example.com","basic_details":{"name":"N`+string(rune('a'+i))+`","platforms":["ANDROID"]}}`)
		f, _ := gitops.Load(path)
		out := e.planner.Apply(ctx, e.planner.Plan(ctx, f))
		if out.Err != nil {
			t.Fatalf("create %d: %v", i, out.Err)
		}
	}
	if len(e.waits) == 0 || !strings.Contains(e.waits[0], "create rate limit") {
		t.Fatalf("no paced wait reported: %v", e.waits)
	}
	if took := e.clock.Now().Sub(start); took < time.Minute || took > 3*time.Minute {
		t.Fatalf("seven creates took %s of (fake) time", took)
	}
}

// Without its own limits the pacer meets the service's 429 and waits as
// Retry-After says, and says so.
func TestPacerWaitsOutA429(t *testing.T) {
	e := newEnv(t)
	e.planner.Core.Pacer().Limits = nil
	for i := range 7 {
		path := filepath.Join(e.dir, string(rune('a'+i))+".json")
		writeFile(t, path, `{"channel":"PUSH","campaign_delivery_type":"ONE_TIME","created_by":"ana@example.com","basic_details":{"name":"R`+string(rune('a'+i))+`","platforms":["ANDROID"]}}`)
		f, _ := gitops.Load(path)
		if out := e.planner.Apply(ctx, e.planner.Plan(ctx, f)); out.Err != nil {
			t.Fatalf("create %d: %v", i, out.Err)
		}
	}
	if !slices.ContainsFunc(e.waits, func(s string) bool { return strings.Contains(s, "rate limited by the service") }) {
		t.Fatalf("no 429 wait reported: %v", e.waits)
	}
}

func TestCollectFoldersAndBadFiles(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "a.json"), `{"campaign_id":"a","channel":"PUSH"}`)
	writeFile(t, filepath.Join(dir, "sub", "b.json"), `{"channel":"EMAIL","basic_details":{}}`)
	writeFile(t, filepath.Join(dir, "sub", "broken.json"), "{\n  \"channel\": \"PUSH\",\n  oops\n}")
	writeFile(t, filepath.Join(dir, "package.json"), `{"name":"x","version":"1.0.0"}`)
	writeFile(t, filepath.Join(dir, "list.json"), `[1,2]`)
	writeFile(t, filepath.Join(dir, "notes.txt"), `hello`)
	writeFile(t, filepath.Join(dir, ".git", "c.json"), `{"channel":"PUSH"}`)

	files, skipped, errs := gitops.Collect([]string{dir, filepath.Join(dir, "a.json"), filepath.Join(dir, "missing.json")})
	var names []string
	for _, f := range files {
		names = append(names, filepath.Base(f.Path))
	}
	if !slices.Equal(names, []string{"a.json", "b.json"}) {
		t.Fatalf("files %v", names)
	}
	if len(skipped) != 2 {
		t.Fatalf("skipped %+v", skipped)
	}
	if len(errs) != 2 {
		t.Fatalf("errors %v", errs)
	}
	var se *model.SyntaxError
	if !errors.As(errs[0], &se) || se.Line != 3 || !strings.Contains(errs[0].Error(), "broken.json") {
		t.Fatalf("broken file error: %v", errs[0])
	}
	if !strings.Contains(errs[1].Error(), "missing.json") {
		t.Fatalf("missing file error: %v", errs[1])
	}
	// A file named on the command line that is not a campaign is an error,
	// not a silent skip.
	_, skipped, errs = gitops.Collect([]string{filepath.Join(dir, "package.json")})
	if len(skipped) != 0 || len(errs) != 1 || !strings.Contains(errs[0].Error(), "not a campaign") {
		t.Fatalf("named non-campaign: %v %v", skipped, errs)
	}
}

func TestMarshalIsStable(t *testing.T) {
	tree, err := model.Parse([]byte(`{"b":{"z":1,"a":[3,{"y":2.50,"x":"<&>"}]},"a":null}`))
	if err != nil {
		t.Fatal(err)
	}
	want := "{\n  \"a\": null,\n  \"b\": {\n    \"a\": [\n      3,\n      {\n        \"x\": \"<&>\",\n        \"y\": 2.50\n      }\n    ],\n    \"z\": 1\n  }\n}\n"
	if got := string(gitops.Marshal(tree)); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

// TestExportFileNamesAreSafeAndDistinct: the service's ids keep their
// name; any other id is encoded reversibly, so that ids that differ only by
// a character a file name cannot hold (a/b, a_b), or by case, never share
// a file, and no name leaves the folder, hides, carries a control
// character or passes the file system's length limit.
func TestExportFileNamesAreSafeAndDistinct(t *testing.T) {
	if got := gitops.FileName("6b085c50d35b8c408573b1b2"); got != "6b085c50d35b8c408573b1b2.json" {
		t.Errorf("a service id: %q", got)
	}
	ids := []string{"a/b", "a_b", "a\\b", "A", "a", "..", ".", "../x", "x\x1b]0;T\x07", strings.Repeat("z", 300), strings.Repeat("z", 299) + "y", "", "6B085C50D35B8C408573B1B2"}
	seen := map[string]string{}
	dir := t.TempDir()
	for _, id := range ids {
		name := gitops.FileName(id)
		lower := strings.ToLower(name)
		if other, dup := seen[lower]; dup {
			t.Errorf("%q and %q share the file %q", id, other, name)
		}
		seen[lower] = id
		if id != "" {
			path, err := gitops.Export(dir, map[string]any{"campaign_id": id})
			if err != nil {
				t.Errorf("export of %q: %v", id, err)
				continue
			}
			if back, err := gitops.Load(path); err != nil || back.CampaignID() != id {
				t.Errorf("%s holds %v (%v), not %q", path, back, err, id)
			}
		}
		if strings.ContainsAny(name, "/\\") || strings.HasPrefix(name, ".") || len(name) > 255 ||
			strings.IndexFunc(name, func(r rune) bool { return r < 0x20 || r == 0x7f }) >= 0 {
			t.Errorf("FileName(%q) = %q", id, name)
		}
	}
}

// GET of a published campaign shows scheduling_details in the read form
// (delivery_type PERIODIC, the time of day, time_zone, frequency; no
// start_time); an edit of another component is planned and checked without
// it, and scheduling_details is not sent.
func TestReadFormSchedulingIsNotRefusedLocally(t *testing.T) {
	e := newEnv(t)
	rec := e.find("Weekly picks") // PERIODIC, PAUSED
	f := e.export(rec["campaign_id"].(string))
	if sd := f.Tree["scheduling_details"].(map[string]any); sd["delivery_type"] != "PERIODIC" || sd["start_time"] != nil {
		t.Fatalf("export is not in the read form: %v", sd)
	}
	setName(f, "Weekly picks, renamed")
	p := e.planner.Plan(ctx, f)
	if p.Action != gitops.ActionPatch || p.Body["scheduling_details"] != nil || len(p.Notes) != 0 {
		t.Fatalf("plan: %s %s %+v %v", p.Action, p.Reason, p.Problems, p.Body)
	}
}

func TestReadOnlyChannelRefusedLocally(t *testing.T) {
	e := newEnv(t)
	rec := e.find("Delivery window reminder (SMS)")
	f := e.export(rec["campaign_id"].(string))
	setName(f, "SMS, renamed")
	if p := e.planner.Plan(ctx, f); p.Action != gitops.ActionRefused || !strings.Contains(p.Reason, "SMS campaigns can be read") {
		t.Fatalf("plan: %s %s", p.Action, p.Reason)
	}
}

// A create whose answer was lost (the process died before writing the id
// back): the re-run sends the same request_id and Idempotency-Key, the
// service answers from its idempotency store, no second draft is made.
func TestCreateReRunAfterCrashMakesNoSecondDraft(t *testing.T) {
	e := newEnv(t)
	path := filepath.Join(e.dir, "once.json")
	body := `{"channel":"PUSH","campaign_delivery_type":"ONE_TIME","created_by":"ana@example.com","basic_details":{"name":"Only once","platforms":["ANDROID"]}}`
	writeFile(t, path, body)
	f, _ := gitops.Load(path)
	first := e.planner.Apply(ctx, e.planner.Plan(ctx, f))
	if first.Err != nil {
		t.Fatal(first.Err)
	}
	writeFile(t, path, body) // as if the write-back never happened
	f, _ = gitops.Load(path)
	e.clock.Advance(time.Minute)
	again := e.planner.Apply(ctx, e.planner.Plan(ctx, f))
	if again.Err != nil || again.NewID != first.NewID {
		t.Fatalf("re-run: %v, id %s vs %s", again.Err, again.NewID, first.NewID)
	}
	n := 0
	gitops.SearchPages(ctx, e.client, e.planner.Core.Pacer(), api.SearchRequest{CampaignFields: &api.SearchFields{Name: "Only once", Status: model.Statuses}}, 1, 0,
		func(_ int, recs []map[string]any) error { n += len(recs); return nil })
	if n != 1 {
		t.Fatalf("%d drafts named Only once", n)
	}
}
