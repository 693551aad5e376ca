package editor

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"campaigns/forms"
	"campaigns/model"
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
	if m.fieldText(m.rows[m.cur]) != before || m.editing {
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
	if m.editing || !strings.Contains(m.View(), "a STOPPED campaign cannot be edited") {
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
	for range len(m.input.Value()) {
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
