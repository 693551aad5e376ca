package sandbox

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/sandbox/pgtest"
)

// Faults of a team sandbox (issue #25): an instance killed, the database
// gone for a while, a database that is not there at start.

// TestTeamKillOneInstanceDuringLoad: two instances in child processes on
// one database; eight clients create a campaign and PATCH it twice, each
// request to the instance after the one before; right after one of the
// answers instance A is killed with SIGKILL. The other answers every
// answered request sent again with its Idempotency-Key with the stored
// answer, sends the unanswered ones through once, and every campaign
// carries its last acknowledged PATCH (or the one in flight at the kill).
func TestTeamKillOneInstanceDuringLoad(t *testing.T) {
	t.Parallel()
	db := pgtest.Schema(t)
	rounds := 6
	if testing.Short() {
		rounds = 2
	}
	const workers = 8
	for round := range rounds {
		a := startChild(t, t.TempDir(), "SANDBOX_CHILD_DB="+db)
		b := startChild(t, t.TempDir(), "SANDBOX_CHILD_DB="+db)
		urls := []string{a.url, b.url}
		client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: workers}}
		load := runKillLoad(fmt.Sprint("kill-", round), workers, client, func(w, i int) string { return urls[(w+i)%2] }, a.kill)
		a.kill()
		for _, o := range load.answered() {
			if o.status >= 300 {
				t.Errorf("round %d: %s %s: %d %s", round, o.method, o.path, o.status, o.raw)
			}
			st, hdr, raw, err := o.send(client, b.url)
			if err != nil {
				t.Fatal(err)
			}
			if st != o.status || string(raw) != string(o.raw) || hdr.Get("Idempotent-Replayed") != "true" {
				t.Errorf("round %d: %s %s through the survivor: first %d %s, again %d %s", round, o.method, o.path, o.status, o.raw, st, raw)
			}
		}
		for w, ops := range load.sent { // a client's unanswered request is its last
			if o := ops[len(ops)-1]; !o.answered && o.path != "" {
				if st, _, raw, err := o.send(client, b.url); err != nil || (st != 200 && st != 201) {
					t.Errorf("round %d: unanswered %s sent again: %d %s %v", round, o.method, st, raw, err)
				}
			}
			name := load.lastName(w, false)
			if load.ids[w] == "" || name == "" {
				continue
			}
			if got := nameOn(t, client, b.url, load.ids[w]); got != name {
				t.Errorf("round %d: campaign %s is named %q, want %q (its last PATCH)", round, load.ids[w], got, name)
			}
		}
		b.kill()
	}
}

// dbProxy stands between the instances and PostgreSQL, so that a test can
// take the database away (every connection cut, new ones refused) and
// give it back, as a restart or a network cut does.
type dbProxy struct {
	t      *testing.T
	target string
	addr   string
	mu     sync.Mutex
	ln     net.Listener
	conns  []net.Conn
}

func newDBProxy(t *testing.T, dsn string) (*dbProxy, string) {
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	p := &dbProxy{t: t, target: u.Host}
	p.up("127.0.0.1:0")
	t.Cleanup(p.down)
	u.Host = p.addr
	return p, u.String()
}

func (p *dbProxy) up(addr string) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		p.t.Fatal(err)
	}
	p.mu.Lock()
	p.ln, p.addr = ln, ln.Addr().String()
	p.mu.Unlock()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			s, err := net.Dial("tcp", p.target)
			if err != nil {
				c.Close()
				continue
			}
			p.mu.Lock()
			p.conns = append(p.conns, c, s)
			p.mu.Unlock()
			go func() { _, _ = io.Copy(s, c); s.Close() }()
			go func() { _, _ = io.Copy(c, s); c.Close() }()
		}
	}()
}

// down cuts every connection and refuses new ones.
func (p *dbProxy) down() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.ln.Close()
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

// TestTeamDatabaseOutage: PostgreSQL goes away under load and comes back.
// Requests meanwhile are answered 503 with Retry-After in the error
// envelope (never 500) within their deadline; once it is back the
// instances reconnect by themselves; a client retrying each PATCH with its
// key until it is answered sees every one applied exactly once.
func TestTeamDatabaseOutage(t *testing.T) {
	t.Parallel()
	proxy, dsn := newDBProxy(t, pgtest.Schema(t))
	outage(t, dsn, func() {
		proxy.down()
		time.Sleep(1500 * time.Millisecond) // the outage itself, not a wait for an outcome
		proxy.up(proxy.addr)
	})
}

// TestTeamDatabaseRestart is the same with a real restart of the server,
// when CAMPAIGNS_TEST_PG_RESTART names the command (.ci/run sets
// "pg_ctlcluster 15 main restart").
func TestTeamDatabaseRestart(t *testing.T) {
	t.Parallel()
	cmd := os.Getenv("CAMPAIGNS_TEST_PG_RESTART")
	if cmd == "" {
		pgtest.Need(t)
		t.Skip("set CAMPAIGNS_TEST_PG_RESTART to the command that restarts the test server")
	}
	outage(t, pgtest.Schema(t), func() {
		if out, err := exec.Command("sh", "-c", cmd).CombinedOutput(); err != nil {
			t.Errorf("%s: %v %s", cmd, err, out)
		}
	})
}

func outage(t *testing.T, dsn string, cut func()) {
	const deadline = time.Second
	team := teamOn(t, dsn, 2, func(c *Config) { c.DBTimeout = deadline })
	const workers = 6
	ids := make([]string, workers)
	for w := range ids {
		ids[w] = team[w%2].create(minimalPush())
	}
	var stop atomic.Bool
	var unavailable atomic.Int64
	acked := make([]int, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 400 && !stop.Load(); i++ {
				c := call{method: "PATCH", path: api.PathCampaigns + "/" + ids[w], key: newUUID(),
					body: fmt.Appendf(nil, `{"basic_details":{"name":"w%d-%d"}}`, w, i)}
				for try := 0; ; try++ {
					start := time.Now()
					r := team[(w+try)%2].send(c)
					// A request makes a few database calls (a read, a write,
					// a replay's read), each bounded by the deadline: a
					// hang would go far past them.
					if took := time.Since(start); took > 5*deadline {
						t.Errorf("a request took %v: its calls have a deadline of %v each", took, deadline)
					}
					if r.err != nil {
						t.Error(r.err)
						return
					}
					if r.status == http.StatusOK {
						acked[w]++
						break
					}
					if !unavailableAnswer(r) {
						t.Errorf("during the outage: %d %v %s", r.status, r.header, r.raw)
						return
					}
					unavailable.Add(1)
					if try > 100 {
						t.Errorf("no answer after %d tries: the instances did not reconnect", try)
						return
					}
					time.Sleep(50 * time.Millisecond) // a client's back-off
				}
				// Reads and a search (whose answer is stored for its key)
				// between the writes: answered, or 503 too.
				for _, c := range []call{{method: "GET", path: api.PathCampaigns + "/" + ids[w]},
					{method: "POST", path: api.PathSearch, body: []byte(`{"limit":5,"page":1}`)}} {
					if r := team[w%2].send(c); r.err != nil || (r.status != http.StatusOK && !unavailableAnswer(r)) {
						t.Errorf("%s %s during the outage: %d %s %v", c.method, c.path, r.status, r.raw, r.err)
						return
					}
				}
			}
		}()
	}
	time.Sleep(300 * time.Millisecond) // load before the outage
	cut()
	time.Sleep(500 * time.Millisecond) // load after it
	stop.Store(true)
	wg.Wait()
	if unavailable.Load() == 0 {
		t.Errorf("no request met the outage")
	}
	for w, id := range ids {
		// Each PATCH retried until answered is applied once: the ETag
		// counts the revisions.
		if got := team[w%2].do("GET", api.PathCampaigns+"/"+id, nil).header.Get("ETag"); got != etag(id, int64(acked[w])) {
			t.Errorf("campaign %d: ETag %s after %d acknowledged PATCHes", w, got, acked[w])
		}
	}
	for _, e := range team {
		if r := e.do("GET", PathReady, nil); r.status != http.StatusOK {
			t.Errorf("/readyz after the outage: %d %s", r.status, r.raw)
		}
	}
	t.Logf("%d answers 503 during the outage; %v PATCHes acknowledged", unavailable.Load(), acked)
}

// unavailableAnswer is the answer while the database is away: 503 with
// Retry-After, in the error envelope.
func unavailableAnswer(r answerOf) bool {
	return r.status == http.StatusServiceUnavailable && r.header.Get(api.HeaderRetryAfter) != "" &&
		strings.Contains(string(r.raw), `"code":"INTERNAL_ERROR"`) && strings.Contains(string(r.raw), "Retry after")
}

// TestUnreachableDatabaseAtStart: a clear error naming the address, never
// the password.
func TestUnreachableDatabaseAtStart(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now
	_, err = Open(Config{DB: "postgres://team:s3cret-pw@" + addr + "/sandbox", DBTimeout: 2 * time.Second})
	if err == nil {
		t.Fatal("Open succeeded without a database")
	}
	msg := err.Error()
	if !strings.Contains(msg, "cannot reach PostgreSQL at "+addr+"/sandbox") || strings.Contains(msg, "s3cret-pw") {
		t.Errorf("error %q: want the address and no password", msg)
	}
	if _, err := Open(Config{DB: "mysql://team:s3cret-pw@host/db"}); err == nil || strings.Contains(err.Error(), "s3cret-pw") ||
		!strings.Contains(err.Error(), "postgres://") {
		t.Errorf("not a PostgreSQL URL: %v", err)
	}
	if _, err := Open(Config{DB: "postgres://team:s3cret-pw@127.0.0.1:port/db"}); err == nil || strings.Contains(err.Error(), "s3cret-pw") {
		t.Errorf("a URL that does not parse: %v", err)
	}
}

// TestHealthAndReadiness: /healthz says the process answers; /readyz that
// its database does, on either store; both without credentials.
func TestHealthAndReadiness(t *testing.T) {
	e := parallelEnv(t, nil)
	for _, p := range []string{PathHealth, PathReady} {
		res, err := http.Get(e.srv.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Errorf("SQLite %s: %d", p, res.StatusCode)
		}
	}
	if os.Getenv(pgtest.Env) == "" {
		return
	}
	proxy, dsn := newDBProxy(t, pgtest.Schema(t))
	team := teamOn(t, dsn, 1, func(c *Config) { c.DBTimeout = time.Second })
	get := func(p string) int {
		res, err := http.Get(team[0].srv.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	if get(PathReady) != http.StatusOK {
		t.Errorf("/readyz on a reachable database")
	}
	proxy.down()
	if h, r := get(PathHealth), get(PathReady); h != http.StatusOK || r != http.StatusServiceUnavailable {
		t.Errorf("database gone: /healthz %d, /readyz %d; want 200 and 503", h, r)
	}
}
