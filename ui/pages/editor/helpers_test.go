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

// testCommon is a Common in the plain theme at w×h, on the tests' clock.
func testCommon(w, h int) *common.Common {
	r := common.NewRenderer(os.Stdout)
	r.SetColorProfile(termenv.Ascii)
	return &common.Common{Width: w, Height: h, Styles: themes.New(themes.Plain(), r), Keys: common.DefaultKeyMap(), Ctx: context.Background(),
		Now: func() time.Time { return uitest.Now }}
}

// fixture is testdata/campaigns/NAME as a DRAFT with an id of its own.
func fixture(t testing.TB, name string) *model.Campaign {
	t.Helper()
	return draftOf(t, "campaigns/"+name, "c-"+name)
}

// openAt opens c in an editor of 160×48 cells (newTestEditor) on step.
func openAt(t testing.TB, c *model.Campaign, step forms.Step) *Model {
	t.Helper()
	m, _ := newTestEditor(t, c, 160, 48)
	m.goStep(step)
	return m
}

// summerSale opens testdata/campaigns/push_one_time.json, a publishable
// Push draft, in an editor of w×h cells (newTestEditor).
func summerSale(t testing.TB, w, h int) *Model {
	t.Helper()
	m, _ := newTestEditor(t, fixture(t, "push_one_time.json"), w, h)
	return m
}

// marketerPush is testdata/fixtures/marketer-push.json as a DRAFT.
func marketerPush(t testing.TB) *model.Campaign {
	t.Helper()
	return draftOf(t, "fixtures/marketer-push.json", "c-marketer")
}

// draftOf reads a campaign under the repository's testdata and makes it
// the DRAFT with id.
func draftOf(t testing.TB, file, id string) *model.Campaign {
	t.Helper()
	c := uitest.Campaign(t, file)
	st := model.StatusDraft
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
	eng := syncEngine(t, dead)
	d, err := eng.Adopt(c)
	if err != nil {
		t.Fatal(err)
	}
	return editorOf(eng, d, w, h), eng
}

// syncEngine is a sync engine on client whose timers never fire: edits are
// sent only when the test flushes them.
func syncEngine(t testing.TB, client *api.Client) *drafts.Engine {
	t.Helper()
	eng, err := drafts.Open(t.TempDir(), client, drafts.Options{Clock: drafts.NewFakeClock(time.Now())})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	return eng
}

// editorOf opens draft d of eng in an editor of w×h cells, loaded.
func editorOf(eng *drafts.Engine, d *drafts.Draft, w, h int) *Model {
	f := &Factory{Drafts: eng, Options: engine.Options{Features: engine.Features{AudienceLimit: true}}, Local: time.UTC}
	m := f.New(testCommon(w, h), d.ID())
	m.Update(loadedMsg{id: m.id, d: d})
	return m
}

// ansiStrip is s without escape sequences.
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

// Keys are sent to a Model directly with press (uitest.Key, uitest.Text),
// as the program would hand them to its Update.
var (
	kEnter = uitest.Key("enter")
	kDown  = uitest.Key("down")
	kRight = uitest.Key("right")
	kEsc   = uitest.Key("esc")
	kTab   = uitest.Key("tab")
	kSpace = uitest.Key("space")
)

// press hands m the key presses ks in turn.
func press(m *Model, ks ...tea.KeyMsg) {
	for _, k := range ks {
		m.Update(k)
	}
}

// runes is s typed as one message (uitest.Text).
func runes(s string) tea.KeyMsg { return uitest.Text(s) }

// pressKeys hands m the named key presses (uitest.Key) in turn.
func pressKeys(m *Model, ks ...string) {
	for _, k := range ks {
		m.Update(uitest.Key(k))
	}
}

// typeRunes types s into m, one key press per character.
func typeRunes(m *Model, s string) {
	for _, r := range s {
		m.Update(uitest.Text(string(r)))
	}
}

// rowIndex is the index of the row at path in m's step, or -1.
func rowIndex(m *Model, path string) int {
	for i, f := range m.list.rows {
		if f.Path == path {
			return i
		}
	}
	return -1
}

// focusWhere puts the cursor on the first row that matches.
func focusWhere(t testing.TB, m *Model, match func(forms.Field) bool) {
	t.Helper()
	for i, f := range m.list.rows {
		if match(f) {
			m.list.cur = i
			return
		}
	}
	t.Fatalf("no such row in step %s", m.step)
}

// focus puts the cursor on the row at path.
func focus(t testing.TB, m *Model, path string) {
	t.Helper()
	i := rowIndex(m, path)
	if i < 0 {
		t.Fatalf("no row %s in step %s", path, m.step)
	}
	m.list.cur = i
}

// rowOf is the row at path.
func rowOf(t *testing.T, m *Model, path string) forms.Field {
	t.Helper()
	i := rowIndex(m, path)
	if i < 0 {
		t.Fatalf("no row %s in step %s", path, m.step)
	}
	return m.list.rows[i]
}

// editsFrom starts editing the row at path (enter): its editor must start
// from the text want.
func editsFrom(t *testing.T, m *Model, path, want string) {
	t.Helper()
	focus(t, m, path)
	press(m, kEnter)
	if m.edit == nil {
		t.Fatalf("enter on %s edits nothing", path)
	}
	if got := m.edit.Value(); got != want {
		t.Fatalf("editing %s starts from %q, want %q", path, got, want)
	}
}

// view draws the editor as the program would after an Update.
func view(m *Model) string {
	defer m.hold()()
	m.settle()
	return ansiStrip(m.View())
}

// blankPush is a push draft for Android and iOS with no content yet, on
// its content step.
func blankPush(t *testing.T) *Model {
	t.Helper()
	return blank(t, model.PlatformAndroid, model.PlatformIOS)
}

// blankThree is a push draft for Android, iOS and Web with no content.
func blankThree(t *testing.T) *Model {
	t.Helper()
	return blank(t, model.PlatformAndroid, model.PlatformIOS, model.PlatformWeb)
}

func blank(t *testing.T, platforms ...string) *Model {
	t.Helper()
	c := fixture(t, "push_one_time.json")
	c.CampaignContent = nil
	c.BasicDetails.Platforms = platforms
	forms.Normalize(c)
	return openAt(t, c, forms.StepContent)
}

// on shows platform's content.
func on(t *testing.T, m *Model, platform string) {
	t.Helper()
	m.sel.Platform = platform
	m.rebuild()
}

// contentPath is the path of a field of platform's basic details in the
// content cell shown.
func contentPath(m *Model, platform, field string) string {
	return forms.MessagePath(m.d.work, m.sel.Locale, m.sel.Variation) + ".push." + platform + ".basic_details." + field
}

// get is the text the working copy holds at path.
func get(t *testing.T, m *Model, path string) string {
	t.Helper()
	s, _ := forms.Get(m.d.work, path).(string)
	return s
}

func ptrTo[T any](v T) *T { return &v }
