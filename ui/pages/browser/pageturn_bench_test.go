package browser

import (
	"context"
	"fmt"
	"testing"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/api/sandbox/sandboxtest"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

// pageOf is a page of the search as the service returns it, with full
// campaigns (the demo's, under other names).
func pageOf(b *testing.B, n int) []*model.Campaign {
	b.Helper()
	c := sandboxtest.Campaign(b, "push_one_time.json")
	rows := make([]*model.Campaign, n)
	for i := range rows {
		r, _ := model.Decode(model.Encode(c))
		id := fmt.Sprintf("%024x", i+1)
		name := fmt.Sprintf("Spring sale Madrid %04d", i)
		r.ID, r.CampaignID, r.BasicDetails.Name = &id, &id, &name
		rows[i] = r
	}
	return rows
}

// BenchmarkPageTurnFrame is what a page turn costs the screen beyond the
// service's answer: taking the answer (rows, counts, cursor) and drawing
// the frame, at 80×24 and 120×36. Measured: well under a millisecond, so
// a turn is the service's answer plus one frame.
func BenchmarkPageTurnFrame(b *testing.B) {
	rows := pageOf(b, PageSize)
	for _, sz := range [][2]int{{80, 24}, {120, 36}} {
		b.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(b *testing.B) {
			br := New(uitest.Common(sz[0], sz[1]))
			br.SetSize(sz[0], sz[1]-3)
			for i := 0; b.Loop(); i++ {
				br.Update(searchResultMsg{seq: br.seq, page: i%100 + 1, rows: rows})
				_ = br.View()
			}
		})
	}
}

// BenchmarkPageTurnService is the other part of a turn: the search of one
// page over loopback HTTP on a sandbox of 2,000 campaigns.
func BenchmarkPageTurnService(b *testing.B) {
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
	f := DefaultFilter()
	for i := 0; b.Loop(); i++ {
		if _, err := client.Search(context.Background(), f.Request(i%100+1)); err != nil {
			b.Fatal(err)
		}
	}
}
