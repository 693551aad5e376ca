package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"

	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/charmbracelet/fang"
	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"
)

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
