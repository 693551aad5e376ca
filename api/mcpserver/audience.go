package mcpserver

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/suggest"
)

// audience keeps the names list_audience answers with: the editor's
// suggestions (read from the workspace's campaigns and, on the sandbox, its
// demo users and segments), read again when older than audienceTTL.
type audience struct {
	mu       sync.Mutex
	provider *suggest.Provider
	at       time.Time
}

const audienceTTL = time.Minute

func (s *Server) listAudience(ctx context.Context, in audienceIn) (any, string, error) {
	max := in.Max
	if max <= 0 {
		max = 50
	}
	s.aud.mu.Lock()
	defer s.aud.mu.Unlock()
	if s.aud.provider == nil {
		p := suggest.New(s.c)
		p.MaxPages, p.Pace = 5, 0 // five search calls at most, well under 10 a second
		s.aud.provider = p
	}
	p := s.aud.provider
	if s.aud.at.IsZero() || s.now().Sub(s.aud.at) > audienceTTL {
		if err := p.Refresh(ctx); err != nil && p.Index().Len(suggest.Event)+p.Index().Len(suggest.Attribute) == 0 {
			return nil, "", err
		}
		s.aud.at = s.now()
	}
	idx := p.Index()
	names := func(k suggest.Kind) []string {
		out := idx.Suggest(k, "", max)
		if out == nil {
			out = []string{}
		}
		return out
	}
	var segments []map[string]string
	for _, id := range idx.Suggest(suggest.SegmentID, "", max) {
		name, _ := idx.SegmentPair(id, true)
		segments = append(segments, map[string]string{"id": id, "name": name})
	}
	if segments == nil {
		segments = []map[string]string{}
	}
	users := p.Users()
	if len(users) > max {
		users = users[:max]
	}
	if users == nil {
		users = []api.SandboxUser{}
	}
	out := map[string]any{
		"users": users, "segments": segments,
		"events": names(suggest.Event), "business_events": names(suggest.BusinessEvent),
		"user_attributes": names(suggest.Attribute), "tags": names(suggest.Tag), "teams": names(suggest.Team),
		"connectors": names(suggest.Connector), "notification_channels": names(suggest.NotificationChannel),
	}
	text := fmt.Sprintf("%d user(s), %d segment(s), %d event(s), %d business event(s), %d user attribute(s).",
		len(users), len(segments), len(out["events"].([]string)), len(out["business_events"].([]string)), len(out["user_attributes"].([]string)))
	if len(users) > 0 {
		text += " Users: "
		for i, u := range users {
			if i > 0 {
				text += ", "
			}
			if i == 10 {
				text += "…"
				break
			}
			text += u.ID
		}
	}
	return out, text, nil
}
