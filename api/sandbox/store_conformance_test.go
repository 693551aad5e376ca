package sandbox

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api/sandbox/pgtest"
)

// The store conformance suite: every case runs against each Store, SQLite
// always and PostgreSQL when CAMPAIGNS_TEST_DB names a server, so that the
// service behaves the same on both.
func TestStoreConformance(t *testing.T) {
	t.Parallel()
	stores := map[string]func(t *testing.T) Store{
		"sqlite": func(t *testing.T) Store {
			st, err := openSQLite(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			return st
		},
		"postgres": func(t *testing.T) Store {
			st, err := openPG(pgtest.Schema(t), 0)
			if err != nil {
				t.Fatal(err)
			}
			return st
		},
	}
	for _, kind := range []string{"sqlite", "postgres"} {
		t.Run(kind, func(t *testing.T) {
			if kind == "postgres" {
				pgtest.Need(t)
			}
			for _, c := range conformanceCases {
				t.Run(c.name, func(t *testing.T) {
					st := stores[kind](t)
					t.Cleanup(func() { st.Close() })
					c.run(t, st)
				})
			}
		})
	}
}

var t0 = time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)

// testRecord is a draft campaign's first version.
func testRecord(ws, id, name string, created time.Time, tags ...string) *Record {
	return &Record{Workspace: ws, ID: id, CampaignID: id, Version: 1, Latest: true, Status: "DRAFT", Channel: "PUSH",
		DeliveryType: "ONE_TIME", Name: name, CreatedBy: "a@example.com", Tags: tags, CreatedAt: created, UpdatedAt: created,
		Doc: fmt.Appendf(nil, `{"id":%q,"basic_details":{"name":%q}}`, id, name)}
}

func update(t *testing.T, st Store, fn func(Tx) error) {
	t.Helper()
	if err := st.Update(context.Background(), fn); err != nil {
		t.Fatal(err)
	}
}

func mustLatest(t *testing.T, st Store, ws, id string) *Record {
	t.Helper()
	r, err := st.Latest(context.Background(), ws, id)
	if err != nil {
		t.Fatalf("Latest %s: %v", id, err)
	}
	return r
}

var conformanceCases = []struct {
	name string
	run  func(t *testing.T, st Store)
}{
	{"a put campaign reads back by campaign id and by version id, in its workspace only", func(t *testing.T, st Store) {
		r := testRecord("W", "c1", "Summer", t0, "a", "b")
		r.NextAt = t0.Add(time.Hour)
		update(t, st, func(tx Tx) error { return tx.Put(r) })
		got := mustLatest(t, st, "W", "c1")
		if got.Name != "" || string(got.Doc) != string(r.Doc) || got.Status != "DRAFT" || !got.Latest || got.Rev != 0 ||
			!got.CreatedAt.Equal(t0) || !got.NextAt.Equal(t0.Add(time.Hour)) || fmt.Sprint(got.Tags) != "[a b]" {
			t.Errorf("read back %+v", got)
		}
		if _, err := st.Latest(context.Background(), "OTHER", "c1"); !errors.Is(err, ErrNotFound) {
			t.Errorf("other workspace: %v, want ErrNotFound", err)
		}
		if n, _ := st.Count(context.Background(), "W"); n != 1 {
			t.Errorf("Count = %d", n)
		}
	}},
	{"an edit at the revision read bumps it; an edit at an older one is stale and writes nothing", func(t *testing.T, st Store) {
		r := testRecord("W", "c1", "One", t0)
		update(t, st, func(tx Tx) error { return tx.Put(r) })
		was := mustLatest(t, st, "W", "c1")
		out := testRecord("W", "c1", "Two", t0, "x")
		update(t, st, func(tx Tx) error { return tx.Replace(was, out) })
		if got := mustLatest(t, st, "W", "c1"); got.Rev != 1 || fmt.Sprint(got.Tags) != "[x]" {
			t.Errorf("after edit: rev %d tags %v", got.Rev, got.Tags)
		}
		err := st.Update(context.Background(), func(tx Tx) error { return tx.Replace(was, testRecord("W", "c1", "Three", t0)) })
		if !errors.Is(err, errStale) {
			t.Fatalf("edit at an old revision: %v, want errStale", err)
		}
		if got := mustLatest(t, st, "W", "c1"); got.Rev != 1 || string(got.Doc) != string(out.Doc) {
			t.Errorf("the stale edit wrote: %+v", got)
		}
		if rs, _ := st.Search(context.Background(), Query{Workspace: "W", Tags: []string{"x"}, IncludeDrafts: true, Limit: 10}); len(rs) != 1 {
			t.Errorf("tag search after edit: %d", len(rs))
		}
	}},
	{"a new version retires the newest once; a second from the same read is stale", func(t *testing.T, st Store) {
		update(t, st, func(tx Tx) error { return tx.Put(testRecord("W", "c1", "One", t0)) })
		was := mustLatest(t, st, "W", "c1")
		v2 := testRecord("W", "v2", "Two", t0)
		v2.CampaignID, v2.Version, v2.Status = "c1", 2, "ACTIVE"
		update(t, st, func(tx Tx) error { return tx.Replace(was, v2) })
		v2b := *v2
		v2b.ID = "v2b"
		if err := st.Update(context.Background(), func(tx Tx) error { return tx.Replace(was, &v2b) }); !errors.Is(err, errStale) {
			t.Fatalf("second new version from the same read: %v, want errStale", err)
		}
		if got := mustLatest(t, st, "W", "c1"); got.ID != "v2" || got.Version != 2 {
			t.Errorf("newest is %s v%d", got.ID, got.Version)
		}
		if got := mustLatest(t, st, "W", "v2"); got.ID != "v2" {
			t.Errorf("by version id: %s", got.ID)
		}
		rs, _ := st.Search(context.Background(), Query{Workspace: "W", IDs: []string{"c1"}, IncludeDrafts: true, LatestOnly: true, Limit: 10})
		if len(rs) != 1 || rs[0].ID != "v2" {
			t.Errorf("newest versions: %d", len(rs))
		}
		all, _ := st.Search(context.Background(), Query{Workspace: "W", IDs: []string{"c1"}, IncludeDrafts: true, Limit: 10})
		if len(all) != 2 || all[0].Version != 2 || all[1].Latest {
			t.Errorf("all versions: %d", len(all))
		}
	}},
	{"concurrent edits from one read: exactly one is written", func(t *testing.T, st Store) {
		update(t, st, func(tx Tx) error { return tx.Put(testRecord("W", "c1", "One", t0)) })
		was := mustLatest(t, st, "W", "c1")
		var ok, stale atomic.Int32
		var wg sync.WaitGroup
		for i := range 16 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				err := st.Update(context.Background(), func(tx Tx) error { return tx.Replace(was, testRecord("W", "c1", fmt.Sprint(i), t0)) })
				switch {
				case err == nil:
					ok.Add(1)
				case errors.Is(err, errStale):
					stale.Add(1)
				default:
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if ok.Load() != 1 || stale.Load() != 15 {
			t.Errorf("%d written, %d stale; want 1 and 15", ok.Load(), stale.Load())
		}
	}},
	{"search filters, orders newest first, pages, escapes LIKE", func(t *testing.T, st Store) {
		update(t, st, func(tx Tx) error {
			for i, name := range []string{"Alpha 100%", "beta", "Gamma_x", "delta"} {
				r := testRecord("W", fmt.Sprintf("c%d", i), name, t0.Add(time.Duration(i)*time.Minute), "t"+fmt.Sprint(i%2))
				if i == 3 {
					r.Status = "ACTIVE"
				}
				if err := tx.Put(r); err != nil {
					return err
				}
			}
			return nil
		})
		ids := func(q Query) string {
			q.Workspace, q.Limit = "W", 10
			rs, err := st.Search(context.Background(), q)
			if err != nil {
				t.Fatal(err)
			}
			s := ""
			for _, r := range rs {
				s += r.ID + " "
			}
			return s
		}
		for _, c := range []struct {
			q    Query
			want string
		}{
			{Query{IncludeDrafts: true}, "c3 c2 c1 c0 "},
			{Query{}, "c3 "},
			{Query{IncludeDrafts: true, Name: "100%"}, "c0 "},
			{Query{IncludeDrafts: true, Name: "A_X"}, "c2 "},
			{Query{IncludeDrafts: true, Name: "l_h"}, ""},
			{Query{IncludeDrafts: true, Tags: []string{"t1"}}, "c3 c1 "},
			{Query{IncludeDrafts: true, Statuses: []string{"DRAFT"}, From: t0.Add(time.Minute), To: t0.Add(2 * time.Minute)}, "c2 c1 "},
			{Query{IncludeDrafts: true, IDs: []string{"c1", "c2"}}, "c2 c1 "},
			{Query{IncludeDrafts: true, Offset: 1, Limit: 2}, "c2 c1 "},
		} {
			if c.q.Limit == 0 {
				if got := ids(c.q); got != c.want {
					t.Errorf("%+v: %q, want %q", c.q, got, c.want)
				}
				continue
			}
			q := c.q
			q.Workspace = "W"
			rs, _ := st.Search(context.Background(), q)
			got := ""
			for _, r := range rs {
				got += r.ID + " "
			}
			if got != c.want {
				t.Errorf("page: %q, want %q", got, c.want)
			}
		}
	}},
	{"due, children and counts", func(t *testing.T, st Store) {
		update(t, st, func(tx Tx) error {
			p := testRecord("W", "p", "Parent", t0)
			p.NextAt = t0.Add(time.Minute)
			later := testRecord("W", "l", "Later", t0)
			later.NextAt = t0.Add(time.Hour)
			for _, r := range []*Record{p, later} {
				if err := tx.Put(r); err != nil {
					return err
				}
			}
			for i := range 3 {
				c := testRecord("W", fmt.Sprint("k", i), "Child", t0)
				c.ParentID = "p"
				if err := tx.Put(c); err != nil {
					return err
				}
			}
			return nil
		})
		due, _ := st.Due(context.Background(), t0.Add(time.Minute))
		if len(due) != 1 || due[0].ID != "p" {
			t.Errorf("due: %d", len(due))
		}
		counts, _ := st.ChildCounts(context.Background(), "W", []string{"p", "l"})
		if counts["p"] != 3 || counts["l"] != 0 {
			t.Errorf("children: %v", counts)
		}
		if rs, _ := st.Search(context.Background(), Query{Workspace: "W", IncludeDrafts: true, Limit: 10}); len(rs) != 2 {
			t.Errorf("children show without IncludeChildren: %d", len(rs))
		}
	}},
	{"a failed write leaves nothing behind", func(t *testing.T, st Store) {
		boom := errors.New("boom")
		err := st.Update(context.Background(), func(tx Tx) error {
			if err := tx.Put(testRecord("W", "c1", "One", t0)); err != nil {
				return err
			}
			if err := tx.AddOutbox(OutboxMessage{Workspace: "W", At: t0, Key: "k"}); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatalf("Update: %v", err)
		}
		if n, _ := st.Count(context.Background(), "W"); n != 0 {
			t.Errorf("campaign kept: %d", n)
		}
		if m, _ := st.Outbox(context.Background(), "W", 0, 10); len(m) != 0 {
			t.Errorf("outbox kept: %d", len(m))
		}
	}},
	{"create request ids: reusable after their window", func(t *testing.T, st Store) {
		var until time.Time
		update(t, st, func(tx Tx) error {
			var err error
			if until, err = tx.CreateRequestUntil("W", "r1"); err != nil || !until.IsZero() {
				return fmt.Errorf("fresh id: %v %v", until, err)
			}
			return tx.RememberCreateRequest("W", "r1", t0.Add(time.Hour))
		})
		update(t, st, func(tx Tx) error {
			var err error
			until, err = tx.CreateRequestUntil("W", "r1")
			return err
		})
		if !until.Equal(t0.Add(time.Hour)) {
			t.Errorf("until %v", until)
		}
		update(t, st, func(tx Tx) error { return tx.RememberCreateRequest("W", "r1", t0.Add(2*time.Hour)) })
		update(t, st, func(tx Tx) error { return tx.PruneIdem(t0.Add(3 * time.Hour)) })
		update(t, st, func(tx Tx) error {
			var err error
			until, err = tx.CreateRequestUntil("W", "r1")
			return err
		})
		if !until.IsZero() {
			t.Errorf("pruned id still until %v", until)
		}
	}},
	{"idempotent answers: stored once, taken while live, replaced once expired, trimmed oldest first", func(t *testing.T, st Store) {
		put := func(scope string, body string, created time.Time) error {
			return st.Update(context.Background(), func(tx Tx) error {
				return tx.PutIdem(Idem{Scope: scope, Workspace: "W", BodyHash: "h", Status: 200, Header: "ETag: x", Body: []byte(body), Created: created},
					created.Add(-IdemTTL))
			})
		}
		for i, body := range []string{"aaaa", "bbbb", "cccc"} {
			if err := put(fmt.Sprint("s", i), body, t0.Add(time.Duration(i)*time.Second)); err != nil {
				t.Fatal(err)
			}
		}
		if err := put("s0", "zzzz", t0.Add(time.Hour)); !errors.Is(err, errIdemTaken) {
			t.Errorf("live scope: %v, want errIdemTaken", err)
		}
		i, err := st.Idem(context.Background(), "s0")
		if err != nil || i == nil || string(i.Body) != "aaaa" || i.Header != "ETag: x" || i.Status != 200 || !i.Created.Equal(t0) {
			t.Fatalf("Idem: %+v %v", i, err)
		}
		if i, _ := st.Idem(context.Background(), "nope"); i != nil {
			t.Errorf("unknown scope: %+v", i)
		}
		if u, _ := st.IdemUsage(context.Background()); u["W"] != 12 {
			t.Errorf("usage %v", u)
		}
		var dropped int
		var kept int64
		update(t, st, func(tx Tx) error {
			var err error
			dropped, kept, err = tx.DropIdemBodies("W", 9)
			return err
		})
		if dropped != 1 || kept != 8 {
			t.Errorf("trim: dropped %d kept %d", dropped, kept)
		}
		if i, _ := st.Idem(context.Background(), "s0"); i == nil || !i.Dropped || len(i.Body) != 0 {
			t.Errorf("oldest not dropped: %+v", i)
		}
		if err := put("s0", "new", t0.Add(IdemTTL+time.Hour)); err != nil {
			t.Errorf("expired scope: %v", err)
		}
		if all, _ := st.Idempotent(context.Background(), t0.Add(time.Second)); len(all) != 3 {
			t.Errorf("since: %d", len(all))
		}
		update(t, st, func(tx Tx) error { return tx.PruneIdem(t0.Add(time.Hour)) })
		if all, _ := st.Idempotent(context.Background(), time.Time{}); len(all) != 1 {
			t.Errorf("after prune: %d", len(all))
		}
	}},
	{"idempotent answers past the quota: refusals go before successes, each oldest first; an answer kept with its status only", func(t *testing.T, st Store) {
		put := func(scope string, status int, created time.Time, dropped bool) {
			t.Helper()
			update(t, st, func(tx Tx) error {
				return tx.PutIdem(Idem{Scope: scope, Workspace: "W", BodyHash: "h", Status: status, Body: []byte("abcd"), Created: created, Dropped: dropped},
					created.Add(-IdemTTL))
			})
		}
		put("ok-old", 201, t0, false)
		put("refused-new", 400, t0.Add(2*time.Second), false)
		put("ok-new", 200, t0.Add(3*time.Second), false)
		put("refused-old", 400, t0.Add(time.Second), false)
		put("too-big", 200, t0.Add(4*time.Second), true)
		if i, _ := st.Idem(context.Background(), "too-big"); i == nil || !i.Dropped || len(i.Body) != 0 || i.Status != 200 {
			t.Fatalf("an answer stored with its status only: %+v", i)
		}
		var kept int64
		update(t, st, func(tx Tx) error {
			var err error
			_, kept, err = tx.DropIdemBodies("W", 8)
			return err
		})
		if kept != 8 {
			t.Errorf("kept %d bytes, want 8", kept)
		}
		for scope, want := range map[string]bool{"refused-old": true, "refused-new": true, "ok-old": false, "ok-new": false} {
			if i, _ := st.Idem(context.Background(), scope); i == nil || i.Dropped != want {
				t.Errorf("%s: dropped %v, want %v", scope, i != nil && i.Dropped, want)
			}
		}
		update(t, st, func(tx Tx) error { _, _, err := tx.DropIdemBodies("W", 4); return err })
		if i, _ := st.Idem(context.Background(), "ok-old"); i == nil || !i.Dropped {
			t.Errorf("the oldest success is kept past the quota: %+v", i)
		}
		if i, _ := st.Idem(context.Background(), "ok-new"); i == nil || i.Dropped {
			t.Errorf("the newest success is dropped: %+v", i)
		}
	}},
	{"outbox pages by sequence", func(t *testing.T, st Store) {
		update(t, st, func(tx Tx) error {
			for i := range 5 {
				if err := tx.AddOutbox(OutboxMessage{Workspace: "W", At: t0, Key: fmt.Sprint("k", i), Status: "SENT"}); err != nil {
					return err
				}
			}
			return tx.AddOutbox(OutboxMessage{Workspace: "X", At: t0, Key: "x"})
		})
		first, _ := st.Outbox(context.Background(), "W", 0, 3)
		if len(first) != 3 || first[0].Key != "k0" {
			t.Fatalf("first page: %+v", first)
		}
		rest, _ := st.Outbox(context.Background(), "W", first[2].Seq, 10)
		if len(rest) != 2 || rest[1].Key != "k4" || rest[0].Seq <= first[2].Seq {
			t.Errorf("rest: %+v", rest)
		}
	}},
	{"seeding marks and a dropped workspace is gone whole", func(t *testing.T, st Store) {
		update(t, st, func(tx Tx) error {
			if done, err := tx.Seeded("W"); err != nil || done {
				return fmt.Errorf("seeded before: %v %v", done, err)
			}
			if err := tx.Put(testRecord("W", "c1", "One", t0, "t")); err != nil {
				return err
			}
			return tx.MarkSeeded("W")
		})
		update(t, st, func(tx Tx) error {
			if done, err := tx.Seeded("W"); err != nil || !done {
				return fmt.Errorf("seeded after: %v %v", done, err)
			}
			return tx.DropWorkspace("W")
		})
		if n, _ := st.Count(context.Background(), "W"); n != 0 {
			t.Errorf("campaigns left: %d", n)
		}
		update(t, st, func(tx Tx) error {
			if done, err := tx.Seeded("W"); err != nil || done {
				return fmt.Errorf("seeded after drop: %v %v", done, err)
			}
			return nil
		})
	}},
	{"queued writes are durable when waited for; the store is ready", func(t *testing.T, st Store) {
		done := st.Expect()
		wait, err := st.Queue(func(tx Tx) error { return tx.Put(testRecord("W", "c1", "One", t0)) })
		done()
		if err != nil {
			t.Fatal(err)
		}
		if err := wait(); err != nil {
			t.Fatal(err)
		}
		mustLatest(t, st, "W", "c1")
		if err := st.Ready(context.Background()); err != nil {
			t.Errorf("Ready: %v", err)
		}
	}},
}
