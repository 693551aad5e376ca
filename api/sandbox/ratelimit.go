package sandbox

import (
	"sync"
	"time"

	"github.com/campaigns-cli/campaigns/api"
)

// window is one rolling limit: at most N events in any span of length Per.
type window = api.Window

// Limits by route class: the service's (api), and the sandbox's own.
var (
	limitsDefault = api.LimitsDefault
	limitsCreate  = api.LimitsCreate
	limitsCreated = api.LimitsCreated
	limitsPreview = api.LimitsPreview
	// The sandbox's own routes (reach, outbox, users): generous for the
	// editor, which asks for a reach after each pause in typing, but a
	// bound all the same (reach answers in proportion to its body).
	limitsSandbox = []window{{N: 20, Per: time.Second}, {N: 1200, Per: time.Minute}}
)

// log is a sliding log: the times of the events still inside the longest
// window, oldest first. Rolling windows by construction: there is no bucket
// boundary at which twice the limit gets through.
type slidingLog struct {
	times []time.Time
}

// limiter keeps one sliding log per workspace + key + class.
type limiter struct {
	mu   sync.Mutex
	logs map[string]*slidingLog
}

func newLimiter() *limiter { return &limiter{logs: map[string]*slidingLog{}} }

// verdict is the outcome of a check: the tightest window's numbers for the
// X-RateLimit headers, and on refusal how long to wait.
type verdict struct {
	ok         bool
	limit      int
	remaining  int
	reset      time.Duration // until the tightest window frees a slot
	retryAfter time.Duration
}

// take checks every window and, when all allow it, records one event.
func (l *limiter) take(key string, ws []window, now time.Time) verdict {
	return l.check(key, ws, now, true)
}

// peek checks without recording.
func (l *limiter) peek(key string, ws []window, now time.Time) verdict {
	return l.check(key, ws, now, false)
}

// giveBack forgets an event recorded at now by take (a create that failed
// after its creation was counted).
func (l *limiter) giveBack(key string, now time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	lg := l.logs[key]
	if lg == nil {
		return
	}
	for i := len(lg.times) - 1; i >= 0; i-- {
		if lg.times[i].Equal(now) {
			lg.times = append(lg.times[:i], lg.times[i+1:]...)
			return
		}
	}
}

func (l *limiter) check(key string, ws []window, now time.Time, record bool) verdict {
	l.mu.Lock()
	defer l.mu.Unlock()
	lg := l.logs[key]
	if lg == nil {
		lg = &slidingLog{}
		l.logs[key] = lg
	}
	return lg.check(ws, now, record)
}

// check decides on an event at now and, when record and allowed, logs it.
func (lg *slidingLog) check(ws []window, now time.Time, record bool) verdict {
	longest := ws[len(ws)-1].Per
	// Forget what no window can see any more.
	cut := 0
	for cut < len(lg.times) && !lg.times[cut].After(now.Add(-longest)) {
		cut++
	}
	if cut > 0 {
		lg.times = append(lg.times[:0], lg.times[cut:]...)
	}
	v := verdict{ok: true, remaining: -1}
	for _, w := range ws {
		// Events inside (now-per, now]: the log is sorted, so count from the end.
		from := now.Add(-w.Per)
		i := len(lg.times)
		for i > 0 && lg.times[i-1].After(from) {
			i--
		}
		inside := len(lg.times) - i
		var reset time.Duration
		if inside > 0 {
			reset = lg.times[i].Add(w.Per).Sub(now)
		}
		if inside >= w.N {
			// The oldest event inside must leave before another fits; with
			// n events inside, that is the (inside-n)th one from the left.
			wait := lg.times[i+inside-w.N].Add(w.Per).Sub(now)
			if !v.ok && wait <= v.retryAfter {
				continue
			}
			v.ok, v.limit, v.remaining, v.reset, v.retryAfter = false, w.N, 0, wait, wait
			continue
		}
		if !v.ok {
			continue
		}
		rem := w.N - inside
		if record {
			rem--
		}
		if v.remaining < 0 || rem < v.remaining {
			v.limit, v.remaining, v.reset = w.N, rem, reset
			if inside == 0 && record {
				v.reset = w.Per
			}
		}
	}
	if v.ok && record {
		lg.times = append(lg.times, now)
	}
	return v
}

// drop forgets a workspace's logs.
func (l *limiter) drop(workspace string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for k := range l.logs {
		if len(k) > len(workspace) && k[:len(workspace)] == workspace && k[len(workspace)] == '\n' {
			delete(l.logs, k)
		}
	}
}
