package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"

	"github.com/campaigns-cli/campaigns/ui/cli/cmd/api"
	"github.com/campaigns-cli/campaigns/ui/cli/cmd/apply"
	"github.com/campaigns-cli/campaigns/ui/cli/cmd/auth"
	"github.com/campaigns-cli/campaigns/ui/cli/cmd/diff"
	"github.com/campaigns-cli/campaigns/ui/cli/cmd/duplicate"
	"github.com/campaigns-cli/campaigns/ui/cli/cmd/editor"
	"github.com/campaigns-cli/campaigns/ui/cli/cmd/export"
	"github.com/campaigns-cli/campaigns/ui/cli/cmd/get"
	"github.com/campaigns-cli/campaigns/ui/cli/cmd/list"
	"github.com/campaigns-cli/campaigns/ui/cli/cmd/mcp"
	"github.com/campaigns-cli/campaigns/ui/cli/cmd/meta"
	"github.com/campaigns-cli/campaigns/ui/cli/cmd/publish"
	"github.com/campaigns-cli/campaigns/ui/cli/cmd/serve"
	"github.com/campaigns-cli/campaigns/ui/cli/cmd/ssh"
	"github.com/campaigns-cli/campaigns/ui/cli/cmd/status"
	"github.com/campaigns-cli/campaigns/ui/cli/cmd/testsend"
	"github.com/campaigns-cli/campaigns/ui/cli/cmd/validate"
	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/charmbracelet/fang"
	"github.com/charmbracelet/x/term"
	mcobra "github.com/muesli/mango-cobra"
	"github.com/muesli/roff"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// A command with a PersistentPreRunE of its own still gets the root's (the
// logger, the debug log). Set once here: tests build trees concurrently.
func init() { cobra.EnableTraverseRunHooks = true }

// newRootCmd builds the whole command tree. The root command is the editor.
func newRootCmd(app *cmdutil.Factory) *cobra.Command {
	app.Execute = execute
	app.IDCompletion = func(flags *cmdutil.ServiceFlags) cobra.CompletionFunc {
		return (&scriptCmd{app: app, flags: flags}).completeIDs
	}
	root := editor.NewCmd(app, nil)
	root.SetIn(app.In)
	root.SetOut(app.Out)
	root.SetErr(app.ErrOut)
	root.PersistentFlags().BoolVar(&app.Debug, "debug", app.Getenv("CAMPAIGNS_DEBUG") == "1",
		"trace every HTTP exchange (secrets redacted) to "+cmdutil.DebugLogPath(app.Getenv)+"\n(or set CAMPAIGNS_DEBUG=1)")
	root.PersistentPreRunE = func(cmd *cobra.Command, _ []string) error { return app.StartLogging() }
	root.PersistentPostRunE = func(cmd *cobra.Command, _ []string) error { return app.StopLogging() }
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return cmdutil.CommandLineError(err) })
	root.AddCommand(
		serve.NewCmd(app, nil),
		validate.NewCmd(app, nil),
		ssh.NewCmd(app, nil),
		auth.NewCmd(app),
		newManCmd(app),
		list.NewCmd(app, nil),
		get.NewCmd(app, nil),
		meta.NewCmd(app, nil),
		status.NewCmd(app, nil),
		publish.NewCmd(app, nil),
		duplicate.NewCmd(app, nil),
		testsend.NewCmd(app, nil),
		export.NewCmd(app, nil),
		diff.NewCmd(app, nil),
		apply.NewCmd(app, nil),
		mcp.NewCmd(app, nil),
		api.NewCmd(app, nil),
		newRefreshIDsCmd(app),
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

// printError says what went wrong once, styled on a terminal, as one plain
// line ("campaigns validate: …") otherwise; a mistake on the command line is
// followed by the usage of the command it was made on.
func printError(app *cmdutil.Factory, w io.Writer, styles fang.Styles, root *cobra.Command, args []string, err error) {
	cmd, _, ferr := root.Find(args)
	if ferr != nil || cmd == nil {
		cmd = root
	}
	if errors.Is(err, cmdutil.ErrSilent) {
		return
	}
	var ee *cmdutil.ExitError
	usage := !errors.As(err, &ee) || ee.ShowUsage
	err = plainFlagGroupError(err)
	if f, ok := app.ErrOut.(*os.File); ok && term.IsTerminal(f.Fd()) {
		// fang's error block, without its "Try --help" (the usage follows).
		fmt.Fprintln(w, styles.ErrorHeader.String())
		first, rest, _ := strings.Cut(cmdutil.InertBlock(err.Error()), "\n")
		fmt.Fprintln(w, styles.ErrorText.Render(sentence(first)))
		if rest != "" { // cobra's "Did you mean this?" keeps its lines
			fmt.Fprintln(w, "  "+strings.ReplaceAll(strings.TrimSpace(rest), "\n", "\n  "))
		}
	} else {
		fmt.Fprintf(w, "%s: %s\n", cmd.CommandPath(), cmdutil.InertBlock(err.Error()))
	}
	if usage {
		fmt.Fprint(w, shortUsage(cmd))
	}
}

// sentence ends an error's first line with a full stop, unless it has one
// ("… already open on /tmp/x.." read twice).
func sentence(s string) string {
	if strings.HasSuffix(s, ".") || strings.HasSuffix(s, "?") || strings.HasSuffix(s, "!") {
		return s
	}
	return s + "."
}

// cobra's message for flags marked mutually exclusive.
var exclusiveFlagsRe = regexp.MustCompile(`^if any flags in the group \[([^\]]+)\] are set none of the others can be; \[([^\]]+)\] were all set$`)

// plainFlagGroupError says cobra's flag-group refusal the way a person
// would: "--base-url and --dc cannot be used together".
func plainFlagGroupError(err error) error {
	m := exclusiveFlagsRe.FindStringSubmatch(err.Error())
	if m == nil {
		return err
	}
	names := strings.Fields(m[2])
	for i, n := range names {
		names[i] = "--" + n
	}
	return fmt.Errorf("%s cannot be used together", strings.Join(names, " and "))
}

// shortUsage is a command's usage short enough to keep the error above it on
// the screen: its usage lines, its subcommands, and where the rest is.
func shortUsage(cmd *cobra.Command) string {
	var b strings.Builder
	b.WriteString("\nUsage:\n")
	if cmd.Runnable() {
		b.WriteString("  " + cmd.UseLine() + "\n")
	}
	if cmd.HasAvailableSubCommands() {
		b.WriteString("  " + cmd.CommandPath() + " [command]\n")
		var names []string
		for _, c := range cmd.Commands() {
			if c.IsAvailableCommand() {
				names = append(names, c.Name())
			}
		}
		b.WriteString("\nCommands: " + strings.Join(names, ", ") + "\n")
	}
	fmt.Fprintf(&b, "\nRun %q for the flags and more.\n", cmd.CommandPath()+" --help")
	return b.String()
}

// newManCmd prints the man page of the whole tree (fang's own writes to
// os.Stdout, which in-process tests cannot capture).
func newManCmd(app *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "man",
		Short: "Print the manual page (campaigns man | man -l -)",
		Args:  cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			page, err := mcobra.NewManPage(1, cmd.Root())
			if err != nil {
				return cmdutil.FailError("man page: %v", err)
			}
			_, err = fmt.Fprint(cmd.OutOrStdout(), withDescription(page.Build(roff.NewDocument()), cmd.Root().Long)+manSections(app.Getenv))
			return err
		},
	}
}

// withDescription replaces the DESCRIPTION section of a man page, where
// mango makes every line of the root's help its own paragraph (so man
// justifies each line alone and breaks the summary table), with long
// rendered for roff: blank-line paragraphs filled as prose, and an indented
// block of "command  what it does" lines as a tagged list.
func withDescription(page, long string) string {
	start := strings.Index(page, ".SH DESCRIPTION\n")
	if start < 0 {
		return page
	}
	body := start + len(".SH DESCRIPTION\n")
	end := strings.Index(page[body:], "\n.SH ")
	if end < 0 {
		return page
	}
	end += body + 1
	var b strings.Builder
	for i, para := range strings.Split(strings.TrimSpace(long), "\n\n") {
		lines := strings.Split(para, "\n")
		if i > 0 {
			b.WriteString(".PP\n")
		}
		if !strings.HasPrefix(lines[0], " ") {
			for _, l := range lines {
				b.WriteString(roffText(strings.TrimSpace(l)) + "\n")
			}
			continue
		}
		for _, l := range lines {
			term, desc, ok := strings.Cut(strings.TrimSpace(l), "  ")
			if !ok {
				b.WriteString(".br\n" + roffText(strings.TrimSpace(l)) + "\n")
				continue
			}
			b.WriteString(".TP\n\\fB" + roffText(term) + "\\fP\n" + roffText(strings.TrimSpace(desc)) + "\n")
		}
	}
	return page[:body] + b.String() + page[end:]
}

// roffText escapes one line of text for roff: backslashes, and a leading
// dot or quote that would make it a request.
func roffText(s string) string {
	s = strings.ReplaceAll(s, `\`, `\e`)
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "'") {
		s = `\&` + s
	}
	return s
}
