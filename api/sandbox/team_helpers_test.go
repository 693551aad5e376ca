package sandbox

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"testing"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/sandbox/pgtest"
)

// newTeam starts n sandbox instances on one fresh PostgreSQL schema, each
// on its own loopback port, all on one clock: a team sandbox in one test
// process.
func newTeam(t *testing.T, n int, mod func(*Config)) []*env {
	t.Helper()
	return teamOn(t, pgtest.Schema(t), n, mod)
}

func teamOn(t *testing.T, db string, n int, mod func(*Config)) []*env {
	t.Helper()
	clk := newClock()
	var team []*env
	for i := range n {
		cfg := Config{DB: db, Now: clk.Now, NoRateLimits: true, Instance: fmt.Sprint("test-", i), DBTimeout: 2e9}
		if mod != nil {
			mod(&cfg)
		}
		team = append(team, serveEnv(t, cfg, clk))
	}
	return team
}

// call is one request that goroutines can send (env.do fails the test,
// which only the test's goroutine may).
type call struct {
	method, path string
	body         []byte
	key          string // Idempotency-Key; "" = a fresh one
	header       []string
}

type answerOf struct {
	status int
	header http.Header
	raw    []byte
	err    error
}

func (e *env) send(c call) answerOf {
	req, err := http.NewRequest(c.method, e.srv.URL+c.path, bytes.NewReader(c.body))
	if err != nil {
		return answerOf{err: err}
	}
	req.SetBasicAuth(e.user, e.key)
	req.Header.Set(api.HeaderAppKey, e.user)
	req.Header.Set(api.HeaderRequestID, "req-"+newUUID())
	if c.method != http.MethodGet {
		key := c.key
		if key == "" {
			key = newUUID()
		}
		req.Header.Set(api.HeaderIdempotencyKey, key)
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(c.header); i += 2 {
		req.Header.Set(c.header[i], c.header[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return answerOf{err: err}
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	return answerOf{status: res.StatusCode, header: res.Header, raw: raw, err: err}
}
