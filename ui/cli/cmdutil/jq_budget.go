package cmdutil

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"runtime/metrics"
	"time"
)

// The budget of one --jq expression: a user's filter must not spin for
// ever (def f: f; f) or take the machine's memory ([range(1e9)]).
var (
	jqTimeout   = 10 * time.Second
	jqMaxOutput = 64 << 20 // bytes printed
	jqMaxMemory = uint64(256 << 20)
)

// jqBudget is the context an expression runs under: cancelled after
// jqTimeout, or once the heap has grown by jqMaxMemory since it started,
// with the bound as its cause.
func jqBudget() (context.Context, func()) {
	timeout, limit := jqTimeout, jqMaxMemory // read once: the goroutines below outlive a call
	ctx, cancel := context.WithCancelCause(context.Background())
	timer := time.AfterFunc(timeout, func() {
		cancel(fmt.Errorf("the expression ran for %s, the limit; simplify it", timeout))
	})
	done := make(chan struct{})
	go func() {
		sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		metrics.Read(sample)
		start := sample[0].Value.Uint64()
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				metrics.Read(sample)
				if now := sample[0].Value.Uint64(); now > start && now-start > limit {
					cancel(fmt.Errorf("the expression used more than %d MiB of memory, the limit; filter further", limit>>20))
					return
				}
			}
		}
	}()
	return ctx, func() {
		timer.Stop()
		close(done)
		cancel(errors.New("done"))
	}
}

// budgetWriter stops counting once left bytes are written; over says the
// output went past its budget (what was written stays written).
type budgetWriter struct {
	w    *bufio.Writer
	left int
	over bool
}

func (b *budgetWriter) WriteString(s string) {
	if b.over {
		return
	}
	if b.left -= len(s); b.left < 0 {
		b.over = true
		return
	}
	b.w.WriteString(s)
}

func (b *budgetWriter) Write(p []byte) { b.WriteString(string(p)) }
