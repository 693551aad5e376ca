package common

import (
	"bytes"
	"crypto/sha256"
	"sync"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/formatters"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/alecthomas/chroma/v2/styles"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// Highlighter colours JSON with chroma for one renderer and caches the
// result by content, so a text is highlighted once however often it is
// drawn. Safe for use from commands running concurrently.
type Highlighter struct {
	formatter string // "" draws no colour
	style     string
	mu        sync.Mutex
	cache     map[[32]byte]string
}

// NewHighlighter picks the chroma formatter from the renderer's colour
// profile and the style from its background; plain themes get none.
func NewHighlighter(r *lipgloss.Renderer, plain bool) *Highlighter {
	h := &Highlighter{cache: map[[32]byte]string{}}
	if r == nil {
		r = lipgloss.DefaultRenderer()
	}
	if plain {
		return h
	}
	switch r.ColorProfile() {
	case termenv.TrueColor:
		h.formatter = "terminal16m"
	case termenv.ANSI256:
		h.formatter = "terminal256"
	case termenv.ANSI:
		h.formatter = "terminal16"
	default:
		return h
	}
	h.style = "github"
	if r.HasDarkBackground() {
		h.style = "github-dark"
	}
	return h
}

// JSON returns src highlighted (src itself when colour is off or chroma
// fails). src must already be clean of control sequences.
func (h *Highlighter) JSON(src string) string {
	if h == nil || h.formatter == "" {
		return src
	}
	sum := sha256.Sum256([]byte(src))
	h.mu.Lock()
	out, ok := h.cache[sum]
	h.mu.Unlock()
	if ok {
		return out
	}
	out = src
	lexer := lexers.Get("json")
	style := styles.Get(h.style)
	f := formatters.Get(h.formatter)
	if lexer != nil && style != nil && f != nil {
		lexer = chroma.Coalesce(lexer)
		if it, err := lexer.Tokenise(nil, src); err == nil {
			var buf bytes.Buffer
			if f.Format(&buf, style, it) == nil {
				out = buf.String()
			}
		}
	}
	h.mu.Lock()
	if len(h.cache) > 64 { // a few campaigns' worth; drop all rather than track age
		clear(h.cache)
	}
	h.cache[sum] = out
	h.mu.Unlock()
	return out
}
