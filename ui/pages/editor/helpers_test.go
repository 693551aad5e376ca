package editor

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/drafts"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

func testCommon(w, h int) *common.Common {
	r := common.NewRenderer(os.Stdout)
	r.SetColorProfile(termenv.Ascii)
	return &common.Common{Width: w, Height: h, Styles: themes.New(themes.Plain(), r), Keys: common.DefaultKeyMap(), Ctx: context.Background(),
		Now: func() time.Time { return uitest.Now }}
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

// newTestEditor opens c in an editor on a real sync engine whose service
// cannot be reached and whose timers never fire: edits stay local.
func newTestEditor(t testing.TB, c *model.Campaign, w, h int) (*Model, *drafts.Engine) {
	t.Helper()
	dead, err := api.New(api.Config{BaseURL: "http://127.0.0.1:1", WorkspaceID: "WS", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	eng, err := drafts.Open(t.TempDir(), dead, drafts.Options{Clock: drafts.NewFakeClock(time.Now())})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	d, err := eng.Adopt(c)
	if err != nil {
		t.Fatal(err)
	}
	f := &Factory{Drafts: eng, Options: engine.Options{Features: engine.Features{AudienceLimit: true}}, Local: time.UTC}
	m := f.New(testCommon(w, h), *c.CampaignID)
	m.Update(loadedMsg{id: m.id, d: d})
	return m, eng
}

func ansiStrip(s string) string { return ansi.Strip(s) }

// noticesOf runs cmd and returns the notices it hands the root's status
// line (where the editor's notices are shown).
func noticesOf(cmd tea.Cmd) []string {
	var out []string
	for _, msg := range uitest.RunBatch(cmd) {
		if n, ok := msg.(common.NoticeMsg); ok {
			out = append(out, n.Text)
		}
	}
	return out
}

// msgOf runs cmd and returns its message, without its address.
func msgOf(cmd tea.Cmd) tea.Msg {
	msg := cmd()
	if a, ok := msg.(common.AddressedMsg); ok {
		return a.Msg
	}
	return msg
}
