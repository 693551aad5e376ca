package editor

import (
	"strings"
	"testing"
)

// Escape sequences in a campaign's text are never drawn: the name shows
// without them.
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

// The same while the text is being edited, and typing after it keeps the
// text without them.
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
