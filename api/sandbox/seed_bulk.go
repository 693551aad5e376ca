package sandbox

import (
	"context"
	"fmt"
	"time"

	"github.com/campaigns-cli/campaigns/model"
)

// Bulk demo campaigns (`campaigns serve --seed-campaigns N`): a list long
// enough to try searching, paging and support's questions on. Every plan
// of the demo comes round in turn under a name of its own; every 20th is a
// versioned campaign (v1 ACTIVE, superseded by v2 PAUSED by a named
// person), and every 50th a one-time campaign published after its send
// window had closed.

var bulkWords = [][]string{
	{"Spring", "Summer", "Autumn", "Winter", "Holiday", "Weekend", "Midweek", "Payday", "Loyalty", "Flash"},
	{"sale", "newsletter", "reminder", "offer", "digest", "alert", "welcome", "survey", "update", "teaser"},
	{"Madrid", "Lisbon", "Paris", "London", "Berlin", "Rome", "Dublin", "Porto", "Lyon", "Milan"},
}

// bulkName is the i-th bulk campaign's name: "Spring sale Madrid 0001".
func bulkName(i int) string {
	a, b, c := bulkWords[0], bulkWords[1], bulkWords[2]
	return fmt.Sprintf("%s %s %s %04d", a[i%len(a)], b[(i/len(a))%len(b)], c[(i/(len(a)*len(b)))%len(c)], i)
}

// bulkRecords makes n campaigns (more documents, with versions) at now.
func bulkRecords(workspace string, n int, now time.Time) ([]*Record, error) {
	demo, err := seedRecords(workspace, now)
	if err != nil {
		return nil, err
	}
	var plain []*Record // the demo's campaigns that stand alone
	for _, r := range demo {
		if r.ParentID == "" {
			plain = append(plain, r)
		}
	}
	var out []*Record
	for i := range n {
		base, err := model.Decode(plain[i%len(plain)].Doc)
		if err != nil {
			return nil, err
		}
		created := now.Add(-time.Duration(n-i) * time.Minute)
		id := newObjectID(created)
		c := base
		c.ID, c.CampaignID, c.ParentID = ptr(id), ptr(id), nil
		c.CreatedAt, c.UpdatedAt = ptr(created.Format(TimeLayout)), ptr(created.Format(TimeLayout))
		if c.BasicDetails != nil {
			c.BasicDetails.Name = ptr(bulkName(i))
		}
		switch {
		case i%50 == 3 && model.Str(c.Channel) == model.ChannelPush || i%50 == 3 && model.Str(c.Channel) == model.ChannelEmail:
			// Published on the 26th for a window of the 1st to the 2nd.
			c.CampaignDeliveryType, c.Status = ptr(model.DeliveryOneTime), ptr(model.StatusActive)
			start := now.Add(-25 * 24 * time.Hour).UTC().Truncate(time.Hour)
			c.SchedulingDetails = &model.Scheduling{DeliveryType: ptr(model.ScheduleFixedTime), Timezone: ptr("Europe/Madrid"),
				StartTime: ptr(start.Format("2006-01-02T15:04:05")), ExpiryTime: ptr(start.Add(24 * time.Hour).Format("2006-01-02T15:04:05"))}
			c.UpdatedBy = ptr("ops@example.com")
		case i%20 == 5 && (model.Str(c.CampaignDeliveryType) == model.DeliveryPeriodic || model.Str(c.CampaignDeliveryType) == model.DeliveryEventTriggered):
			v1 := *c
			v1.VersionNumber, v1.Status = ptr(int64(1)), ptr(model.StatusActive)
			r1 := recordOf(workspace, &v1, created, created)
			r1.Latest = false
			out = append(out, r1)
			v2, err := model.Decode(model.Encode(c))
			if err != nil {
				return nil, err
			}
			updated := created.Add(30 * time.Minute)
			v2.ID, v2.VersionNumber, v2.Status = ptr(newObjectID(updated)), ptr(int64(2)), ptr(model.StatusPaused)
			v2.UpdatedBy, v2.UpdatedAt = ptr("ana@example.com"), ptr(updated.Format(TimeLayout))
			if v2.BasicDetails != nil {
				v2.BasicDetails.Tags = append(v2.BasicDetails.Tags, "paused-by-support")
			}
			out = append(out, recordOf(workspace, v2, created, updated))
			continue
		}
		out = append(out, recordOf(workspace, c, created, created))
	}
	return out, nil
}

// SeedCampaigns tops workspace ws up to at least n campaigns of bulk demo
// content (a restart on the same data adds none).
func (s *Server) SeedCampaigns(ws string, n int) error {
	ctx := context.Background()
	have, err := s.store.Count(ctx, ws)
	if err != nil || have >= n {
		return err
	}
	recs, err := bulkRecords(ws, n-have, s.now())
	if err != nil {
		return err
	}
	return s.store.Update(ctx, func(tx Tx) error {
		for _, r := range recs {
			if err := tx.Put(r); err != nil {
				return err
			}
		}
		return nil
	})
}
