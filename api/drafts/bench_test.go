package drafts

import (
	"fmt"
	"testing"

	"github.com/campaigns-cli/campaigns/api/sandbox/sandboxtest"
	"github.com/campaigns-cli/campaigns/model"
)

func loadFixtureDoc(b *testing.B) string {
	return string(model.Encode(sandboxtest.Campaign(b, "push_one_time.json")))
}

// BenchmarkEdit is one keystroke in a title of a full push campaign: the
// change in place and the committer told; the journal write (one fsync per
// group window) happens on the committer, off the caller's time.
func BenchmarkEdit(b *testing.B) {
	fx := newFixture(b)
	id := fx.create(loadFixtureDoc(b))
	fx.load(id)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if err := fx.eng.Edit(id, func(c *model.Campaign) {
			c.CampaignContent.Content.Keyed["default"]["variation_1"].Push.Android.BasicDetails.Title = ptr(fmt.Sprint("title ", i))
		}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStatus is what a status bar pays per refresh.
func BenchmarkStatus(b *testing.B) {
	fx := newFixture(b)
	id := fx.create(loadFixtureDoc(b))
	fx.load(id)
	fx.edit(id, setName("x"))
	b.ReportAllocs()
	for b.Loop() {
		fx.eng.Status(id)
	}
}

// BenchmarkReplay is a restart with a journal of 1000 edits.
func BenchmarkReplay(b *testing.B) {
	fx := newFixture(b)
	id := fx.create(loadFixtureDoc(b))
	fx.load(id)
	for i := range 1000 {
		fx.edit(id, setName(fmt.Sprint("name ", i)))
	}
	path := journalPath(fx.dir, id)
	b.ReportAllocs()
	for b.Loop() {
		if _, _, _, ok, err := replay(path); !ok || err != nil {
			b.Fatal(err)
		}
	}
}
