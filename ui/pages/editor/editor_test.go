package editor

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
)

func press(m *Model, ks ...tea.KeyMsg) {
	for _, k := range ks {
		_, cmd := m.Update(k)
		_ = cmd
	}
}

var (
	kEnter = tea.KeyMsg{Type: tea.KeyEnter}
	kDown  = tea.KeyMsg{Type: tea.KeyDown}
	kRight = tea.KeyMsg{Type: tea.KeyRight}
	kEsc   = tea.KeyMsg{Type: tea.KeyEsc}
)

func runes(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }

func focus(t *testing.T, m *Model, path string) {
	t.Helper()
	for i, f := range m.rows {
		if f.Path == path {
			m.cur = i
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
	m.goStep(forms.StepAudience)
	focus(t, m, "segmentation_details.is_all_user_campaign")
	before := m.fieldText(m.rows[m.cur])
	press(m, kRight, kEnter)
	if m.fieldText(m.rows[m.cur]) != before || m.edit != nil {
		t.Fatal("a locked field changed")
	}
	if !strings.Contains(m.View(), "Locked: segmentation_details cannot change while the campaign is ACTIVE") {
		t.Fatalf("no lock reason:\n%s", m.View())
	}
	// Content stays editable on an active campaign.
	m.goStep(forms.StepContent)
	focus(t, m, forms.MessagePath(m.work, "default", "variation_1")+".push.android.basic_details.title")
	press(m, kEnter, runes("!"))
	if !strings.HasSuffix(m.fieldText(m.rows[m.cur]), "!") {
		t.Fatal("content of an active campaign is not editable")
	}
	m.queue.drain()
	if store.edits == 0 {
		t.Fatal("the edit did not reach the store")
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
	if len(m.panel) != 0 {
		t.Fatalf("fixture not publishable: %v", m.panel)
	}
	m.goStep(forms.StepContent)
	m.sel.Locale = "fr-FR"
	m.rebuild()
	title := forms.MessagePath(m.work, "fr-FR", "variation_1") + ".push.android.basic_details.title"
	focus(t, m, title)
	press(m, kEnter)
	for range len(m.edit.value()) {
		press(m, tea.KeyMsg{Type: tea.KeyBackspace})
	}
	press(m, kEsc)
	if len(m.rowProblems[m.cur]) == 0 || !strings.Contains(m.View(), "✗") {
		t.Fatalf("no problem beside the emptied title:\n%s", m.View())
	}
	// Go elsewhere, then jump back from the panel.
	m.sel.Locale = "default"
	m.goStep(forms.StepBasic)
	m.pane = 1
	for i, it := range m.panel {
		if it.p.Target == title {
			m.pcur = i
		}
	}
	press(m, kEnter)
	if m.step != forms.StepContent || m.sel.Locale != "fr-FR" || m.rows[m.cur].Path != title {
		t.Fatalf("jumped to %s %v %s", m.step, m.sel, m.rows[m.cur].Path)
	}
	press(m, kEnter, runes("Salut"), kEsc)
	if len(m.panel) != 0 {
		t.Fatalf("problem stays after retyping: %v", m.panel)
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
	if cmd != nil || m.dialog == nil || !strings.Contains(m.View(), "Leave the editor?") {
		t.Fatalf("left without asking:\n%s", m.View())
	}
	_, cmd = m.Update(runes("l"))
	if cmd == nil {
		t.Fatal("l does not leave")
	}
	if _, ok := cmd().(leaveMsg); !ok {
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
	press(m, tea.KeyMsg{Type: tea.KeyCtrlT})
	d, ok := m.dialog.(*testDialog)
	if !ok {
		t.Fatal("ctrl+t opens no test dialog")
	}
	d.ids.SetValue("user-001, user-002")
	req, err := d.request(m)
	if err != nil {
		t.Fatal(err)
	}
	if req.DraftID != "" || req.CampaignContent == nil || req.BasicDetails == nil || req.Channel != "PUSH" ||
		req.TestCampaignMeta.Platform != "" || len(req.TestCampaignMeta.IdentifierValues) != 2 || req.TestCampaignMeta.Identifier != "USER_ATTRIBUTE_UNIQUE_ID" {
		t.Fatalf("inline request: %+v %+v", req, req.TestCampaignMeta)
	}
	d.mode, d.platform, d.locale, d.variation = 1, 2, 2, 1 // IOS, es-ES, variation_1
	req, err = d.request(m)
	if err != nil {
		t.Fatal(err)
	}
	meta := req.TestCampaignMeta
	if req.DraftID != *c.CampaignID || req.CampaignContent != nil || meta.Platform != "IOS" || meta.LocaleName != "es-ES" || meta.Variation != "variation_1" {
		t.Fatalf("draft request: %+v %+v", req, meta)
	}
	d.ids.SetValue(strings.Repeat("a,", 10) + "b")
	if _, err := d.request(m); err == nil || !strings.Contains(err.Error(), "at most 10") {
		t.Fatalf("11 identifiers: %v", err)
	}
}

func TestConflictMergedByHand(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	m, st := newTestEditor(t, c, 160, 48)
	theirs := model.Clone(c.BasicDetails)
	name := "Theirs"
	theirs.Name = &name
	st.conflicts = []ConflictInfo{{Component: "basic_details", Local: c.BasicDetails, Remote: theirs}}
	press(m, runes("c"))
	out := m.View()
	if !strings.Contains(out, "Conflict in basic_details") || !strings.Contains(out, `"name": "Theirs"`) || !strings.Contains(out, `"name": "Summer sale kickoff"`) {
		t.Fatalf("conflict view:\n%s", out)
	}
	press(m, runes("e"))
	d, ok := m.dialog.(*mergeDialog)
	if !ok {
		t.Fatal("e opens no merge editor")
	}
	d.area.SetValue(`{"name": "Merged", "platforms": ["ANDROID"]}`)
	press(m, tea.KeyMsg{Type: tea.KeyCtrlS})
	m.queue.drain()
	if len(st.resolved) != 1 || st.resolved[0].r != MergeByHand || string(st.resolved[0].merged.([]byte)) != `{"name": "Merged", "platforms": ["ANDROID"]}` {
		t.Fatalf("resolved: %+v", st.resolved)
	}
	// Bad JSON is refused with its position, not sent.
	st.conflicts = []ConflictInfo{{Component: "basic_details", Local: c.BasicDetails, Remote: theirs}}
	press(m, runes("c"), runes("e"))
	m.dialog.(*mergeDialog).area.SetValue(`{"name": `)
	press(m, tea.KeyMsg{Type: tea.KeyCtrlS})
	if _, still := m.dialog.(*mergeDialog); !still || !strings.Contains(m.View(), "line 1") {
		t.Fatalf("bad JSON accepted:\n%s", m.View())
	}
}

func TestSyncStatusLine(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	m, _ := newTestEditor(t, c, 160, 48)
	cases := []struct {
		st   SyncStatus
		want string
	}{
		{SyncStatus{State: Synced}, "● synced"},
		{SyncStatus{State: Pending, Pending: 2, Unsynced: 2}, "2 component(s) pending"},
		{SyncStatus{State: Invalid, Invalid: map[string][]engine.Problem{"delivery_controls": nil}}, "invalid (not sent): delivery_controls"},
		{SyncStatus{State: Offline, Text: "offline since 10:00:00"}, "offline since 10:00:00 (edits kept, retrying)"},
		{SyncStatus{State: Conflict, Conflicts: []string{"basic_details"}}, "conflict in basic_details (c to resolve)"},
		{SyncStatus{State: RateLimited, Text: "rate-limited until 10:00:05"}, "rate-limited until 10:00:05"},
		{SyncStatus{State: Failed, Text: "not saved: 409 BAD_REQUEST"}, "not saved: 409 BAD_REQUEST"},
	}
	for _, tc := range cases {
		m.Update(listenMsg{ev: &StoreEvent{ID: m.id, Status: tc.st}})
		if out := m.View(); !strings.Contains(out, tc.want) {
			t.Errorf("status %v: no %q in the status line", tc.st.State, tc.want)
		}
	}
	// Another campaign's event changes nothing.
	m.Update(listenMsg{ev: &StoreEvent{ID: "other", Status: SyncStatus{State: Offline, Text: "x"}}})
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
	if got := m.fieldText(m.rows[m.cur]); got != "zzzz" {
		t.Fatalf("typed zone = %q", got)
	}
	if len(m.rowProblems[m.cur]) == 0 {
		t.Fatal("an unknown zone is not a problem")
	}
	press(m, kEnter, runes("kolk"), kEnter)
	if got := m.fieldText(m.rows[m.cur]); got != "Asia/Kolkata" {
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
	if got := *m.work.BasicDetails.Name; got != "Sale red!" {
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
	focus(t, m, forms.MessagePath(m.work, "default", "variation_1")+".push.android.basic_details.title")
	press(m, kEnter, runes("!"), kEsc)
	m.queue.drain()
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
