package editor

import (
	"strings"
	"testing"
)

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
