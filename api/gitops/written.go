package gitops

import (
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// written is the service's record of a campaign after an accepted
// component update, made the way the service makes it instead of read
// back: the record read right before the PATCH (its If-Match version) with
// each sent component replacing the stored one whole (engine.Merge, the
// service's own merge; decisions.md §3).
//
// What the service owns is set only where the answer says it: a new
// document id is a new version (decisions.md "versioning": version_number
// + 1); updated_by is the author sent. updated_at (the service's clock)
// and an updated_by the service chose itself (no author was sent: it names
// the credential) are left out, not guessed: no later run reads them from
// a file that has its base (the comparison is of components), and a file
// without its base that lacks updated_at is a conflict (Diff), never
// compared as the newest version.
//
// ok is false (read it back) when the body sent is not known, or when the
// service shows a sent component in another form than it was sent: a
// schedule sent to a campaign past DRAFT comes back in the read form
// (decisions.md "read form"), so that record is read, not made.
func written(before *model.Campaign, sent *model.Campaign, newID string) (rec map[string]any, ok bool) {
	if sent == nil || sent.SchedulingDetails != nil && model.Str(before.Status) != model.StatusDraft {
		return nil, false
	}
	after := engine.Merge(before, sent)
	after.RequestID, after.UpdatedAt, after.UpdatedBy = nil, nil, sent.UpdatedBy
	if newID != "" && newID != model.Str(before.ID) {
		after.ID = &newID
		if v := before.VersionNumber; v != nil {
			next := *v + 1
			after.VersionNumber = &next
		}
	}
	rec, _ = model.ToTree(after).(map[string]any)
	return rec, rec != nil
}
