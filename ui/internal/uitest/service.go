package uitest

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/model"
)

// SearchClient is a client of a service on loopback that answers every
// search with rows and everything else with 404: enough for the browser.
func SearchClient(t testing.TB, rows []*model.Campaign) *api.Client {
	t.Helper()
	body, err := json.Marshal(api.SearchResult{Campaigns: rows})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != api.PathSearch {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(body)
	}))
	t.Cleanup(hs.Close)
	c, err := api.New(api.Config{BaseURL: hs.URL, WorkspaceID: "TEST", APIKey: "k", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Settle runs cmd and hands every message it gives to m, then does the same
// with the commands m returns, a few rounds deep (spinner ticks dropped):
// the program loop, without a terminal.
func Settle(m tea.Model, cmd tea.Cmd) {
	settle(m, cmd, 6)
}

func settle(m tea.Model, cmd tea.Cmd, depth int) {
	if depth == 0 {
		return
	}
	for _, msg := range RunBatch(cmd) {
		_, next := m.Update(msg)
		settle(m, next, depth-1)
	}
}
