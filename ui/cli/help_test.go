package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/spf13/pflag"
)

func TestHelpForEveryCommand(t *testing.T) {
	r := parallelRoot(t)
	app := &cmdutil.Factory{IOStreams: &cmdutil.IOStreams{Getenv: func(string) string { return "" }}}
	root := newRootCmd(app)
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	cmds := allCommands(root)
	if len(cmds) < 12 {
		t.Fatalf("only %d commands in the tree", len(cmds))
	}
	for _, c := range cmds {
		path := strings.Fields(c.CommandPath())[1:]
		code, out, errs := r.run("", append(path, "--help")...)
		if code != 0 || !strings.Contains(out, c.CommandPath()+" ") || errs != "" {
			t.Errorf("%s --help: exit %d, stderr %q, stdout lacks its usage line:\n%s", c.CommandPath(), code, errs, out)
		}
		c.LocalNonPersistentFlags().VisitAll(func(f *pflag.Flag) {
			if !f.Hidden && !strings.Contains(out, "--"+f.Name) {
				t.Errorf("%s --help does not show --%s", c.CommandPath(), f.Name)
			}
			// fang prints usage strings as they are: pflag's `NAME` quoting
			// would show its backticks.
			if strings.Contains(f.Usage, "`") {
				t.Errorf("%s --%s help shows backticks: %q", c.CommandPath(), f.Name, f.Usage)
			}
		})
		if c.HasParent() {
			// The parent's list of commands shows "name ARGS [--flags]".
			_, pout, _ := r.run("", append(path[:len(path)-1:len(path)-1], "--help")...)
			for _, l := range strings.Split(pout, "\n") {
				rest, ok := strings.CutPrefix(strings.TrimSpace(l), c.Name()+"  ")
				if ok && !strings.HasPrefix(strings.TrimSpace(rest), c.Short) {
					t.Errorf("%s: listed with a double space: %q", c.CommandPath(), l)
				}
			}
		}
		if c.HasParent() && c.Name() != "help" {
			// help CMD is that command's help, not the overview.
			hcode, hout, _ := r.run("", append([]string{"help"}, path...)...)
			if hcode != 0 || hout != out {
				t.Errorf("help %s differs from %s --help (exit %d)", strings.Join(path, " "), strings.Join(path, " "), hcode)
			}
		}
		for _, f := range []string{"debug"} {
			if c.Flag(f) == nil {
				t.Errorf("%s has no --%s", c.CommandPath(), f)
			}
		}
	}
}

// Help read in a pipe or a file has no padding at the ends of its lines
// (fang pads to 120 columns when it sees no terminal).
func TestHelpHasNoTrailingSpaces(t *testing.T) {
	r := parallelRoot(t)
	for _, args := range [][]string{{"--help"}, {"list", "--help"}, {"auth", "--help"}, {"help", "apply"}, {"man"}, {"completion", "bash"}} {
		code, out, errs := r.run("", args...)
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

// Examples fit an 80-column terminal: fang cuts a longer line with "…",
// losing the end of the command.
func TestExamplesFitEightyColumns(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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

// TestSSHFlagHelpWrapsWhole: three flags of campaigns ssh carried a line
// break of their own, which fang's wrapping cut again ("re-read" / "when
// it" / "changes"); and "OpenSSH" as the first word came out "Openssh".
func TestSSHFlagHelpWrapsWhole(t *testing.T) {
	t.Parallel()
	var o, e bytes.Buffer
	if code := Run([]string{"ssh", "--help"}, strings.NewReader(""), &o, &e); code != 0 {
		t.Fatalf("exit %d: %s", code, e.String())
	}
	stdout := o.String()
	for _, l := range strings.Split(stdout, "\n") {
		// A continuation line of one or two plain words is a line break
		// fang's wrapping met again (paths and defaults may stand alone).
		cont := strings.HasPrefix(l, strings.Repeat(" ", 10))
		if w := strings.Fields(l); cont && len(w) > 0 && len(w) <= 2 && !strings.ContainsAny(l, "()/") {
			t.Errorf("a line of one or two words in the flags' help: %q", l)
		}
	}
	if !strings.Contains(stdout, "OpenSSH") {
		t.Error("OpenSSH lost its capitals")
	}
}

// The overview names the flags a first-time user needs: where data lives and
// the SSH demo mode.
func TestTopLevelHelpNamesDataAndDemo(t *testing.T) {
	t.Parallel()
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
