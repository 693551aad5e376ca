package drafts

import (
	"path/filepath"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/internal/shared"
)

// One engine per journal directory per process: two engines on one
// directory would each rewrite the journals from their own state.
var engines shared.Registry[string, *Engine]

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
	return engines.Get(key, func() (*Engine, error) { return Open(dir, client, opts) }, func(e *Engine) { e.Close() })
}
