package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"regexp"
	"strings"
	"time"

	"github.com/charmbracelet/fang"
	"github.com/charmbracelet/log"
	"github.com/charmbracelet/x/term"
	mcobra "github.com/muesli/mango-cobra"
	"github.com/muesli/roff"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/campaigns-cli/campaigns/api/profile"
)

// appContext is what every command shares: its standard streams (so tests
// run commands in-process), the environment, and the program's logger.
type appContext struct {
	In       io.Reader
	Out, Err io.Writer
	Getenv   func(string) string
	// LookupEnv tells a variable set empty from one not set; nil: only
	// Getenv, where empty reads as not set.
	LookupEnv func(string) (string, bool)

	// The editor's --no-mouse and --refresh.
	noMouse bool
	refresh time.Duration
	// preset is the service every command uses, whatever its flags say
	// (a visitor's workspace over SSH); nil: chosen by the flags.
	preset *service
	// ctx ends the commands' work (the SSH session's); nil: never.
	ctx context.Context

	// Log is the program's one logger: messages to stderr (and, with
	// --debug, to the debug log file as well). Set before any RunE.
	Log *slog.Logger
	// Trace receives the HTTP exchanges with --debug; nil otherwise.
	Trace *slog.Logger

	// Keyring holds the profiles' API keys; nil: the OS keyring.
	Keyring profile.Keyring

	// spawn starts a detached campaigns process with args (the background
	// refresh of completed ids); nil: this executable. Tests replace it.
	spawn func(args []string) error

	logger    *log.Logger // Log's handler, so commands can quiet it
	debug     bool
	debugFile *os.File
}

// lookupEnv is LookupEnv, or Getenv when there is none.
func (app *appContext) lookupEnv(name string) (string, bool) {
	if app.LookupEnv != nil {
		return app.LookupEnv(name)
	}
	v := app.Getenv(name)
	return v, v != ""
}

// profiles is the profile store: config in $XDG_CONFIG_HOME/campaigns.
func (app *appContext) profiles() *profile.Store {
	return &profile.Store{Dir: profile.DefaultDir(app.Getenv), Keyring: app.Keyring,
		Warn: func(msg string) { fmt.Fprintln(app.Err, msg) }}
}

// A command with a PersistentPreRunE of its own still gets the root's (the
// logger, the debug log). Set once here: tests build trees concurrently.
func init() { cobra.EnableTraverseRunHooks = true }

// newRootCmd builds the whole command tree. The root command is the editor.
func newRootCmd(app *appContext) *cobra.Command {
	root := newEditorCmd(app)
	root.SetIn(app.In)
	root.SetOut(app.Out)
	root.SetErr(app.Err)
	root.PersistentFlags().BoolVar(&app.debug, "debug", app.Getenv("CAMPAIGNS_DEBUG") == "1",
		"trace every HTTP exchange (secrets redacted) to "+debugLogPath(app.Getenv)+"\n(or set CAMPAIGNS_DEBUG=1)")
	root.PersistentPreRunE = func(cmd *cobra.Command, _ []string) error { return app.startLogging() }
	root.PersistentPostRunE = func(cmd *cobra.Command, _ []string) error { return app.stopLogging() }
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return commandLineError(err) })
	root.AddCommand(
		newServeCmd(app),
		newValidateCmd(app),
		newSSHCmd(app),
		newAuthCmd(app),
		newManCmd(app),
		newListCmd(app),
		newGetCmd(app),
		newMetaCmd(app),
		newStatusCmd(app),
		newPublishCmd(app),
		newDuplicateCmd(app),
		newTestSendCmd(app),
		newExportCmd(app),
		newDiffCmd(app),
		newApplyCmd(app),
		newMCPCmd(app),
		newAPICmd(app),
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
			c.Args = noArgs
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
func (app *appContext) execute(args []string) int {
	root := newRootCmd(app)
	root.SetArgs(args)
	// What cobra and fang print themselves (help, version, completion
	// scripts, the man page) goes through here: fang pads help to 120
	// columns when it cannot see a terminal, which shows in a pipe or a file.
	out := &trimWriter{w: app.Out}
	root.SetOut(out)
	defer out.Flush()
	err := fang.Execute(app.context(), root,
		fang.WithVersion(versionString()),
		fang.WithoutManpage(), // ours writes to the command's output; see newManCmd
		fang.WithErrorHandler(func(w io.Writer, styles fang.Styles, err error) {
			app.printError(w, styles, root, args, err)
		}),
	)
	app.stopLogging()
	return exitCode(err)
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
func (app *appContext) printError(w io.Writer, styles fang.Styles, root *cobra.Command, args []string, err error) {
	cmd, _, ferr := root.Find(args)
	if ferr != nil || cmd == nil {
		cmd = root
	}
	if errors.Is(err, errSilent) {
		return
	}
	var ee *exitError
	usage := !errors.As(err, &ee) || ee.showUsage
	err = plainFlagGroupError(err)
	if f, ok := app.Err.(*os.File); ok && term.IsTerminal(f.Fd()) {
		// fang's error block, without its "Try --help" (the usage follows).
		fmt.Fprintln(w, styles.ErrorHeader.String())
		first, rest, _ := strings.Cut(inertBlock(err.Error()), "\n")
		fmt.Fprintln(w, styles.ErrorText.Render(sentence(first)))
		if rest != "" { // cobra's "Did you mean this?" keeps its lines
			fmt.Fprintln(w, "  "+strings.ReplaceAll(strings.TrimSpace(rest), "\n", "\n  "))
		}
	} else {
		fmt.Fprintf(w, "%s: %s\n", cmd.CommandPath(), inertBlock(err.Error()))
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
func newManCmd(app *appContext) *cobra.Command {
	return &cobra.Command{
		Use:   "man",
		Short: "Print the manual page (campaigns man | man -l -)",
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			page, err := mcobra.NewManPage(1, cmd.Root())
			if err != nil {
				return failError("man page: %v", err)
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

// noArgs refuses arguments as a command-line mistake (exit 2 with usage).
func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		if cmd.HasSubCommands() {
			return commandLineError(fmt.Errorf("unknown command %q for %q%s", args[0], cmd.CommandPath(), suggest(cmd, args[0])))
		}
		return commandLineError(fmt.Errorf("unexpected argument %q", args[0]))
	}
	return nil
}

// exactArgs wants n arguments, named in the message.
func exactArgs(n int, names string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) != n {
			return commandLineError(fmt.Errorf("%s takes %s", cmd.CommandPath(), names))
		}
		return nil
	}
}

func suggest(cmd *cobra.Command, typed string) string {
	if cmd.SuggestionsMinimumDistance <= 0 {
		cmd.SuggestionsMinimumDistance = 2 // cobra's default, which SuggestionsFor does not apply
	}
	if s := cmd.SuggestionsFor(typed); len(s) > 0 {
		return "\n\nDid you mean this?\n\t" + strings.Join(s, "\n\t")
	}
	return ""
}

// flagEnum is a string flag limited to a few values (which are also its
// shell completions).
type flagEnum struct {
	name    string
	value   string
	allowed []string
}

var _ pflag.Value = (*flagEnum)(nil)

func (e *flagEnum) String() string { return e.value }
func (e *flagEnum) Type() string   { return "string" }
func (e *flagEnum) Set(v string) error {
	if v == "" {
		return fmt.Errorf("--%s was given an empty value: use %s, or leave the flag out", e.name, strings.Join(e.allowed, ", "))
	}
	if err := unknownValue(e.name, v, e.allowed); err != nil {
		return err
	}
	e.value = v
	return nil
}

func enumFlag(cmd *cobra.Command, fs *pflag.FlagSet, name, def string, allowed []string, usage string) *flagEnum {
	e := &flagEnum{name: name, value: def, allowed: allowed}
	fs.Var(e, name, usage)
	_ = cmd.RegisterFlagCompletionFunc(name, cobra.FixedCompletions(allowed, cobra.ShellCompDirectiveNoFileComp))
	return e
}

func (app *appContext) printf(format string, a ...any) { fmt.Fprintf(app.Out, format, a...) }
