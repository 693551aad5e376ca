package cmdutil

// Opening the service a command's flags select, and what every command that
// talks to it shares: the write core and the notes on stderr when it waits.

import (
	"context"
	"fmt"
	"net/http"
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
