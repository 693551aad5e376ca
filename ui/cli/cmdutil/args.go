package cmdutil

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/campaigns-cli/campaigns/forms"
)

// NoArgs refuses arguments as a command-line mistake (exit 2 with usage).
func NoArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		if cmd.HasSubCommands() {
			return CommandLineError(fmt.Errorf("unknown command %q for %q%s", args[0], cmd.CommandPath(), Suggest(cmd, args[0])))
		}
		return CommandLineError(fmt.Errorf("unexpected argument %q", args[0]))
	}
	return nil
}

// ExactArgs wants n arguments, named in the message.
func ExactArgs(n int, names string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) != n {
			return CommandLineError(fmt.Errorf("%s takes %s", cmd.CommandPath(), names))
		}
		return nil
	}
}

// Suggest is cobra's "Did you mean this?" for a mistyped subcommand of cmd,
// "" when nothing is near.
func Suggest(cmd *cobra.Command, typed string) string {
	if cmd.SuggestionsMinimumDistance <= 0 {
		cmd.SuggestionsMinimumDistance = 2 // cobra's default, which SuggestionsFor does not apply
	}
	if s := cmd.SuggestionsFor(typed); len(s) > 0 {
		return "\n\nDid you mean this?\n\t" + strings.Join(s, "\n\t")
	}
	return ""
}

// EnumFlag is a string flag limited to a few values (which are also its
// shell completions).
type EnumFlag struct {
	name    string
	value   string
	allowed []string
}

var _ pflag.Value = (*EnumFlag)(nil)

func (e *EnumFlag) String() string { return e.value }
func (e *EnumFlag) Type() string   { return "string" }
func (e *EnumFlag) Set(v string) error {
	if v == "" {
		return fmt.Errorf("--%s was given an empty value: use %s, or leave the flag out", e.name, strings.Join(e.allowed, ", "))
	}
	if err := unknownValue(e.name, v, e.allowed); err != nil {
		return err
	}
	e.value = v
	return nil
}

// Value is the flag's value: given, or the default.
func (e *EnumFlag) Value() string { return e.value }

// AddEnumFlag declares the enum flag name on fs, with its completions on cmd.
func AddEnumFlag(cmd *cobra.Command, fs *pflag.FlagSet, name, def string, allowed []string, usage string) *EnumFlag {
	e := &EnumFlag{name: name, value: def, allowed: allowed}
	fs.Var(e, name, usage)
	_ = cmd.RegisterFlagCompletionFunc(name, cobra.FixedCompletions(allowed, cobra.ShellCompDirectiveNoFileComp))
	return e
}

// UpperList reads an enum list flag given once or many times, upper-cased:
// "--status active,paused --status draft".
func UpperList(vals []string) []string {
	out := forms.SplitList(vals...)
	for i, v := range out {
		out[i] = strings.ToUpper(v)
	}
	return out
}

// unknownValue is the one check of an enum flag's value: list flags call
// it through CheckEnum, and a single-value flag (EnumFlag) as it is parsed
// (cobra then shows the command's usage).
func unknownValue(flag, v string, allowed []string) error {
	if slices.Contains(allowed, v) {
		return nil
	}
	return fmt.Errorf("unknown --%s %q: use %s", flag, v, strings.Join(allowed, ", "))
}

// CheckEnum refuses a list flag's value that is not one of allowed (exit 2).
func CheckEnum(flag string, vals, allowed []string) error {
	for _, v := range vals {
		if err := unknownValue(flag, v, allowed); err != nil {
			return &ExitError{Code: ExitUsage, Err: err}
		}
	}
	return nil
}
