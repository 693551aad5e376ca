package sandbox

import (
	"context"
	"errors"
	"time"

	"github.com/campaigns-cli/campaigns/model"
)

// SendDuration is how long a one-time campaign stays SENDING before the
// sandbox has "delivered" it.
const SendDuration = time.Minute

// nextAt is when the scheduler next moves a campaign in this state on (zero:
// never by itself). prev is the stored time, kept while SENDING.
func nextAt(status, deliveryType string, c *model.Campaign, now time.Time, prev time.Time) time.Time {
	switch status {
	case model.StatusScheduled:
		if t, ok := startTime(c); ok {
			return t
		}
		return now
	case model.StatusActive:
		if deliveryType == model.DeliveryOneTime {
			return now
		}
	case model.StatusSending:
		if deliveryType == model.DeliveryOneTime {
			if !prev.IsZero() {
				return prev
			}
			return now.Add(SendDuration)
		}
	}
	return time.Time{}
}

// Tick runs the scheduler once at Now(): SCHEDULED campaigns whose start
// time has come become ACTIVE (ONE_TIME ones SENDING), one-time campaigns
// that are ACTIVE start SENDING, and SENDING ones whose delivery is done
// become SENT. It also forgets idempotency keys past their time.
func (s *Server) Tick() {
	s.tickMu.Lock()
	defer s.tickMu.Unlock()
	now := s.now()
	ctx := context.Background()
	due, err := s.store.Due(ctx, now)
	if err != nil {
		if !errors.Is(err, errClosed) {
			s.log.Error("scheduler", "err", err)
		}
		return
	}
	for _, d := range due {
		s.advance(ctx, d, now)
	}
	// The database forgets expired keys and create windows hourly.
	if now.Sub(s.lastPrune) >= time.Hour {
		s.lastPrune = now
		s.store.UpdateLater(func(tx Tx) error { return tx.PruneIdem(now.Add(-IdemTTL)) })
	}
}

func (s *Server) advance(ctx context.Context, d *Record, now time.Time) {
	unlock := s.lockCampaign(d.Workspace, d.CampaignID)
	defer unlock()
	s.cache.settle(d.Workspace, d.CampaignID)
	rec, err := s.store.Latest(ctx, d.Workspace, d.CampaignID)
	if err != nil || rec.NextAt.IsZero() || rec.NextAt.After(now) {
		return // moved on meanwhile
	}
	c, err := model.Decode(rec.Doc)
	if err != nil {
		s.log.Error("scheduler: stored campaign", "id", rec.ID, "err", err)
		return
	}
	var next string
	switch rec.Status {
	case model.StatusScheduled:
		next = model.StatusActive
		if rec.DeliveryType == model.DeliveryOneTime {
			next = model.StatusSending
		}
	case model.StatusActive:
		next = model.StatusSending
	case model.StatusSending:
		next = model.StatusSent
	default:
		return
	}
	out := s.withStatus(rec.Workspace, rec, c, next, now, "")
	if next == model.StatusSending {
		// Delivery takes SendDuration from when sending starts.
		out.NextAt = now.Add(SendDuration)
	}
	s.cache.drop(rec.Workspace, rec.CampaignID)
	err = s.store.Update(ctx, func(tx Tx) error { return putIfUnchanged(tx, rec, out) })
	if errors.Is(err, errStale) {
		return // changed by another process meanwhile; the next tick looks again
	}
	if err != nil && !errors.Is(err, errClosed) {
		s.log.Error("scheduler", "id", rec.ID, "err", err)
		return
	}
	s.log.Info("scheduler", "campaign", rec.CampaignID, "from", rec.Status, "to", next)
}
