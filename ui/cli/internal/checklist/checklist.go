// Package checklist reads what the will-it-send checklist is made from
// (the record, its meta for the estimate, its versions for the newest) and
// prints it: `campaigns status ID`, `campaigns get ID` and the MCP meta tool
// show the one forms.Checklist the inspector shows.
package checklist

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// Answer is `campaigns status ID --json` (decisions.md §5).
type Answer struct {
	Status string        `json:"status"`
	Checks []forms.Check `json:"checks"`
}

// Read reads campaign id and makes its checklist. Meta and versions are
// help: when they fail the checklist is made without them.
func Read(ctx context.Context, c *api.Client, id string, now time.Time) (*model.Campaign, []forms.Check, error) {
	camp, err := c.Get(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	return camp, Of(ctx, c, camp, now), nil
}

// Of makes the checklist of a campaign already read.
func Of(ctx context.Context, c *api.Client, camp *model.Campaign, now time.Time) []forms.Check {
	key := model.Str(camp.CampaignID)
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
		if vs, err := versions(ctx, c, key); err == nil {
			for _, v := range vs {
				if v.VersionNumber != nil && (o.Newest == nil || *v.VersionNumber > *o.Newest) {
					o.Newest, o.NewestStatus = v.VersionNumber, model.Str(v.Status)
				}
			}
		}
	}
	return forms.Checklist(camp, o)
}

// versions lists every version of a campaign the search returns
// (versioning on: one document per version, same campaign_id).
func versions(ctx context.Context, c *api.Client, id string) ([]*model.Campaign, error) {
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

// Print writes the checklist, ✓ and ✗ coloured on a terminal.
func Print(w io.Writer, st themes.Styles, checks []forms.Check) {
	for _, c := range checks {
		mark := st.OK.Render("✓")
		if !c.OK {
			mark = st.Error.Render("✗")
		}
		fmt.Fprintf(w, "%s %s: %s\n", mark, c.Check, common.Clean(c.Detail))
	}
}
