package personalize

import (
	"container/list"
	"sync"
)

// The cache keeps at most cacheSize parsed templates (every field of a large
// campaign — 10 locales × 5 variations × 3 platforms × a few fields — plus
// the intermediate texts of someone typing) and at most cacheBytes of
// source text, so that typing in a 100 KB email body does not keep
// thousands of copies of it.
const (
	cacheSize  = 2048
	cacheBytes = 8 << 20
)

type entry struct {
	t   *template
	err *Error
}

// lru maps source text to its parse result, evicting the least recently
// used. Safe for concurrent use.
type lru struct {
	mu    sync.Mutex
	max   int
	maxB  int // bytes of keys
	bytes int
	order *list.List // front = most recent; values are *item
	items map[string]*list.Element
}

type item struct {
	key string
	val entry
}

// cache is package state, shared by every caller in the process, and on
// purpose not injected (the engine's other cache is check.go's plans): a parse is a pure function of the source text, so the
// cache changes how fast an answer comes, never the answer (the same input
// gives the same output with it full, empty or shared); one bounded cache
// per process keeps the SSH server's sessions and the sandbox's requests
// from each holding their own copies of the same templates.
var cache = newLRU(cacheSize, cacheBytes)

func newLRU(n, bytes int) *lru {
	return &lru{max: n, maxB: bytes, order: list.New(), items: make(map[string]*list.Element, n)}
}

func (c *lru) get(key string) (entry, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.items[key]
	if !ok {
		return entry{}, false
	}
	c.order.MoveToFront(el)
	return el.Value.(*item).val, true
}

func (c *lru) put(key string, v entry) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		el.Value.(*item).val = v
		c.order.MoveToFront(el)
		return
	}
	c.items[key] = c.order.PushFront(&item{key, v})
	c.bytes += len(key)
	// The newest entry stays even when it alone is over the byte budget.
	for c.order.Len() > 1 && (c.order.Len() > c.max || c.bytes > c.maxB) {
		last := c.order.Back()
		c.order.Remove(last)
		k := last.Value.(*item).key
		delete(c.items, k)
		c.bytes -= len(k)
	}
}

func (c *lru) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}
