package cli

import (
	"context"
	"time"

	namesuggest "github.com/campaigns-cli/campaigns/api/suggest"
	"github.com/campaigns-cli/campaigns/ui"
	"github.com/campaigns-cli/campaigns/ui/pages/editor"
)

// suggestEvery is how often the editor's name suggestions are read again.
const suggestEvery = 3 * time.Minute

// The provider offers names and pairs segment ids with names.
var (
	_ editor.NameSource   = (*namesuggest.Provider)(nil)
	_ editor.SegmentPairs = (*namesuggest.Provider)(nil)
)

// wireEditor is wireDraftEditor with the names the workspace uses offered
// while typing: read through the session's client in the background now
// and every few minutes (a key press reads the cache); the refreshes stop
// with the editor.
func wireEditor(cfg *ui.Config) (func() error, error) {
	closeFn, err := wireDraftEditor(cfg)
	if err != nil || cfg.Editor == nil || cfg.Client == nil {
		return closeFn, err
	}
	names := namesuggest.New(cfg.Client)
	ctx, stop := context.WithCancel(context.Background())
	names.Start(ctx, suggestEvery, nil)
	cfg.Editor.Names = names
	return func() error { stop(); return closeFn() }, nil
}
