package gitops_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/model"
)

// scale is a folder of exported drafts on a sandbox with its rate limits
// on: the first `changed` files renamed, and `created` new files (no
// campaign_id) beside them.
type scale struct {
	e       *env
	files   []*gitops.File
	changed int // files renamed or new: the ones apply sends
}

func newScale(tb testing.TB, exported, renamed, created int) *scale {
	e := newEnv(tb)
	s := &scale{e: e, changed: renamed + created}
	for i := range exported {
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
		f := e.export(res.ID)
		if i < renamed {
			setName(f, fmt.Sprintf("Scale %03d, renamed", i))
			if err := gitops.Save(f.Path, f.Tree); err != nil {
				tb.Fatal(err)
			}
		}
		s.files = append(s.files, f)
	}
	for i := range created {
		path := filepath.Join(e.dir, fmt.Sprintf("new-%03d.json", i))
		body := fmt.Sprintf(`{"channel":"PUSH","campaign_delivery_type":"ONE_TIME","created_by":"ana@example.com","basic_details":{"name":"New %03d","platforms":["ANDROID"]}}`, i)
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			tb.Fatal(err)
		}
		f, err := gitops.Load(path)
		if err != nil {
			tb.Fatal(err)
		}
		s.files = append(s.files, f)
	}
	// Let every window empty: the run starts on a quiet service, and only
	// its own reads are counted.
	e.clock.Advance(25 * time.Hour)
	s.resetCounts()
	return s
}

func (s *scale) resetCounts() {
	s.e.gets.Store(0)
	s.e.searches.Store(0)
}

// planner is a fresh planner (its own pacer, no earlier requests) over the
// counting client.
func (s *scale) planner() *gitops.Planner {
	return &gitops.Planner{Core: ops.New(s.e.client, ops.Options{Pacer: ops.NewPacer(s.e.clock)})}
}

// reload reads every file again from disk (apply rewrote them).
func (s *scale) reload(tb testing.TB) {
	for i, f := range s.files {
		var err error
		if s.files[i], err = gitops.Load(f.Path); err != nil {
			tb.Fatal(err)
		}
	}
}

// plan compares every file as the diff and apply commands do: the service's
// records read by search, 15 ids a call, first.
func (s *scale) plan(tb testing.TB, pl *gitops.Planner) []gitops.Plan {
	if err := pl.Prefetch(ctx, ids(s.files)); err != nil {
		tb.Fatal(err)
	}
	plans := make([]gitops.Plan, len(s.files))
	for i, f := range s.files {
		plans[i] = pl.Plan(ctx, f)
	}
	return plans
}

// apply plans and sends every file, and returns the (fake) time it took;
// every file that differs must be sent.
func (s *scale) apply(tb testing.TB) time.Duration {
	pl := s.planner()
	start := s.e.clock.Now()
	sent := 0
	for _, o := range pl.ApplyAll(ctx, s.plan(tb, pl), nil) {
		if o.Err != nil || (o.Action != gitops.ActionNone) != o.Sent {
			tb.Fatalf("%s: %s %v %s", o.File.Path, o.Action, o.Err, o.Reason)
		}
		if o.Sent {
			sent++
		}
	}
	if sent != s.changed {
		tb.Fatalf("sent %d files, %d changed", sent, s.changed)
	}
	return s.e.clock.Now().Sub(start)
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
	var out []string
	for _, f := range files {
		if id := f.CampaignID(); id != "" {
			out = append(out, id)
		}
	}
	return out
}

func batches(n int) int { return (n + gitops.PageSize - 1) / gitops.PageSize }

// Apply of N files, some renamed, some new, the rest unchanged, reads at
// most ⌈N/15⌉ + (changed files): one search per 15 files to compare, the
// GET before each PATCH (its ETag, and the check that nobody changed the
// campaign since the comparison), one search per 15 new drafts after. The
// patched files and their bases are made, not read back, and are the
// service's records (but for updated_at): the next diff is clean and a
// second apply sends nothing.
func TestApplyReadsOneSearchPer15FilesPlusTheChanged(t *testing.T) {
	t.Parallel()
	const exported, renamed, created = 17, 5, 2 // N = 19: two searches to compare
	s := newScale(t, exported, renamed, created)
	s.apply(t)
	n := exported + created
	gets, searches := s.e.gets.Load(), s.e.searches.Load()
	if gets+searches > int64(batches(n)+s.changed) || gets != renamed || searches != int64(batches(exported)+batches(created)) {
		t.Fatalf("%d files, %d changed: %d GETs and %d searches", n, s.changed, gets, searches)
	}
	s.reload(t)
	for _, f := range s.files {
		s.e.writtenAsServed(f.Path, f.CampaignID())
	}
	s.resetCounts()
	pl := s.planner()
	for _, p := range s.plan(t, pl) {
		if p.Action != gitops.ActionNone || len(p.Drift) > 0 {
			t.Fatalf("after apply, %s: %s %v drift %v", p.File.Path, p.Action, gitops.Names(p.Changes), p.Drift)
		}
	}
	if g, sr := s.e.gets.Load(), s.e.searches.Load(); g != 0 || sr != int64(batches(n)) {
		t.Fatalf("the diff after apply read by GET %d times (%d searches): a base is not the service's record", g, sr)
	}
}

// A colleague's change after the apply is theirs: the next diff shows it as
// the service's (drift, nothing to send), and an edit of another field of
// the same component is merged with it, never reverting it. A file whose
// base is gone names no version (apply left updated_at out): a change in it
// is a conflict, not a silent overwrite.
func TestAChangeAfterApplyIsTheColleagues(t *testing.T) {
	s := newScale(t, 2, 2, 0)
	s.apply(t)
	s.reload(t)
	mine, gone := s.files[0], s.files[1]
	theirs := "Renamed by Lee"
	for _, f := range s.files {
		patch := &model.Campaign{Channel: ptr("PUSH"), CampaignDeliveryType: ptr("ONE_TIME"), UpdatedBy: ptr("lee@example.com"),
			BasicDetails: &model.BasicDetails{Name: &theirs, Platforms: []string{"ANDROID"}}}
		if _, err := s.e.client.Patch(ctx, f.CampaignID(), patch); err != nil {
			t.Fatal(err)
		}
	}
	pl := s.planner()
	if p := pl.Plan(ctx, mine); p.Action != gitops.ActionNone || len(p.Drift) != 1 {
		t.Fatalf("the colleague's change: %s %v, drift %v", p.Action, gitops.Names(p.Changes), p.Drift)
	}
	mine.Tree["basic_details"].(map[string]any)["x_owner"] = "ana"
	p := pl.Plan(ctx, mine)
	if bd, _ := p.Body["basic_details"].(map[string]any); p.Action != gitops.ActionPatch || bd["name"] != theirs || bd["x_owner"] != "ana" {
		t.Fatalf("my edit beside the colleague's: %s %v", p.Action, p.Body)
	}
	if err := os.Remove(gitops.BasePath(gone.Path, gone.CampaignID())); err != nil {
		t.Fatal(err)
	}
	setName(gone, "Mine again")
	if p := pl.Plan(ctx, gone); p.Action != gitops.ActionConflict || p.Reason == "" {
		t.Fatalf("no base, no version: %s %s", p.Action, p.Reason)
	}
	pl.Force = true
	if p := pl.Plan(ctx, gone); p.Action != gitops.ActionPatch {
		t.Fatalf("--force: %s %s", p.Action, p.Reason)
	}
}

func ptr[T any](v T) *T { return &v }

// N files, all changed: the reads are at most ⌈N/15⌉ searches plus one GET
// per changed file, and the whole run takes within 10 % of the least time
// the limits allow.
func TestApplyOfManyChangedFilesRunsAtTheLimits(t *testing.T) {
	t.Parallel()
	n := stressed(45, 160)
	s := newScale(t, n, n, 0)
	took := s.apply(t)
	if g, sr := s.e.gets.Load(), s.e.searches.Load(); g > int64(n) || sr > int64(batches(n)) {
		t.Fatalf("%d GETs and %d searches for %d changed files", g, sr, n)
	}
	best := bestApply(n, n)
	if float64(took) > 1.10*float64(best) {
		t.Fatalf("%d changed files took %s; the limits allow %s", n, took, best)
	}
	t.Logf("%d changed files: %s (best the limits allow: %s)", n, took, best)
}

// bestApply is the least time the limits allow for comparing n files and
// patching the changed ones.
func bestApply(n, changed int) time.Duration {
	return gitops.BestSchedule(ops.NewPacer(nil).Limits, map[ops.Class]int{
		ops.ClassSearch: batches(n), ops.ClassRead: changed, ops.ClassUpdate: changed})
}

// Diff of N files (160 under CAMPAIGNS_STRESS): one search per 15 files
// instead of one GET per file.
func TestDiffOfManyFilesReadsBySearch(t *testing.T) {
	t.Parallel()
	n := stressed(45, 160)
	s := newScale(t, n, n, 0)
	before := s.diff(t, false)
	gets := s.e.gets.Load()
	s.e.clock.Advance(time.Hour)
	after := s.diff(t, true)
	if g := s.e.gets.Load() - gets; g != 0 || s.e.searches.Load() != int64(batches(n)) {
		t.Fatalf("batched diff: %d GETs, %d searches", g, s.e.searches.Load())
	}
	if after > 2*time.Second {
		t.Fatalf("batched diff of %d files took %s", n, after)
	}
	t.Logf("diff of %d files at the limits: %s one GET a file, %s by search", n, before, after)
}

// stressed is short, or full under CAMPAIGNS_STRESS (CI sets it).
func stressed(short, full int) int {
	if os.Getenv("CAMPAIGNS_STRESS") != "" {
		return full
	}
	return short
}

func BenchmarkDiff160FilesAtTheLimits(b *testing.B) {
	s := newScale(b, 160, 160, 0)
	b.ResetTimer()
	for b.Loop() {
		s.e.clock.Advance(time.Hour)
		b.ReportMetric(s.diff(b, true).Seconds(), "service-s/op")
	}
}

// Apply of 160 files with 40 or 160 changed: the service's time (at its
// limits, on the fake clock) against the best schedule, and the reads.
func BenchmarkApply160FilesAtTheLimits(b *testing.B) {
	for _, changed := range []int{40, 160} {
		b.Run(fmt.Sprintf("changed=%d", changed), func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				s := newScale(b, 160, changed, 0)
				b.StartTimer()
				took := s.apply(b)
				b.ReportMetric(took.Seconds(), "service-s/op")
				b.ReportMetric(bestApply(160, changed).Seconds(), "best-s/op")
				b.ReportMetric(float64(s.e.gets.Load()+s.e.searches.Load()), "reads/op")
			}
		})
	}
}
