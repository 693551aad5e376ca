package cli

import (
	"bytes"
	"io"
	"strings"

	"github.com/campaigns-cli/campaigns/ui/cli/cmd/act"
	"github.com/campaigns-cli/campaigns/ui/cli/cmd/api"
	"github.com/campaigns-cli/campaigns/ui/cli/cmd/auth"
	"github.com/campaigns-cli/campaigns/ui/cli/cmd/files"
	"github.com/campaigns-cli/campaigns/ui/cli/cmd/read"
	"github.com/campaigns-cli/campaigns/ui/cli/cmd/serve"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/charmbracelet/fang"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// A command with a PersistentPreRunE of its own still gets the root's (the
// logger, the debug log). Set once here: tests build trees concurrently.
func init() { cobra.EnableTraverseRunHooks = true }

// newRootCmd builds the whole command tree. The root command is the editor.
func newRootCmd(app *cmdutil.Factory) *cobra.Command {
	app.IDCompletion = func(flags *cmdutil.ServiceFlags) cobra.CompletionFunc {
		return (&scriptCmd{app: app, flags: flags}).completeIDs
	}
	app.Execute = execute
	root := serve.NewCmdEditor(app, nil)
	root.SetIn(app.In)
	root.SetOut(app.Out)
	root.SetErr(app.ErrOut)
	root.PersistentFlags().BoolVar(&app.Debug, "debug", app.Getenv("CAMPAIGNS_DEBUG") == "1",
		"trace every HTTP exchange (secrets redacted) to "+cmdutil.DebugLogPath(app.Getenv)+"\n(or set CAMPAIGNS_DEBUG=1)")
	root.PersistentPreRunE = func(cmd *cobra.Command, _ []string) error {
		if err := exclusiveFlags(cmd); err != nil { // before cobra's own check
			return err
		}
		return app.StartLogging()
	}
	root.PersistentPostRunE = func(cmd *cobra.Command, _ []string) error { return app.StopLogging() }
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return cmdutil.CommandLineError(err) })
	root.AddCommand(
		// beside the editor: the sandbox, the validator, SSH, profiles, MCP
		serve.NewCmdServe(app, nil), files.NewCmdValidate(app, nil), serve.NewCmdSSH(app, nil), auth.NewCmd(app), serve.NewCmdMCP(app, nil),
		// reading, for scripts
		read.NewCmdList(app, nil), read.NewCmdGet(app, nil), read.NewCmdMeta(app, nil), api.NewCmd(app, nil),
		// acting on one campaign
		act.NewCmdStatus(app, nil), act.NewCmdPublish(app, nil), act.NewCmdTest(app, nil), act.NewCmdDuplicate(app, nil),
		// campaigns as files in git
		read.NewCmdExport(app, nil), files.NewCmdDiff(app, nil), files.NewCmdApply(app, nil),
		newManCmd(app), newRefreshIDsCmd(app),
	)
	// cobra adds `completion` when it runs; added now, it can refuse an
	// unknown shell like every other command refuses an unknown command.
	root.InitDefaultCompletionCmd()
	// fang prints flag help unwrapped: long lines would break mid-word on
	// an 80-column terminal.
	wrapFlagUsages(root)
	for _, c := range root.Commands() {
		if c.Name() == "completion" {
			c.Args = cmdutil.NoArgs
			c.RunE = func(cmd *cobra.Command, _ []string) error { return cmd.Help() }
		}
	}
	return root
}

// flagUsageWidth keeps a flag's help within 80 columns beside the flag
// names of the widest command.
const flagUsageWidth = 58

func wrapFlagUsages(c *cobra.Command) {
	c.LocalFlags().VisitAll(func(f *pflag.Flag) { f.Usage = wrapWords(f.Usage, flagUsageWidth) })
	c.PersistentFlags().VisitAll(func(f *pflag.Flag) { f.Usage = wrapWords(f.Usage, flagUsageWidth) })
	for _, sub := range c.Commands() {
		wrapFlagUsages(sub)
	}
}

// wrapWords breaks each line of s at spaces so that no line passes width
// (a single longer word, like a path, stays whole).
func wrapWords(s string, width int) string {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		cur := ""
		for _, w := range strings.Fields(line) {
			switch {
			case cur == "":
				cur = w
			case len([]rune(cur))+1+len([]rune(w)) > width:
				out = append(out, cur)
				cur = w
			default:
				cur += " " + w
			}
		}
		out = append(out, cur)
	}
	return strings.Join(out, "\n")
}

// execute runs the tree on args and returns the exit code.
func execute(app *cmdutil.Factory, args []string) int {
	app.Version = versionString()
	root := newRootCmd(app)
	root.SetArgs(args)
	// What cobra and fang print themselves (help, version, completion
	// scripts, the man page) goes through here: fang pads help to 120
	// columns when it cannot see a terminal, which shows in a pipe or a file.
	out := &trimWriter{w: app.Out}
	root.SetOut(out)
	defer out.Flush()
	err := fang.Execute(app.Context(), root,
		fang.WithVersion(versionString()),
		fang.WithoutManpage(), // ours writes to the command's output; see newManCmd
		fang.WithErrorHandler(func(w io.Writer, styles fang.Styles, err error) {
			printError(app, w, styles, root, args, err)
		}),
	)
	app.Close() // the services the command opened
	app.StopLogging()
	return cmdutil.ExitCode(err)
}

// trimWriter drops the spaces at the end of every line written through it.
type trimWriter struct {
	w    io.Writer
	line []byte
}

func (t *trimWriter) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			t.line = append(t.line, p...)
			break
		}
		t.line = append(t.line, p[:i]...)
		p = p[i+1:]
		if _, err := t.w.Write(append(bytes.TrimRight(t.line, " \t"), '\n')); err != nil {
			return n - len(p), err
		}
		t.line = t.line[:0]
	}
	return n, nil
}

// Flush writes a last line that had no newline.
func (t *trimWriter) Flush() {
	if len(t.line) > 0 {
		_, _ = t.w.Write(bytes.TrimRight(t.line, " \t"))
		t.line = t.line[:0]
	}
}
