package editor

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/api/drafts"
	"github.com/campaigns-cli/campaigns/api/sandbox"
	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
	"github.com/campaigns-cli/campaigns/ui/pages/editor/dialogs"
)

func press(m *Model, ks ...tea.KeyMsg) {
	for _, k := range ks {
		_, cmd := m.Update(k)
		_ = cmd
	}
}

var (
	kEnter = uitest.Key("enter")
	kDown  = uitest.Key("down")
	kRight = uitest.Key("right")
	kEsc   = uitest.Key("esc")
)

func runes(s string) tea.KeyMsg { return uitest.Text(s) }

func focus(t *testing.T, m *Model, path string) {
	t.Helper()
	for i, f := range m.list.rows {
		if f.Path == path {
			m.list.cur = i
			return
		}
	}
	t.Fatalf("no row %s in step %s", path, m.step)
}

func TestLockedFieldsAreReadOnlyWithReason(t *testing.T) {
	c := fixture(t, "push_event_triggered.json")
	st := model.StatusActive
	c.Status = &st
	m, store := newTestEditor(t, c, 160, 48)
	press(m, runes("E"), runes("y")) // a live campaign opens in view mode
	m.goStep(forms.StepAudience)
	focus(t, m, "segmentation_details.is_all_user_campaign")
	before := m.fieldText(m.list.rows[m.list.cur])
	_, cmd := m.Update(kRight)
	press(m, kEnter)
	if m.fieldText(m.list.rows[m.list.cur]) != before || m.edit != nil {
		t.Fatal("a locked field changed")
	}
	if n := noticesOf(cmd); len(n) != 1 || n[0] != "Locked: segmentation_details cannot change while the campaign is ACTIVE." {
		t.Fatalf("no lock reason in the status line: %q", n)
	}
	if !strings.Contains(m.View(), "Locked: segmentation_details cannot change while the campaign is ACTI") {
		t.Fatalf("no lock reason under the row:\n%s", m.View())
	}
	// Content stays editable on an active campaign.
	m.goStep(forms.StepContent)
	focus(t, m, forms.MessagePath(m.d.work, "default", "variation_1")+".push.android.basic_details.title")
	press(m, kEnter, runes("!"))
	if !strings.HasSuffix(m.fieldText(m.list.rows[m.list.cur]), "!") {
		t.Fatal("content of an active campaign is not editable")
	}
	if st := store.Status(m.id); !slices.Contains(st.Unsynced, "campaign_content") {
		t.Fatalf("the edit did not reach the sync engine: %v", st)
	}
}

func TestStoppedCampaignIsAllLocked(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	st := model.StatusStopped
	c.Status = &st
	m, _ := newTestEditor(t, c, 160, 48)
	focus(t, m, "basic_details.name")
	press(m, kEnter)
	if m.edit != nil || !strings.Contains(m.View(), "a STOPPED campaign cannot be edited") {
		t.Fatalf("stopped campaign editable:\n%s", m.View())
	}
}

func TestProblemShowsBesideFieldAndJumps(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	m, _ := newTestEditor(t, c, 160, 48)
	if len(m.probs.items) != 0 {
		t.Fatalf("fixture not publishable: %v", m.probs.items)
	}
	m.goStep(forms.StepContent)
	m.sel.Locale = "fr-FR"
	m.rebuild()
	title := forms.MessagePath(m.d.work, "fr-FR", "variation_1") + ".push.android.basic_details.title"
	focus(t, m, title)
	press(m, kEnter)
	for range len(m.edit.value()) {
		press(m, uitest.Key("backspace"))
	}
	press(m, kEsc)
	if len(m.list.problems[m.list.cur]) == 0 || !strings.Contains(m.View(), "✗") {
		t.Fatalf("no problem beside the emptied title:\n%s", m.View())
	}
	// Go elsewhere, then jump back from the panel.
	m.sel.Locale = "default"
	m.goStep(forms.StepBasic)
	m.pane = 1
	for i, it := range m.probs.items {
		if it.p.Target == title {
			m.probs.cur = i
		}
	}
	press(m, kEnter)
	if m.step != forms.StepContent || m.sel.Locale != "fr-FR" || m.list.rows[m.list.cur].Path != title {
		t.Fatalf("jumped to %s %v %s", m.step, m.sel, m.list.rows[m.list.cur].Path)
	}
	press(m, kEnter, runes("Salut"), kEsc)
	if len(m.probs.items) != 0 {
		t.Fatalf("problem stays after retyping: %v", m.probs.items)
	}
}

func TestCampaignTextIsDrawnInert(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	evil := "Sale\x1b]52;c;ZXZpbA==\x07\x1b[2J now"
	c.BasicDetails.Name = &evil
	m, _ := newTestEditor(t, c, 160, 48)
	out := m.View()
	if strings.ContainsRune(out, 0x07) || strings.Contains(out, "]52;") || strings.Contains(out, "[2J") {
		t.Fatalf("escape sequence drawn: %q", out)
	}
	if !strings.Contains(out, "Sale now") {
		t.Fatal("name not shown")
	}
}

func TestLeavingWithUnsyncedEditsAsks(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	m, _ := newTestEditor(t, c, 160, 48)
	focus(t, m, "basic_details.name")
	press(m, kEnter, runes("x"), kEsc)
	_, cmd := m.Update(kEsc)
	if cmd != nil || m.dialogs.Empty() || !strings.Contains(m.View(), "Leave the editor?") {
		t.Fatalf("left without asking:\n%s", m.View())
	}
	_, cmd = m.Update(runes("l"))
	if cmd == nil {
		t.Fatal("l does not leave")
	}
	if _, ok := msgOf(cmd).(leaveMsg); !ok {
		t.Fatal("l does not leave")
	}
}

func TestNarrowWindowFits(t *testing.T) {
	c := largeCampaign(t)
	for _, size := range [][2]int{{80, 24}, {200, 60}, {160, 48}} {
		m, _ := newTestEditor(t, c, size[0], size[1])
		m.goStep(forms.StepContent)
		out := m.View()
		lines := strings.Split(out, "\n")
		if len(lines) > size[1] {
			t.Errorf("%v: %d lines", size, len(lines))
		}
		for _, l := range lines {
			if w := len([]rune(ansiStrip(l))); w > size[0] {
				t.Errorf("%v: line %d wide: %q", size, w, l)
				break
			}
		}
	}
}

func TestTestSendRequest(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	m, _ := newTestEditor(t, c, 160, 48)
	sent := &recordingTester{}
	m.f.Tester = sent
	// Identifiers on the second row; enter goes on to the mode, to
	// [ Send test ], then sends.
	sent.keys(m, uitest.Key("ctrl+t"), kDown, runes("user-001, user-002"), kEnter, kEnter, kEnter)
	req, err := sent.last(t, m)
	if err != nil {
		t.Fatal(err)
	}
	if req.DraftID != "" || req.CampaignContent == nil || req.BasicDetails == nil || req.Channel != "PUSH" ||
		req.TestCampaignMeta.Platform != "" || len(req.TestCampaignMeta.IdentifierValues) != 2 || req.TestCampaignMeta.Identifier != "USER_ATTRIBUTE_UNIQUE_ID" {
		t.Fatalf("inline request: %+v %+v", req, req.TestCampaignMeta)
	}
	// Saved draft, IOS, es-ES, variation_1.
	sent.keys(m, uitest.Key("ctrl+t"), kDown, runes("user-001, user-002"), kDown, kRight, kDown, kRight, kRight, kDown, kRight, kRight, kDown, kRight, kDown, kEnter)
	req, err = sent.last(t, m)
	if err != nil {
		t.Fatal(err)
	}
	meta := req.TestCampaignMeta
	if req.DraftID != *c.CampaignID || req.CampaignContent != nil || meta.Platform != "IOS" || meta.LocaleName != "es-ES" || meta.Variation != "variation_1" {
		t.Fatalf("draft request: %+v %+v", req, meta)
	}
	sent.keys(m, uitest.Key("ctrl+t"), kDown, runes(strings.Repeat("a,", 10)+"b"), kEnter, kEnter, kEnter)
	if v := m.View(); sent.n != 2 || !strings.Contains(v, "at most 10") {
		t.Fatalf("11 identifiers: sent %d\n%s", sent.n, v)
	}
}

// recordingTester keeps the test requests sent.
type recordingTester struct {
	reqs []api.TestRequest
	n    int
}

func (r *recordingTester) Test(_ context.Context, req api.TestRequest) (api.TestResult, error) {
	r.reqs = append(r.reqs, req)
	return api.TestResult{}, nil
}

// keys presses ks and runs what the last one asks (the send).
func (r *recordingTester) keys(m *Model, ks ...tea.KeyMsg) {
	press(m, ks[:len(ks)-1]...)
	_, cmd := m.Update(ks[len(ks)-1])
	uitest.Feed(m, cmd)
}

// last returns the request the editor sent; the test dialog is closed
// after it.
func (r *recordingTester) last(t *testing.T, m *Model) (api.TestRequest, error) {
	t.Helper()
	if !m.dialogs.Has("test") {
		t.Fatal("ctrl+t opens no test dialog")
	}
	m.dialogs.Reset()
	if len(r.reqs) == r.n {
		return api.TestRequest{}, fmt.Errorf("nothing sent:\n%s", m.View())
	}
	r.n = len(r.reqs)
	return r.reqs[r.n-1], nil
}

func TestConflictMergedByHand(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	m, eng := newConflictEditor(t, c, "Summer sale kickoff", "Theirs")
	press(m, runes("c"))
	out := m.View()
	if !strings.Contains(out, "Conflict in basic_details") || !strings.Contains(out, `"name": "Theirs"`) || !strings.Contains(out, `"name": "Summer sale kickoff"`) {
		t.Fatalf("conflict view:\n%s", out)
	}
	press(m, runes("e"))
	d, ok := m.dialogs.Top().(*dialogs.Merge)
	if !ok {
		t.Fatal("e opens no merge editor")
	}
	d.SetText(`{"name": "Merged", "platforms": ["ANDROID"]}`)
	_, cmd := m.Update(uitest.Key("ctrl+s"))
	if cmd == nil {
		t.Fatal("ctrl+s resolves nothing")
	}
	uitest.Feed(m, cmd)
	w := eng.Working(m.id)
	if len(eng.Conflicts(m.id)) != 0 || nameOf(w) != "Merged" || !slices.Equal(w.BasicDetails.Platforms, []string{"ANDROID"}) {
		t.Fatalf("resolved: conflicts %v, basic_details %s", eng.Conflicts(m.id), model.Encode(w.BasicDetails))
	}
	// Bad JSON is refused with its position, not sent.
	m, _ = newConflictEditor(t, c, "Summer sale kickoff", "Theirs")
	press(m, runes("c"), runes("e"))
	m.dialogs.Top().(*dialogs.Merge).SetText(`{"name": `)
	press(m, uitest.Key("ctrl+s"))
	if _, still := m.dialogs.Top().(*dialogs.Merge); !still || !strings.Contains(m.View(), "line 1") {
		t.Fatalf("bad JSON accepted:\n%s", m.View())
	}
}

func TestSyncStatusLine(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	m, _ := newTestEditor(t, c, 160, 48)
	cases := []struct {
		st   drafts.Status
		want string
	}{
		{drafts.Status{State: drafts.StateSynced}, "● synced"},
		{drafts.Status{State: drafts.StatePending, Pending: []string{"a", "b"}, Unsynced: []string{"a", "b"}}, "2 components pending"},
		{drafts.Status{State: drafts.StateInvalid, Invalid: map[string][]engine.Problem{"delivery_controls": nil}}, "not sent (to fix: Delivery controls)"},
		{drafts.Status{State: drafts.StateOffline, OfflineSince: at(10, 0, 0)}, "offline since 10:00:00 (edits kept, retrying)"},
		{drafts.Status{State: drafts.StateConflict, Conflicts: []string{"basic_details"}}, "conflict in Basic details (c to resolve)"},
		{drafts.Status{State: drafts.StateRateLimited, RateLimitedUntil: at(10, 0, 5)}, "rate-limited until 10:00:05"},
		{drafts.Status{State: drafts.StateFailed, Err: errors.New("409 BAD_REQUEST")}, "not saved: 409 BAD_REQUEST"},
	}
	for _, tc := range cases {
		m.Update(listenMsg{ev: &drafts.Event{ID: m.id, Kind: drafts.EventStatus, Status: tc.st}})
		if out := m.View(); !strings.Contains(out, tc.want) {
			t.Errorf("status %v: no %q in the status line", tc.st.State, tc.want)
		}
	}
	// Another campaign's event changes nothing.
	m.Update(listenMsg{ev: &drafts.Event{ID: "other", Kind: drafts.EventStatus, Status: drafts.Status{State: drafts.StateOffline, OfflineSince: at(10, 0, 0)}}})
	if strings.Contains(m.View(), "offline") {
		t.Error("an event of another campaign was applied")
	}
}

func TestZonePickerWithNoMatch(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	m, _ := newTestEditor(t, c, 160, 48)
	m.goStep(forms.StepSchedule)
	focus(t, m, "scheduling_details.timezone")
	press(m, kEnter, runes("zzzz"), kDown, kEnter)
	if got := m.fieldText(m.list.rows[m.list.cur]); got != "zzzz" {
		t.Fatalf("typed zone = %q", got)
	}
	if len(m.list.problems[m.list.cur]) == 0 {
		t.Fatal("an unknown zone is not a problem")
	}
	press(m, kEnter, runes("kolk"), kEnter)
	if got := m.fieldText(m.list.rows[m.list.cur]); got != "Asia/Kolkata" {
		t.Fatalf("picked zone = %q", got)
	}
}

func TestEditingTextWithEscapesShowsItInert(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	evil := "Sale\x1b[31m red\x1b]0;title\x07"
	c.BasicDetails.Name = &evil
	m, _ := newTestEditor(t, c, 160, 48)
	focus(t, m, "basic_details.name")
	press(m, kEnter)
	if out := m.View(); strings.ContainsRune(out, 0x07) || strings.Contains(out, "]0;") {
		t.Fatalf("escape drawn while editing: %q", out)
	}
	press(m, runes("!"))
	if got := *m.d.work.BasicDetails.Name; got != "Sale red!" {
		t.Fatalf("name = %q", got)
	}
}

func TestUnknownFieldsSurviveAnEdit(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	c.BasicDetails.Extra.SetUnknown("x_custom", map[string]any{"k": "v"})
	c.CampaignContent.Content.Keyed["default"]["variation_1"].Push.Android.Extra.SetUnknown("x_android", true)
	m, st := newTestEditor(t, c, 160, 48)
	focus(t, m, "basic_details.name")
	press(m, kEnter, runes("!"), kEsc)
	m.goStep(forms.StepContent)
	focus(t, m, forms.MessagePath(m.d.work, "default", "variation_1")+".push.android.basic_details.title")
	press(m, kEnter, runes("!"), kEsc)
	got := string(model.Encode(st.Working(m.id)))
	for _, want := range []string{`"x_custom":{"k":"v"}`, `"x_android":true`, `Summer sale kickoff!`} {
		if !strings.Contains(got, want) {
			t.Errorf("journaled copy lacks %s", want)
		}
	}
	if p := nextPatch(st.Base(m.id), st.Working(m.id), nil); p == nil || p.BasicDetails == nil || p.CampaignContent == nil || p.SchedulingDetails != nil {
		t.Fatalf("next PATCH should hold exactly the two edited components: %s", model.Encode(p))
	}
}

// at is today's h:m:s in local time, as the status line shows it.
func at(h, m, s int) time.Time {
	y, mo, d := time.Now().Date()
	return time.Date(y, mo, d, h, m, s, 0, time.Local)
}

func nameOf(c *model.Campaign) string {
	if c == nil || c.BasicDetails == nil || c.BasicDetails.Name == nil {
		return ""
	}
	return *c.BasicDetails.Name
}

// newConflictEditor opens c (created on a sandbox on loopback) with name
// mine typed here and theirs saved meanwhile by someone else: a conflict
// on basic_details.
func newConflictEditor(t *testing.T, c *model.Campaign, mine, theirs string) (*Model, *drafts.Engine) {
	t.Helper()
	url, _, stop, err := sandbox.StartLocal(sandbox.Config{NoRateLimits: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = stop() })
	ws := sandbox.DefaultWorkspace()
	client, err := api.New(api.Config{BaseURL: url, WorkspaceID: ws.ID, APIKey: ws.Key})
	if err != nil {
		t.Fatal(err)
	}
	body := model.Clone(c)
	body.ID, body.CampaignID, body.Status = nil, nil, nil
	body.BasicDetails.Name = ptrTo("Before")
	ctx := context.Background()
	res, err := client.Create(ctx, body)
	if err != nil {
		t.Fatal(err)
	}
	eng, err := drafts.Open(t.TempDir(), client, drafts.Options{Clock: drafts.NewFakeClock(time.Now())})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	d, err := eng.LoadDraft(ctx, res.ID)
	if err != nil {
		t.Fatal(err)
	}
	if err := eng.Edit(res.ID, func(w *model.Campaign) { w.BasicDetails.Name = ptrTo(mine) }); err != nil {
		t.Fatal(err)
	}
	other := model.Clone(eng.Base(res.ID).BasicDetails)
	other.Name = ptrTo(theirs)
	if _, err := client.Patch(ctx, res.ID, &model.Campaign{BasicDetails: other}); err != nil {
		t.Fatal(err)
	}
	if err := eng.Flush(ctx, res.ID); !errors.Is(err, drafts.ErrConflict) {
		t.Fatalf("flush: %v, want a conflict", err)
	}
	f := &Factory{Drafts: eng, Options: engine.Options{Features: engine.Features{AudienceLimit: true}}}
	m := f.New(testCommon(160, 48), res.ID)
	m.Update(loadedMsg{id: m.id, d: d})
	m.dialogs.Reset() // the conflict view opens on load; the test opens it with c
	return m, eng
}

func ptrTo[T any](v T) *T { return &v }
