package ops

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/campaigns-cli/campaigns/api"
)

// Clock is the pacer's time: tests share a fake one with the sandbox
// (sandbox.Config.Now) so real rate limits are exercised without sleeping.
type Clock interface {
	Now() time.Time
	// Sleep waits d or until ctx ends (then it returns ctx.Err()).
	Sleep(ctx context.Context, d time.Duration) error
}

// RealClock is the wall clock.
type RealClock struct{}

func (RealClock) Now() time.Time                                   { return time.Now() }
func (RealClock) Sleep(ctx context.Context, d time.Duration) error { return api.Sleep(ctx, d) }

// Window is at most N requests in any rolling span Per (the service's
// limits are declared once, in package api).
type Window = api.Window

// The limits a client paces itself by, from the service's (api.Limits*).
// Reads (get, search) count like updates in the service's default class.
var (
	ReadLimits   = api.LimitsDefault
	UpdateLimits = api.LimitsDefault
	// CreateLimits joins the request rate (5/s, 25/min, 100/h) and the
	// successful creations (5/min, 25/h, 100/day): every create this tool
	// sends is meant to succeed, so the tighter of both applies.
	CreateLimits = tighter(api.LimitsCreate, api.LimitsCreated)
)

// tighter joins two sets of windows: per span, the smaller count.
func tighter(a, b []Window) []Window {
	byPer := map[time.Duration]int{}
	for _, w := range append(slices.Clone(a), b...) {
		if n, ok := byPer[w.Per]; !ok || w.N < n {
			byPer[w.Per] = w.N
		}
	}
	out := make([]Window, 0, len(byPer))
	for per, n := range byPer {
		out = append(out, Window{N: n, Per: per})
	}
	slices.SortFunc(out, func(x, y Window) int { return int(x.Per - y.Per) })
	return out
}

// Class names a rate-limit class.
type Class string

const (
	ClassRead   Class = "read"
	ClassSearch Class = "search"
	ClassUpdate Class = "update"
	ClassCreate Class = "create"
)

// Pacer keeps requests under the service's rate limits: it waits before a
// request that would break a window, and when the service answers 429 anyway
// (another client shares the limit) it waits as long as Retry-After says and
// tries again. Every wait is reported to OnWait so a person sees why nothing
// moves.
type Pacer struct {
	Clock  Clock
	Limits map[Class][]Window
	// OnWait is told about every wait longer than a second: how long and why.
	OnWait func(d time.Duration, why string)
	// MaxRetries bounds the 429 retries of one request (default 5).
	MaxRetries int

	mu   sync.Mutex
	sent map[Class][]time.Time
}

// NewPacer paces with the spec's limits on clock (nil: the wall clock).
func NewPacer(clock Clock) *Pacer {
	if clock == nil {
		clock = RealClock{}
	}
	return &Pacer{Clock: clock, Limits: map[Class][]Window{
		ClassRead: ReadLimits, ClassSearch: ReadLimits, ClassUpdate: UpdateLimits, ClassCreate: CreateLimits,
	}, sent: map[Class][]time.Time{}}
}

// Reserve records a request of class at now and returns 0, or records
// nothing and returns how long until one may go. It never blocks: the
// editor's sync engine plans its own retry with it, where Do would wait.
func (p *Pacer) Reserve(class Class, now time.Time) time.Duration {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.sent == nil {
		p.sent = map[Class][]time.Time{}
	}
	log := p.sent[class]
	var wait time.Duration
	longest := 0
	for _, w := range p.Limits[class] {
		longest = max(longest, w.N)
		if w.N <= 0 || len(log) < w.N {
			continue
		}
		if d := log[len(log)-w.N].Add(w.Per).Sub(now); d > wait {
			wait = d
		}
	}
	if wait > 0 {
		return wait
	}
	log = append(log, now)
	if len(log) > longest {
		log = append(log[:0], log[len(log)-longest:]...)
	}
	p.sent[class] = log
	return 0
}

// Do runs call under class's limits, waiting first when a window is full and
// again after a 429.
func (p *Pacer) Do(ctx context.Context, class Class, call func(ctx context.Context) error) error {
	retries := p.MaxRetries
	if retries <= 0 {
		retries = 5
	}
	for attempt := 0; ; attempt++ {
		for {
			d := p.Reserve(class, p.Clock.Now())
			if d <= 0 {
				break
			}
			p.told(d, fmt.Sprintf("keeping under the %s rate limit", class))
			if err := p.Clock.Sleep(ctx, d); err != nil {
				return err
			}
		}
		err := call(ctx)
		var ae *api.Error
		if err == nil || !errors.As(err, &ae) || ae.Status != http.StatusTooManyRequests || attempt >= retries {
			return err
		}
		wait := ae.RetryAfter
		if wait <= 0 {
			wait = time.Second << min(attempt, 6)
		}
		p.told(wait, "rate limited by the service")
		if err := p.Clock.Sleep(ctx, wait); err != nil {
			return err
		}
	}
}

func (p *Pacer) told(d time.Duration, why string) {
	if p.OnWait != nil && d >= time.Second {
		p.OnWait(d, why)
	}
}

// Pacers that serve the same client are one: the service limits per
// credential, not per editor session or command.
var (
	sharedMu sync.Mutex
	shared   = map[*api.Client]*sharedPacer{}
)

type sharedPacer struct {
	p    *Pacer
	refs int
}

// SharedPacer is the one pacer of client, on the wall clock; release when
// done with it (the last release forgets it).
func SharedPacer(client *api.Client) (p *Pacer, release func()) {
	sharedMu.Lock()
	defer sharedMu.Unlock()
	s := shared[client]
	if s == nil {
		s = &sharedPacer{p: NewPacer(nil)}
		shared[client] = s
	}
	s.refs++
	var once sync.Once
	return s.p, func() {
		once.Do(func() {
			sharedMu.Lock()
			defer sharedMu.Unlock()
			if s.refs--; s.refs == 0 {
				delete(shared, client)
			}
		})
	}
}
