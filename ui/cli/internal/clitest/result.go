package clitest

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/ui/cli/cmdutil"
)

// Result is what a command did, as a person sees it: its exit status, its
// output, and its standard error with the error it ended with printed
// last, as the root prints it.
type Result struct {
	Code     int
	Out, Err string
	Error    error
}

// Do runs cmd on args (Execute) and gives what it printed; standard input is
// what Stdin last set.
func (e *Env) Do(cmd *cobra.Command, args ...string) Result {
	e.t.Helper()
	cmd.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return cmdutil.CommandLineError(err) })
	code, err := e.Execute(cmd, args...)
	r := Result{Code: code, Out: e.Out.String(), Err: e.ErrOut.String(), Error: err}
	if err != nil && !errors.Is(err, cmdutil.ErrSilent) {
		r.Err += err.Error() + "\n"
	}
	return r
}

// Getenv is a variable of the command's environment.
func (e *Env) Getenv(k string) string { return e.env[k] }

// T is the test the environment belongs to.
func (e *Env) T() testing.TB { return e.t }

// JSON decodes out, what a command printed, into v; the test fails when
// out is not that JSON.
func JSON(t testing.TB, out string, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(out), v); err != nil {
		t.Fatalf("not the JSON expected: %v\n%s", err, out)
	}
}
