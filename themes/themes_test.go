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
