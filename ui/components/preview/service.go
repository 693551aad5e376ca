package preview

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/engine/personalize"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// Previewer renders content for one user on the service: *api.Client, for
// the embedded sandbox and a real service alike.
type Previewer interface {
	Preview(ctx context.Context, req api.PreviewRequest) (api.PreviewResult, error)
}

// Service is how the pane asks the service's preview route.
type Service struct {
	P Previewer
	// Name says where the preview came from ("embedded sandbox", a URL).
	Name string
	// Delay is the pause before a request is sent: a newer render within
	// it cancels the request unsent (typing asks once, at the end).
	Delay time.Duration
	// After is the delay's clock: nil for the wall clock (tests pass one
	// they fire themselves).
	After func(time.Duration) <-chan time.Time
	// Timeout bounds one request; past it the local draw stays, with a note.
	Timeout time.Duration
	// Plain words a refusal's problem for a marketer: the field by its
	// label, no JSON path (the editor passes the forms' mapping; nil: the
	// service's message and target as they came).
	Plain func(target, message string) string
}

// Defaults of Service.
const (
	DefaultServiceDelay   = 250 * time.Millisecond
	DefaultServiceTimeout = 5 * time.Second
)

// SetService makes the pane ask the service after each local draw (a zero
// Service: local only).
func (m *Model) SetService(s Service) {
	if s.Timeout <= 0 {
		s.Timeout = DefaultServiceTimeout
	}
	if s.Name == "" {
		s.Name = "the service"
	}
	m.svc = s
	m.version++
}

// wants reports whether in can be previewed by the service: a user with an
// identity there and a channel the route takes.
func (s Service) wants(in Input) bool {
	return s.P != nil && in.Who != nil && in.Work != nil && in.Work.Channel != nil && *in.Work.Channel != ""
}

// serviceResult is the service's preview, drawn, or why there is none.
type serviceResult struct {
	out rendered
	err error
	// rejected: the service refused the content (400); out has the local
	// draw with the service's errors.
	rejected bool
}

// serviceMsg carries the service's answer; owner and seq drop stale ones.
type serviceMsg struct {
	owner *Model
	seq   int
	res   serviceResult
}

// askService waits out the debounce, asks the service under ctx (cancelled
// when a newer render starts) and draws its answer.
func askService(ctx context.Context, m *Model, seq int, svc Service, in func() Input, width int, s themes.Styles) serviceMsg {
	msg := serviceMsg{owner: m, seq: seq}
	input := in()
	if !svc.wants(input) {
		msg.res.err = errNotAsked
		return msg
	}
	if width < 20 {
		width = 20
	}
	if svc.Delay > 0 {
		fire := svc.After
		if fire == nil {
			t := time.NewTimer(svc.Delay)
			defer t.Stop()
			fire = func(time.Duration) <-chan time.Time { return t.C }
		}
		select {
		case <-ctx.Done():
		case <-fire(svc.Delay):
		}
		// A newer render that came as the delay ran out asks instead.
		if ctx.Err() != nil {
			msg.res.err = context.Cause(ctx)
			return msg
		}
	}
	rctx, cancel := context.WithTimeout(ctx, svc.Timeout)
	defer cancel()
	ev := make(map[string]string, len(input.Event))
	for k, v := range input.Event {
		ev[k] = fmt.Sprint(v)
	}
	res, err := svc.P.Preview(rctx, api.PreviewRequest{Channel: *input.Work.Channel, UserIdentification: input.Who,
		EventAttributes: ev, CampaignContent: input.Work.CampaignContent})
	sel := model.FixSelection(input.Work, input.Sel)
	var apiErr *api.Error
	switch {
	case err == nil && res.PersonalizedContent == nil:
		err = errors.New("the service answered without personalized_content")
	case err == nil:
		c := *input.Work // a shallow copy: only the content is swapped
		c.CampaignContent = res.PersonalizedContent
		msg.res.out.message = drawMessage(input, model.MessageAt(&c, sel.Locale, sel.Variation), nil, width, s)
		return msg
	case errors.As(err, &apiErr) && apiErr.Status == http.StatusBadRequest:
		// The service's errors (target, line and column) under the local
		// draw of the message: it has no rendered content to give.
		msg.res.rejected = true
		word := func(target, message string) string {
			if svc.Plain != nil {
				return svc.Plain(target, message)
			}
			// Position first: the path is long and wraps on its own.
			return strings.TrimSpace(message + " · in " + target)
		}
		for _, d := range apiErr.Details {
			msg.res.out.errors = append(msg.res.out.errors, word(d.Target, d.Message))
		}
		if len(msg.res.out.errors) == 0 {
			msg.res.out.errors = []string{word(apiErr.Target, apiErr.Message)}
		}
		target := model.MessagePath(input.Work, sel.Locale, sel.Variation)
		rmsg, _ := renderMessageCtx(ctx, model.MessageAt(input.Work, sel.Locale, sel.Variation), target, personalize.Data{User: input.User, Event: input.Event})
		msg.res.out.message = drawMessage(input, rmsg, msg.res.out.errors, width, s)
	}
	if errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil {
		err = fmt.Errorf("%w: no answer within %s", errTimedOut, svc.Timeout)
	}
	msg.res.err = err
	return msg
}

// reason is the gist of a transport error: its innermost words
// ("connection refused"), or the status of a service's answer.
func reason(err error) string {
	var e *api.Error
	if errors.As(err, &e) {
		return strings.TrimSpace(fmt.Sprintf("%d %s", e.Status, http.StatusText(e.Status)))
	}
	msg := err.Error()
	if i := strings.LastIndex(msg, ": "); i >= 0 {
		msg = msg[i+2:]
	}
	return msg
}

var (
	errNotAsked = errors.New("not asked")
	errTimedOut = errors.New("timed out")
)

// note is the first line of the message tab: where the draw comes from.
func (m *Model) note() []string {
	s, name := m.styles, m.svc.Name
	var line string
	st := s.Muted
	r := m.svcOut
	switch {
	case r != nil && r.err == nil:
		line, st = "● service preview · from "+name, s.OK
	case r != nil && r.rejected:
		line, st = "● service preview · "+name+" refused the content (400):", s.Error
	case r != nil && errors.Is(r.err, errTimedOut):
		line, st = "○ local preview · "+name+" timed out: "+strings.TrimPrefix(r.err.Error(), errTimedOut.Error()+": ")+"; showing the local draw", s.Warning
	case r != nil && api.IsUnreachable(r.err):
		line, st = "○ local preview · "+name+" is unreachable ("+reason(r.err)+"); showing the local draw", s.Warning
	case r != nil && errors.Is(r.err, errNotAsked):
		line = "○ local preview · sample profile, not a user of " + name + " (u: choose a user)"
	case r != nil && !errors.Is(r.err, context.Canceled):
		line, st = "○ local preview · "+name+" could not preview: "+r.err.Error(), s.Warning
	case m.asking:
		line = "○ local preview · asking " + name + "…"
	default:
		line = "○ local preview"
	}
	return strings.Split(st.Width(max(m.width, 20)).Render(common.Clean(line)), "\n")
}

// messageLines is the message tab's body: the service's draw when it
// answered, else the local one.
func (m *Model) messageLines() []string {
	if r := m.svcOut; r != nil && (r.err == nil || r.rejected) {
		return r.out.message
	}
	return m.out.message
}
