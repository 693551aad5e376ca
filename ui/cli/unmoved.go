package cli

import (
	"io"

	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
)

// Helpers of the commands not yet in a package of their own (ui/cli/cmd/*);
// each goes with the last command that uses it.

func str(v any) string { return cmdutil.Str(v) }

func nameOf(r map[string]any) string { return cmdutil.NameOf(r) }

func printRaw(w io.Writer, raw []byte) error { return cmdutil.PrintRaw(w, raw) }
