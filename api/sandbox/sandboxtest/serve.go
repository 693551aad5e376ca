package sandboxtest

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/model"
)

// Open opens a sandbox on cfg, closed when the test ends.
func Open(t testing.TB, cfg sandbox.Config) *sandbox.Server {
	t.Helper()
	s, err := sandbox.Open(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// Serve serves h on a loopback port until the test ends and returns its
// address.
func Serve(t testing.TB, h http.Handler) string {
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL
}

// Client is a client of the sandbox at url for its default workspace.
func Client(t testing.TB, url string) *api.Client {
	t.Helper()
	ws := sandbox.DefaultWorkspace()
	c, err := api.New(api.Config{BaseURL: url, WorkspaceID: ws.ID, APIKey: ws.Key})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Start opens a sandbox on cfg, serves it on a loopback port until the
// test ends and returns a client of its default workspace.
func Start(t testing.TB, cfg sandbox.Config) *api.Client {
	t.Helper()
	return Client(t, Serve(t, Open(t, cfg).Handler()))
}

// At is a clock stopped at t.
func At(t time.Time) func() time.Time { return func() time.Time { return t } }

// Create creates c through client, failing the test on an error, and
// returns its id.
func Create(t testing.TB, client *api.Client, c *model.Campaign) string {
	t.Helper()
	res, err := client.Create(context.Background(), c)
	if err != nil {
		t.Fatalf("create: %v", err)
	}
	return res.ID
}
