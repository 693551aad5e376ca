package editor

import (
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

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
