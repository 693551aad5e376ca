package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
)

// workflowSteps reads the `campaigns …` run lines of the README's sample
// workflow, with the step names.
func workflowSteps(t *testing.T) (names, runs []string) {
	t.Helper()
	raw, err := os.ReadFile("../../testdata/ci/campaigns.yml")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(readme), string(raw)) {
		t.Fatal("README.md does not show testdata/ci/campaigns.yml as it is")
	}
	name := ""
	for _, line := range strings.Split(string(raw), "\n") {
		line = strings.TrimSpace(line)
		if n, ok := strings.CutPrefix(line, "- name: "); ok {
			name = n
		}
		if r, ok := strings.CutPrefix(line, "run: campaigns "); ok {
			names, runs = append(names, name), append(runs, r)
		}
	}
	return names, runs
}

// runStep runs one run line as the workflow's shell would: $VARS expanded,
// quotes dropped, ">> FILE" appending standard output.
func runStep(t *testing.T, e *scriptEnv, line string) (int, string, string) {
	t.Helper()
	var args []string
	appendTo := ""
	fields := strings.Fields(os.Expand(line, e.Getenv))
	for i := 0; i < len(fields); i++ {
		f := strings.Trim(fields[i], `"'`)
		if f == ">>" && i+1 < len(fields) {
			appendTo = strings.Trim(fields[i+1], `"'`)
			i++
			continue
		}
		args = append(args, f)
	}
	code, out, errs := e.rootEnv.run("", args...)
	if appendTo != "" {
		fh, err := os.OpenFile(appendTo, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		fh.WriteString(out)
		fh.Close()
	}
	return code, out, errs
}

// The README's sample workflow runs green against a sandbox: a pull
// request changes a campaign (validate passes, the plan is the summary),
// the merge to main applies it, and the drift check then finds nothing.
func TestSampleCIWorkflowRunsGreen(t *testing.T) {
	e := newScriptEnv(t)
	_, url := servedSandbox(t, e)
	names, runs := workflowSteps(t)
	repo := t.TempDir()
	t.Chdir(repo)
	id := exportAll(t, url, "campaigns")["Summer sale kickoff"]
	clitest.Edit(t, filepath.Join("campaigns", id+".json"), `"team": "Growth"`, `"team": "Lifecycle"`)
	e.Setenv("CAMPAIGNS_BASE_URL", url)
	e.Setenv("CAMPAIGNS_WORKSPACE_ID", "SANDBOX")
	summary := filepath.Join(t.TempDir(), "summary.md")
	e.Setenv("GITHUB_STEP_SUMMARY", summary)
	if len(runs) != 4 {
		t.Fatalf("steps: %v", runs)
	}
	for i, run := range runs {
		code, out, errs := runStep(t, e, run)
		t.Logf("step %q: campaigns %s → exit %d\n%s%s", names[i], run, code, out, errs)
		if code != 0 {
			t.Fatalf("step %q failed", names[i])
		}
	}
	sum, _ := os.ReadFile(summary)
	if !strings.Contains(string(sum), "would update basic_details") || !strings.Contains(string(sum), `"team": "Lifecycle"`) {
		t.Fatalf("the plan summary:\n%s", sum)
	}
	if _, out, _ := e.run("", "get", id, "--jq", ".basic_details.team"); out != "Lifecycle\n" {
		t.Fatalf("applied: %q", out)
	}
}
