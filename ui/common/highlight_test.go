package common

import (
	"io"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

func TestHighlighterColoursOnceAndCaches(t *testing.T) {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.TrueColor)
	r.SetHasDarkBackground(true)
	h := NewHighlighter(r, false)
	src := "{\n  \"name\": \"Summer\",\n  \"n\": 1\n}"
	out := h.JSON(src)
	if !strings.Contains(out, "\x1b[") || !strings.Contains(out, "Summer") {
		t.Fatalf("not highlighted: %q", out)
	}
	if again := h.JSON(src); again != out || len(h.cache) != 1 {
		t.Fatalf("second call not served from the cache (%d entries)", len(h.cache))
	}
	if plain := NewHighlighter(r, true).JSON(src); plain != src {
		t.Fatal("the plain theme must not colour")
	}
	r.SetColorProfile(termenv.Ascii)
	if got := NewHighlighter(r, false).JSON(src); got != src {
		t.Fatal("a terminal without colour must get the text as is")
	}
}
