package editor

import (
	"context"
	"fmt"
	"os"
	gosync "sync"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// memStore is an in-memory Store for tests that do not need the service:
// it keeps base and working copies and counts journaled edits.
type memStore struct {
	mu         gosync.Mutex
	base, work *model.Campaign
	edits      int
	events     chan StoreEvent
	conflicts  []ConflictInfo
	resolved   []resolution
}

type resolution struct {
	component string
	r         Resolution
	merged    any
}

func newMemStore(c *model.Campaign) *memStore {
	return &memStore{base: model.Clone(c), work: model.Clone(c), events: make(chan StoreEvent, 16)}
}

func (s *memStore) Load(context.Context, string) error { return nil }
func (s *memStore) Working(string) *model.Campaign {
	s.mu.Lock()
	defer s.mu.Unlock()
	return model.Clone(s.work)
}
func (s *memStore) Base(string) *model.Campaign {
	s.mu.Lock()
	defer s.mu.Unlock()
	return model.Clone(s.base)
}
func (s *memStore) Edit(_ string, fn func(*model.Campaign)) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	fn(s.work)
	s.edits++
	return nil
}
func (s *memStore) Flush(context.Context, string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.base = model.Clone(s.work)
	return nil
}
func (s *memStore) Status(string) SyncStatus {
	s.mu.Lock()
	defer s.mu.Unlock()
	if model.Equal(s.base, s.work) {
		return SyncStatus{State: Synced}
	}
	return SyncStatus{State: Pending, Pending: 1, Unsynced: 1}
}
func (s *memStore) Conflicts(string) []ConflictInfo {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.conflicts
}
func (s *memStore) Resolve(_, component string, r Resolution, merged any) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.resolved = append(s.resolved, resolution{component, r, merged})
	s.conflicts = nil
	return nil
}
func (s *memStore) Subscribe(string) (<-chan StoreEvent, func()) { return s.events, func() {} }

func testCommon(w, h int) *common.Common {
	r := lipgloss.NewRenderer(os.Stdout)
	r.SetColorProfile(termenv.Ascii)
	return &common.Common{Width: w, Height: h, Styles: themes.New(themes.Plain(), r), Keys: common.DefaultKeyMap(), Ctx: context.Background()}
}

func fixture(t testing.TB, name string) *model.Campaign {
	t.Helper()
	b, err := os.ReadFile("../../../testdata/campaigns/" + name)
	if err != nil {
		t.Fatal(err)
	}
	c, err := model.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	id, st := "c-"+name, model.StatusDraft
	c.CampaignID, c.ID, c.Status = &id, &id, &st
	return c
}

// largeCampaign is a Push campaign with 10 locales × 5 variations × 3
// platforms: 150 content cells.
func largeCampaign(t testing.TB) *model.Campaign {
	c := fixture(t, "push_one_time.json")
	c.CampaignContent.Locales = nil
	c.CampaignContent.VariationDetails = nil
	forms.Normalize(c)
	c.BasicDetails.Platforms = []string{model.PlatformAndroid, model.PlatformIOS, model.PlatformWeb}
	mp := forms.MessagePath(c, "", "")
	if err := forms.SetTemplate(c, mp, model.PlatformWeb, model.TemplateBasic); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"title", "message"} {
		if err := forms.Set(c, mp+".push.web.basic_details."+f, "Web "+f); err != nil {
			t.Fatal(err)
		}
	}
	for i := 1; i < 10; i++ {
		if err := forms.AddLocale(c, fmt.Sprintf("l%d", i)); err != nil {
			t.Fatal(err)
		}
	}
	for i := 1; i < 5; i++ {
		if err := forms.AddVariation(c); err != nil {
			t.Fatal(err)
		}
	}
	return c
}

func newTestEditor(t testing.TB, c *model.Campaign, w, h int) (*Model, *memStore) {
	st := newMemStore(c)
	f := &Factory{Store: st, Options: engine.Options{Features: engine.Features{AudienceLimit: true}}, Local: time.UTC}
	m := f.New(testCommon(w, h), *c.CampaignID)
	m.Update(loadedMsg{id: m.id, base: st.Base(m.id), work: st.Working(m.id), status: st.Status(m.id)})
	return m, st
}

func ansiStrip(s string) string { return ansi.Strip(s) }
