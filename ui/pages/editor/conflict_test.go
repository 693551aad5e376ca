package editor_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"path"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/model"
)

// TestWriteDuringSendShowsConflict: the editor's link is slow, and another
// client renames the campaign after the editor's read, while its PATCH is
// on the way. The PATCH carries If-Match, the service refuses it, and the
// editor shows the conflict instead of "synced"; the other name stays.
func TestWriteDuringSendShowsConflict(t *testing.T) {
	e := newEnv(t)
	direct := e.client
	var armed atomic.Bool
	u, err := url.Parse(direct.BaseURL())
	if err != nil {
		t.Fatal(err)
	}
	rp := httputil.NewSingleHostReverseProxy(u)
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPatch && strings.Count(r.URL.Path, "/") == 3 && armed.CompareAndSwap(true, false) {
			time.Sleep(200 * time.Millisecond) // the slow link; meanwhile:
			name := "Written meanwhile"
			if _, err := direct.Patch(context.Background(), path.Base(r.URL.Path),
				&model.Campaign{BasicDetails: &model.BasicDetails{Name: &name}}); err != nil {
				t.Error(err)
			}
		}
		rp.ServeHTTP(w, r)
	}))
	t.Cleanup(slow.Close)
	ws := sandbox.DefaultWorkspace()
	if e.client, err = api.New(api.Config{BaseURL: slow.URL, WorkspaceID: ws.ID, APIKey: ws.Key}); err != nil {
		t.Fatal(err)
	}

	tm, stop := e.run(t, time.Hour)
	defer stop()
	newDraft(t, tm, false, "Race")
	keys(tm, "enter")
	tm.Type("X")
	keys(tm, "enter")
	waitFor(t, tm, "RaceX", "pending")
	armed.Store(true)
	keys(tm, "ctrl+s")
	waitFor(t, tm, "Conflict in basic_details", "Mine (local)", `"name": "RaceX"`, `"name": "Written meanwhile"`)
	findDraft(t, direct, "Written meanwhile") // not overwritten
}
