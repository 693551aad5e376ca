package sandbox

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/sandbox/pgtest"
)

// Several `serve` instances on one PostgreSQL database behave as one
// service (issue #25): these run two or three of them in this process over
// real HTTP on loopback.

func TestTeamReplayThroughAnotherInstance(t *testing.T) {
	t.Parallel()
	team := newTeam(t, 2, nil)
	a, b := team[0], team[1]
	id := a.create(minimalPush())
	key := newUUID()
	patch := call{method: "PATCH", path: api.PathCampaigns + "/" + id, key: key, body: []byte(`{"basic_details":{"name":"Once"}}`)}
	first := a.send(patch)
	if first.status != http.StatusOK {
		t.Fatalf("PATCH: %d %s", first.status, first.raw)
	}
	again := b.send(patch)
	if again.status != first.status || string(again.raw) != string(first.raw) || again.header.Get("Idempotent-Replayed") != "true" ||
		again.header.Get("ETag") != first.header.Get("ETag") {
		t.Fatalf("replay through the other instance: %d %s %v, first %d %s", again.status, again.raw, again.header, first.status, first.raw)
	}
	if tag := b.do("GET", api.PathCampaigns+"/"+id, nil).header.Get("ETag"); tag != etag(id, 1) {
		t.Errorf("ETag %s: the PATCH ran %s", tag, "more than once")
	}
	patch.body = []byte(`{"basic_details":{"name":"Other"}}`)
	if r := b.send(patch); r.status != http.StatusConflict || !strings.Contains(string(r.raw), "different request body") {
		t.Errorf("same key, other body, other instance: %d %s", r.status, r.raw)
	}
}

// patchStorm sends n PATCHes per client, clients spread over the team, all
// at one campaign; it returns the answers.
func patchStorm(team []*env, id string, clients, n int, body func(c, i int) string, hdr func() []string) []answerOf {
	var mu sync.Mutex
	var out []answerOf
	var wg sync.WaitGroup
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e := team[c%len(team)]
			for i := range n {
				var h []string
				if hdr != nil {
					h = hdr()
				}
				r := e.send(call{method: "PATCH", path: api.PathCampaigns + "/" + id, body: []byte(body(c, i)), header: h})
				mu.Lock()
				out = append(out, r)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return out
}

func TestTeamConcurrentPatchesAreNeitherLostNorDoubled(t *testing.T) {
	t.Parallel()
	team := newTeam(t, 3, nil)
	id := team[0].create(minimalPush())
	answers := patchStorm(team, id, 9, 8, func(c, i int) string {
		return fmt.Sprintf(`{"basic_details":{"name":"c%d-%d"}}`, c, i)
	}, nil)
	tags := map[string]bool{}
	ok := 0
	for _, r := range answers {
		switch {
		case r.err != nil:
			t.Fatal(r.err)
		case r.status == http.StatusOK:
			ok++
			if tags[r.header.Get("ETag")] {
				t.Errorf("two acknowledged PATCHes answered the same revision %s", r.header.Get("ETag"))
			}
			tags[r.header.Get("ETag")] = true
		case r.status == http.StatusConflict: // "kept changing": not acknowledged
		default:
			t.Errorf("PATCH: %d %s", r.status, r.raw)
		}
	}
	// Each acknowledged PATCH is one revision: none lost, none twice.
	if got := team[1].do("GET", api.PathCampaigns+"/"+id, nil).header.Get("ETag"); got != etag(id, int64(ok)) {
		t.Errorf("after %d acknowledged PATCHes the ETag is %s, want %s", ok, got, etag(id, int64(ok)))
	}
	if ok < len(answers)/2 {
		t.Errorf("only %d of %d PATCHes went through", ok, len(answers))
	}
}

func TestTeamVersionsAreSerialised(t *testing.T) {
	t.Parallel()
	team := newTeam(t, 2, nil)
	a := team[0]
	id := a.create(withStart(fixture(t, "push_one_time"), a.clk.Now().Add(72*time.Hour), "UTC"))
	want(t, a.publish(id), http.StatusNoContent)
	answers := patchStorm(team, id, 6, 5, func(c, i int) string {
		return fmt.Sprintf(`{"basic_details":{"name":"v-%d-%d"}}`, c, i)
	}, nil)
	ids := map[string]bool{}
	for _, r := range answers {
		if r.status == http.StatusOK {
			var env struct{ Data api.PatchResult }
			_ = json.Unmarshal(r.raw, &env)
			if ids[env.Data.ID] {
				t.Errorf("version %s acknowledged twice", env.Data.ID)
			}
			ids[env.Data.ID] = true
		} else if r.status != http.StatusConflict {
			t.Fatalf("PATCH: %d %s", r.status, r.raw)
		}
	}
	all, err := a.s.store.Search(context.Background(), Query{Workspace: DefaultWorkspaceID, IDs: []string{id}, IncludeDrafts: true, Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	newest := 0
	seen := map[int64]bool{}
	for _, r := range all {
		if r.Latest {
			newest++
		}
		if seen[r.Version] {
			t.Errorf("version_number %d twice", r.Version)
		}
		seen[r.Version] = true
	}
	// version_number + 1 for each acknowledged PATCH, and one newest.
	if newest != 1 || len(all) != len(ids)+1 || all[0].Version != int64(len(ids)+1) {
		t.Errorf("%d versions (%d newest, top v%d) after %d acknowledged PATCHes", len(all), newest, all[0].Version, len(ids))
	}
}

func TestTeamIfMatchHasOneWinner(t *testing.T) {
	t.Parallel()
	team := newTeam(t, 2, nil)
	id := team[0].create(minimalPush())
	for round := range 10 {
		tag := team[0].do("GET", api.PathCampaigns+"/"+id, nil).header.Get("ETag")
		var wg sync.WaitGroup
		statuses := make([]int, 2)
		for i, e := range team {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := e.send(call{method: "PATCH", path: api.PathCampaigns + "/" + id, header: []string{"If-Match", tag},
					body: fmt.Appendf(nil, `{"basic_details":{"name":"r%d-%d"}}`, round, i)})
				statuses[i] = r.status
			}()
		}
		wg.Wait()
		if ok := (statuses[0] == 200) != (statuses[1] == 200); !ok || statuses[0]+statuses[1] != 200+412 {
			t.Fatalf("round %d: If-Match %s on both instances: %v, want one 200 and one 412", round, tag, statuses)
		}
	}
}

func TestTeamCreateRequestIDIsUsedOnce(t *testing.T) {
	t.Parallel()
	team := newTeam(t, 2, nil)
	body := minimalPush()
	body["request_id"] = "launch-1"
	raw, _ := json.Marshal(body)
	var wg sync.WaitGroup
	var mu sync.Mutex
	counts := map[int]int{}
	for i := range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := team[i%2].send(call{method: "POST", path: api.PathCampaigns, body: raw, header: []string{api.HeaderRequestID, "launch-1"}})
			mu.Lock()
			counts[r.status]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	if counts[201] != 1 || counts[409] != 5 {
		t.Errorf("six creates with one request_id over two instances: %v, want one 201 and five 409", counts)
	}
}

// The rate-limit edge: 30 PATCHes at one instant over two instances let
// exactly 10 through (10 per second); a request 1 ms before the second is
// over is refused, one at the second's end is let through.
func TestTeamRateLimitsAreExactAcrossInstances(t *testing.T) {
	t.Parallel()
	team := newTeam(t, 2, func(c *Config) { c.NoRateLimits = false })
	id := team[0].create(minimalPush())
	burst := func(n int) map[int]int {
		answers := patchStorm(team, id, n, 1, func(c, i int) string { return `{"basic_details":{"name":"x"}}` }, nil)
		counts := map[int]int{}
		for _, r := range answers {
			counts[r.status]++
			if r.status == http.StatusTooManyRequests && r.header.Get(api.HeaderRetryAfter) == "" {
				t.Errorf("429 without Retry-After: %s", r.raw)
			}
		}
		return counts
	}
	if c := burst(30); c[200] != 10 || c[429] != 20 {
		t.Fatalf("30 PATCHes in one second over two instances: %v, want 10 accepted and 20 refused", c)
	}
	team[0].clk.Advance(time.Second - time.Millisecond)
	if c := burst(2); c[429] != 2 {
		t.Fatalf("1 ms before the second is over: %v, want both refused", c)
	}
	team[0].clk.Advance(time.Millisecond)
	if c := burst(30); c[200] != 10 || c[429] != 20 {
		t.Fatalf("at the second's end: %v, want 10 accepted", c)
	}
	// Creations: 5 a minute, whichever instance creates.
	created := 0
	for i := range 8 {
		team[0].clk.Advance(time.Second) // past the 5 creates per second
		if r := team[i%2].do("POST", api.PathCampaigns, minimalPush()); r.status == http.StatusCreated {
			created++
		}
	}
	if created != 4 { // the first create above was the fifth's place
		t.Errorf("%d creations in a minute over two instances, want 4 more after the first", created)
	}
}

func TestTeamOutboxAndSeedAreShared(t *testing.T) {
	t.Parallel()
	db := pgtest.Schema(t)
	// Two instances starting together seed the workspace once.
	var wg sync.WaitGroup
	teams := make([][]*env, 2)
	for i := range teams {
		wg.Add(1)
		go func() { defer wg.Done(); teams[i] = teamOn(t, db, 1, func(c *Config) { c.Seed = true }) }()
	}
	wg.Wait()
	a, b := teams[0][0], teams[1][0]
	n, err := a.s.store.Count(context.Background(), DefaultWorkspaceID)
	if err != nil {
		t.Fatal(err)
	}
	recs, _ := seedRecords(DefaultWorkspaceID, a.clk.Now())
	if n != len(recs) {
		t.Errorf("%d campaigns after two instances seeded, want %d", n, len(recs))
	}
	body := map[string]any{"channel": "PUSH", "campaign_content": androidContent("Hi {{UserAttribute['First Name']}}"),
		"test_campaign_meta": map[string]any{"identifier": "USER_ATTRIBUTE_UNIQUE_ID", "identifier_values": []string{"user-001"}}}
	want(t, a.do("POST", api.PathTest, body), http.StatusOK)
	if r := b.do("GET", PathOutbox, nil); !strings.Contains(string(r.raw), `"title":"Hi Ana"`) {
		t.Errorf("the other instance's outbox: %s", r.raw)
	}
	// The demo users are built relative to the first instance's start.
	b.clk.Advance(36 * time.Hour)
	late := teamOn(t, db, 1, func(c *Config) { c.Now = b.clk.Now })[0]
	if ra, rb := a.do("GET", PathUsers, nil), late.do("GET", PathUsers, nil); string(ra.env.Data) != string(rb.env.Data) {
		t.Errorf("preview users differ between an instance and one started 36 hours later")
	}
}

// Rate-limit events are stored under a hash of the API key, and those past
// every window are pruned with the idempotency keys, also those of a bucket
// nobody checks any more.
func TestTeamOldRateEventsArePruned(t *testing.T) {
	t.Parallel()
	st, err := openPG(pgtest.Schema(t), 0)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	lim := pgLimits{st}
	for _, at := range []time.Time{t0, t0.Add(23 * time.Hour)} {
		if v, err := lim.count(context.Background(), "W\nsekrit\ncreated", limitsCreated, at); err != nil || !v.ok {
			t.Fatalf("count: %+v %v", v, err)
		}
	}
	var n int
	if err := st.pool.QueryRow(context.Background(), "SELECT COUNT(*) FROM rate_events WHERE bucket LIKE '%sekrit%'").Scan(&n); err != nil || n != 0 {
		t.Errorf("the API key is stored in %d buckets (%v)", n, err)
	}
	update(t, st, func(tx Tx) error { return tx.PruneIdem(t0.Add(time.Hour)) })
	if err := st.pool.QueryRow(context.Background(), "SELECT COUNT(*) FROM rate_events").Scan(&n); err != nil || n != 1 {
		t.Errorf("%d events left after pruning the older one (%v)", n, err)
	}
}
