package sandbox

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/campaigns-cli/campaigns/api"
)

// crashOp is one request of the crash test and, once answered, its answer.
type crashOp struct {
	method, path string
	body         []byte
	key, reqID   string
	status       int
	raw          []byte
}

// createAndRename is one client's requests: create a campaign (request_id
// tag), then PATCH its name to tag-a and to tag-b (the PATCHes' paths are
// set once the create is answered).
func createAndRename(tag string, w int) []*crashOp {
	ops := []*crashOp{{method: "POST", path: api.PathCampaigns, key: newUUID(),
		body: fmt.Appendf(nil, `{"channel":"PUSH","campaign_delivery_type":"ONE_TIME","created_by":"w%d@example.com","request_id":%q}`, w, tag)}}
	for _, v := range []string{"a", "b"} {
		ops = append(ops, &crashOp{method: "PATCH", key: newUUID(), reqID: tag + v,
			body: fmt.Appendf(nil, `{"basic_details":{"name":%q}}`, tag+"-"+v)})
	}
	return ops
}

// nameOn reads a campaign's name from a sandbox at base.
func nameOn(t *testing.T, client *http.Client, base, id string) string {
	t.Helper()
	o := &crashOp{method: "GET", path: api.PathCampaigns + "/" + id}
	_, _, raw, err := o.send(client, base)
	if err != nil {
		t.Fatal(err)
	}
	var env struct {
		Data struct {
			BasicDetails struct {
				Name string `json:"name"`
			} `json:"basic_details"`
		} `json:"data"`
	}
	_ = json.Unmarshal(raw, &env)
	return env.Data.BasicDetails.Name
}

func (o *crashOp) send(client *http.Client, base string) (int, http.Header, []byte, error) {
	req, err := http.NewRequest(o.method, base+o.path, bytes.NewReader(o.body))
	if err != nil {
		return 0, nil, nil, err
	}
	req.SetBasicAuth(DefaultWorkspaceID, DefaultWorkspaceKey)
	req.Header.Set(api.HeaderAppKey, DefaultWorkspaceID)
	req.Header.Set(api.HeaderIdempotencyKey, o.key)
	req.Header.Set("Content-Type", "application/json")
	if o.reqID != "" {
		req.Header.Set(api.HeaderRequestID, o.reqID)
	}
	res, err := client.Do(req)
	if err != nil {
		return 0, nil, nil, err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	return res.StatusCode, res.Header, raw, err
}

// TestKillAfterAnswerNeverReExecutes (decisions.md §6): eight clients
// create a campaign and PATCH it twice, concurrently, against a sandbox in
// a child process; right after one of the answers the child is killed with
// SIGKILL, then restarted on the same data directory, and every answered
// request is sent again with its Idempotency-Key. Each must come back as
// the stored answer, and no answered PATCH may run again over a later one.
// 100 rounds under CAMPAIGNS_STRESS=1 (.ci/run); 20 otherwise, 3 with
// -short.
func TestKillAfterAnswerNeverReExecutes(t *testing.T) {
	t.Parallel()
	rounds := 20
	switch {
	case stress():
		rounds = 100
	case testing.Short():
		rounds = 3
	}
	const workers = 8
	dir := t.TempDir()
	answered, reran := 0, 0
	for round := range rounds {
		c := startChild(t, dir)
		client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: workers}}
		killAt := 1 + rand.IntN(3*workers)
		var count atomic.Int64
		var mu sync.Mutex
		var done []*crashOp
		lastName := map[int]string{} // worker → name of its last answered PATCH
		ids := map[int]string{}
		var wg sync.WaitGroup
		for w := range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				tag := fmt.Sprintf("crash-%d-%d", round, w)
				ops := createAndRename(tag, w)
				for i, o := range ops {
					if i > 0 {
						mu.Lock()
						o.path = api.PathCampaigns + "/" + ids[w]
						mu.Unlock()
					}
					st, _, raw, err := o.send(client, c.url)
					if err != nil {
						return // killed meanwhile
					}
					o.status, o.raw = st, raw
					mu.Lock()
					done = append(done, o)
					failed := st >= 300
					if i == 0 {
						var env struct {
							Data api.CreateResult `json:"data"`
						}
						_ = json.Unmarshal(raw, &env)
						ids[w] = env.Data.ID
						failed = failed || env.Data.ID == ""
					} else {
						lastName[w] = fmt.Sprintf("%s-%s", tag, []string{"", "a", "b"}[i])
					}
					mu.Unlock()
					if count.Add(1) == int64(killAt) {
						c.kill() // right after this answer
					}
					if failed {
						return
					}
				}
			}()
		}
		wg.Wait()
		c.kill()

		c = startChild(t, dir)
		client = &http.Client{}
		for _, o := range done {
			answered++
			st, hdr, raw, err := o.send(client, c.url)
			if err != nil {
				t.Fatalf("round %d: retry: %v", round, err)
			}
			if st != o.status || !bytes.Equal(raw, o.raw) || hdr.Get("Idempotent-Replayed") != "true" {
				reran++
				t.Errorf("round %d: %s %s ran again: first %d %s, retry %d %s", round, o.method, o.path, o.status, o.raw, st, raw)
			}
		}
		for w, name := range lastName {
			if got := nameOn(t, client, c.url, ids[w]); got != name && !(name == fmt.Sprintf("crash-%d-%d-a", round, w) && got == fmt.Sprintf("crash-%d-%d-b", round, w)) {
				reran++
				t.Errorf("round %d: campaign %s is named %q; the last answered PATCH set %q", round, ids[w], got, name)
			}
		}
		c.kill()
	}
	t.Logf("%d rounds: %d answered requests sent again, %d ran again", rounds, answered, reran)
}
