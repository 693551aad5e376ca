package cli

import (
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// every command of the tree, hidden ones aside.
func allCommands(c *cobra.Command) []*cobra.Command {
	out := []*cobra.Command{c}
	for _, sub := range c.Commands() {
		if !sub.Hidden {
			out = append(out, allCommands(sub)...)
		}
	}
	return out
}

func TestHelpForEveryCommand(t *testing.T) {
	freshHome(t)
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
		code, out, errs := cli(t, "", append(path, "--help")...)
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
			_, pout, _ := cli(t, "", append(path[:len(path)-1:len(path)-1], "--help")...)
			for _, l := range strings.Split(pout, "\n") {
				rest, ok := strings.CutPrefix(strings.TrimSpace(l), c.Name()+"  ")
				if ok && !strings.HasPrefix(strings.TrimSpace(rest), c.Short) {
					t.Errorf("%s: listed with a double space: %q", c.CommandPath(), l)
				}
			}
		}
		if c.HasParent() && c.Name() != "help" {
			// help CMD is that command's help, not the overview.
			hcode, hout, _ := cli(t, "", append([]string{"help"}, path...)...)
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

// Usage mistakes exit 2 and show the usage of the command they were made on.
func TestUsageErrorsShowThatCommandsUsage(t *testing.T) {
	freshHome(t)
	for _, tc := range []struct {
		args       []string
		msg, usage string
	}{
		{[]string{"bogus"}, `unknown command "bogus" for "campaigns"`, "campaigns [command]"},
		{[]string{"serv"}, "Did you mean this?\n\tserve", "campaigns [command]"},
		{[]string{"valdate"}, "Did you mean this?\n\tvalidate", "campaigns [command]"},
		{[]string{"serve", "--bogus"}, "unknown flag: --bogus", "campaigns serve [flags]"},
		{[]string{"auth", "login", "-x"}, "unknown shorthand flag: 'x'", "campaigns auth login [flags]"},
		{[]string{"auth", "nope"}, `unknown command "nope" for "campaigns auth"`, "campaigns auth [command]"},
		{[]string{"auth", "switch", "a", "b"}, "takes one profile NAME", "campaigns auth switch NAME"},
		{[]string{"ssh", "--dc", "01", "--base-url", "http://x", "--demo"}, "--base-url and --dc cannot be used together", "campaigns ssh [flags]"},
		{[]string{"--dc", "7"}, `unknown --dc "7": use 01, 02, 03, 04, 05, 06, 101`, "campaigns [flags]"},
		{[]string{"validate", "--phase"}, "flag needs an argument: --phase", "campaigns validate FILE|DIR|-... [flags]"},
		{[]string{"serve", "--idempotency-quota", "lots"}, `"lots" is not a size`, "campaigns serve [flags]"},
		{[]string{"man", "extra"}, `unexpected argument "extra"`, "campaigns man [flags]"},
		{[]string{"completion", "tcsh"}, `unknown command "tcsh" for "campaigns completion"`, "campaigns completion [command]"},
	} {
		code, out, errs := cli(t, "", tc.args...)
		if code != 2 || !strings.Contains(errs, tc.msg) || !strings.Contains(errs, "Usage:\n") || !strings.Contains(errs, "\n  "+tc.usage) {
			t.Errorf("%v: exit %d, want 2 with %q and the usage %q\nstdout %q\nstderr %s", tc.args, code, tc.msg, tc.usage, out, errs)
		}
		if strings.Contains(errs, "goroutine") || strings.Count(errs, tc.msg) != 1 {
			t.Errorf("%v: the message must come once, and no stack trace:\n%s", tc.args, errs)
		}
	}
}

func TestCompletionScripts(t *testing.T) {
	freshHome(t)
	for shell, marker := range map[string]string{
		"bash":       "complete -o default -F __start_campaigns campaigns",
		"zsh":        "#compdef campaigns",
		"fish":       "complete -c campaigns",
		"powershell": "Register-ArgumentCompleter",
	} {
		code, out, errs := cli(t, "", "completion", shell)
		if code != 0 || !strings.Contains(out, marker) {
			t.Errorf("completion %s: exit %d, %q lacks %q", shell, code, errs, marker)
		}
	}
	// The values of --dc complete, and only they.
	code, out, _ := cli(t, "", "__complete", "--dc", "")
	if code != 0 || !strings.HasPrefix(out, "01\n02\n03\n04\n05\n06\n101\n:4") {
		t.Errorf("--dc completion: exit %d %q", code, out)
	}
	code, out, _ = cli(t, "", "__complete", "validate", "--phase", "")
	if code != 0 || !strings.HasPrefix(out, "create\npatch\npublish\n") {
		t.Errorf("--phase completion: exit %d %q", code, out)
	}
}

func TestManPage(t *testing.T) {
	code, out, errs := cli(t, "", "man")
	if code != 0 || !strings.Contains(out, ".TH CAMPAIGNS 1") || !strings.Contains(out, "auth") || !strings.Contains(out, "--base-url") {
		t.Fatalf("man: exit %d %s\n%.500s", code, errs, out)
	}
}

func TestVersion(t *testing.T) {
	if v := versionString(); v == "" || strings.Contains(v, "(devel)") {
		t.Fatalf("versionString() = %q", v)
	}
	old := Version
	Version = "v1.2.3-test"
	t.Cleanup(func() { Version = old })
	for _, args := range [][]string{{"--version"}, {"-v"}} {
		code, out, _ := cli(t, "", args...)
		if code != 0 || strings.TrimSpace(out) != "campaigns version v1.2.3-test" {
			t.Errorf("%v: exit %d %q", args, code, out)
		}
	}
}

// TestEnumFlagsSayOneThing: a single-value enum flag (--dc), a list flag
// (--status) and --state refuse an unknown value in the same words, exit 2.
func TestEnumFlagsSayOneThing(t *testing.T) {
	freshHome(t)
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--dc", "7"}, `unknown --dc "7": use 01,`},
		{[]string{"list", "--status", "active,LIVE"}, `unknown --status "LIVE": use DRAFT,`},
		{[]string{"validate", "--state", "LIVE", "-"}, `unknown --state "LIVE": use DRAFT,`},
	} {
		code, _, errs := cli(t, "{}", tc.args...)
		if code != 2 || !strings.Contains(errs, tc.msg) {
			t.Errorf("%v: exit %d, want 2 with %q:\n%s", tc.args, code, tc.msg, errs)
		}
	}
}
