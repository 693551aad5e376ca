package sandbox

import (
	"context"
	"errors"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api"
)

// Stopping the in-process sandbox does not wait for a connection that sent
// no request (a client's dial for a request it then gave up, as when the
// editor quits while asking for a preview): net/http holds a graceful stop
// 5 s for such a connection, and the editor's quit with it.
func TestStopClosesAConnectionThatSentNothing(t *testing.T) {
	url, _, stop, err := StartLocal(Config{})
	if err != nil {
		t.Fatal(err)
	}
	idle, err := net.Dial("tcp", strings.TrimPrefix(url, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer idle.Close()
	// A request answered on a connection dialed after it: the server has
	// taken the first one by then (it accepts in order).
	ws := DefaultWorkspace()
	client, err := api.New(api.Config{BaseURL: url, WorkspaceID: ws.ID, APIKey: ws.Key})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := client.Search(context.Background(), api.SearchRequest{Limit: 1, Page: 1}); err != nil {
		t.Fatal(err)
	}
	client.CloseIdleConnections()

	stopped := make(chan error, 1)
	go func() { stopped <- stop() }()
	// Well before net/http's 5 s: the server closes the connection.
	_ = idle.SetReadDeadline(time.Now().Add(3 * time.Second))
	if _, err := idle.Read(make([]byte, 1)); err == nil {
		t.Fatal("the sandbox wrote to a connection that sent nothing")
	} else if ne := net.Error(nil); errors.As(err, &ne) && ne.Timeout() {
		t.Fatal("the stop left a connection that sent nothing open: it waits 5 s for it")
	}
	if err := <-stopped; err != nil {
		t.Fatalf("stop: %v", err)
	}
}
