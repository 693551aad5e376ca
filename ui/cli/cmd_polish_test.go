package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/pflag"

	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
)

// publish, apply and mcp share one --features flag: the same help, the same
// refusal of an unknown feature (exit 2, naming the flag) before anything
// is opened.
func TestFeaturesFlagIsTheSameEverywhere(t *testing.T) {
	e := newScriptEnv(t)
	var help string
	for _, args := range [][]string{{"publish", "x"}, {"apply", "."}, {"mcp"}} {
		code, _, errs := e.run("", append(args, "--features", "teleport")...)
		if code != 2 || !strings.Contains(errs, "--features") || !strings.Contains(errs, "teleport") {
			t.Errorf("%v --features teleport: exit %d %q", args, code, errs)
		}
		_, out, _ := e.run("", args[0], "--help")
		i := strings.Index(out, "--features")
		if i < 0 {
			t.Fatalf("%s --help has no --features:\n%s", args[0], out)
		}
		line := strings.Fields(out[i : i+strings.Index(out[i:], "\n")])
		got := strings.Join(line, " ")
		if help == "" {
			help = got
		} else if got != help {
			t.Errorf("%s --features help %q differs from %q", args[0], got, help)
		}
	}
}

// The man page's DESCRIPTION is the top-level help as prose paragraphs and
// a list of commands, not one paragraph per line (which man justifies line
// by line, tearing the summary apart).
func TestManPageDescriptionIsReadable(t *testing.T) {
	freshHome(t)
	code, out, errs := cli(t, "", "man")
	if code != 0 {
		t.Fatalf("man: exit %d %s", code, errs)
	}
	i, j := strings.Index(out, ".SH DESCRIPTION\n"), strings.Index(out, ".SH OPTIONS\n")
	if i < 0 || j < i {
		t.Fatalf("no DESCRIPTION before OPTIONS:\n%.800s", out)
	}
	desc := out[i:j]
	for _, want := range []string{".TP\n\\fBcampaigns serve [--addr HOST:PORT]\\fP\nthe sandbox service (HTTP)\n",
		".TP\n\\fBcampaigns mcp\\fP\n", "With no service named, the editor runs the embedded sandbox in-process (its\ndata under --data"} {
		if !strings.Contains(desc, want) {
			t.Errorf("DESCRIPTION lacks %q:\n%s", want, desc)
		}
	}
	if strings.Count(desc, ".PP") > 3 {
		t.Errorf("DESCRIPTION is cut into %d paragraphs:\n%s", strings.Count(desc, ".PP"), desc)
	}
	if !strings.Contains(out, ".SH COMMANDS") || !strings.Contains(out, "\\fBapply\\fP") {
		t.Error("the rest of the page is gone")
	}
}

func TestRoffTextEscapes(t *testing.T) {
	for in, want := range map[string]string{`a\b`: `a\eb`, ".x": `\&.x`, "'q": `\&'q`, "plain": "plain"} {
		if got := roffText(in); got != want {
			t.Errorf("roffText(%q) = %q, want %q", in, got, want)
		}
	}
}

// Messages name the service the way a person chose it: "profile NAME",
// "the embedded sandbox" (not a bare name that reads like a place).
func TestMessagesNameTheService(t *testing.T) {
	freshHome(t)
	url := clitest.WorkspaceACME(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "new.json"), []byte(`{"channel":"PUSH"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, out, errs := cli(t, "", "diff", dir, "--data", t.TempDir()); code != 1 || !strings.Contains(out, "1 of 1 file(s) differ from the embedded sandbox.") {
		t.Fatalf("diff: exit %d\n%s\n%s", code, out, errs)
	}
	if code, _, errs := cli(t, clitest.ACMEKey, "auth", "login", "--profile", "acme", "--base-url", url, "--workspace-id", "ACME", "--with-key"); code != 0 {
		t.Fatalf("login: %d %s", code, errs)
	}
	if code, out, errs := cli(t, "", "diff", dir); code != 1 || !strings.Contains(out, "1 of 1 file(s) differ from profile acme.") {
		t.Fatalf("diff on a profile: exit %d\n%s\n%s", code, out, errs)
	}
}

// Flags that exclude each other are named plainly, exit 2 with the usage.
func TestExclusiveFlagsAreNamedPlainly(t *testing.T) {
	freshHome(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"list", "--page", "2", "--all"}, "campaigns list: --all and --page cannot be used together\n"},
		{[]string{"get", "x", "--dc", "01", "--base-url", "http://127.0.0.1:9"}, "campaigns get: --base-url and --dc cannot be used together\n"},
		{[]string{"auth", "login", "--profile", "p", "--dc", "01", "--base-url", "http://x", "--workspace-id", "W", "--with-key"}, "campaigns auth login: --base-url and --dc cannot be used together\n"},
	} {
		code, out, errs := cli(t, "", tc.args...)
		if code != 2 || out != "" || !strings.HasPrefix(errs, tc.want) || !strings.Contains(errs, "Usage:") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", tc.args, code, out, errs)
		}
	}
}

// Help read in a pipe or a file has no padding at the ends of its lines
// (fang pads to 120 columns when it sees no terminal).
func TestHelpHasNoTrailingSpaces(t *testing.T) {
	freshHome(t)
	for _, args := range [][]string{{"--help"}, {"list", "--help"}, {"auth", "--help"}, {"help", "apply"}, {"man"}, {"completion", "bash"}} {
		code, out, errs := cli(t, "", args...)
		if code != 0 || len(out) < 200 {
			t.Fatalf("%v: exit %d %s", args, code, errs)
		}
		for i, l := range strings.Split(out, "\n") {
			if strings.TrimRight(l, " \t") != l {
				t.Errorf("%v: line %d ends in spaces: %q", args, i+1, l)
				break
			}
		}
	}
}

func TestTrimWriterKeepsPartialLines(t *testing.T) {
	var b strings.Builder
	w := &trimWriter{w: &b}
	for _, p := range []string{"a  ", "b \n", "\n  c\t\nlast  "} {
		if n, err := w.Write([]byte(p)); n != len(p) || err != nil {
			t.Fatalf("Write(%q) = %d, %v", p, n, err)
		}
	}
	w.Flush()
	if got, want := b.String(), "a  b\n\n  c\nlast"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// The README's CI check, "validate campaigns/ && diff campaigns/", passes on
// what export just wrote, published campaigns included (their schedule is
// in the service's response form).
func TestExportedCampaignsValidateAndDoNotDiffer(t *testing.T) {
	e := newScriptEnv(t)
	dir := t.TempDir()
	if code, _, errs := e.run("", "export", "--status", "paused,active,scheduled", "--channel", "push,email", "--dir", dir); code != 0 {
		t.Fatalf("export: exit %d %s", code, errs)
	}
	code, out, errs := cli(t, "", "validate", dir)
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
	if code, out, _ := cli(t, "", "validate", "--phase", "create", body); code != 1 || !strings.Contains(out, "scheduling_details.delivery_type") {
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

// Examples fit an 80-column terminal: fang cuts a longer line with "…",
// losing the end of the command.
func TestExamplesFitEightyColumns(t *testing.T) {
	app := &cmdutil.Factory{IOStreams: &cmdutil.IOStreams{Getenv: func(string) string { return "" }}}
	for _, c := range allCommands(newRootCmd(app)) {
		for _, l := range strings.Split(c.Example, "\n") {
			if n := len([]rune(l)); n > 72 {
				t.Errorf("%s: example line of %d columns: %q", c.CommandPath(), n, l)
			}
		}
	}
}

// Flag help is wrapped to fit 80 columns beside the flag names (fang does
// not wrap it).
func TestFlagHelpIsWrapped(t *testing.T) {
	app := &cmdutil.Factory{IOStreams: &cmdutil.IOStreams{Getenv: func(string) string { return "" }}}
	for _, c := range allCommands(newRootCmd(app)) {
		c.Flags().VisitAll(func(f *pflag.Flag) {
			for _, l := range strings.Split(f.Usage, "\n") {
				if len([]rune(l)) > flagUsageWidth && strings.Contains(l, " ") {
					t.Errorf("%s --%s: help line of %d columns: %q", c.CommandPath(), f.Name, len([]rune(l)), l)
				}
			}
		})
	}
	if got := wrapWords("aa bb cc\ndd /a/very/long/path ee", 5); got != "aa bb\ncc\ndd\n/a/very/long/path\nee" {
		t.Errorf("wrapWords = %q", got)
	}
}
