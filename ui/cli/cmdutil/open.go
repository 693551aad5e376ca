package cmdutil

// Opening the service a command's flags select, and what every command that
// talks to it shares: the write core, pacing notes, the contract's exit
// codes for the service's answers.

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/charmbracelet/log"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/engine"
)

// Service opens the service flags select (decisions.md §5 "Service
// selection"). The factory closes it when the command ends.
func (f *Factory) Service(ctx context.Context, flags *ServiceFlags) (*Service, error) {
	// The embedded sandbox logs every request at INFO; on a script's stderr
	// that is noise (--debug keeps it).
	if f.logger != nil && !f.Debug {
		f.logger.SetLevel(log.WarnLevel)
	}
	n := &notes{io: f.IOStreams}
	flags.OnRetry = n.announceRetry
	svc, err := flags.Open(ctx)
	if err != nil {
		return nil, err
	}
	if svc == f.Preset {
		// The preset is shared (tests run commands on one sandbox in
		// parallel): the notes are this command's.
		c := *svc
		svc = &c
	}
	svc.notes = n
	if svc.Close != nil && f.Preset == nil {
		f.onClose(svc.Close)
	}
	return svc, nil
}

// OpenWrite opens the service for a write: a read-only profile is refused
// (exit 1) before anything is sent.
func (f *Factory) OpenWrite(ctx context.Context, flags *ServiceFlags) (*Service, error) {
	svc, err := f.Service(ctx, flags)
	if err != nil {
		return nil, err
	}
	return svc, svc.RequireWrite()
}

// Connect opens the service the flags select, through the factory that
// declared them, which closes it when the command ends.
func (f *ServiceFlags) Connect() (*Service, error) { return f.app.Service(f.app.Context(), f) }

// ConnectWrite is Connect for a write: a read-only profile is refused
// (exit 1) before anything is sent.
func (f *ServiceFlags) ConnectWrite() (*Service, error) { return f.app.OpenWrite(f.app.Context(), f) }

// Context is the command's context: the SSH session's, or none.
func (f *ServiceFlags) Context() context.Context { return f.app.Context() }

// Core is the one core this command's writes go through: the open
// service, named; the author; pacing that says when it waits.
func (s *Service) Core(feats engine.Features) *ops.Core {
	return ops.New(s.Client, ops.Options{Target: s.Target(), Author: s.Author, Features: feats, Pacer: s.Pacer()})
}

// Planner reads and plans through the service's core, paced.
func (s *Service) Planner() *gitops.Planner {
	return &gitops.Planner{Core: s.Core(engine.Features{})}
}

// Progress is a progress bar on stderr (drawn only when interactive); the
// service's notes (rate-limit waits, retries) clear it and draw it again.
// Its Done ends that.
func (s *Service) Progress() *Progress {
	n := s.notesOrNew()
	p := NewProgress(n.io.ErrOut, n.io.ErrStyles())
	p.on = p.on && n.io.Interactive()
	p.owner = n
	n.progress = p
	return p
}

// Done forgets the bar: notes no longer clear and redraw it.
func (p *Progress) Done() {
	if p.owner != nil && p.owner.progress == p {
		p.owner.progress = nil
	}
}

func (s *Service) notesOrNew() *notes {
	if s.notes == nil {
		s.notes = &notes{io: &IOStreams{ErrOut: discard{}, Getenv: func(string) string { return "" }}}
	}
	return s.notes
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// notes says on stderr when the command waits (rate limits, retries), so
// a script's user does not take a wait for a hang.
type notes struct {
	io *IOStreams
	// progress is the progress bar on screen, if any: notes clear it
	// first and draw it again after.
	progress *Progress
}

// Pacer keeps a command under the service's rate limits and says on stderr
// whenever it waits.
func (s *Service) Pacer() *ops.Pacer {
	n := s.notesOrNew()
	p := ops.NewPacer(nil)
	p.OnWait = func(d time.Duration, why string) {
		defer n.around()()
		fmt.Fprintf(n.io.ErrOut, "%s waiting %.0fs (%s)\n", n.io.ErrStyles().Warning.Render("rate limit:"), d.Seconds(), why)
	}
	return p
}

// around clears the progress bar and returns what draws it again.
func (n *notes) around() func() {
	if n.progress == nil {
		return func() {}
	}
	p := n.progress
	p.Clear()
	return p.Redraw
}

// announceRetry says on stderr why the client pauses before a retry.
func (n *notes) announceRetry(ri api.RetryInfo) {
	defer n.around()()
	wait := fmt.Sprintf("%.1fs", ri.Wait.Seconds())
	if ri.Wait >= time.Second {
		wait = ri.Wait.Round(time.Second).String()
	}
	warn := n.io.ErrStyles().Warning
	switch {
	case ri.Status == http.StatusTooManyRequests:
		fmt.Fprintf(n.io.ErrOut, "%s 429 on %s %s; retrying in %s\n",
			warn.Render("rate limit:"), ri.Method, Inert(ri.Path), wait)
	case ri.Status != 0:
		fmt.Fprintf(n.io.ErrOut, "%s %d on %s %s; retrying in %s\n",
			warn.Render("retry:"), ri.Status, ri.Method, Inert(ri.Path), wait)
	default:
		fmt.Fprintf(n.io.ErrOut, "%s no answer to %s %s; retrying in %s\n",
			warn.Render("retry:"), ri.Method, Inert(ri.Path), wait)
	}
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
