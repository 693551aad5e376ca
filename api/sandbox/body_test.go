package sandbox

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api"
)

// TestTrickledBodyIs408: a client that sends its body a byte now and then
// gets 408 once the body read timeout has passed, and the connection is
// closed instead of being held for as long as the client likes.
func TestTrickledBodyIs408(t *testing.T) {
	e := parallelEnv(t, func(c *Config) { c.BodyReadTimeout = 300 * time.Millisecond })
	r, took, closed := trickleTimed(t, e)
	want(t, r, http.StatusRequestTimeout, api.CodeBadRequest, "body")
	if !closed {
		t.Error("the connection stayed open after the 408")
	}
	t.Logf("trickled connection answered after %v (timeout 300ms)", took.Round(time.Millisecond))
	// The server still serves.
	want(t, e.do("POST", api.PathSearch, map[string]any{"limit": 1, "page": 1}), http.StatusOK)
}

// holdBody starts a POST and sends only part of its body; the server holds
// a body read slot until the connection is closed.
func holdBody(t *testing.T, e *env) net.Conn {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(e.srv.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	head := fmt.Sprintf("POST %s HTTP/1.1\r\nHost: x\r\nAuthorization: Basic U0FOREJPWDpzYW5kYm94LWtleQ==\r\nSVC-APPKEY: SANDBOX\r\n"+
		"Idempotency-Key: %s\r\nX-SVC-Request-Id: held\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{", api.PathSearch, newUUID())
	if _, err := io.WriteString(conn, head); err != nil {
		t.Fatal(err)
	}
	return conn
}

// TestBodyReadsAreCapped: with one body read slot, a request waits while a
// slow body holds it and goes through once it is free.
func TestBodyReadsAreCapped(t *testing.T) {
	e := parallelEnv(t, func(c *Config) { c.MaxBodyReads = 1; c.BodyReadTimeout = time.Minute })
	id := e.create(minimalPush())
	held := holdBody(t, e)
	defer held.Close()
	for len(e.s.bodySlots) == 0 { // until the server holds it
		time.Sleep(time.Millisecond)
	}
	// A GET has no body and does not wait.
	want(t, e.do("GET", api.PathCampaigns+"/"+id, nil), http.StatusOK)
	done := make(chan *resp, 1)
	go func() { done <- e.do("POST", api.PathSearch, map[string]any{"limit": 1, "page": 1}) }()
	// Either the search is answered (its body read while the slot is
	// held) or the server says it waits for the slot: whichever comes
	// first.
	for e.s.bodyWaiting.Load() == 0 {
		select {
		case r := <-done:
			t.Fatalf("a body was read while the only slot was held: %d %s", r.status, r.raw)
		case <-time.After(time.Millisecond):
		}
	}
	held.Close()
	want(t, <-done, http.StatusOK)
}

// TestUnauthenticatedBodiesAreNotRead: 200 concurrent 1 MiB bodies with
// wrong credentials are refused with 401 without the service reading them,
// and allocate next to nothing.
func TestUnauthenticatedBodiesAreNotRead(t *testing.T) {
	s, err := Open(Config{NoRateLimits: true})
	if err != nil {
		t.Fatal(err)
	}
	var read atomic.Int64
	counting := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Body = &countingBody{r.Body, &read}
		s.Handler().ServeHTTP(w, r)
	})
	srv := httptest.NewServer(counting)
	defer func() { srv.Close(); s.Close() }()
	big := bytes.Repeat([]byte("a"), MaxBody-2)
	big[0], big[len(big)-1] = '"', '"'
	client := &http.Client{Transport: &http.Transport{MaxConnsPerHost: 200}}

	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	var wg sync.WaitGroup
	var unauthorized, other atomic.Int64
	for i := range 200 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, _ := http.NewRequest("POST", srv.URL+api.PathCampaigns, bytes.NewReader(big))
			req.SetBasicAuth(DefaultWorkspaceID, fmt.Sprint("wrong-", i))
			req.Header.Set(api.HeaderAppKey, DefaultWorkspaceID)
			req.Header.Set("Content-Type", "application/json")
			res, err := client.Do(req)
			if err != nil {
				return // the server may close before the client finished sending: fine
			}
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			if res.StatusCode == http.StatusUnauthorized {
				unauthorized.Add(1)
			} else {
				other.Add(1)
			}
		}()
	}
	wg.Wait()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	if n := read.Load(); n != 0 {
		t.Errorf("the service read %d bytes of unauthenticated bodies", n)
	}
	if other.Load() != 0 || unauthorized.Load() == 0 {
		t.Errorf("%d answered 401, %d something else", unauthorized.Load(), other.Load())
	}
	// Reading them would allocate at least 200 MiB.
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
		t.Errorf("200 refused requests allocated %d MiB", alloc>>20)
	} else {
		t.Logf("200 unauthenticated 1 MiB bodies: %d MiB allocated in the test process, %d answered 401", alloc>>20, unauthorized.Load())
	}
}

type countingBody struct {
	io.ReadCloser
	n *atomic.Int64
}

func (c *countingBody) Read(p []byte) (int, error) {
	n, err := c.ReadCloser.Read(p)
	c.n.Add(int64(n))
	return n, err
}
