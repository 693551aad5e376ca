package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
	"github.com/charmbracelet/fang"
	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
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

// cobraExclusive is the annotation cobra's MarkFlagsMutuallyExclusive puts
// on each flag of a group: the group's flag names, space-separated.
const cobraExclusive = "cobra_annotation_mutually_exclusive"

// exclusiveFlags refuses flags given together that cmd marks mutually
// exclusive, in a person's words ("--base-url and --dc cannot be used
// together"), from the groups themselves: the root checks before cobra,
// whose own refusal is written for programmers.
func exclusiveFlags(cmd *cobra.Command) error {
	var err error
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		for _, group := range f.Annotations[cobraExclusive] {
			var set []string
			for _, name := range strings.Fields(group) {
				if g := cmd.Flags().Lookup(name); g != nil && g.Changed {
					set = append(set, "--"+name)
				}
			}
			if len(set) > 1 && err == nil {
				slices.Sort(set)
				err = cmdutil.CommandLineError(fmt.Errorf("%s cannot be used together", strings.Join(set, " and ")))
			}
		}
	})
	return err
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
