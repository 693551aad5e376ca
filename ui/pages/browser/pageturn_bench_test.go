package browser

import (
	"fmt"
	"testing"

	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/model/modeltest"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

// pageOf is a page of the search as the service returns it, with full
// campaigns (the demo's, under other names).
func pageOf(b *testing.B, n int) []*model.Campaign {
	b.Helper()
	c := modeltest.Read(b, "../../../testdata/campaigns/push_one_time.json")
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
// a turn is the service's answer (api.BenchmarkSearchPage) plus one frame.
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
