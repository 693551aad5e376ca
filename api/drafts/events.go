package drafts

import "sync"

const maxQueuedEvents = 4096

// feed is one subscriber: an unbounded (but capped) queue and a goroutine
// that hands events to its channel, so emitters never block on a slow reader.
type feed struct {
	mu     sync.Mutex
	cond   *sync.Cond
	q      []Event
	closed bool
	out    chan Event
	done   chan struct{} // closed by close: a pending delivery gives up
	only   string        // campaign id filter; "" = all
}

func newFeed(only string) *feed {
	f := &feed{out: make(chan Event), done: make(chan struct{}), only: only}
	f.cond = sync.NewCond(&f.mu)
	go f.pump()
	return f
}

func (f *feed) push(evs []Event) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return
	}
	for _, ev := range evs {
		if f.only == "" || ev.ID == f.only {
			f.q = append(f.q, ev)
		}
	}
	if over := len(f.q) - maxQueuedEvents; over > 0 {
		f.q = append(f.q[:0], f.q[over:]...)
	}
	f.cond.Signal()
}

func (f *feed) close() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.closed {
		f.closed = true
		close(f.done)
		f.cond.Broadcast()
	}
}

func (f *feed) pump() {
	defer close(f.out)
	for {
		f.mu.Lock()
		for len(f.q) == 0 && !f.closed {
			f.cond.Wait()
		}
		if f.closed {
			f.mu.Unlock()
			return
		}
		ev := f.q[0]
		f.q = f.q[1:]
		f.mu.Unlock()
		select {
		case f.out <- ev:
		case <-f.done:
			return
		}
	}
}
