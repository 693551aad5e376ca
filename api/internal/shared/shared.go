// Package shared holds one value per key for the whole process: made on
// first use, handed to every caller with its own release, and dropped (and
// closed) when the last caller releases it. The drafts engines (one per
// journal directory) are held so; the pacers of api/ops (one per client)
// could be too.
package shared

import "sync"

// Registry is the values by key. Its zero value is empty and ready.
type Registry[K comparable, V any] struct {
	mu      sync.Mutex
	entries map[K]*entry[V]
}

type entry[V any] struct {
	v    V
	refs int
}

// Get returns key's value, made by open on first use, and the caller's
// release: the last release forgets the value and runs done (nil: nothing)
// on it, outside the registry's lock. An error of open is returned and
// nothing is kept.
func (r *Registry[K, V]) Get(key K, open func() (V, error), done func(V)) (V, func(), error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	e := r.entries[key]
	if e == nil {
		v, err := open()
		if err != nil {
			return v, nil, err
		}
		if r.entries == nil {
			r.entries = map[K]*entry[V]{}
		}
		e = &entry[V]{v: v}
		r.entries[key] = e
	}
	e.refs++
	var once sync.Once
	return e.v, func() { once.Do(func() { r.release(key, e, done) }) }, nil
}

func (r *Registry[K, V]) release(key K, e *entry[V], done func(V)) {
	r.mu.Lock()
	e.refs--
	last := e.refs == 0
	if last {
		delete(r.entries, key)
	}
	r.mu.Unlock()
	if last && done != nil {
		done(e.v)
	}
}
