package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"github.com/campaigns-cli/campaigns/api/sandbox"
)

type validateOutput struct {
	Valid  bool `json:"valid"`
	Errors []struct {
		Target  string `json:"target"`
		Message string `json:"message"`
	} `json:"errors"`
}

func runCmd(t *testing.T, stdin string, args ...string) (code int, out validateOutput, stdout, stderr string) {
	t.Helper()
	var o, e bytes.Buffer
	code = Run(args, strings.NewReader(stdin), &o, &e)
	if code != 2 && !strings.HasPrefix(strings.Join(args, " "), "validate --help") {
		if err := json.Unmarshal(o.Bytes(), &out); err != nil {
			t.Fatalf("stdout is not the validate JSON: %v\n%s", err, o.String())
		}
	}
	return code, out, o.String(), e.String()
}

func writeTemp(t *testing.T, name, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestValidateFixturesExitZero(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/campaigns/*.json")
	if len(files) < 10 {
		t.Fatalf("want the 10 fixtures, found %d", len(files))
	}
	for _, f := range files {
		code, out, stdout, stderr := runCmd(t, "", "validate", f)
		if code != 0 || !out.Valid || out.Errors == nil {
			t.Errorf("%s: exit %d, %s %s", f, code, stdout, stderr)
		}
		if !strings.Contains(stdout, `"errors": []`) {
			t.Errorf("%s: errors must be an empty array, got %s", f, stdout)
		}
	}
}

func TestValidateInvalidExitOne(t *testing.T) {
	body := `{"channel": "PUSH", "campaign_delivery_type": "ONE_TIME", "created_by": "a@example.com",
	  "delivery_controls": {"bypass_dnd": "yes", "queuing_enabled": true, "queue_duration": 49}}`
	code, out, stdout, _ := runCmd(t, body, "validate", "--phase", "create", "-")
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
	body := `{"channel": "PUSH", "campaign_delivery_type": "ONE_TIME", "created_by": "a@example.com", "status": null}`
	code, out, stdout, _ := runCmd(t, body, "validate", "--phase", "create", "-")
	if code != 1 || len(out.Errors) != 1 || out.Errors[0].Target != "status" {
		t.Fatalf("a status key, even null, is forbidden: exit %d %s", code, stdout)
	}
}

func TestValidateFeaturesFlag(t *testing.T) {
	body := `{"channel": "PUSH", "campaign_delivery_type": "PERIODIC", "created_by": "a@example.com",
	  "campaign_audience_limit": {"is_campaign_audience_limit_enabled": true, "metric": "SENT", "frequency": "INSTANCE", "limit": 5000}}`
	code, out, stdout, _ := runCmd(t, body, "validate", "--phase", "create", "-")
	if code != 1 || len(out.Errors) != 1 || out.Errors[0].Target != "campaign_audience_limit" || !strings.Contains(out.Errors[0].Message, "not enabled") {
		t.Fatalf("feature off: exit %d %s", code, stdout)
	}
	for _, list := range []string{"audience_limit", "audience_limit,versioning", " versioning , audience_limit "} {
		if code, _, stdout, stderr := runCmd(t, body, "validate", "--phase", "create", "--features", list, "-"); code != 0 {
			t.Fatalf("--features %q: exit %d %s %s", list, code, stdout, stderr)
		}
	}
	if code, _, _, stderr := runCmd(t, body, "validate", "--features", "audience_limt", "-"); code != 2 || !strings.Contains(stderr, "audience_limt") {
		t.Fatalf("unknown feature: exit %d %s", code, stderr)
	}
	// An empty list is allowed and means no feature.
	if code, _, _, _ := runCmd(t, body, "validate", "--phase", "create", "--features", "", "-"); code != 1 {
		t.Fatalf("empty --features: exit %d", code)
	}
}

func TestValidateBaseAndState(t *testing.T) {
	base := "../../testdata/campaigns/push_one_time.json"
	// Resending the stored audience is not an edit; changing it in ACTIVE is.
	stored, _ := os.ReadFile(base)
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(stored, &doc); err != nil {
		t.Fatal(err)
	}
	same := `{"segmentation_details": ` + string(doc["segmentation_details"]) + `}`
	if code, _, stdout, _ := runCmd(t, same, "validate", "--base", base, "--state", "ACTIVE", "-"); code != 0 {
		t.Fatalf("resent stored value: exit %d %s", code, stdout)
	}
	changed := `{"segmentation_details": {"is_all_user_campaign": true}}`
	code, out, stdout, _ := runCmd(t, changed, "validate", "--phase", "patch", "--base", base, "--state", "ACTIVE", "-")
	if code != 1 || len(out.Errors) != 1 || out.Errors[0].Target != "segmentation_details" {
		t.Fatalf("locked field: exit %d %s", code, stdout)
	}
	if code, _, _, _ := runCmd(t, changed, "validate", "--base", base, "-"); code != 0 {
		t.Fatalf("DRAFT is the default state and allows every edit")
	}
	code, out, stdout, _ = runCmd(t, `{}`, "validate", "--base", base, "--state", "ARCHIVED", "-")
	if code != 1 || len(out.Errors) != 1 || out.Errors[0].Target != "" || !strings.Contains(out.Errors[0].Message, "ARCHIVED") {
		t.Fatalf("refusal: exit %d %s", code, stdout)
	}
	// With --phase publish (the default) the merged campaign is checked too.
	code, out, stdout, _ = runCmd(t, `{"scheduling_details": {"delivery_type": "AT_FIXED_TIME"}}`, "validate", "--base", base, "-")
	if code != 1 || len(out.Errors) == 0 {
		t.Fatalf("publish after merge: exit %d %s", code, stdout)
	}
}

func TestValidateUsageErrors(t *testing.T) {
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
		code, _, _, stderr := runCmd(t, tc.stdin, tc.args...)
		if code != 2 || !strings.Contains(stderr, tc.stderr) {
			t.Errorf("%s: exit %d, stderr %q, want 2 and %q", tc.name, code, stderr, tc.stderr)
		}
	}
}

func TestValidateHelp(t *testing.T) {
	var o, e bytes.Buffer
	if code := Run([]string{"validate", "--help"}, strings.NewReader(""), &o, &e); code != 0 || !strings.Contains(o.String(), "--phase") {
		t.Fatalf("exit %d: %s", code, o.String())
	}
}

func TestValidateFlagsAfterFile(t *testing.T) {
	f := writeTemp(t, "c.json", `{"channel": "EMAIL", "campaign_delivery_type": "ONE_TIME", "created_by": "a@example.com"}`)
	code, out, stdout, _ := runCmd(t, "", "validate", f, "--phase", "create")
	if code != 1 || len(out.Errors) != 1 || out.Errors[0].Target != "connector" {
		t.Fatalf("flags after FILE ignored: exit %d %s", code, stdout)
	}
}

// The editor's flags are checked before any terminal or service is touched.
func TestEditorUsageErrors(t *testing.T) {
	t.Setenv("CAMPAIGNS_API_KEY", "")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--theme", "neon"}, `unknown theme "neon"`},
		{[]string{"--base-url", "https://example.com"}, "needs --workspace-id and the API key"},
		{[]string{"--base-url", "https://example.com", "--dc", "01"}, "--base-url and --dc cannot be used together"},
		{[]string{"--workspace-id", "W"}, "--workspace-id needs --base-url or --dc"},
		{[]string{"--bogus"}, "unknown flag: --bogus"},
	}
	for _, tc := range cases {
		var out, errb bytes.Buffer
		if code := Run(tc.args, strings.NewReader(""), &out, &errb); code != 2 {
			t.Errorf("%v: exit %d, want 2", tc.args, code)
		}
		if !strings.Contains(errb.String(), tc.want) {
			t.Errorf("%v: stderr %q lacks %q", tc.args, errb.String(), tc.want)
		}
	}
}

func TestEditorBadDataCenter(t *testing.T) {
	t.Setenv("CAMPAIGNS_API_KEY", "k")
	var out, errb bytes.Buffer
	if code := Run([]string{"--dc", "99", "--workspace-id", "W"}, strings.NewReader(""), &out, &errb); code != 2 {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	if !strings.Contains(errb.String(), "99") {
		t.Fatalf("stderr %q does not name the data center", errb.String())
	}
}

func TestEditorHelp(t *testing.T) {
	var out, errb bytes.Buffer
	// campaigns --help prints the overview of every command; the editor's own
	// flags come with --help after any editor flag.
	if code := Run([]string{"--theme", "plain", "--help"}, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, flag := range []string{"--base-url", "--dc", "--workspace-id", "--theme", "--data", "CAMPAIGNS_API_KEY", "NO_COLOR"} {
		if !strings.Contains(out.String(), flag) {
			t.Errorf("help lacks %s", flag)
		}
	}
}

func TestServeHelpAndUsageErrors(t *testing.T) {
	var out, errb strings.Builder
	if code := Run([]string{"serve", "--help"}, nil, &out, &errb); code != 0 {
		t.Fatalf("--help: exit %d", code)
	}
	for _, s := range []string{"--addr", "--data", "--workspace ID:KEY[:FLAGS]", "audience_limit", "scope=view|create_manage|create_manage_publish", sandbox.DefaultDataDir()} {
		if !strings.Contains(out.String(), s) {
			t.Errorf("--help does not mention %q", s)
		}
	}
	for _, args := range [][]string{{"serve", "--workspace", "nokey"}, {"serve", "--workspace", "A:k:scope=root"}, {"serve", "--bogus"}, {"serve", "extra"}} {
		errb.Reset()
		if code := Run(args, nil, io.Discard, &errb); code != 2 || errb.Len() == 0 {
			t.Errorf("%v: exit %d, stderr %q", args, code, errb.String())
		}
	}
}

// TestServeRunsAndStopsOnSIGTERM starts `campaigns serve` on a free port,
// uses it, sends the process SIGTERM and expects a clean exit; the data is
// there on the next start.
func TestServeRunsAndStopsOnSIGTERM(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("SIGTERM cannot be sent to a process on Windows")
	}
	if testing.Short() {
		t.Skip("starts a server")
	}
	dir := filepath.Join(t.TempDir(), "data")
	serve := func() (base string, done chan int) {
		pr, pw := io.Pipe()
		done = make(chan int, 1)
		go func() {
			done <- Run([]string{"serve", "--addr", "127.0.0.1:0", "--data", dir, "--quiet", "--workspace", "ACME:secret:versioning"}, nil, pw, io.Discard)
			pw.Close()
		}()
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			if rest, ok := strings.CutPrefix(sc.Text(), "campaigns sandbox on "); ok {
				base = strings.Fields(rest)[0]
				break
			}
		}
		go io.Copy(io.Discard, pr)
		if base == "" {
			t.Fatal("serve printed no address")
		}
		return base, done
	}
	search := func(base string) string {
		req, _ := http.NewRequest("POST", base+"/v5/campaigns/search", strings.NewReader(`{"limit":15,"page":1}`))
		req.SetBasicAuth("ACME", "secret")
		req.Header.Set("SVC-APPKEY", "ACME")
		req.Header.Set("X-SVC-Request-Id", "t")
		req.Header.Set("Idempotency-Key", "0b7f5b8e-3c52-4a5e-9a51-2f1f8c2f7d11")
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return fmt.Sprint(res.StatusCode, " ", string(b))
	}
	base, done := serve()
	first := search(base)
	if !strings.HasPrefix(first, "200 ") || !strings.Contains(first, `"status":"ACTIVE"`) {
		t.Fatalf("search on a seeded workspace: %.300s", first)
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if code := <-done; code != 0 {
		t.Fatalf("exit %d after SIGTERM", code)
	}
	base, done = serve()
	// The same key and body replay the stored answer: the data survived.
	if again := search(base); again != first {
		t.Errorf("after a restart:\n%.300s\nwant\n%.300s", again, first)
	}
	syscall.Kill(os.Getpid(), syscall.SIGTERM)
	if code := <-done; code != 0 {
		t.Fatalf("exit %d after the second SIGTERM", code)
	}
}

func TestSSHUsageErrors(t *testing.T) {
	t.Setenv("CAMPAIGNS_API_KEY", "")
	t.Setenv("HOME", t.TempDir()) // no ~/.ssh/authorized_keys to fall back on
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"ssh"}, "authorized_keys does not exist"},
		{[]string{"ssh", "--demo", "--base-url", "http://x"}, "--demo serves the embedded sandbox"},
		{[]string{"ssh", "--demo", "--authorized-keys", "k"}, "--demo lets any key in"},
		{[]string{"ssh", "--authorized-keys", "k", "--base-url", "http://x", "--workspace-id", "W"}, "CAMPAIGNS_API_KEY"},
		{[]string{"ssh", "--demo", "--max-sessions", "0"}, "--max-sessions must be at least 1"},
		{[]string{"ssh", "--demo", "--idle-timeout", "-1s"}, "cannot be negative"},
		{[]string{"ssh", "--demo", "--theme", "neon"}, `unknown --theme "neon"`},
		{[]string{"ssh", "--demo", "extra"}, `unexpected argument "extra"`},
		{[]string{"ssh", "--port", "22"}, "unknown flag: --port"},
	} {
		var out, errb bytes.Buffer
		code := Run(tc.args, strings.NewReader(""), &out, &errb)
		if code != 2 || !strings.Contains(errb.String(), tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, code, errb.String(), tc.want)
		}
	}
}

func TestSSHHelp(t *testing.T) {
	var out, errb bytes.Buffer
	if code := Run([]string{"ssh", "--help"}, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, flag := range []string{"--addr", "--host-key", "--authorized-keys", "--demo", "--max-sessions", "--idle-timeout", "--max-session", "--base-url", "--dc", "--workspace-id", "CAMPAIGNS_API_KEY"} {
		if !strings.Contains(out.String(), flag) {
			t.Errorf("ssh --help does not mention %s", flag)
		}
	}
}

func TestSSHExpandsAQuotedTilde(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	var out, errb bytes.Buffer
	code := Run([]string{"ssh", "--data", t.TempDir(), "--authorized-keys", "~/missing_keys"}, strings.NewReader(""), &out, &errb)
	if code != 1 || !strings.Contains(errb.String(), home+"/missing_keys") {
		t.Fatalf("exit %d, stderr %q; want 1 and an error naming %s/missing_keys", code, errb.String(), home)
	}
}

// The overview names the flags a first-time user needs: where data lives and
// the SSH demo mode.
func TestTopLevelHelpNamesDataAndDemo(t *testing.T) {
	var o, e bytes.Buffer
	if code := Run([]string{"--help"}, strings.NewReader(""), &o, &e); code != 0 {
		t.Fatalf("exit %d: %s", code, e.String())
	}
	// The summary names every command a person can run.
	for _, want := range []string{"[--theme NAME] [--data DIR]", "campaigns ssh [--demo", "campaigns serve", "campaigns validate",
		"campaigns auth login", "campaigns list", "get ID", "meta ID", "campaigns status ID pause|resume|stop",
		"campaigns publish ID", "test ID --to", "campaigns export | diff | apply", "campaigns mcp", "completion SHELL | man"} {
		if !strings.Contains(o.String(), want) {
			t.Errorf("campaigns --help lacks %q:\n%s", want, o.String())
		}
	}
}
