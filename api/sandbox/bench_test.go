package sandbox

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/sandbox/pgtest"
)

// BenchmarkPatch measures component updates over real HTTP on loopback,
// persisted to SQLite on a temporary directory (WAL, synchronous=FULL, group
// commit), rate limits off. Each parallel client edits its own campaign, as
// people editing different campaigns do; a client's PATCHes wait for their
// commit before the next, so this is durable throughput.
//
//	go test ./api/sandbox -run '^$' -bench Patch -benchtime 5000x
func BenchmarkPatch(b *testing.B) {
	s, err := Open(Config{DataDir: b.TempDir(), NoRateLimits: true})
	if err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(s.Handler())
	defer func() { srv.Close(); s.Close() }()
	st := s.store.(*sqliteStore)
	cpu0, w0, b0, o0 := cpuTime(), writeCalls(), st.batches.Load(), st.batched.Load()
	benchPatches(b, srv.URL)
	// On a shared machine wall-clock throughput says more about the
	// neighbours than about the sandbox; CPU time per PATCH (server and
	// client together) says what two idle cores would do.
	if cpu := cpuTime() - cpu0; cpu > 0 {
		per := cpu / time.Duration(b.N)
		b.ReportMetric(float64(per.Microseconds()), "cpu-µs/patch")
		b.ReportMetric(2*float64(time.Second)/float64(per), "patch/s-on-2-idle-cores")
	}
	if w := writeCalls() - w0; w > 0 {
		b.ReportMetric(float64(w)/float64(b.N), "writes/patch")
	}
	// How many writes share a commit (group commit at work).
	if n := st.batches.Load() - b0; n > 0 {
		b.ReportMetric(float64(st.batched.Load()-o0)/float64(n), "ops/commit")
	}
}

// BenchmarkPatchPostgres is the same load on a team sandbox: one or two
// instances on one PostgreSQL database (CAMPAIGNS_TEST_DB), the clients
// spread over them; every PATCH is committed (synchronous_commit as the
// server has it) before it is answered. CPU is not reported: most of it is
// spent in the server's processes.
//
//	CAMPAIGNS_TEST_DB=postgres://… go test ./api/sandbox -run '^$' -bench PatchPostgres -benchtime 5000x
func BenchmarkPatchPostgres(b *testing.B) {
	for _, n := range []int{1, 2} {
		b.Run(fmt.Sprintf("instances=%d", n), func(b *testing.B) {
			db := pgtest.Schema(b)
			var urls []string
			for range n {
				s, err := Open(Config{DB: db, NoRateLimits: true})
				if err != nil {
					b.Fatal(err)
				}
				srv := httptest.NewServer(s.Handler())
				defer func() { srv.Close(); s.Close() }()
				urls = append(urls, srv.URL)
			}
			benchPatches(b, urls...)
		})
	}
}

// benchPatches is the load generator: 8 × GOMAXPROCS clients, each creating
// a campaign and then PATCHing it; client i talks to urls[i % len(urls)].
func benchPatches(b *testing.B, urls ...string) {
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 256}}
	do := func(base, method, path string, body []byte) (int, []byte) {
		req, _ := http.NewRequest(method, base+path, bytes.NewReader(body))
		req.SetBasicAuth(DefaultWorkspaceID, DefaultWorkspaceKey)
		req.Header.Set(api.HeaderAppKey, DefaultWorkspaceID)
		req.Header.Set(api.HeaderIdempotencyKey, newUUID())
		req.Header.Set(api.HeaderRequestID, newUUID())
		req.Header.Set("Content-Type", "application/json")
		res, err := client.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		defer res.Body.Close()
		out, _ := io.ReadAll(res.Body)
		return res.StatusCode, out
	}
	var seq, clients atomic.Int64
	b.SetParallelism(8) // 8 × GOMAXPROCS clients
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		base := urls[int(clients.Add(1))%len(urls)]
		st, out := do(base, "POST", api.PathCampaigns, []byte(`{"channel":"PUSH","campaign_delivery_type":"ONE_TIME","created_by":"bench@example.com"}`))
		if st != http.StatusCreated {
			b.Fatalf("create: %d %s", st, out)
		}
		id := string(out[bytes.Index(out, []byte(`"id":"`))+6:][:24])
		for pb.Next() {
			n := seq.Add(1)
			body := fmt.Appendf(nil, `{"basic_details":{"name":"Bench %d","platforms":["ANDROID"],"tags":["bench"]},"utm_params":{"utm_source":"push","utm_medium":"app","utm_campaign":"c%d"}}`, n, n)
			if st, out := do(base, "PATCH", api.PathCampaigns+"/"+id, body); st != http.StatusOK {
				b.Fatalf("patch: %d %s", st, out)
			}
		}
	})
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "patch/s")
}
