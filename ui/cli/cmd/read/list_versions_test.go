package read

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/cli/internal/clitest"
)

// In a versioned workspace the search answers every version of a
// campaign under one campaign_id: the table says which version each row is.
func TestListTellsVersionsApart(t *testing.T) {
	e := clitest.Writes(t, NewCmdList)
	id := e.ID("Weekly picks")
	name := "Weekly picks, renamed"
	if _, err := e.SB.Client.Patch(context.Background(), id, &model.Campaign{BasicDetails: &model.BasicDetails{Name: &name}}); err != nil {
		t.Fatal(err)
	}
	code, out, errs := e.Run("--name", "weekly picks")
	if code != 0 {
		t.Fatalf("list: %d %s", code, errs)
	}
	if !strings.Contains(out, id+" v1") || !strings.Contains(out, id+" v2") {
		t.Errorf("versions not told apart:\n%s", out)
	}
}

// A short 429 is waited out by the client; the command says so on stderr
// (so the pause is not taken for a hang) and stdout stays clean JSON.
func TestListAnnouncesRateLimitWaits(t *testing.T) {
	e := clitest.Reads(t, NewCmdList)
	upstream, _ := url.Parse(e.SB.URL)
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) == 1 {
			w.Header().Set("Retry-After", "1")
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusTooManyRequests)
			_, _ = w.Write([]byte(`{"error":{"code":"RATE_LIMITED","message":"Rate limit exceeded."}}`))
			return
		}
		clitest.Proxy(upstream).ServeHTTP(w, r)
	}))
	defer srv.Close()
	code, out, errs := clitest.Runner(clitest.New(t, &clitest.Sandbox{URL: srv.URL}), NewCmdList)("--json")
	var page []map[string]any
	clitest.JSON(t, out, &page)
	if code != 0 || len(page) == 0 {
		t.Fatalf("exit %d, %d records; stderr %q", code, len(page), errs)
	}
	if !strings.Contains(errs, "rate limit: 429 on POST /v5/campaigns/search; retrying in 1s") {
		t.Errorf("the wait is not announced on stderr: %q", errs)
	}
	if n.Load() != 2 {
		t.Errorf("%d requests, want the refused one and its retry", n.Load())
	}
}

// A service that cannot be reached is exit 2, naming the address tried
// (after the client's retries).
func TestListNamesAnUnreachableService(t *testing.T) {
	t.Parallel()
	code, _, errs := clitest.Runner(clitest.New(t, &clitest.Sandbox{URL: "http://127.0.0.1:9"}), NewCmdList)()
	if code != 2 || !strings.Contains(errs, "cannot reach the service at http://127.0.0.1:9") {
		t.Fatalf("exit %d %q", code, errs)
	}
}
