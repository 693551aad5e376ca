package uitest

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/vt"
)

// termCols and termRows are the emulated terminal's size: larger than any
// test program draws (200x60 at most), so nothing the program writes wraps
// or scrolls away.
const termCols, termRows = 240, 80

// Term is a terminal rebuilt cell by cell by a terminal emulator from
// everything written to it: what a person would see. Tests wait on it, not
// on substrings of the byte stream, so they stay true under a renderer that
// sends only the cells that changed (bubbletea v2). teatest programs get
// one through WaitFor; programs reached another way (an SSH session) write
// to one themselves.
type Term struct {
	mu  sync.Mutex
	emu *vt.Emulator
}

// NewTerm makes a terminal that lives as long as the test.
func NewTerm(t testing.TB) *Term {
	s := &Term{emu: vt.NewEmulator(termCols, termRows)}
	// The emulator answers terminal queries on a pipe nobody else reads:
	// drain it, or an answer would block the next write.
	go func() { _, _ = io.Copy(io.Discard, s.emu) }()
	t.Cleanup(func() {
		// Ending the input pipe ends the drain above. Emulator.Close would do
		// it too, but it races with the drain's Read on a plain field.
		if pw, ok := s.emu.InputPipe().(*io.PipeWriter); ok {
			_ = pw.Close()
		}
	})
	return s
}

// Write draws p; it is safe to call while another goroutine looks.
func (s *Term) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.emu.Write(p)
}

// String is the screen now, as plain text.
func (s *Term) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.emu.String()
}

// Has reports whether every part is on the screen now.
func (s *Term) Has(parts ...string) bool {
	text := s.String()
	for _, p := range parts {
		if !strings.Contains(text, p) {
			return false
		}
	}
	return true
}

// Multicoloured reports whether part stands on a line of the screen with
// cells of more than one foreground colour.
func (s *Term) Multicoloured(part string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for y, line := range strings.Split(s.emu.String(), "\n") {
		i := strings.Index(line, part)
		if i < 0 {
			continue
		}
		x0, w := ansi.StringWidth(line[:i]), ansi.StringWidth(part)
		seen := map[string]bool{}
		for x := x0; x < x0+w; x++ {
			if c := s.emu.CellAt(x, y); c != nil {
				seen[fmt.Sprint(c.Style.Fg)] = true
			}
		}
		if len(seen) > 1 {
			return true
		}
	}
	return false
}
