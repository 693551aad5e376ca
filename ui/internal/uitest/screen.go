package uitest

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/charmbracelet/x/vt"
)

// screenCols and screenRows are the emulated terminal's size: larger than any
// test program draws (200x60 at most), so nothing the program writes wraps
// or scrolls away.
const screenCols, screenRows = 240, 80

// screen is the terminal a test program draws on, rebuilt cell by cell by a
// terminal emulator from everything the program has written. Waiting on it,
// not on substrings of the byte stream, keeps the tests true under a
// renderer that sends only the cells that changed (bubbletea v2).
type screen struct {
	emu     *vt.Emulator
	written bytes.Buffer // every byte fed, for checks on the stream itself
}

var (
	screensMu sync.Mutex
	screens   = map[*teatest.TestModel]*screen{}
)

// screenOf is tm's screen, made on first use; it lives as long as the test.
func screenOf(t testing.TB, tm *teatest.TestModel) *screen {
	screensMu.Lock()
	defer screensMu.Unlock()
	if s, ok := screens[tm]; ok {
		return s
	}
	s := &screen{emu: vt.NewEmulator(screenCols, screenRows)}
	// The emulator answers terminal queries on a pipe nobody else reads:
	// drain it, or an answer would block the next write.
	go func() { _, _ = io.Copy(io.Discard, s.emu) }()
	screens[tm] = s
	t.Cleanup(func() {
		screensMu.Lock()
		delete(screens, tm)
		screensMu.Unlock()
		// Ending the input pipe ends the drain above. Emulator.Close would do
		// it too, but it races with the drain's Read on a plain field.
		if pw, ok := s.emu.InputPipe().(*io.PipeWriter); ok {
			_ = pw.Close()
		}
	})
	return s
}

// has reports whether every part is on the screen now.
func (s *screen) has(parts []string) bool {
	text := s.emu.String()
	for _, p := range parts {
		if !strings.Contains(text, p) {
			return false
		}
	}
	return true
}

// multicoloured reports whether part stands on a line of the screen with
// cells of more than one foreground colour.
func (s *screen) multicoloured(part string) bool {
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

func (s *screen) feed(b []byte) {
	s.written.Write(b)
	_, _ = s.emu.Write(b)
}

// WaitFor waits until every part is on the program's screen (the rendered
// screen, not the bytes written: text that was drawn and then overwritten
// does not count). Generous, since a loaded machine is slow and a pass
// returns at once; on failure it shows the screen as it is.
func WaitFor(t testing.TB, tm *teatest.TestModel, parts ...string) {
	t.Helper()
	waitScreen(t, tm, func(s *screen) bool { return s.has(parts) })
}

// WaitForHighlighted waits until part is on the screen in more than one
// colour: the syntax highlighting done in the background has reached it,
// so a golden taken now has the highlighted frame, not the plain one.
func WaitForHighlighted(t testing.TB, tm *teatest.TestModel, part string) {
	t.Helper()
	waitScreen(t, tm, func(s *screen) bool { return s.multicoloured(part) })
}

// waitScreen feeds the program's output to its screen until ok holds.
func waitScreen(t testing.TB, tm *teatest.TestModel, ok func(*screen) bool) {
	t.Helper()
	s := screenOf(t, tm)
	fed, looked := 0, false
	met := false
	defer func() {
		if !met {
			t.Logf("the screen:\n%s", s.emu.String())
		}
	}()
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		// b is everything read since this call began; feed only what is new.
		fresh := b[fed:]
		if len(fresh) == 0 && looked {
			return false // nothing drawn since the last look
		}
		fed, looked = len(b), true
		s.feed(fresh)
		met = ok(s)
		return met
	}, teatest.WithDuration(60*time.Second), teatest.WithCheckInterval(10*time.Millisecond))
}

// Screen is what the program's screen shows now, as plain text (for a
// test's own assertions after a WaitFor).
func Screen(t testing.TB, tm *teatest.TestModel) string {
	s := screenOf(t, tm)
	s.catchUp(t, tm)
	return s.emu.String()
}

// Written is every byte the program has written so far, escape sequences
// included: for checks on the stream itself (a secret never drawn, no raw
// control byte from campaign text).
func Written(t testing.TB, tm *teatest.TestModel) []byte {
	s := screenOf(t, tm)
	s.catchUp(t, tm)
	return s.written.Bytes()
}

// catchUp feeds what the program wrote since the last wait (the output
// reader returns what it holds and does not block).
func (s *screen) catchUp(t testing.TB, tm *teatest.TestModel) {
	b, err := io.ReadAll(tm.Output())
	if err != nil {
		t.Fatalf("reading the program's output: %v", err)
	}
	s.feed(b)
}
