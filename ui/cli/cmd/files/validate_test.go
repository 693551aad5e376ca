package files

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
