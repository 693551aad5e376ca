package drafts

import (
	"sync"
	"time"

	"github.com/campaigns-cli/campaigns/api"
)

// Limit is at most N requests in any rolling window Per.
type Limit struct {
	N   int
	Per time.Duration
}

// UpdateLimits are the spec's limits on component updates: 10 per second,
// 100 per minute, 6000 per hour.
var UpdateLimits = []Limit{{10, time.Second}, {100, time.Minute}, {6000, time.Hour}}

// limiter keeps the send times of the last max(N) requests and refuses one
// that would break any window. It never blocks: Reserve says how long to wait.
type limiter struct {
	mu     sync.Mutex
	limits []Limit
	sent   []time.Time // oldest first, at most max N
	max    int
}

func newLimiter(limits []Limit) *limiter {
	l := &limiter{limits: limits}
	for _, lim := range limits {
		l.max = max(l.max, lim.N)
	}
	return l
}

// Reserve takes a slot at now and returns 0, or takes nothing and returns
// how long until a slot frees.
func (l *limiter) Reserve(now time.Time) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	var wait time.Duration
	for _, lim := range l.limits {
		if lim.N <= 0 || len(l.sent) < lim.N {
			continue
		}
		// The Nth most recent send must have left the window.
		oldest := l.sent[len(l.sent)-lim.N]
		if d := oldest.Add(lim.Per).Sub(now); d > wait {
			wait = d
		}
	}
	if wait > 0 {
		return wait
	}
	l.sent = append(l.sent, now)
	if len(l.sent) > l.max {
		l.sent = append(l.sent[:0], l.sent[len(l.sent)-l.max:]...)
	}
	return 0
}

// Engines that use the same client share its limiter: the service limits
// per credential, not per editor session.
var (
	limMu    sync.Mutex
	limiters = map[*api.Client]*sharedLimit{}
)

type sharedLimit struct {
	l    *limiter
	refs int
}

func sharedLimiter(c *api.Client) (*limiter, func()) {
	limMu.Lock()
	defer limMu.Unlock()
	s := limiters[c]
	if s == nil {
		s = &sharedLimit{l: newLimiter(UpdateLimits)}
		limiters[c] = s
	}
	s.refs++
	var once sync.Once
	return s.l, func() {
		once.Do(func() {
			limMu.Lock()
			defer limMu.Unlock()
			if s.refs--; s.refs == 0 {
				delete(limiters, c)
			}
		})
	}
}
