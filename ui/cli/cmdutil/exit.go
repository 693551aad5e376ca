package cmdutil

// The exit codes of the contract (decisions.md §5), and the service's
// answers mapped onto them.

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/campaigns-cli/campaigns/api"
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

// ServiceError maps a failed call to the contract's exit codes: the service
// refused (4xx) → 1 with its message; unreachable or failing → 2 with the
// address tried. svc may be nil (not yet open).
func ServiceError(svc *Service, err error) error {
	if err == nil {
		return nil
	}
	var ee *ExitError
	if errors.As(err, &ee) {
		return err
	}
	where := ""
	if svc != nil && svc.Client != nil {
		where = svc.Client.BaseURL()
	}
	if api.IsUnreachable(err) {
		return UsageError("cannot reach the service at %s: %v", where, err)
	}
	var ae *api.Error
	if errors.As(err, &ae) {
		if ae.Status == http.StatusUnauthorized {
			// Authentication is set-up, not a refusal of this request:
			// exit 2 like an unreachable service (decisions.md §5).
			return UsageError("%s refused the credentials (401): %s; check CAMPAIGNS_API_KEY, --workspace-id or the profile (campaigns auth status)", where, ae.Message)
		}
		if ae.Status >= 400 && ae.Status < 500 {
			return RefusedError(errors.New(DescribeAPIError(ae)))
		}
		return UsageError("the service at %s failed: %v", where, err)
	}
	// Anything else (a cancelled or timed-out context included) is exit 2.
	return UsageError("%v", err)
}

// Fatal reports an error after which every further request would fail the
// same way: the service cannot be reached, or refuses the credentials. A
// command stops at the first one instead of repeating it per file.
func Fatal(err error) bool {
	return err != nil && (api.IsUnreachable(err) || api.StatusOf(err) == http.StatusUnauthorized)
}

// DescribeAPIError is the service's error with every detail on its own line.
func DescribeAPIError(ae *api.Error) string {
	var b strings.Builder
	b.WriteString(ae.Error())
	if len(ae.Details) > 1 || (len(ae.Details) == 1 && ae.Details[0].Message != ae.Message) {
		for _, d := range ae.Details {
			fmt.Fprintf(&b, "\n  %s: %s", OrRoot(d.Target), d.Message)
		}
	}
	if ae.Status == http.StatusNotFound && ae.Code == "" {
		b.WriteString(" (is this the Campaigns V5 service?)")
	}
	return b.String()
}

// OrRoot names a detail's target, "(campaign)" for the whole.
func OrRoot(target string) string {
	if target == "" {
		return "(campaign)"
	}
	return target
}
