package suggest

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/api/sandbox/sandboxtest"
	"github.com/campaigns-cli/campaigns/model"
)

// sandboxClient is a seeded sandbox on a loopback port and a client of it.
func sandboxClient(t *testing.T) *api.Client {
	return sandboxtest.Start(t, sandbox.Config{Seed: true, NoRateLimits: true, Now: sandboxtest.At(time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC))})
}

func TestProviderReadsCampaignsAndSandboxUsers(t *testing.T) {
	t.Parallel() // a sandbox of its own
	cl := sandboxClient(t)
	if _, err := cl.Create(context.Background(), sandboxtest.TestdataCampaign(t, "fixtures/marketer-push.json")); err != nil {
		t.Fatal(err)
	}
	p := New(cl)
	if got := p.Suggest(Event, "", 5); got != nil {
		t.Fatalf("before a refresh: %v", got)
	}
	if err := p.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		kind   Kind
		prefix string
		want   string
	}{
		{Event, "prod", "product_viewed"},
		{Event, "order", "order_completed"},
		{Tag, "ret", "retention"},
		{Team, "gr", "Growth"},
		{NotificationChannel, "off", "offers"},
		{SegmentName, "vip", "VIP customers"}, // from the sandbox's segments
		{SegmentID, "seg-b", "seg-beta"},
		{Attribute, "ci", "City"},
		{Attribute, "first", "First Name"}, // from the demo users' profiles
	}
	for _, tc := range cases {
		got := p.Suggest(tc.kind, tc.prefix, 5)
		if !slices.Contains(got, tc.want) {
			t.Errorf("Suggest(%s, %q) = %v, want %q among them", tc.kind, tc.prefix, got, tc.want)
		}
	}
	if id, ok := p.Index().SegmentPair("VIP customers", false); !ok || id != "seg-vip" {
		t.Errorf("segment name → id: %q %v", id, ok)
	}
	if len(p.Users()) == 0 {
		t.Error("no sandbox users")
	}
}

func TestSuggestOrder(t *testing.T) {
	var x Index
	for _, n := range []string{"cart_abandoned", "cart_abandoned", "app_opened", "cart_viewed", "abandoned_cart"} {
		x.Add(Event, n)
	}
	got := x.Suggest(Event, "cart", 10)
	want := []string{"cart_abandoned", "cart_viewed", "abandoned_cart"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v (prefix first, by use, then contains)", got, want)
	}
	if got := x.Suggest(Event, "cart_viewed", 10); slices.Contains(got, "cart_viewed") {
		t.Errorf("a name typed in full is not suggested again: %v", got)
	}
	if got := x.Suggest(Event, "", 1); !slices.Equal(got, []string{"cart_abandoned"}) {
		t.Errorf("empty prefix: %v", got)
	}
}

func TestRefreshFailureKeepsNames(t *testing.T) {
	t.Parallel() // waits on a timer
	cl := sandboxClient(t)
	p := New(cl)
	if err := p.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	before := p.Index().Len(SegmentName)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := p.Refresh(ctx); err == nil {
		t.Fatal("a cancelled refresh reports no error")
	}
	if p.Index().Len(SegmentName) != before || before == 0 {
		t.Fatalf("names lost: %d → %d", before, p.Index().Len(SegmentName))
	}
}

// countingClient is a service whose search answers with the campaigns
// given and counts every call.
type countingClient struct {
	mu        sync.Mutex
	campaigns []*model.Campaign
	calls     int
	block     chan struct{} // when not nil, Search waits on it
	pages     int           // pages answered (at least 1)
}

func (c *countingClient) Search(ctx context.Context, req api.SearchRequest) (api.SearchResult, error) {
	c.mu.Lock()
	c.calls++
	block, cs := c.block, c.campaigns
	c.mu.Unlock()
	if block != nil {
		select {
		case <-block:
		case <-ctx.Done():
			return api.SearchResult{}, ctx.Err()
		}
	}
	if req.Page > max(c.pages, 1) {
		return api.SearchResult{}, nil
	}
	return api.SearchResult{Campaigns: cs}, nil
}

func (c *countingClient) SandboxUsers(context.Context) (api.SandboxUsersResult, error) {
	return api.SandboxUsersResult{}, &api.Error{Status: 404}
}

func (c *countingClient) set(events ...string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.campaigns = nil
	for _, e := range events {
		ft := model.FilterActions
		c.campaigns = append(c.campaigns, &model.Campaign{TriggerCondition: &model.TriggerCondition{
			IncludedFilters: &model.FilterGroup{Filters: []model.Filter{{FilterType: &ft, ActionName: &e}}}}})
	}
}

func (c *countingClient) count() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.calls
}

// Lookups answer from the cache: no call per key press, none while a
// refresh is under way (the old names answer), and the background refresh
// swaps new names in.
func TestProviderCachesAndRefreshesInTheBackground(t *testing.T) {
	cl := &countingClient{}
	cl.set("product_viewed")
	p := New(cl)
	if err := p.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	calls := cl.count()
	for range 1000 {
		if got := p.Suggest(Event, "prod", 5); !slices.Equal(got, []string{"product_viewed"}) {
			t.Fatalf("Suggest = %v", got)
		}
	}
	if cl.count() != calls {
		t.Fatalf("lookups called the service: %d calls, %d before", cl.count(), calls)
	}

	// A refresh that hangs on the network does not hold lookups up.
	cl.set("product_viewed", "product_shared")
	cl.mu.Lock()
	cl.block = make(chan struct{})
	cl.mu.Unlock()
	tick := make(chan time.Time)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	p.Start(ctx, time.Hour, tick)
	deadline := time.Now().Add(10 * time.Second)
	for cl.count() == calls && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if got := p.Suggest(Event, "prod", 5); !slices.Equal(got, []string{"product_viewed"}) {
		t.Fatalf("during a refresh: %v", got)
	}
	close(cl.block)
	for !slices.Contains(p.Suggest(Event, "prod", 5), "product_shared") {
		if time.Now().After(deadline) {
			t.Fatal("the background refresh never swapped the new names in")
		}
		time.Sleep(time.Millisecond)
	}

	// The ticker reads again: a name added since appears.
	cl.mu.Lock()
	cl.block = nil
	cl.mu.Unlock()
	cl.set("order_completed")
	tick <- time.Now()
	for !slices.Equal(p.Suggest(Event, "ord", 5), []string{"order_completed"}) {
		if time.Now().After(deadline) {
			t.Fatal("a tick did not refresh")
		}
		time.Sleep(time.Millisecond)
	}
}

// The kept best hits equal a full sort of every match, for every max.
func TestSuggestKeepsTheBestHits(t *testing.T) {
	var x Index
	for i := range 300 {
		n := fmt.Sprintf("ev_%d_%c", i%37, 'a'+rune(i%5))
		for range i % 4 {
			x.Add(Event, n)
		}
		x.Add(Event, n)
	}
	for _, q := range []string{"", "ev_1", "_a", "3", "zz"} {
		full := x.Suggest(Event, q, 1000)
		for _, max := range []int{1, 2, 5, 13} {
			got := x.Suggest(Event, q, max)
			want := full[:min(max, len(full))]
			if !slices.Equal(got, want) {
				t.Fatalf("Suggest(%q, %d) = %v, want %v", q, max, got, want)
			}
		}
	}
}

// BenchmarkIndexSuggest is one lookup (a key press in a name field) among
// 2,000 events, about half of them matching.
func BenchmarkIndexSuggest(b *testing.B) {
	var x Index
	for i := range 2000 {
		x.Add(Event, fmt.Sprintf("event_%04d_viewed", i))
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = x.Suggest(Event, "event_1", 13)
	}
}

// A poke refreshes at once, but not twice within MinPoke.
func TestPokeRefreshesNow(t *testing.T) {
	cl := &countingClient{}
	cl.set("product_viewed")
	p := New(cl)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	tick := make(chan time.Time)
	p.Start(ctx, time.Hour, tick)
	eventually(t, "no first refresh", func() bool { return len(p.Suggest(Event, "prod", 5)) > 0 })

	cl.set("order_completed")
	p.Poke() // within MinPoke of the first refresh: dropped
	// The dropped poke is proved by a later event, not a pause: the loop
	// takes a tick only once it has handled the poke, and the tick's own
	// read waits (block), so it cannot hide a read the poke made.
	cl.mu.Lock()
	cl.block = make(chan struct{})
	before := cl.calls
	cl.mu.Unlock()
	select {
	case tick <- time.Now():
	case <-time.After(10 * time.Second):
		t.Fatal("the loop never took the tick: the poke started a read")
	}
	eventually(t, "the tick did not read", func() bool { return cl.count() > before })
	if got := p.Suggest(Event, "ord", 5); len(got) != 0 || cl.count() != before+1 {
		t.Fatalf("a poke right after a refresh read again: %v, %d reads", got, cl.count()-before)
	}
	cl.mu.Lock()
	close(cl.block)
	cl.block = nil
	cl.mu.Unlock()
	eventually(t, "the tick's read did not end", func() bool {
		return slices.Equal(p.Suggest(Event, "ord", 5), []string{"order_completed"})
	})

	cl.set("order_shipped")
	p.mu.Lock()
	p.at = p.at.Add(-MinPoke) // the last refresh is old now
	p.mu.Unlock()
	p.Poke()
	eventually(t, "a poke did not refresh", func() bool {
		return slices.Equal(p.Suggest(Event, "order_s", 5), []string{"order_shipped"})
	})
}

// eventually waits until cond holds, failing with msg after 10 s.
func eventually(t *testing.T, msg string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal(msg)
		}
		time.Sleep(time.Millisecond)
	}
}

// Pages are read apart: a refresh keeps to a small share of the search
// route's 10 a second and 100 a minute, which the browser shares.
func TestRefreshPacesItsPages(t *testing.T) {
	cl := &countingClient{pages: 3}
	events := make([]string, 15) // a full page
	for i := range events {
		events[i] = fmt.Sprintf("event_%d", i)
	}
	cl.set(events...)
	p := New(cl)
	p.MaxPages, p.Pace = 3, 40*time.Millisecond
	start := time.Now()
	if err := p.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	if el := time.Since(start); el < 2*p.Pace {
		t.Errorf("3 pages read in %v: not paced by %v", el, p.Pace)
	}
	if cl.count() != 3 {
		t.Errorf("%d searches for 3 full pages", cl.count())
	}
	// A refresh cancelled while waiting between pages ends at once and
	// keeps the names it had, not the fewer it read.
	for i := range events {
		events[i] = fmt.Sprintf("other_%d", i)
	}
	cl.set(events...)
	ctx, cancel := context.WithCancel(context.Background())
	p.Pace = time.Hour
	go func() { time.Sleep(20 * time.Millisecond); cancel() }()
	if err := p.Refresh(ctx); err == nil {
		t.Error("a cancelled refresh reports no error")
	}
	if got := p.Suggest(Event, "event_1", 5); len(got) == 0 || len(p.Suggest(Event, "other", 5)) != 0 {
		t.Errorf("a cancelled refresh swapped its part in: %v", got)
	}
}
