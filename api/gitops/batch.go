package gitops

import (
	"context"
	"errors"
	"slices"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/model"
)

// wholeKeys are the keys a search record must carry to stand for the
// campaign: a service whose search answers summaries is read by GET.
// (A draft may not have content yet, so campaign_content is not asked
// for; apply reads every campaign it sends to by GET before sending.)
var wholeKeys = []string{"campaign_id", "channel", "campaign_delivery_type", "basic_details", "updated_at"}

// Prefetch reads the service's records of these campaigns through search by
// ids, PageSize ids a call, so that comparing N files costs ⌈N/15⌉ reads
// instead of N. Records the search does not return whole (or at all) are
// left to Diff, which reads them by GET.
func (pl *Planner) Prefetch(ctx context.Context, ids []string) error {
	var s Searcher = pl.Core.Client()
	ids = slices.Compact(slices.Sorted(slices.Values(nonEmpty(ids))))
	if pl.cache == nil {
		pl.cache = map[string]map[string]any{}
	}
	for start := 0; start < len(ids); start += PageSize {
		batch := ids[start:min(start+PageSize, len(ids))]
		req := api.SearchRequest{
			CampaignFields:          &api.SearchFields{IDs: batch, Status: model.Statuses},
			IncludeArchiveCampaigns: true, IncludeChildCampaigns: true,
		}
		var recs []map[string]any
		err := SearchPages(ctx, s, pl.Core.Pacer(), req, 1, 0, func(_ int, page []map[string]any) error {
			recs = append(recs, page...)
			if foundAll(batch, recs) {
				// A full page holding every id asked for is the answer:
				// the service lists a campaign's versions newest first, so
				// a further page could only hold older ones.
				return errEnough
			}
			return nil
		})
		if err != nil && err != errEnough {
			return err
		}
		for _, r := range Latest(recs) {
			id := str(r["campaign_id"])
			if slices.Contains(batch, id) && whole(r) {
				pl.cache[id] = r
			}
		}
	}
	return nil
}

// Forget drops prefetched records, so the next Diff reads afresh.
func (pl *Planner) Forget() { pl.cache = nil }

var errEnough = errors.New("every id found")

func foundAll(ids []string, recs []map[string]any) bool {
	seen := map[string]bool{}
	for _, r := range recs {
		seen[str(r["campaign_id"])] = true
	}
	for _, id := range ids {
		if !seen[id] {
			return false
		}
	}
	return true
}

func whole(r map[string]any) bool {
	for _, k := range wholeKeys {
		if _, ok := r[k]; !ok {
			return false
		}
	}
	return true
}

func nonEmpty(ids []string) []string {
	return slices.DeleteFunc(slices.Clone(ids), func(s string) bool { return s == "" })
}
