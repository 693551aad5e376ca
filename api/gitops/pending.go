package gitops

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/model"
)

// A create whose answer is lost (a crash, a cut connection) has made a
// draft the file does not know of. Its re-run sends the same request_id and
// Idempotency-Key, and the service replays its answer, unless that answer
// is gone: the key expired (24 hours) or its body was dropped for the
// workspace's quota. So before a create is sent, a note is left beside the
// file; a re-run that finds the note for the same request looks for the
// draft first (a draft of the same author, channel, type and name, created
// since the note, whose content is the file's) and takes it instead of
// sending a second create.

// pendingCreate is the note left beside a file while its create is sent.
type pendingCreate struct {
	RequestID string    `json:"request_id"`
	SentAt    time.Time `json:"sent_at"`
}

// pendingPath is the note's file: hidden, beside the campaign file, not
// *.json (so no folder read takes it for a campaign).
func pendingPath(file string) string {
	return filepath.Join(filepath.Dir(file), "."+filepath.Base(file)+".create-pending")
}

func readPending(file string) (pendingCreate, bool) {
	var p pendingCreate
	b, err := os.ReadFile(pendingPath(file))
	if err != nil || json.Unmarshal(b, &p) != nil || p.RequestID == "" {
		return p, false
	}
	return p, true
}

// writePending leaves the note, durably, before the create is sent.
func writePending(file string, p pendingCreate) error {
	b, _ := json.Marshal(p)
	return writeAtomic(pendingPath(file), b, 0o600, true)
}

func removePending(file string) { _ = os.Remove(pendingPath(file)) }

// errCreatedNotFound: the service made the draft but its answer is gone and
// the draft could not be found: sending again could duplicate it.
var errCreatedNotFound = errors.New("the service created this draft, but its answer is no longer kept and the draft could not be found; " +
	"find it (campaigns list --status DRAFT --name …) and write its campaign_id into the file, or remove the hidden *.create-pending file beside it to create it again")

// findCreated looks for the draft a create of plan p made after since: ""
// when no such draft exists (or several alike: not a guess to make).
func (pl *Planner) findCreated(ctx context.Context, p Plan, since time.Time) (string, error) {
	s := pl.Core.Client()
	body := new(model.Campaign)
	_ = model.FromTree(p.Body, body)
	fields := &api.SearchFields{Status: []string{model.StatusDraft}}
	if body.BasicDetails != nil && body.BasicDetails.Name != nil {
		fields.Name = *body.BasicDetails.Name
	}
	if body.Channel != nil {
		fields.Channels = []string{*body.Channel}
	}
	if body.CampaignDeliveryType != nil {
		fields.CampaignDeliveryType = []string{*body.CampaignDeliveryType}
	}
	if by := str(p.Body["created_by"]); by != "" {
		fields.CreatedBy = []string{by}
	}
	var found []string
	err := SearchPages(ctx, s, pl.Core.Pacer(), api.SearchRequest{CampaignFields: fields}, 1, 20, func(_ int, recs []map[string]any) error {
		for _, r := range recs {
			created, err := time.Parse(time.RFC3339Nano, str(r["created_at"]))
			if err == nil && created.Before(since.Add(-time.Minute)) {
				continue // older than the note: not this create's
			}
			if len(Compare(p.Body, r)) == 0 {
				found = append(found, str(r["campaign_id"]))
			}
		}
		return nil
	})
	if err != nil || len(found) != 1 {
		return "", err // none, or several alike: not a guess to make
	}
	return found[0], nil
}
