package sshserver

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/sandbox"
)

// openConns counts a server's open connections and signals every change.
type openConns struct {
	mu      sync.Mutex
	n       int
	changed chan struct{}
}

func (o *openConns) track(_ net.Conn, st http.ConnState) {
	o.mu.Lock()
	switch st {
	case http.StateNew:
		o.n++
	case http.StateClosed, http.StateHijacked:
		o.n--
	}
	o.mu.Unlock()
	select {
	case o.changed <- struct{}{}:
	default:
	}
}

func (o *openConns) count() int { o.mu.Lock(); defer o.mu.Unlock(); return o.n }

// TestDemoSessionReleasesItsConnections: a demo session's client keeps
// its connections to the sandbox alive while the session lasts; when the
// session's workspace is released they are closed (each finished session
// used to leave two sockets behind).
func TestDemoSessionReleasesItsConnections(t *testing.T) {
	t.Parallel()
	sb, err := sandbox.Open(sandbox.Config{Seed: true, NoRateLimits: true})
	if err != nil {
		t.Fatal(err)
	}
	defer sb.Close()
	conns := &openConns{changed: make(chan struct{}, 1)}
	srv := httptest.NewUnstartedServer(sb.Handler())
	srv.Config.ConnState = conns.track
	srv.Start()
	defer srv.Close()
	open := DemoWorkspaces(DemoHost{BaseURL: srv.URL,
		Add: func(id, key string) error {
			w := sandbox.DefaultWorkspace()
			w.ID, w.Key = id, key
			return sb.AddWorkspace(w, true)
		},
		Remove: sb.RemoveWorkspace,
	})
	for range 3 {
		ws, err := open(nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ws.Client.Search(context.Background(), api.SearchRequest{Limit: 15, Page: 1}); err != nil {
			t.Fatal(err)
		}
		ws.Close()
	}
	deadline := time.After(waitLimit)
	for conns.count() > 0 {
		select {
		case <-conns.changed:
		case <-deadline:
			t.Fatalf("%d connections to the sandbox left open after 3 finished sessions", conns.count())
		}
	}
}
