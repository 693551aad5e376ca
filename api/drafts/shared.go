package drafts

import (
	"path/filepath"
	"sync"

	"github.com/campaigns-cli/campaigns/api"
)

// One engine per journal directory per process: two engines on one
// directory would each rewrite the journals from their own state.
var (
	sharedMu sync.Mutex
	shared   = map[string]*sharedEngine{}
)

type sharedEngine struct {
	e    *Engine
	refs int
}

// Shared returns the process's engine for dir, opening it on first use; the
// client and options of that first call are the ones used. Each caller
// (say, each SSH session of one person) gets its own release; the engine
// closes when the last one is released. Read events with Subscribe, one
// feed per caller.
func Shared(dir string, client *api.Client, opts Options) (e *Engine, release func(), err error) {
	key, err := filepath.Abs(dir)
	if err != nil {
		return nil, nil, err
	}
	sharedMu.Lock()
	defer sharedMu.Unlock()
	s := shared[key]
	if s == nil {
		eng, err := Open(dir, client, opts)
		if err != nil {
			return nil, nil, err
		}
		s = &sharedEngine{e: eng}
		shared[key] = s
	}
	s.refs++
	var once sync.Once
	return s.e, func() {
		once.Do(func() {
			sharedMu.Lock()
			s.refs--
			last := s.refs == 0
			if last {
				delete(shared, key)
			}
			sharedMu.Unlock()
			if last {
				s.e.Close()
			}
		})
	}, nil
}
