package common

import (
	"bytes"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/campaigns-cli/campaigns/themes"
)

// TestHuhHintsAreNotValues: in the high-contrast theme huh's placeholders
// were drawn in the muted colour only, upright like a value; they take the
// theme's placeholder style (italic), and without colour the hint itself
// is put in parentheses.
func TestHuhHintsAreNotValues(t *testing.T) {
	r := lipgloss.NewRenderer(&bytes.Buffer{})
	r.SetColorProfile(termenv.TrueColor)
	s := themes.New(themes.HighContrast(), r)
	ht := HuhTheme(s)
	if got, want := ht.Focused.TextInput.Placeholder.Render("x"), s.Placeholder.Render("x"); got != want || got == s.Text.Render("x") {
		t.Errorf("huh's placeholder %q, want the theme's placeholder %q (not a value's %q)", got, want, s.Text.Render("x"))
	}
	if h := s.Hint("optional"); h != "optional" {
		t.Errorf("a colour theme changed the hint's words: %q", h)
	}
	if h := themes.New(themes.Plain(), r).Hint("optional"); h != "(optional)" {
		t.Errorf("the plain theme's hint %q, want it in parentheses", h)
	}
}
