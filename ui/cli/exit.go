package cli

import (
	"errors"
	"fmt"
)

// Exit codes of the contract (decisions.md §5).
const (
	exitOK      = 0
	exitRefused = 1 // refused by the service or a read-only profile; invalid; different
	exitUsage   = 2 // bad usage, unreadable input, unreachable service
)

// exitError carries the exit code a failing command ends with. run prints
// Err once and exits with Code.
type exitError struct {
	Code int
	Err  error
	// showUsage: the command line itself was wrong (unknown command or flag,
	// wrong arguments), so the failing command's usage follows the message.
	showUsage bool
}

func (e *exitError) Error() string { return e.Err.Error() }
func (e *exitError) Unwrap() error { return e.Err }

// usageError is a mistake on the command line or in its input: exit 2.
func usageError(format string, a ...any) error {
	return &exitError{Code: exitUsage, Err: fmt.Errorf(format, a...)}
}

// refusedError is a refusal (by the service, or by a read-only profile
// before sending): exit 1.
func refusedError(err error) error {
	return &exitError{Code: exitRefused, Err: err}
}

// failError is any other failure of a command that was used correctly
// (a port in use, a database that does not open): exit 1.
func failError(format string, a ...any) error {
	return &exitError{Code: exitRefused, Err: fmt.Errorf(format, a...)}
}

// commandLineError wraps what cobra reports (unknown flag, bad arguments)
// so that it exits 2 with the command's usage.
func commandLineError(err error) error {
	var ee *exitError
	if errors.As(err, &ee) {
		return err
	}
	return &exitError{Code: exitUsage, Err: err, showUsage: true}
}

// exitCode maps an error from a command to the process's exit status.
// Errors that are not an *exitError come from cobra's own checks, which
// are all about the command line.
func exitCode(err error) int {
	if err == nil {
		return exitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.Code
	}
	return exitUsage
}

// errSilent ends a command with its exit code when the output already said
// everything (validate's JSON): nothing more is printed.
var errSilent = errors.New("")

// asUsage is err as a usage error (exit 2), unless it carries its code.
func asUsage(err error) error {
	var ee *exitError
	if err == nil || errors.As(err, &ee) {
		return err
	}
	return usageError("%v", err)
}
