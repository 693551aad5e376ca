package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/campaignaction"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
)

// The case 1: a CI job whose service variables are empty must not
// create a draft in a throwaway embedded sandbox. Every empty service flag
// or variable, and an API key with no service named, is a usage error that
// names it; the file is left as it was.
func TestNeverGuessTheService(t *testing.T) {
	e := parallelScript(t)
	file := filepath.Join(t.TempDir(), "new.json")
	body := `{"channel":"PUSH","campaign_delivery_type":"ONE_TIME","created_by":"ana@example.com","basic_details":{"name":"CI promo","platforms":["ANDROID"]}}`
	os.WriteFile(file, []byte(body), 0o644)
	for _, tc := range []struct {
		name string
		env  map[string]string
		args []string
		want string
	}{
		{"empty flags from empty CI variables", map[string]string{"CAMPAIGNS_API_KEY": "k"}, []string{"--base-url", "", "--workspace-id", ""}, "--base-url"},
		{"an empty workspace flag", nil, []string{"--workspace-id", ""}, "--workspace-id"},
		{"an empty data centre", nil, []string{"--dc", ""}, "--dc"},
		{"an empty profile", nil, []string{"--profile", ""}, "--profile"},
		{"an API key and no service", map[string]string{"CAMPAIGNS_API_KEY": "k"}, nil, "CAMPAIGNS_API_KEY"},
		{"an empty CAMPAIGNS_BASE_URL", map[string]string{"CAMPAIGNS_BASE_URL": ""}, nil, "CAMPAIGNS_BASE_URL"},
		{"an empty CAMPAIGNS_WORKSPACE_ID", map[string]string{"CAMPAIGNS_WORKSPACE_ID": ""}, nil, "CAMPAIGNS_WORKSPACE_ID"},
		{"an empty CAMPAIGNS_DC", map[string]string{"CAMPAIGNS_DC": ""}, nil, "CAMPAIGNS_DC"},
		{"an empty CAMPAIGNS_PROFILE", map[string]string{"CAMPAIGNS_PROFILE": ""}, nil, "CAMPAIGNS_PROFILE"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for k, v := range tc.env {
				e.Setenv(k, v)
				t.Cleanup(func() { e.Unsetenv(k) })
			}
			code, out, errs := e.run("", append([]string{"apply", file, "--confirm"}, tc.args...)...)
			if code != 2 || !strings.Contains(errs, tc.want) || strings.Contains(out, "created draft") {
				t.Fatalf("exit %d, want 2 naming %s\nstdout: %s\nstderr: %s", code, tc.want, out, errs)
			}
			if raw, _ := os.ReadFile(file); string(raw) != body {
				t.Fatalf("the file was rewritten:\n%s", raw)
			}
		})
	}
}

// CAMPAIGNS_BASE_URL, CAMPAIGNS_WORKSPACE_ID and the key name a real
// service as the flags do; the summary and --json name where it went.
func TestServiceVariablesWorkAsFlagsAndWritesNameTheTarget(t *testing.T) {
	e := parallelScript(t)
	url := clitest.WorkspaceACME(t)
	e.Setenv("CAMPAIGNS_BASE_URL", url)
	e.Setenv("CAMPAIGNS_WORKSPACE_ID", "ACME")
	e.Setenv("CAMPAIGNS_API_KEY", clitest.ACMEKey)
	file := filepath.Join(t.TempDir(), "new.json")
	os.WriteFile(file, []byte(`{"channel":"PUSH","campaign_delivery_type":"ONE_TIME","created_by":"ana@example.com","basic_details":{"name":"CI promo","platforms":["ANDROID"]}}`), 0o644)
	code, out, errs := e.run("", "apply", file, "--confirm")
	if code != 0 || !strings.Contains(out, "created draft") || !strings.Contains(out, "in workspace ACME on "+url) {
		t.Fatalf("apply: exit %d\n%s%s", code, out, errs)
	}
	code, out, _ = e.run("", "apply", file, "--json")
	var res []map[string]any
	e.mustJSON(out, &res)
	if code != 0 || len(res) != 1 || res[0]["service"] != url || res[0]["workspace"] != "ACME" {
		t.Fatalf("apply --json: exit %d %s", code, out)
	}
}

// The case 5 through the commands: a pause is recorded under the
// credential, never under whoever edited last; --author names the person.
func TestWritesAreRecordedUnderTheirAuthor(t *testing.T) {
	e := parallelScript(t)
	id := e.idOf("Cart abandonment nudge") // ACTIVE, event-triggered
	var ans campaignaction.Answer
	code, out, _ := e.run("", "status", id, "pause", "--yes", "--json")
	e.mustJSON(out, &ans)
	if code != 0 || ans.UpdatedBy != sandbox.CredentialIdentity(sandbox.DefaultWorkspaceID) || ans.Workspace != sandbox.DefaultWorkspaceID || ans.Service != "the embedded sandbox" {
		t.Fatalf("pause: exit %d %+v", code, ans)
	}
	code, out, errs := e.run("", "status", id, "resume", "--yes", "--author", "bad author")
	if code != 2 || !strings.Contains(errs, "--author") {
		t.Fatalf("a bad --author: exit %d %s%s", code, out, errs)
	}
	dir := t.TempDir()
	e.run("", "export", id, "--dir", dir)
	file := filepath.Join(dir, id+".json")
	raw, _ := os.ReadFile(file)
	os.WriteFile(file, []byte(strings.Replace(string(raw), `"name": "Cart abandonment nudge"`, `"name": "Cart nudge"`, 1)), 0o644)
	e.Setenv("CAMPAIGNS_AUTHOR", "alice@example.com")
	if code, out, errs := e.run("", "apply", file, "--confirm"); code != 0 {
		t.Fatalf("apply: exit %d %s%s", code, out, errs)
	}
	if _, by, _ := e.run("", "get", id, "--jq", ".updated_by"); by != "alice@example.com\n" {
		t.Errorf("updated_by %q, want alice@example.com", by)
	}
}

// The same rule at every door that talks to a service: the editor, mcp,
// status and list refuse an empty service flag or an API key with no
// service before they start anything.
func TestEveryDoorRefusesToGuessTheService(t *testing.T) {
	e := parallelScript(t)
	for _, tc := range []struct {
		args []string
		env  map[string]string
		want string
	}{
		{[]string{"--base-url", ""}, nil, "--base-url"},
		{[]string{"mcp", "--workspace-id", ""}, nil, "--workspace-id"},
		{[]string{"mcp"}, map[string]string{"CAMPAIGNS_API_KEY": "k"}, "CAMPAIGNS_API_KEY"},
		{[]string{"status", "x", "pause", "--yes"}, map[string]string{"CAMPAIGNS_DC": ""}, "CAMPAIGNS_DC"},
		{[]string{"list", "--author", ""}, nil, "--author"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			for k, v := range tc.env {
				e.Setenv(k, v)
				t.Cleanup(func() { e.Unsetenv(k) })
			}
			code, _, errs := e.run("", tc.args...)
			if code != 2 || !strings.Contains(errs, tc.want) {
				t.Fatalf("exit %d, want 2 naming %s: %s", code, tc.want, errs)
			}
		})
	}
}
