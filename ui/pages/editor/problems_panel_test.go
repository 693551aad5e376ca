package editor

import (
	"fmt"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

// At 80×24 the problems panel has room for three lines: its title says
// how many there are and that ↓ shows the rest, and ↓ scrolls to the last.
func TestProblemsPanelSaysThereAreMore(t *testing.T) {
	m := blankThree(t)
	focus(t, m, contentPath(m, "android", "title"))
	press(m, runes("x"), kEnter) // judged again: the empty messages of every platform
	n := len(m.probs.items)
	if n < 4 {
		t.Fatalf("the blank draft has %d problems; the test needs 4 or more", n)
	}
	m.SetSize(80, 20)
	want := fmt.Sprintf("%d problems, tab, ↓ for more", n)
	if v := view(m); !strings.Contains(v, want) {
		t.Fatalf("the panel does not say %q:\n%s", want, v)
	}
	press(m, uitest.Key("tab")) // the panel
	for range n {
		press(m, kDown)
	}
	v := view(m)
	last := m.probs.items[n-1].plain.Text
	if !strings.Contains(v, last[:min(len(last), 30)]) {
		t.Fatalf("↓ did not scroll to the last problem %q:\n%s", last, v)
	}
	if strings.Contains(v, "↓ for more") {
		t.Fatalf("at the last problem the title still says ↓ for more:\n%s", v)
	}
}

// Below 110 columns the preview has no room beside the form: p shows it
// in the form's place (the footer says so), p again changes its tab, esc
// goes back to the form.
func TestPreviewFullScreenWhenNarrow(t *testing.T) {
	m := blankThree(t)
	m.SetSize(80, 20)
	var help []string
	for _, b := range m.ShortHelp() {
		help = append(help, b.Help().Key+" "+b.Help().Desc)
	}
	if !strings.Contains(strings.Join(help, " · "), "p preview (full screen)") {
		t.Fatalf("the footer does not say where the preview is: %v", help)
	}
	focus(t, m, contentPath(m, "android", "title")) // filled rows: p is no text
	press(m, runes("H"), runes("i"), kEnter)
	press(m, runes("p"))
	if m.pane != panePreview || !strings.Contains(view(m), "Preview") {
		t.Fatalf("p did not show the preview:\n%s", view(m))
	}
	press(m, kEsc)
	if m.pane != paneForm || m.id == "" {
		t.Fatalf("esc did not go back to the form (pane %d)", m.pane)
	}
}
