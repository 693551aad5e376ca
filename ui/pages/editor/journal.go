package editor

import (
	"context"

	"github.com/campaigns-cli/campaigns/api/drafts"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// Journal shows the factory's sync engine to the browser (common.Journal):
// the drafts kept on this computer with edits not yet on the service.
func (f *Factory) Journal() common.Journal { return journal{f.Drafts} }

type journal struct{ e *drafts.Engine }

func (j journal) Unsynced(ctx context.Context) ([]common.LocalDraft, error) {
	ls, err := j.e.Unsynced(ctx)
	out := make([]common.LocalDraft, len(ls))
	for i, l := range ls {
		out[i] = common.LocalDraft{Campaign: l.Campaign, Unsynced: l.Status.Unsynced, Edited: l.Edited}
	}
	return out, err
}

func (j journal) SyncAll(ctx context.Context) error {
	_, err := j.e.FlushAll(ctx)
	return err
}
