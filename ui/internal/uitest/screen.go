package uitest

import (
	"bytes"
	"io"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest"
)

// screen is a test program's Term, and every byte it was fed, for checks on
// the stream itself.
type screen struct {
	term    *Term
	written bytes.Buffer
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
	s := &screen{term: NewTerm(t)}
	screens[tm] = s
	t.Cleanup(func() {
		screensMu.Lock()
		delete(screens, tm)
		screensMu.Unlock()
	})
	return s
}

func (s *screen) feed(b []byte) {
	s.written.Write(b)
	_, _ = s.term.Write(b)
}

// WaitFor waits until every part is on the program's screen (the rendered
// screen, not the bytes written: text that was drawn and then overwritten
// does not count). Generous, since a loaded machine is slow and a pass
// returns at once; on failure it shows the screen as it is.
func WaitFor(t testing.TB, tm *teatest.TestModel, parts ...string) {
	t.Helper()
	waitScreen(t, tm, func(s *screen) bool { return s.term.Has(parts...) })
}

// WaitForHighlighted waits until part is on the screen in more than one
// colour: the syntax highlighting done in the background has reached it,
// so a golden taken now has the highlighted frame, not the plain one.
func WaitForHighlighted(t testing.TB, tm *teatest.TestModel, part string) {
	t.Helper()
	waitScreen(t, tm, func(s *screen) bool { return s.term.Multicoloured(part) })
}

// waitScreen feeds the program's output to its screen until ok holds.
func waitScreen(t testing.TB, tm *teatest.TestModel, ok func(*screen) bool) {
	t.Helper()
	s := screenOf(t, tm)
	fed, looked := 0, false
	met := false
	defer func() {
		if !met {
			t.Logf("the screen:\n%s", s.term)
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
	return s.term.String()
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
