package drafts

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"time"

	"github.com/campaigns-cli/campaigns/model"
)

// Local is a draft with edits not yet on the service, as this engine holds
// it: what a start after a crash, or without a service, has to show.
type Local struct {
	ID string
	// Campaign is a copy of the working copy (name, channel, type …).
	Campaign *model.Campaign
	// Status says which units are not on the service yet (Status.Unsynced).
	Status Status
	// Edited is when the journal last changed (zero when it has no file
	// yet: the edit is within the durability window).
	Edited time.Time
}

// Unsynced loads every campaign the journal directory holds (the journal is
// replayed: no service needed) and returns those with edits the service
// does not have, the most recently written first (the journal's last
// write: an edit, or the record of a send that was tried). Loading them is what makes
// them sync: each is retried in the background until the service takes it
// (FlushAll sends them at once). A journal that cannot be read is skipped
// and named in the error; the others are still returned. A damaged journal
// that was recovered (in part) is in the error as a Recovery.
func (e *Engine) Unsynced(ctx context.Context) ([]Local, error) {
	if e.closed.Load() {
		return nil, ErrClosed
	}
	ids, err := e.Journaled()
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	seen := map[string]bool{}
	for _, c := range e.all() {
		if !slices.Contains(ids, c.id) {
			ids = append(ids, c.id)
		}
	}
	var out []Local
	var errs []error
	for _, id := range ids {
		if seen[id] {
			continue
		}
		seen[id] = true
		var edited time.Time
		if st, err := os.Stat(journalPath(e.dir, id)); err == nil {
			edited = st.ModTime()
		}
		d, err := e.LoadDraft(ctx, id)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", id, err))
			continue
		}
		d.Lock()
		s := d.Status()
		var c *model.Campaign
		if len(s.Unsynced) > 0 {
			c = model.Clone(d.c.working)
		}
		d.Unlock()
		if c != nil {
			out = append(out, Local{ID: id, Campaign: c, Status: s, Edited: edited})
		}
	}
	slices.SortStableFunc(out, func(a, b Local) int {
		return cmp.Or(b.Edited.Compare(a.Edited), cmp.Compare(a.ID, b.ID))
	})
	// Damaged journals found on the way (or by an earlier Load) are
	// reported here too, once: what came back, what did not, where the
	// damaged file is kept.
	return out, errors.Join(append(errs, recoveryErrors(e.Recoveries()))...)
}
