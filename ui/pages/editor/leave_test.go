package editor

import (
	"strings"
	"testing"
)

// esc with edits not yet on the service asks before leaving the editor;
// l leaves.
func TestLeavingWithUnsyncedEditsAsks(t *testing.T) {
	m := summerSale(t, 160, 48)
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
