package editor_test

import (
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
)

// At 80 columns a problem's line is cut; the one under the cursor in the
// problems panel is shown whole, wrapped.
func TestSelectedProblemShownWholeIn80Columns(t *testing.T) {
	e := newEnv(t)
	tm, _ := e.runAt(t, 0, 80, 24)
	newDraft(t, tm, false, "Narrow")
	keys(tm, "tab")
	waitFor(t, tm, "enter: go to field", "publishing.")
	view := finalView(t, tm)
	// The message in plain words, whole, with its path on a detail line.
	flat := strings.Join(strings.Fields(view), " ")
	if !strings.Contains(flat, "Platforms: choose at least one of ANDROID, IOS and WEB before publishing.") || !strings.Contains(flat, "basic_details.platforms · publish.platforms") {
		t.Fatalf("the selected problem is not whole:\n%s", view)
	}
	for _, l := range strings.Split(view, "\n") {
		if lipgloss.Width(l) > 80 {
			t.Fatalf("a line wider than the window: %q", l)
		}
	}
}
