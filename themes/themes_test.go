package themes

import (
	"bytes"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

func TestNoColorWinsOverAnyTheme(t *testing.T) {
	th, ok := Select("high-contrast", true)
	if !ok || !th.Plain {
		t.Fatalf("NO_COLOR must select the plain theme, got %q", th.Name)
	}
	r := lipgloss.NewRenderer(&bytes.Buffer{})
	r.SetColorProfile(termenv.TrueColor)
	s := New(th, r)
	if out := s.Status("ACTIVE").Render("ACTIVE"); out != "ACTIVE" {
		t.Fatalf("plain theme drew escape sequences: %q", out)
	}
}

func TestStatusColoursDifferAndUnknownIsMuted(t *testing.T) {
	r := lipgloss.NewRenderer(&bytes.Buffer{})
	r.SetColorProfile(termenv.TrueColor)
	s := New(Default(), r)
	if s.Status("ACTIVE").Render("x") == s.Status("STOPPED").Render("x") {
		t.Fatal("ACTIVE and STOPPED must look different")
	}
	if s.Status("NOPE").Render("x") != s.Muted.Render("x") {
		t.Fatal("an unknown status is drawn muted")
	}
	if _, ok := ByName("neon"); ok {
		t.Fatal("unknown theme names are refused")
	}
}

// A placeholder never looks like a value, in any coloured theme.
func TestPlaceholdersDifferFromValues(t *testing.T) {
	for _, th := range []Theme{Default(), HighContrast()} {
		for _, dark := range []bool{false, true} {
			r := lipgloss.NewRenderer(&bytes.Buffer{})
			r.SetColorProfile(termenv.TrueColor)
			r.SetHasDarkBackground(dark)
			s := New(th, r)
			if s.Placeholder.Render("2026-12-01") == s.Text.Render("2026-12-01") {
				t.Errorf("%s (dark %v): a placeholder is drawn like a value", th.Name, dark)
			}
			if s.Muted.Render("x") == s.Text.Render("x") {
				t.Errorf("%s (dark %v): muted text is drawn like text", th.Name, dark)
			}
		}
	}
}
