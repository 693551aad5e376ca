package editor

import (
	"slices"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

// On an ACTIVE campaign the audience is locked: a key changes nothing and
// the status line and the row say why; its content stays editable and the
// edit reaches the sync engine.
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

// A STOPPED campaign cannot be edited at all, and the editor says so.
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

// An edit that would break the live campaign (the Android title emptied:
// it could not be published like this) is sent only after a confirmation
// that names the problem with its target; esc keeps it local.
func TestSendingABreakingEditNamesTheProblems(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	st := model.StatusScheduled
	c.Status = &st
	m, store := newTestEditor(t, c, 160, 48)
	if !strings.Contains(m.View(), "View mode: SCHEDULED, read-only") {
		t.Fatalf("no view-mode banner:\n%s", m.View())
	}
	press(m, runes("E"), runes("y"))
	m.goStep(forms.StepContent)
	title := forms.MessagePath(m.d.work, "default", "variation_1") + ".push.android.basic_details.title"
	focus(t, m, title)
	press(m, uitest.Key("backspace"), kEnter)
	if got := m.fieldText(m.list.rows[m.list.cur]); got != "" {
		t.Fatalf("title %q after clearing", got)
	}
	press(m, uitest.Key("ctrl+s"))
	v := m.View()
	for _, want := range []string{"Send to a live campaign", "It would break the campaign", title, "y send anyway"} {
		if !strings.Contains(v, want) {
			t.Errorf("the confirmation lacks %q:\n%s", want, v)
		}
	}
	press(m, kEsc)
	if !m.dialogs.Empty() || len(store.Status(m.id).Unsynced) == 0 {
		t.Fatalf("esc: dialog %v, unsynced %v", m.dialogs.Top(), store.Status(m.id).Unsynced)
	}
}
