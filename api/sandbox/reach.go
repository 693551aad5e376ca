package sandbox

import (
	"sync"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/model"
)

// ReachTTL is how long a reachability count is kept (campaigns-v5.md).
const ReachTTL = 24 * time.Hour

type reachEntry struct {
	count int64
	at    time.Time
}

// reachCache keeps counts by workspace and campaign document.
type reachCache struct {
	mu sync.Mutex
	m  map[string]reachEntry
}

func newReachCache() *reachCache { return &reachCache{m: map[string]reachEntry{}} }

func (c *reachCache) drop(workspace string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k := range c.m {
		if len(k) > len(workspace) && k[:len(workspace)+1] == workspace+"\n" {
			delete(c.m, k)
		}
	}
}

// reachability is the cached audience estimate of a scheduled ONE_TIME,
// BUSINESS_EVENT_TRIGGERED or EVENT_TRIGGERED campaign, nil for the rest.
func (s *Server) reachability(rec *Record, c *model.Campaign, now time.Time) *api.Reachability {
	if rec.Status != model.StatusScheduled {
		return nil
	}
	switch rec.DeliveryType {
	case model.DeliveryOneTime, model.DeliveryBusinessEvent, model.DeliveryEventTriggered:
	default:
		return nil
	}
	key := rec.Workspace + "\n" + rec.ID
	s.reach.mu.Lock()
	e, ok := s.reach.m[key]
	s.reach.mu.Unlock()
	if !ok || now.Sub(e.at) >= ReachTTL {
		e = reachEntry{count: s.countAudience(c.SegmentationDetails, now), at: now}
		s.reach.mu.Lock()
		s.reach.m[key] = e
		s.reach.mu.Unlock()
	}
	return &api.Reachability{Count: e.count, LastUpdatedTime: e.at.Format(time.RFC3339)}
}

// countAudience counts the demo users the segmentation matches; parts it
// cannot evaluate match nobody.
func (s *Server) countAudience(seg *model.Segmentation, now time.Time) int64 {
	n, _ := s.users().Count(seg, now)
	return int64(n)
}
