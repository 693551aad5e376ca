package sandbox

import (
	"sync"
	"time"
)

// window is one rolling limit: at most n events in any span of length per.
type window struct {
	n   int
	per time.Duration
}

// Limits by route class (campaigns-v5.md "Limits", service-reference §4.2).
var (
	limitsDefault = []window{{10, time.Second}, {100, time.Minute}, {6000, time.Hour}}
	limitsCreate  = []window{{5, time.Second}, {25, time.Minute}, {100, time.Hour}}
	// Successful creations, counted apart from requests.
	limitsCreated = []window{{5, time.Minute}, {25, time.Hour}, {100, 24 * time.Hour}}
	limitsPreview = []window{{10000, time.Minute}}
	// The sandbox's own routes (reach, outbox, users): generous for the
	// editor, which asks for a reach after each pause in typing, but a
	// bound all the same (reach answers in proportion to its body).
	limitsSandbox = []window{{20, time.Second}, {1200, time.Minute}}
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
	longest := ws[len(ws)-1].per
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
		from := now.Add(-w.per)
		i := len(lg.times)
		for i > 0 && lg.times[i-1].After(from) {
			i--
		}
		inside := len(lg.times) - i
		var reset time.Duration
		if inside > 0 {
			reset = lg.times[i].Add(w.per).Sub(now)
		}
		if inside >= w.n {
			// The oldest event inside must leave before another fits; with
			// n events inside, that is the (inside-n)th one from the left.
			wait := lg.times[i+inside-w.n].Add(w.per).Sub(now)
			if !v.ok && wait <= v.retryAfter {
				continue
			}
			v.ok, v.limit, v.remaining, v.reset, v.retryAfter = false, w.n, 0, wait, wait
			continue
		}
		if !v.ok {
			continue
		}
		rem := w.n - inside
		if record {
			rem--
		}
		if v.remaining < 0 || rem < v.remaining {
			v.limit, v.remaining, v.reset = w.n, rem, reset
			if inside == 0 && record {
				v.reset = w.per
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
