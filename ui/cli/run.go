// Package cli is the command line: the cobra command tree of every
// campaigns command, the service selection and the output for scripts.
package cli

import (
	"io"
	"os"
)

// Run is the whole command line; it returns the exit code. main calls it
// with the process's arguments and streams; tests call it in-process.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	app := &appContext{In: stdin, Out: stdout, Err: stderr, Getenv: os.Getenv, LookupEnv: os.LookupEnv}
	return app.execute(args)
}
