package common

import (
	"io"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// Renderer is what every style of one session is built from: the
// terminal's colour profile and background (over SSH, the visitor's, never
// the server's). It is lipgloss's today; this alias and NewRenderer are the
// only places that name it, so the move to the Charm v2 line (which drops
// the renderer for plain colour profiles) changes them and nothing else.
type Renderer = lipgloss.Renderer

// NewRenderer is a renderer for output written to w.
func NewRenderer(w io.Writer, opts ...termenv.OutputOption) *Renderer {
	return lipgloss.NewRenderer(w, opts...)
}
