// Package cli is the command line: the cobra command tree of every
// campaigns command, the service selection and the output for scripts.
package cli

import (
	"io"
	"os"

	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
)

// Run is the whole command line; it returns the exit code. main calls it
// with the process's arguments and streams; tests call it in-process.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	app := &cmdutil.Factory{IOStreams: &cmdutil.IOStreams{In: stdin, Out: stdout, ErrOut: stderr, Getenv: os.Getenv, LookupEnv: os.LookupEnv}}
	return execute(app, args)
}
