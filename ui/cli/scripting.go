package cli

// Shared by the scripting commands (list, get, meta, status, publish, test,
// export, diff, apply): opening the service, turning its answers into the
// contract's exit codes, confirmations and pacing notes.

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/charmbracelet/log"
	"github.com/spf13/cobra"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/themes"
)

// scriptCmd is what every scripting command holds: the app, its service
// flags and, once open, the service.
type scriptCmd struct {
	app   *appContext
	flags *serviceFlags
	svc   *service
	st    themes.Styles
	// stderr styles: notes and progress go there.
	est themes.Styles
	// progress is the progress bar on screen, if any: notes clear it
	// first and draw it again after.
	progress *progressLine
}

func newScriptCmd(app *appContext, cmd *cobra.Command) *scriptCmd {
	return &scriptCmd{app: app, flags: addServiceFlags(cmd, app)}
}

// open selects the service; the returned func closes it.
func (s *scriptCmd) open(ctx context.Context) (func(), error) {
	// The embedded sandbox logs every request at INFO; on a script's stderr
	// that is noise (--debug keeps it).
	if s.app.logger != nil && !s.app.debug {
		s.app.logger.SetLevel(log.WarnLevel)
	}
	s.st = stylesFor(s.app.Out, s.app.Getenv)
	s.est = stylesFor(s.app.Err, s.app.Getenv)
	s.flags.onRetry = s.announceRetry
	svc, err := s.flags.open(ctx)
	if err != nil {
		return func() {}, err
	}
	s.svc = svc
	return func() {
		if svc.Close != nil {
			_ = svc.Close()
		}
	}, nil
}

// openWrite opens the service for a write: a read-only profile is refused
// (exit 1) before anything is sent.
func (s *scriptCmd) openWrite(ctx context.Context) (func(), error) {
	done, err := s.open(ctx)
	if err == nil {
		err = s.svc.requireWrite()
	}
	return done, err
}

// planner reads and plans through the open service's core, paced.
func (s *scriptCmd) planner() *gitops.Planner {
	return &gitops.Planner{Core: s.core(engine.Features{})}
}

// core is the one core this command's writes go through: the open
// service, named; the author; pacing that says when it waits.
func (s *scriptCmd) core(feats engine.Features) *ops.Core {
	return ops.New(s.svc.Client, ops.Options{Target: s.svc.Target(), Author: s.svc.Author, Features: feats, Pacer: s.pacer()})
}

// pacer keeps a command under the service's rate limits and says on stderr
// whenever it waits.
func (s *scriptCmd) pacer() *ops.Pacer {
	p := ops.NewPacer(nil)
	p.OnWait = func(d time.Duration, why string) {
		if s.progress != nil {
			s.progress.Clear()
		}
		fmt.Fprintf(s.app.Err, "%s waiting %.0fs (%s)\n", s.est.Warning.Render("rate limit:"), d.Seconds(), why)
		if s.progress != nil {
			s.progress.Redraw()
		}
	}
	return p
}

// announceRetry says on stderr why the client pauses before a retry, so a
// script's user does not take a rate-limit wait for a hang.
func (s *scriptCmd) announceRetry(ri api.RetryInfo) {
	if s.progress != nil {
		s.progress.Clear()
		defer s.progress.Redraw()
	}
	wait := fmt.Sprintf("%.1fs", ri.Wait.Seconds())
	if ri.Wait >= time.Second {
		wait = ri.Wait.Round(time.Second).String()
	}
	switch {
	case ri.Status == http.StatusTooManyRequests:
		fmt.Fprintf(s.app.Err, "%s 429 on %s %s; retrying in %s\n",
			s.est.Warning.Render("rate limit:"), ri.Method, inert(ri.Path), wait)
	case ri.Status != 0:
		fmt.Fprintf(s.app.Err, "%s %d on %s %s; retrying in %s\n",
			s.est.Warning.Render("retry:"), ri.Status, ri.Method, inert(ri.Path), wait)
	default:
		fmt.Fprintf(s.app.Err, "%s no answer to %s %s; retrying in %s\n",
			s.est.Warning.Render("retry:"), ri.Method, inert(ri.Path), wait)
	}
}

// serviceError maps a failed call to the contract's exit codes: the service
// refused (4xx) → 1 with its message; unreachable or failing → 2 with the
// address tried.
func (s *scriptCmd) serviceError(err error) error {
	if err == nil {
		return nil
	}
	var ee *exitError
	if errors.As(err, &ee) {
		return err
	}
	where := ""
	if s.svc != nil && s.svc.Client != nil {
		where = s.svc.Client.BaseURL()
	}
	if api.IsUnreachable(err) {
		return usageError("cannot reach the service at %s: %v", where, err)
	}
	var ae *api.Error
	if errors.As(err, &ae) {
		if ae.Status == http.StatusUnauthorized {
			// Authentication is set-up, not a refusal of this request:
			// exit 2 like an unreachable service (decisions.md §5).
			return usageError("%s refused the credentials (401): %s; check CAMPAIGNS_API_KEY, --workspace-id or the profile (campaigns auth status)", where, ae.Message)
		}
		if ae.Status >= 400 && ae.Status < 500 {
			return refusedError(errors.New(describeAPIError(ae)))
		}
		return usageError("the service at %s failed: %v", where, err)
	}
	// Anything else (a cancelled or timed-out context included) is exit 2.
	return usageError("%v", err)
}

// fatal reports an error after which every further request would fail the
// same way: the service cannot be reached, or refuses the credentials. A
// command stops at the first one instead of repeating it per file.
func fatal(err error) bool {
	return err != nil && (api.IsUnreachable(err) || api.StatusOf(err) == http.StatusUnauthorized)
}

// describeAPIError is the service's error with every detail on its own line.
func describeAPIError(ae *api.Error) string {
	var b strings.Builder
	b.WriteString(ae.Error())
	if len(ae.Details) > 1 || (len(ae.Details) == 1 && ae.Details[0].Message != ae.Message) {
		for _, d := range ae.Details {
			fmt.Fprintf(&b, "\n  %s: %s", orRoot(d.Target), d.Message)
		}
	}
	if ae.Status == http.StatusNotFound && ae.Code == "" {
		b.WriteString(" (is this the Campaigns V5 service?)")
	}
	return b.String()
}

func orRoot(target string) string {
	if target == "" {
		return "(campaign)"
	}
	return target
}

// confirm asks a yes/no question on a terminal. Without a terminal there is
// no one to ask: that is a usage error (exit 2) naming --yes.
func (s *scriptCmd) confirm(yes bool, question string) error {
	if yes {
		return nil
	}
	if !isTerminal(s.app.Out) || !isTerminalReader(s.app.In) {
		return usageError("%s needs a confirmation: run it on a terminal, or pass --yes", strings.TrimSuffix(question, "?"))
	}
	fmt.Fprintf(s.app.Out, "%s [y/N] ", question)
	line, err := bufio.NewReader(s.app.In).ReadString('\n')
	if err != nil && line == "" {
		return usageError("no answer: nothing was sent")
	}
	switch strings.ToLower(strings.TrimSpace(line)) {
	case "y", "yes":
		return nil
	}
	return &exitError{Code: exitRefused, Err: errors.New("not confirmed: nothing was sent")}
}

// isTerminalReader reports whether r is an interactive terminal.
func isTerminalReader(r io.Reader) bool {
	if forceTerminal {
		return true
	}
	w, ok := r.(io.Writer)
	return ok && isTerminal(w)
}

// upperList reads an enum list flag given once or many times, upper-cased:
// "--status active,paused --status draft".
func upperList(vals []string) []string {
	out := forms.SplitList(vals...)
	for i, v := range out {
		out[i] = strings.ToUpper(v)
	}
	return out
}

// unknownValue is the one check of an enum flag's value: list flags call
// it through checkEnum, and a single-value flag (flagEnum) as it is parsed
// (cobra then shows the command's usage).
func unknownValue(flag, v string, allowed []string) error {
	if slices.Contains(allowed, v) {
		return nil
	}
	return fmt.Errorf("unknown --%s %q: use %s", flag, v, strings.Join(allowed, ", "))
}

// checkEnum refuses a list flag's value that is not one of allowed (exit 2).
func checkEnum(flag string, vals, allowed []string) error {
	for _, v := range vals {
		if err := unknownValue(flag, v, allowed); err != nil {
			return &exitError{Code: exitUsage, Err: err}
		}
	}
	return nil
}

// interactive: both outputs are a terminal, so a spinner or a progress bar
// on stderr is seen by a person and mixes into no script's output.
func (s *scriptCmd) interactive() bool {
	return isTerminal(s.app.Out) && isTerminal(s.app.Err)
}

// startBusy shows a spinner with label while work runs (only interactive).
func (s *scriptCmd) startBusy(label string) *busy {
	if !s.interactive() {
		return &busy{stop: func() {}}
	}
	return startBusy(s.app.Err, s.est, label)
}

// newProgress is a progress bar on stderr (drawn only when interactive).
func (s *scriptCmd) newProgress() *progressLine {
	p := newProgressLine(s.app.Err, s.est)
	p.on = p.on && s.interactive()
	return p
}

// featuresFlag is --features of the commands that check locally before
// sending (publish, apply, mcp), declared once so they agree: an explicit
// value is used as given; without one, the embedded sandbox's features
// (all on) or, on a real service, none.
type featuresFlag struct {
	cmd   *cobra.Command
	value string
}

func addFeaturesFlag(cmd *cobra.Command) *featuresFlag {
	f := &featuresFlag{cmd: cmd}
	cmd.Flags().StringVar(&f.value, "features", "", "workspace features the local checks assume: audience_limit,versioning\n(default: both on the embedded sandbox, none on a real service; \"\" for none)")
	return f
}

// check refuses a bad value before anything is opened.
func (f *featuresFlag) check() error {
	_, err := f.resolve(nil)
	return err
}

// resolve gives the features for svc, or a usage error naming the flag.
func (f *featuresFlag) resolve(svc *service) (engine.Features, error) {
	if !f.cmd.Flags().Changed("features") {
		if svc != nil && svc.Sandbox {
			return engine.Features{AudienceLimit: true, Versioning: true}, nil
		}
		return engine.Features{}, nil
	}
	feats, err := engine.ParseFeatures(f.value)
	if err != nil {
		return feats, usageError("--features: %v", err)
	}
	return feats, nil
}
