package gitops_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/model"
)

// scale is a folder of n exported drafts on a sandbox with its rate limits
// on, every file renamed (so every file is a change).
type scale struct {
	e     *env
	files []*gitops.File
}

func newScale(tb testing.TB, n int) *scale {
	e := newEnv(tb)
	s := &scale{e: e}
	for i := range n {
		body, err := model.Decode(fmt.Appendf(nil, `{"channel":"PUSH","campaign_delivery_type":"ONE_TIME","created_by":"ana@example.com","basic_details":{"name":"Scale %03d","platforms":["ANDROID"]}}`, i))
		if err != nil {
			tb.Fatal(err)
		}
		var res api.CreateResult
		err = e.planner.Core.Pacer().Do(ctx, ops.ClassCreate, func(ctx context.Context) error {
			res, err = e.client.Create(ctx, body)
			return err
		})
		if err != nil {
			tb.Fatalf("create %d: %v", i, err)
		}
		rec, err := e.planner.Fetch(ctx, res.ID)
		if err != nil {
			tb.Fatal(err)
		}
		path, err := gitops.Export(e.dir, rec)
		if err != nil {
			tb.Fatal(err)
		}
		f, _ := gitops.Load(path)
		setName(f, fmt.Sprintf("Scale %03d, renamed", i))
		if err := gitops.Save(path, f.Tree); err != nil {
			tb.Fatal(err)
		}
		s.files = append(s.files, f)
	}
	// Let every window empty: the run starts on a quiet service, and only
	// its own reads are counted.
	e.clock.Advance(25 * time.Hour)
	e.gets.Store(0)
	e.searches.Store(0)
	return s
}

// planner is a fresh planner (its own pacer, no earlier requests) over the
// counting client.
func (s *scale) planner() *gitops.Planner {
	return &gitops.Planner{Core: ops.New(s.e.client, ops.Options{Pacer: ops.NewPacer(s.e.clock)})}
}

// diff compares every file, through search by ids when batched, and
// returns the (fake) time it took.
func (s *scale) diff(tb testing.TB, batched bool) time.Duration {
	pl := s.planner()
	start := s.e.clock.Now()
	if batched {
		if err := pl.Prefetch(ctx, ids(s.files)); err != nil {
			tb.Fatal(err)
		}
	}
	for _, f := range s.files {
		if p := pl.Diff(ctx, f); p.Action != gitops.ActionPatch {
			tb.Fatalf("%s: %s %s", f.Path, p.Action, p.Reason)
		}
	}
	return s.e.clock.Now().Sub(start)
}

func ids(files []*gitops.File) []string {
	out := make([]string, len(files))
	for i, f := range files {
		out[i] = f.CampaignID()
	}
	return out
}

// N files, all changed: the reads are at most ⌈N/15⌉ searches plus one GET
// per changed file (and the read-back of the sent files, by search), and
// the whole run takes within 10 % of the least time the limits allow.
func TestApplyOfManyChangedFilesRunsAtTheLimits(t *testing.T) {
	const n = 160
	s := newScale(t, n)
	pl := s.planner()
	start := s.e.clock.Now()
	if err := pl.Prefetch(ctx, ids(s.files)); err != nil {
		t.Fatal(err)
	}
	plans := make([]gitops.Plan, n)
	for i, f := range s.files {
		plans[i] = pl.Plan(ctx, f)
	}
	for _, o := range pl.ApplyAll(ctx, plans, nil) {
		if !o.Sent || o.Err != nil {
			t.Fatalf("%s: %s %v %s", o.File.Path, o.Action, o.Err, o.Reason)
		}
	}
	took := s.e.clock.Now().Sub(start)
	batches := (n + gitops.PageSize - 1) / gitops.PageSize
	if g, sr := s.e.gets.Load(), s.e.searches.Load(); g > n || sr > int64(2*batches) {
		t.Fatalf("%d GETs and %d searches for %d changed files", g, sr, n)
	}
	best := gitops.BestSchedule(ops.NewPacer(nil).Limits, map[ops.Class]int{
		ops.ClassSearch: 2 * batches, ops.ClassRead: n, ops.ClassUpdate: n})
	if float64(took) > 1.10*float64(best) {
		t.Fatalf("%d changed files took %s; the limits allow %s", n, took, best)
	}
	t.Logf("%d changed files: %s (best the limits allow: %s)", n, took, best)
}

// Diff of 160 files: one search per 15 files instead of one GET per file.
func TestDiffOfManyFilesReadsBySearch(t *testing.T) {
	s := newScale(t, 160)
	before := s.diff(t, false)
	gets := s.e.gets.Load()
	s.e.clock.Advance(time.Hour)
	after := s.diff(t, true)
	if g := s.e.gets.Load() - gets; g != 0 || s.e.searches.Load() != 11 {
		t.Fatalf("batched diff: %d GETs, %d searches", g, s.e.searches.Load())
	}
	if after > 2*time.Second {
		t.Fatalf("batched diff of 160 files took %s", after)
	}
	t.Logf("diff of 160 files at the limits: %s one GET a file, %s by search", before, after)
}

func BenchmarkDiff160FilesAtTheLimits(b *testing.B) {
	s := newScale(b, 160)
	b.ResetTimer()
	for b.Loop() {
		s.e.clock.Advance(time.Hour)
		b.ReportMetric(s.diff(b, true).Seconds(), "service-s/op")
	}
}
