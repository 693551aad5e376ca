package uitest

import (
	"bytes"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

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

// has feeds the newly read output and reports whether every part is on the
// screen now.
func (s *screen) has(newOutput []byte, parts []string) bool {
	s.feed(newOutput)
	text := s.emu.String()
	for _, p := range parts {
		if !strings.Contains(text, p) {
			return false
		}
	}
	return true
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
	s := screenOf(t, tm)
	fed, looked := 0, false
	ok := false
	defer func() {
		if !ok {
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
		ok = s.has(fresh, parts)
		return ok
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
