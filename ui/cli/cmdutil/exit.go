package cmdutil

import (
	"errors"
	"fmt"
)

// Exit codes of the contract (decisions.md §5).
const (
	ExitOK      = 0
	ExitRefused = 1 // refused by the service or a read-only profile; invalid; different
	ExitUsage   = 2 // bad usage, unreadable input, unreachable service
)

// ExitError carries the exit code a failing command ends with. run prints
// Err once and exits with Code.
type ExitError struct {
	Code int
	Err  error
	// ShowUsage: the command line itself was wrong (unknown command or flag,
	// wrong arguments), so the failing command's usage follows the message.
	ShowUsage bool
}

func (e *ExitError) Error() string { return e.Err.Error() }
func (e *ExitError) Unwrap() error { return e.Err }

// UsageError is a mistake on the command line or in its input: exit 2.
func UsageError(format string, a ...any) error {
	return &ExitError{Code: ExitUsage, Err: fmt.Errorf(format, a...)}
}

// RefusedError is a refusal (by the service, or by a read-only profile
// before sending): exit 1.
func RefusedError(err error) error {
	return &ExitError{Code: ExitRefused, Err: err}
}

// FailError is any other failure of a command that was used correctly
// (a port in use, a database that does not open): exit 1.
func FailError(format string, a ...any) error {
	return &ExitError{Code: ExitRefused, Err: fmt.Errorf(format, a...)}
}

// CommandLineError wraps what cobra reports (unknown flag, bad arguments)
// so that it exits 2 with the command's usage.
func CommandLineError(err error) error {
	var ee *ExitError
	if errors.As(err, &ee) {
		return err
	}
	return &ExitError{Code: ExitUsage, Err: err, ShowUsage: true}
}

// ExitCode maps an error from a command to the process's exit status.
// Errors that are not an *ExitError come from cobra's own checks, which
// are all about the command line.
func ExitCode(err error) int {
	if err == nil {
		return ExitOK
	}
	var ee *ExitError
	if errors.As(err, &ee) {
		return ee.Code
	}
	return ExitUsage
}

// ErrSilent ends a command with its exit code when the output already said
// everything (validate's JSON): nothing more is printed.
var ErrSilent = errors.New("")

// AsUsage is err as a usage error (exit 2), unless it carries its code.
func AsUsage(err error) error {
	var ee *ExitError
	if err == nil || errors.As(err, &ee) {
		return err
	}
	return UsageError("%v", err)
}
