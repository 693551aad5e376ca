package personalize

import (
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/model/fuzzseeds"
)

// The memory bombs (testdata/fuzz/FuzzRender/bomb-*) and every other seed
// of FuzzRender must render within a bounded amount of memory: before
// rendering was bounded by construction, bomb-01 (27 doublings through a
// variable, 560 bytes of text) asked for a 5 GiB block with 2.7 GiB in use
// and the process died ("fatal error: out of memory").
//
// The seeds run in a child process whose address space is capped (see
// limitMemory), so a regression fails this test instead of taking the
// machine down; under the race detector (which needs a huge address space)
// they run in this process with only the soft limit.
const (
	bombChildEnv = "PERSONALIZE_BOMB_CHILD"
	heapCap      = 96 << 20  // live heap after any one seed
	allocCap     = 256 << 20 // bytes allocated by any one seed
)

// bombChild is the child process of TestSeedsStayWithinMemory, started by
// TestMain so that it measures while this process runs the other tests.
var bombChild struct {
	done chan struct{}
	out  []byte
	err  error
}

// startBombChild runs the seeds in a child process (see limitMemory).
func startBombChild() {
	bombChild.done = make(chan struct{})
	go func() {
		defer close(bombChild.done)
		cmd := exec.Command(os.Args[0], "-test.run=^TestSeedsStayWithinMemory$", "-test.v")
		cmd.Env = append(os.Environ(), bombChildEnv+"=1")
		bombChild.out, bombChild.err = cmd.CombinedOutput()
	}()
}

func TestMain(m *testing.M) {
	flag.Parse()
	run := flag.Lookup("test.run").Value.String()
	if ok, _ := regexp.MatchString(run, "TestSeedsStayWithinMemory"); ok && os.Getenv(bombChildEnv) == "" && !raceEnabled {
		startBombChild()
	}
	os.Exit(m.Run())
}

func TestSeedsStayWithinMemory(t *testing.T) {
	if os.Getenv(bombChildEnv) == "" && !raceEnabled {
		if bombChild.done == nil { // a -run that TestMain did not recognise
			startBombChild()
		}
		<-bombChild.done
		out, err := bombChild.out, bombChild.err
		if err != nil {
			if len(out) > 4000 {
				out = out[:4000]
			}
			t.Fatalf("the seeds' child process failed: %v\n%s", err, out)
		}
		if !strings.Contains(string(out), "PASS") {
			t.Fatalf("child did not pass:\n%s", out)
		}
		return
	}
	if os.Getenv(bombChildEnv) != "" {
		limitMemory(t, 2<<30)
	}
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(512 << 20))

	files := fuzzseeds.Files(t, "FuzzRender")
	if len(files) == 0 {
		t.Fatal("no seeds")
	}
	bombs := 0
	for _, name := range files {
		src := fuzzseeds.Read(t, name)[0].(string)
		base := filepath.Base(name)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		// A deadline far away: the size budgets, not the clock, must stop
		// the bombs (the clock is tested on its own).
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		start := time.Now()
		out, rerr := RenderCtx(ctx, src, shopper)
		took := time.Since(start)
		cancel()
		runtime.ReadMemStats(&after)
		allocated := after.TotalAlloc - before.TotalAlloc
		runtime.GC()
		runtime.ReadMemStats(&after)
		if allocated > allocCap {
			t.Errorf("%s: allocated %d MiB", base, allocated>>20)
		}
		if after.HeapAlloc > heapCap {
			t.Errorf("%s: %d MiB live after rendering", base, after.HeapAlloc>>20)
		}
		if len(out) > maxOutput {
			t.Errorf("%s: %d bytes of output", base, len(out))
		}
		if strings.HasPrefix(base, "bomb-") {
			bombs++
			if rerr == nil {
				t.Errorf("%s: rendered %d bytes without an error; a bomb must hit a limit", base, len(out))
			} else if pe, ok := rerr.(*Error); !ok || pe.Message == "" || pe.Line < 1 {
				t.Errorf("%s: error %#v", base, rerr)
			}
		}
		t.Logf("%s: %v, %d KiB allocated, err=%v", base, took.Round(time.Millisecond), allocated>>10, rerr)
	}
	if bombs < 20 {
		t.Fatalf("only %d bomb seeds", bombs)
	}
}

// TestRenderStopsAtTheDeadline: a render past its context's deadline, or
// whose context is cancelled, stops with an error instead of running on.
func TestRenderStopsAtTheDeadline(t *testing.T) {
	src := "{% for i in range(100) %}{{ i }}{% endfor %}"
	expired, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	if _, err := RenderCtx(expired, src, shopper); err == nil || !strings.Contains(err.Error(), "took too long") {
		t.Fatalf("past the deadline: err = %v", err)
	}
	cancelled, cancel2 := context.WithCancel(context.Background())
	cancel2()
	if _, err := RenderCtx(cancelled, src, shopper); err == nil || !strings.Contains(err.Error(), "cancelled") {
		t.Fatalf("cancelled: err = %v", err)
	}
	// The same text renders with time to spare.
	if out, err := RenderCtx(context.Background(), src, shopper); err != nil || !strings.HasPrefix(out, "0123") {
		t.Fatalf("out %q err %v", out, err)
	}
}

// TestReservedNames: the budget's hooks cannot be called or replaced.
func TestReservedNames(t *testing.T) {
	for _, src := range []string{"{{ __op(1, 2, 0) }}", "{% set __emit = 1 %}x", "{{ __budget }}"} {
		_, err := Render(src, shopper)
		if err == nil || !strings.Contains(err.Error(), "reserved") {
			t.Errorf("%s: err = %v", src, err)
		}
	}
}

// TestEveryStatementStillRenders: the rewrite keeps every statement content
// may use working.
func TestEveryStatementStillRenders(t *testing.T) {
	cases := map[string]string{
		"{% if 1 + 1 == 2 %}a{% elif x %}b{% else %}c{% endif %}":                                             "a",
		"{% for x in [1, 2] if x > 1 %}{{ x ~ '!' }}{% else %}none{% endfor %}":                               "2!",
		"{% set a = 'x' * 3 %}{{ a }}":                                                                        "xxx",
		"{% set b %}in{{ 1 + 2 }}{% endset %}{{ b }}":                                                         "in3",
		"{% with y = 2 * 2 %}{{ y }}{% endwith %}":                                                            "4",
		"{% raw %}{{ not rendered }}{% endraw %}":                                                             "{{ not rendered }}",
		"{% filter upper %}ab{{ 'c' ~ 'd' }}{% endfilter %}":                                                  "ABCD",
		"{% set ns = namespace(n=0) %}{% for i in range(3) %}{% set ns.n = ns.n + i %}{% endfor %}{{ ns.n }}": "3",
		"{% set l = [1] %}{% do l.append(2) %}{{ l|join(',') }}":                                              "1,2",
		"{% for i in range(5) %}{% if i == 2 %}{% break %}{% endif %}{{ i }}{% endfor %}":                     "01",
		"{% trans n = 2 %}{{ n }} items{% endtrans %}":                                                        "2 items",
		"{{ 'a' if 1 > 2 else 'b' }}":                                                                         "b",
		"{{ {'k': [1, 2]}['k'][1] }}":                                                                         "2",
		"{{ 'Hi {}'.format('you') }} {{ '%05d'|format(42) }}":                                                 "Hi you 00042",
		"{{ ('a,b'.split(','))|length }}":                                                                     "2",
	}
	for src, want := range cases {
		out, err := Render(src, shopper)
		if err != nil || out != want {
			t.Errorf("%s = %q, %v; want %q", src, out, err, want)
		}
	}
}

// TestRenderHasATimeBudget: without a deadline from the caller, a render
// that stays within every size budget but keeps the processor busy (10,000
// comparisons of two 1 MB texts, about half a second) is stopped.
func TestRenderHasATimeBudget(t *testing.T) {
	src := "{% set a = 'x' * 1000000 %}{% set b = 'x' * 1000000 %}{% for i in range(10000) %}{% if a == b %}{% endif %}{% endfor %}done"
	_, err := Render(src, shopper)
	if err == nil || !strings.Contains(err.Error(), "took too long") {
		t.Fatalf("err = %v, want the time budget", err)
	}
}
