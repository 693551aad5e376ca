package api_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/model"
)

func benchEnv(b *testing.B) (*env, string) {
	e := newEnv(b, sandbox.Config{NoRateLimits: true}, nil)
	return e, e.create(fixture(b, "push_one_time"))
}

// BenchmarkGet is one GET of a full push campaign over loopback, decode
// included.
func BenchmarkGet(b *testing.B) {
	e, id := benchEnv(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.client.Get(context.Background(), id); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPatch is one component PATCH (basic_details) over loopback.
func BenchmarkPatch(b *testing.B) {
	e, id := benchEnv(b)
	bd := e.get(id).BasicDetails
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		bd.Name = ptr(fmt.Sprint("name ", i))
		if _, err := e.client.Patch(context.Background(), id, &model.Campaign{BasicDetails: bd}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSearchPage is one page of the browser's search (15 campaigns of
// every state but archived) over loopback on a sandbox of 2,000 campaigns:
// the service's part of a page turn (browser.BenchmarkPageTurnFrame is the
// screen's).
func BenchmarkSearchPage(b *testing.B) {
	url, _, stop, err := sandbox.StartLocal(sandbox.Config{DataDir: b.TempDir(), NoRateLimits: true, Seed: true, SeedCampaigns: 2000})
	if err != nil {
		b.Fatal(err)
	}
	defer func() { _ = stop() }()
	ws := sandbox.DefaultWorkspace()
	client, err := api.New(api.Config{BaseURL: url, WorkspaceID: ws.ID, APIKey: ws.Key})
	if err != nil {
		b.Fatal(err)
	}
	states := []string{model.StatusDraft, model.StatusScheduled, model.StatusActive, model.StatusSending, model.StatusPaused, model.StatusSent, model.StatusStopped}
	for i := 0; b.Loop(); i++ {
		req := api.SearchRequest{Limit: 15, Page: i%100 + 1, CampaignFields: &api.SearchFields{Status: states}}
		if _, err := client.Search(context.Background(), req); err != nil {
			b.Fatal(err)
		}
	}
}
