package files

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
)

func TestValidateFixturesExitZero(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob(fixtures + "/*.json")
	if len(files) < 10 {
		t.Fatalf("want the 10 fixtures, found %d", len(files))
	}
	for _, f := range files {
		code, out, stdout, stderr := validateJSON(t, "", "validate", f)
		if code != 0 || !out.Valid || out.Errors == nil {
			t.Errorf("%s: exit %d, %s %s", f, code, stdout, stderr)
		}
		if !strings.Contains(stdout, `"errors": []`) {
			t.Errorf("%s: errors must be an empty array, got %s", f, stdout)
		}
	}
}

func TestValidateInvalidExitOne(t *testing.T) {
	t.Parallel()
	body := `{"channel": "PUSH", "campaign_delivery_type": "ONE_TIME", "created_by": "a@example.com",
	  "delivery_controls": {"bypass_dnd": "yes", "queuing_enabled": true, "queue_duration": 49}}`
	code, out, stdout, _ := validateJSON(t, body, "validate", "--phase", "create", "-")
	if code != 1 || out.Valid {
		t.Fatalf("exit %d: %s", code, stdout)
	}
	targets := map[string]string{}
	for _, e := range out.Errors {
		targets[e.Target] = e.Message
	}
	if !strings.Contains(targets["delivery_controls.bypass_dnd"], "boolean") {
		t.Errorf("wrong type not reported with its target: %s", stdout)
	}
	if !strings.Contains(targets["delivery_controls.queue_duration"], "1 to 48") {
		t.Errorf("queue_duration not reported: %s", stdout)
	}
}

func TestValidateNullStatusIsForbidden(t *testing.T) {
	t.Parallel()
	body := `{"channel": "PUSH", "campaign_delivery_type": "ONE_TIME", "created_by": "a@example.com", "status": null}`
	code, out, stdout, _ := validateJSON(t, body, "validate", "--phase", "create", "-")
	if code != 1 || len(out.Errors) != 1 || out.Errors[0].Target != "status" {
		t.Fatalf("a status key, even null, is forbidden: exit %d %s", code, stdout)
	}
}

func TestValidateFeaturesFlag(t *testing.T) {
	t.Parallel()
	body := `{"channel": "PUSH", "campaign_delivery_type": "PERIODIC", "created_by": "a@example.com",
	  "campaign_audience_limit": {"is_campaign_audience_limit_enabled": true, "metric": "SENT", "frequency": "INSTANCE", "limit": 5000}}`
	code, out, stdout, _ := validateJSON(t, body, "validate", "--phase", "create", "-")
	if code != 1 || len(out.Errors) != 1 || out.Errors[0].Target != "campaign_audience_limit" || !strings.Contains(out.Errors[0].Message, "not enabled") {
		t.Fatalf("feature off: exit %d %s", code, stdout)
	}
	for _, list := range []string{"audience_limit", "audience_limit,versioning", " versioning , audience_limit "} {
		if code, _, stdout, stderr := validateJSON(t, body, "validate", "--phase", "create", "--features", list, "-"); code != 0 {
			t.Fatalf("--features %q: exit %d %s %s", list, code, stdout, stderr)
		}
	}
	if code, _, _, stderr := validateJSON(t, body, "validate", "--features", "audience_limt", "-"); code != 2 || !strings.Contains(stderr, "audience_limt") {
		t.Fatalf("unknown feature: exit %d %s", code, stderr)
	}
	// An empty list is allowed and means no feature.
	if code, _, _, _ := validateJSON(t, body, "validate", "--phase", "create", "--features", "", "-"); code != 1 {
		t.Fatalf("empty --features: exit %d", code)
	}
}

func TestValidateBaseAndState(t *testing.T) {
	t.Parallel()
	base := fixtures + "/push_one_time.json"
	// Resending the stored audience is not an edit; changing it in ACTIVE is.
	stored, _ := os.ReadFile(base)
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(stored, &doc); err != nil {
		t.Fatal(err)
	}
	same := `{"segmentation_details": ` + string(doc["segmentation_details"]) + `}`
	if code, _, stdout, _ := validateJSON(t, same, "validate", "--base", base, "--state", "ACTIVE", "-"); code != 0 {
		t.Fatalf("resent stored value: exit %d %s", code, stdout)
	}
	changed := `{"segmentation_details": {"is_all_user_campaign": true}}`
	code, out, stdout, _ := validateJSON(t, changed, "validate", "--phase", "patch", "--base", base, "--state", "ACTIVE", "-")
	if code != 1 || len(out.Errors) != 1 || out.Errors[0].Target != "segmentation_details" {
		t.Fatalf("locked field: exit %d %s", code, stdout)
	}
	if code, _, _, _ := validateJSON(t, changed, "validate", "--base", base, "-"); code != 0 {
		t.Fatalf("DRAFT is the default state and allows every edit")
	}
	code, out, stdout, _ = validateJSON(t, `{}`, "validate", "--base", base, "--state", "ARCHIVED", "-")
	if code != 1 || len(out.Errors) != 1 || out.Errors[0].Target != "" || !strings.Contains(out.Errors[0].Message, "ARCHIVED") {
		t.Fatalf("refusal: exit %d %s", code, stdout)
	}
	// With --phase publish (the default) the merged campaign is checked too.
	code, out, stdout, _ = validateJSON(t, `{"scheduling_details": {"delivery_type": "AT_FIXED_TIME"}}`, "validate", "--base", base, "-")
	if code != 1 || len(out.Errors) == 0 {
		t.Fatalf("publish after merge: exit %d %s", code, stdout)
	}
}

func TestValidateUsageErrors(t *testing.T) {
	t.Parallel()
	good := writeTemp(t, "c.json", `{"channel": "PUSH"}`)
	for _, tc := range []struct {
		name, stdin string
		args        []string
		stderr      string
	}{
		{"broken JSON", "{\n  \"channel\": \"PUSH\",\n  oops\n}", []string{"validate", "-"}, "line 3, column 3"},
		{"array", `[{"channel": "PUSH"}]`, []string{"validate", "-"}, "must be a JSON object"},
		{"empty", ``, []string{"validate", "-"}, "empty document"},
		{"missing file", "", []string{"validate", "/nonexistent/c.json"}, "cannot read"},
		{"an empty folder", "", []string{"validate", t.TempDir()}, "holds no *.json file"},
		{"no file", "", []string{"validate"}, "give a FILE"},
		{"stdin twice", "{}", []string{"validate", "-", good, "-"}, "only once"},
		{"bad phase", "", []string{"validate", "--phase", "draft", good}, "unknown --phase"},
		{"bad state", "", []string{"validate", "--state", "LIVE", good}, "unknown --state"},
		{"bad flag", "", []string{"validate", "--loud", good}, "unknown flag: --loud"},
		{"create with base", "", []string{"validate", "--phase", "create", "--base", good, good}, "no --base"},
		{"broken base", "{}", []string{"validate", "--base", writeTemp(t, "b.json", "{"), "-"}, "--base"},
	} {
		code, _, _, stderr := validateJSON(t, tc.stdin, tc.args...)
		if code != 2 || !strings.Contains(stderr, tc.stderr) {
			t.Errorf("%s: exit %d, stderr %q, want 2 and %q", tc.name, code, stderr, tc.stderr)
		}
	}
}

func TestValidateHelp(t *testing.T) {
	t.Parallel()
	if code, out, _ := validateCLI(t, "", "validate", "--help"); code != 0 || !strings.Contains(out, "--phase") {
		t.Fatalf("exit %d: %s", code, out)
	}
}

func TestValidateFlagsAfterFile(t *testing.T) {
	t.Parallel()
	f := writeTemp(t, "c.json", `{"channel": "EMAIL", "campaign_delivery_type": "ONE_TIME", "created_by": "a@example.com"}`)
	code, out, stdout, _ := validateJSON(t, "", "validate", f, "--phase", "create")
	if code != 1 || len(out.Errors) != 1 || out.Errors[0].Target != "connector" {
		t.Fatalf("flags after FILE ignored: exit %d %s", code, stdout)
	}
}

// Several files and folders (recursively) give the files shape; exit 0 all
// valid, 1 any invalid, 2 any unreadable.
func TestValidateManyFilesAndFolders(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	good, _ := os.ReadFile(fixtures + "/push_one_time.json")
	os.MkdirAll(filepath.Join(dir, "sub"), 0o755)
	os.WriteFile(filepath.Join(dir, "a.json"), good, 0o644)
	os.WriteFile(filepath.Join(dir, "sub", "b.json"), good, 0o644)
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not a campaign"), 0o644)

	code, out, stderr := validateMany(t, "", dir)
	if code != 0 || !out.Valid || len(out.Files) != 2 || out.Files[0].File != filepath.Join(dir, "a.json") || out.Files[1].File != filepath.Join(dir, "sub", "b.json") {
		t.Fatalf("a folder of valid files: exit %d %+v %s", code, out, stderr)
	}

	bad := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(bad, []byte(`{"channel": "PUSH"}`), 0o644)
	code, out, _ = validateMany(t, "", dir, bad)
	if code != 1 || out.Valid || len(out.Files) != 3 || out.Files[2].Valid || len(out.Files[2].Errors) == 0 || !out.Files[0].Valid {
		t.Fatalf("one invalid file: exit %d %+v", code, out)
	}
	for _, f := range out.Files {
		if f.Errors == nil {
			t.Fatalf("errors must be a list in every entry: %+v", out)
		}
	}

	broken := filepath.Join(t.TempDir(), "broken.json")
	os.WriteFile(broken, []byte("{\n oops"), 0o644)
	code, out, stderr = validateMany(t, "", bad, broken, "/nonexistent.json")
	if code != 2 || out.Valid || len(out.Files) != 3 || !strings.Contains(out.Files[1].Error, "line 2") || !strings.Contains(out.Files[2].Error, "cannot read") {
		t.Fatalf("unreadable files: exit %d %+v", code, out)
	}
	if !strings.Contains(stderr, "broken.json") {
		t.Errorf("stderr does not name the broken file: %q", stderr)
	}

	// Standard input among files.
	code, out, _ = validateMany(t, string(good), "-", filepath.Join(dir, "a.json"))
	if code != 0 || len(out.Files) != 2 || out.Files[0].File != "-" {
		t.Fatalf("stdin among files: exit %d %+v", code, out)
	}
}

func validateMany(t *testing.T, stdin string, args ...string) (int, filesOutput, string) {
	t.Helper()
	code, stdout, stderr := validateCLI(t, stdin, append([]string{"validate"}, args...)...)
	var out filesOutput
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatalf("%v: stdout is not the files JSON: %v\n%s\n%s", args, err, stdout, stderr)
	}
	return code, out, stderr
}

// validate accepts exports in every phase and does not judge channels the
// engine does not write; non-campaign JSON is skipped like diff skips it.
func TestValidateAcceptsExportsInEveryPhase(t *testing.T) {
	e := clitest.Writes(t, NewCmdValidate)
	dir := t.TempDir()
	ids := e.SB.Export(t, dir)
	os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"name":"x","version":"1.0.0"}`), 0o644)
	// (The patch phase takes a --base: checked below, an export onto itself.)
	for _, phase := range []string{"create", "publish"} {
		args := []string{"validate", "--phase", phase, "--json", dir}
		code, out, errs := validateCLI(t, "", args...)
		if code != 0 || strings.Contains(out, "package.json") {
			t.Fatalf("validate --phase %s of a fresh export: exit %d\n%s\n%s", phase, code, out, errs)
		}
		if !strings.Contains(out, `"not_checked": "SMS campaigns are read-only`) {
			t.Fatalf("the SMS export is not marked not checked:\n%s", out)
		}
	}
	// One file, --json: the files shape; without: the single-file shape.
	f := filepath.Join(dir, ids["June newsletter"]+".json")
	_, out, _ := validateCLI(t, "", "validate", "--json", f)
	if !strings.Contains(out, `"files": [`) {
		t.Fatalf("--json of one file:\n%s", out)
	}
	_, out, _ = validateCLI(t, "", "validate", "--phase", "patch", "--base", f, f)
	if strings.Contains(out, `"files"`) || !strings.Contains(out, `"valid": true`) {
		t.Fatalf("single-file shape, patch of an export onto itself:\n%s", out)
	}
	_, _, errs := validateCLI(t, "", "validate", "--verbose", dir)
	if !strings.Contains(errs, "skipped "+filepath.Join(dir, "package.json")) {
		t.Fatalf("--verbose does not list the skipped file: %q", errs)
	}
}

// validate: the contract's JSON for scripts, a summary for a person.
func TestValidateSummaryOnATerminal(t *testing.T) {
	e := clitest.New(t, nil).Terminal()
	e.Setenv("NO_COLOR", "1")
	dir := t.TempDir()
	good, _ := os.ReadFile(fixtures + "/push_one_time.json")
	os.WriteFile(filepath.Join(dir, "good.json"), good, 0o644)
	os.WriteFile(filepath.Join(dir, "bad.json"), []byte(`{"channel":"PUSH","campaign_delivery_type":"ONE_TIME","basic_details":{"name":"x","platforms":["BLACKBERRY"]}}`), 0o644)
	r := e.Do(newValidateCmd(e.F), dir)
	code, out := r.Code, r.Out
	if code != 1 || !strings.Contains(out, "✓ "+filepath.Join(dir, "good.json")) || !strings.Contains(out, "✗ "+filepath.Join(dir, "bad.json")) ||
		!strings.Contains(out, "Platforms: platform \"BLACKBERRY\" is not allowed") || !strings.Contains(out, "at basic_details.platforms[0]") ||
		!strings.Contains(out, "2 file(s): 1 valid, 1 invalid") {
		t.Fatalf("summary: exit %d\n%s%s", code, out, r.Err)
	}
	r = e.Do(newValidateCmd(e.F), dir, "--json")
	code = r.Code
	var res filesOutput
	clitest.JSON(t, r.Out, &res)
	if code != 1 || res.Valid || len(res.Files) != 2 {
		t.Fatalf("--json on a terminal: exit %d\n%s", code, r.Out)
	}
}
