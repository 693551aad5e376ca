package cli

import (
	"context"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
)

// checklistAnswer is `campaigns status ID --json` (decisions §5).
type checklistAnswer struct {
	Status string        `json:"status"`
	Checks []forms.Check `json:"checks"`
}

// readChecklist reads what the will-it-send checklist is made from (the
// record, its meta for the estimate, its versions for the newest) and
// makes it with forms.Checklist, the one the inspector shows. Meta and
// versions are help: when they fail the checklist is made without them.
func readChecklist(ctx context.Context, c *api.Client, id string, now time.Time) (*model.Campaign, []forms.Check, error) {
	camp, err := c.Get(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	return camp, checklistOf(ctx, c, camp, now), nil
}

// checklistOf makes the checklist of a campaign already read.
func checklistOf(ctx context.Context, c *api.Client, camp *model.Campaign, now time.Time) []forms.Check {
	id := camp.CampaignID
	key := model.Str(id)
	if key == "" {
		key = model.Str(camp.ID)
	}
	o := forms.ChecklistOpts{Now: now, Local: time.Local, LocalLabel: "your time"}
	switch model.Str(camp.Channel) {
	case model.ChannelPush, model.ChannelEmail:
		o.Problems = ops.Validate(camp, engine.PhasePublish, engine.Options{})
	}
	if res, err := c.Meta(ctx, api.MetaRequest{CampaignFields: &api.MetaFields{ID: key}, Limit: 1, Page: 1}); err == nil {
		for _, r := range res.Campaigns {
			if r.CampaignID == key && r.ReachabilityDetails != nil {
				n := r.ReachabilityDetails.Count
				o.Reach, o.ReachAt = &n, r.ReachabilityDetails.LastUpdatedTime
			}
		}
	}
	if camp.VersionNumber != nil {
		if vs, err := readVersions(ctx, c, key); err == nil {
			for _, v := range vs {
				if v.VersionNumber != nil && (o.Newest == nil || *v.VersionNumber > *o.Newest) {
					o.Newest, o.NewestStatus = v.VersionNumber, model.Str(v.Status)
				}
			}
		}
	}
	return forms.Checklist(camp, o)
}

// readVersions lists every version of a campaign the search returns
// (versioning on: one document per version, same campaign_id).
func readVersions(ctx context.Context, c *api.Client, id string) ([]*model.Campaign, error) {
	var out []*model.Campaign
	for page := 1; page <= 20; page++ {
		res, err := c.Search(ctx, api.SearchRequest{Limit: 15, Page: page, IncludeArchiveCampaigns: true,
			CampaignFields: &api.SearchFields{IDs: []string{id}, Status: model.Statuses}})
		if err != nil {
			return nil, err
		}
		for _, r := range res.Campaigns {
			if model.Str(r.CampaignID) == id || model.Str(r.ID) == id {
				out = append(out, r)
			}
		}
		if len(res.Campaigns) < 15 {
			break
		}
	}
	return out, nil
}
