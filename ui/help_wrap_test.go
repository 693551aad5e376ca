package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/teatest"

	"github.com/campaigns-cli/campaigns/themes"
)

// At 80×24 the editor's help shows every key: its columns wrap onto more
// rows instead of ending in "…" ([ ], 1-8, ctrl+s, ctrl+t, alt+key and
// esc were cut off).
func TestEditorHelpFitsIn80x24(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	m := New(Config{Client: f.Client, Service: "embedded sandbox", Workspace: "SANDBOX", Theme: themes.Plain(), Editor: newEditor(t, f.Client)})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(80, 24))
	t.Cleanup(func() { _ = tm.Quit() })
	waitFor(t, tm, "status: all", "Empty draft")
	keys(tm, "enter")
	waitFor(t, tm, "Basic details")
	keys(tm, "?")
	waitFor(t, tm, "Keys", "ctrl+s", "ctrl+t", "1-8", "alt+key", "a/i/w", "alt+z", "leave editor")
	r := final(t, tm)
	v := r.View()
	if strings.Contains(v, "…") {
		t.Fatalf("the help is cut:\n%s", v)
	}
	for _, line := range strings.Split(v, "\n") {
		if w := len([]rune(line)); w > 80 {
			t.Fatalf("a line of %d columns:\n%s", w, v)
		}
	}
}
