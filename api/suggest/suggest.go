// Package suggest offers completions for the editor's free-text names —
// attributes, events, business events, segments, tags, teams, connectors,
// subscription categories, notification channels — drawn from the
// workspace's existing campaigns (read through search) and, on the sandbox,
// from its demo users and segments. Values are cached and refreshed in the
// background; a lookup never waits for the network.
package suggest

import (
	"context"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/model"
)

// Kind is a family of names (the model's, so the forms' field table and
// this package name them alike).
type Kind = model.NameKind

// The kinds, as the model names them.
const (
	Attribute            = model.NameAttribute
	Event                = model.NameEvent
	BusinessEvent        = model.NameBusinessEvent
	SegmentID            = model.NameSegmentID
	SegmentName          = model.NameSegmentName
	Tag                  = model.NameTag
	Team                 = model.NameTeam
	Connector            = model.NameConnector
	SubscriptionCategory = model.NameSubscriptionCategory
	NotificationChannel  = model.NameNotificationChannel
)

// Source is what the editor consumes: completions for a kind of name,
// best first. It must be cheap and never block on I/O.
type Source interface {
	Suggest(kind Kind, prefix string, max int) []string
}

// Index is a set of names per kind with how often each was seen. The zero
// value is empty and ready; it is safe for concurrent use.
type Index struct {
	mu     sync.RWMutex
	counts map[Kind]map[string]*seen
	// segments pairs segment ids and names both ways.
	segName map[string]string
}

// seen is a name's count and its lower case, kept so a lookup on every
// key press lowers no name.
type seen struct {
	n     int
	lower string
}

// Add records one sighting of a name.
func (x *Index) Add(k Kind, name string) {
	name = strings.TrimSpace(name)
	if name == "" || len(name) > 200 {
		return
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.counts == nil {
		x.counts = map[Kind]map[string]*seen{}
	}
	m := x.counts[k]
	if m == nil {
		m = map[string]*seen{}
		x.counts[k] = m
	}
	if e := m[name]; e != nil {
		e.n++
		return
	}
	m[name] = &seen{n: 1, lower: strings.ToLower(name)}
}

// AddSegment records a segment's id and name as a pair.
func (x *Index) AddSegment(id, name string) {
	x.Add(SegmentID, id)
	x.Add(SegmentName, name)
	if id != "" && name != "" {
		x.mu.Lock()
		if x.segName == nil {
			x.segName = map[string]string{}
		}
		x.segName[id] = name
		x.segName["name:"+name] = id
		x.mu.Unlock()
	}
}

// SegmentPair returns the name for an id or the id for a name, when known:
// picking one fills the other.
func (x *Index) SegmentPair(idOrName string, isID bool) (string, bool) {
	x.mu.RLock()
	defer x.mu.RUnlock()
	if isID {
		v, ok := x.segName[idOrName]
		return v, ok
	}
	v, ok := x.segName["name:"+idOrName]
	return v, ok
}

// Suggest returns up to max names of kind: those starting with prefix
// first, then those containing it (case-insensitive), each group by how
// often it was seen, then alphabetically. An empty prefix lists the most
// used names.
func (x *Index) Suggest(k Kind, prefix string, max int) []string {
	x.mu.RLock()
	defer x.mu.RUnlock()
	m := x.counts[k]
	if len(m) == 0 || max <= 0 {
		return nil
	}
	q := strings.ToLower(strings.TrimSpace(prefix))
	// The best max hits, kept in order as they are found: a few
	// comparisons per name, no sort of every match.
	var hits []hit
	for name, e := range m {
		h := hit{name: name, count: e.n}
		switch {
		case e.lower == q:
			continue // already typed in full
		case strings.HasPrefix(e.lower, q):
		case strings.Contains(e.lower, q):
			h.rank = 1
		default:
			continue
		}
		if len(hits) == max && !h.before(hits[max-1]) {
			continue
		}
		i := sort.Search(len(hits), func(i int) bool { return h.before(hits[i]) })
		if len(hits) < max {
			hits = append(hits, hit{})
		}
		copy(hits[i+1:], hits[i:])
		hits[i] = h
	}
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.name
	}
	return out
}

// hit is a name matching a lookup: rank 0 starts with it, 1 contains it.
type hit struct {
	name  string
	rank  int
	count int
}

// before orders hits: prefix matches first, then by use, then by name.
func (a hit) before(b hit) bool {
	if a.rank != b.rank {
		return a.rank < b.rank
	}
	if a.count != b.count {
		return a.count > b.count
	}
	return a.name < b.name
}

// Len is how many names of kind are known.
func (x *Index) Len(k Kind) int {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return len(x.counts[k])
}

// Collect adds every name a campaign uses.
func (x *Index) Collect(c *model.Campaign) {
	if c == nil {
		return
	}
	if bd := c.BasicDetails; bd != nil {
		x.Add(BusinessEvent, model.Str(bd.BusinessEvent))
		x.Add(Team, model.Str(bd.Team))
		x.Add(SubscriptionCategory, model.Str(bd.SubscriptionCategory))
		x.Add(Attribute, model.Str(bd.UserAttributeIdentifier))
		for _, t := range bd.Tags {
			x.Add(Tag, t)
		}
	}
	if cn := c.Connector; cn != nil {
		x.Add(Connector, model.Str(cn.ConnectorName))
	}
	if s := c.SegmentationDetails; s != nil {
		x.group(s.IncludedFilters)
		x.group(s.ExcludedFilters)
	}
	if t := c.TriggerCondition; t != nil {
		x.group(t.IncludedFilters)
		x.group(t.SecondaryIncludedFilters)
		if m, ok := t.TriggerAttr.(map[string]any); ok {
			if n, ok := m["name"].(string); ok {
				x.Add(Attribute, n)
			}
		}
	}
	if g := c.ConversionGoalDetails; g != nil {
		for _, goal := range g.Goals {
			x.Add(Event, model.Str(goal.GoalEventName))
			x.Add(Attribute, model.Str(goal.RevenueAttribute))
			if a := goal.GoalEventAttribute; a != nil {
				x.Add(Attribute, model.Str(a.Name))
			}
		}
	}
	if cc := c.CampaignContent; cc != nil && cc.Content != nil {
		each := func(m *model.Message) {
			if m != nil && m.Push != nil && m.Push.Android != nil && m.Push.Android.BasicDetails != nil {
				x.Add(NotificationChannel, model.Str(m.Push.Android.BasicDetails.NotificationChannel))
			}
		}
		each(cc.Content.Flat)
		for _, vars := range cc.Content.Keyed {
			for _, m := range vars {
				each(m)
			}
		}
	}
}

func (x *Index) group(g *model.FilterGroup) {
	if g == nil {
		return
	}
	for _, f := range g.Filters {
		switch model.Str(f.FilterType) {
		case model.FilterUserAttributes:
			x.Add(Attribute, model.Str(f.Name))
		case model.FilterActions:
			x.Add(Event, model.Str(f.ActionName))
			x.group(f.Attributes)
		case model.FilterCustomSegments:
			x.AddSegment(model.Str(f.ID), model.Str(f.Name))
		}
	}
}

// Client is what the provider reads through: the search route and, on a
// sandbox, its users route.
type Client interface {
	Search(ctx context.Context, req api.SearchRequest) (api.SearchResult, error)
	SandboxUsers(ctx context.Context) (api.SandboxUsersResult, error)
}

// Provider keeps an Index filled from a service. Suggest reads the last
// index built; Refresh builds a new one and swaps it in.
type Provider struct {
	client Client
	// MaxPages bounds the search pages one refresh reads (15 campaigns a
	// page, the route's maximum).
	MaxPages int
	// Pace is the pause between two pages: the search route allows 10
	// requests a second and 100 a minute per workspace (service-reference
	// §4.2), which the browser shares; suggestions take little of it.
	Pace time.Duration

	mu    sync.RWMutex
	idx   *Index
	users []api.SandboxUser
	err   error
	at    time.Time

	// poke asks the background loop for a refresh now (Poke).
	poke chan struct{}
}

// New returns a provider reading through client; nothing is read until
// Refresh or Start.
func New(client Client) *Provider {
	return &Provider{client: client, MaxPages: 10, Pace: 250 * time.Millisecond, idx: &Index{}, poke: make(chan struct{}, 1)}
}

// Suggest implements Source from the cached index.
func (p *Provider) Suggest(k Kind, prefix string, max int) []string {
	return p.Index().Suggest(k, prefix, max)
}

// SegmentPair is the name of a segment id, or the id of a segment name,
// when known: choosing one fills the other.
func (p *Provider) SegmentPair(idOrName string, isID bool) (string, bool) {
	return p.Index().SegmentPair(idOrName, isID)
}

// Index is the current index (never nil).
func (p *Provider) Index() *Index {
	p.mu.RLock()
	defer p.mu.RUnlock()
	return p.idx
}

// Users are the sandbox's demo users from the last refresh (none on a real
// service).
func (p *Provider) Users() []api.SandboxUser {
	p.mu.RLock()
	defer p.mu.RUnlock()
	return p.users
}

// Err is the last refresh's error, if any; the previous index stays.
func (p *Provider) Err() error {
	p.mu.RLock()
	defer p.mu.RUnlock()
	return p.err
}

// Refresh reads the campaigns (bounded by MaxPages) and, where the service
// has them, the sandbox's users and segments. A failed refresh keeps the
// names already known.
func (p *Provider) Refresh(ctx context.Context) error {
	idx := &Index{}
	var searchErr error
	for page := 1; page <= p.MaxPages; page++ {
		if page > 1 && p.Pace > 0 {
			select {
			case <-time.After(p.Pace):
			case <-ctx.Done():
				searchErr = ctx.Err()
			}
			if searchErr != nil {
				break
			}
		}
		// Every status, drafts included: a marketer's own drafts name
		// the events and segments they use most.
		res, err := p.client.Search(ctx, api.SearchRequest{Limit: 15, Page: page, IncludeChildCampaigns: true,
			CampaignFields: &api.SearchFields{Status: model.Statuses}})
		if err != nil {
			searchErr = err
			break
		}
		for _, c := range res.Campaigns {
			idx.Collect(c)
		}
		if len(res.Campaigns) < 15 {
			break
		}
	}
	var users []api.SandboxUser
	if res, err := p.client.SandboxUsers(ctx); err == nil {
		users = res.Users
		for _, u := range res.Users {
			for name := range u.Attributes {
				idx.Add(Attribute, name)
			}
		}
		for _, s := range res.Segments {
			idx.AddSegment(s.ID, s.Name)
		}
	} else if api.StatusOf(err) != http.StatusNotFound && searchErr == nil {
		searchErr = err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if searchErr != nil && (idx.empty() || !p.idx.empty()) {
		// Cut off midway, the new names are fewer than the old: keep
		// those (a first refresh keeps what it read).
		p.err = fmt.Errorf("suggestions: %w", searchErr)
		return p.err
	}
	p.idx, p.err, p.at = idx, searchErr, time.Now()
	if users != nil {
		p.users = users
	}
	return searchErr
}

func (x *Index) empty() bool {
	x.mu.RLock()
	defer x.mu.RUnlock()
	for _, m := range x.counts {
		if len(m) > 0 {
			return false
		}
	}
	return true
}

// Start refreshes now and then every interval until ctx ends, in the
// background. tick, when not nil, replaces the timer (tests).
func (p *Provider) Start(ctx context.Context, interval time.Duration, tick <-chan time.Time) {
	go func() {
		_ = p.Refresh(ctx)
		var t *time.Ticker
		if tick == nil {
			t = time.NewTicker(interval)
			defer t.Stop()
			tick = t.C
		}
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick:
				_ = p.Refresh(ctx)
			case <-p.poke:
				p.mu.RLock()
				recent := time.Since(p.at) < MinPoke
				p.mu.RUnlock()
				if !recent {
					_ = p.Refresh(ctx)
				}
			}
		}
	}()
}

// MinPoke is the least time between a refresh and one asked for by Poke
// (each reads up to MaxPages search pages of the workspace's 100 a minute).
const MinPoke = time.Minute

// Poke asks the background loop (Start) to read the names again soon, as
// when an editor opens: names typed in another draft a minute ago are then
// offered. It never waits; pokes within MinPoke of a refresh are dropped.
func (p *Provider) Poke() {
	select {
	case p.poke <- struct{}{}:
	default:
	}
}

// Static is a fixed Source (tests, offline use).
type Static map[Kind][]string

// Suggest implements Source.
func (s Static) Suggest(k Kind, prefix string, max int) []string {
	var x Index
	for _, n := range s[k] {
		x.Add(k, n)
	}
	return x.Suggest(k, prefix, max)
}

var _ Source = (*Provider)(nil)
var _ Source = Static(nil)
