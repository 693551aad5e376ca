package personalize

import (
	"container/list"
	"sync"
)

// cacheSize bounds the parsed templates kept: enough for every field of a
// large campaign (10 locales × 5 variations × 3 platforms × a few fields)
// plus the intermediate texts of someone typing.
const cacheSize = 2048

type entry struct {
	t   *template
	err *Error
}

// lru maps source text to its parse result, evicting the least recently
// used. Safe for concurrent use.
type lru struct {
	mu    sync.Mutex
	max   int
	order *list.List // front = most recent; values are *item
	items map[string]*list.Element
}

type item struct {
	key string
	val entry
}

var cache = newLRU(cacheSize)

func newLRU(n int) *lru {
	return &lru{max: n, order: list.New(), items: make(map[string]*list.Element, n)}
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
	for c.order.Len() > c.max {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.items, last.Value.(*item).key)
	}
}

func (c *lru) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}
