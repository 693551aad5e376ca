package common

import (
	"context"
	"time"

	"github.com/campaigns-cli/campaigns/model"
)

// LocalDraft is a draft kept on this computer (the sync engine's journal)
// with edits the service does not have yet.
type LocalDraft struct {
	// Campaign is the working copy: the edits are in it.
	Campaign *model.Campaign
	// Unsynced names the components not yet on the service.
	Unsynced []string
	// Edited is when it was last edited here.
	Edited time.Time
}

// Journal is the sync engine as the browser sees it (nil without a draft
// editor: a read-only profile).
type Journal interface {
	// Unsynced lists the drafts with edits not yet on the service, most
	// recently edited first, from the journal alone (no service needed);
	// listing them starts their sync.
	Unsynced(ctx context.Context) ([]LocalDraft, error)
	// SyncAll sends every local edit now (the service is back).
	SyncAll(ctx context.Context) error
}
