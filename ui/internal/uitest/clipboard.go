package uitest

import (
	"bytes"
	"encoding/base64"
	"sync"
	"testing"
)

// Clipboard is the terminal's clipboard side of a program (its
// common.Common.Output, where copies are written as OSC 52): what was
// copied, decoded, safe to read while the program runs.
type Clipboard struct {
	mu      sync.Mutex
	written []byte
}

func (c *Clipboard) Write(p []byte) (int, error) {
	c.mu.Lock()
	c.written = append(c.written, p...)
	c.mu.Unlock()
	return len(p), nil
}

// Copied is every text copied so far, oldest first; a sequence that is not
// OSC 52 with base64 text fails the test.
func (c *Clipboard) Copied(t testing.TB) []string {
	t.Helper()
	c.mu.Lock()
	rest := bytes.Clone(c.written)
	c.mu.Unlock()
	const osc52 = "\x1b]52;c;"
	var out []string
	for len(rest) > 0 {
		start := bytes.Index(rest, []byte(osc52))
		end := bytes.IndexByte(rest[max(start, 0):], '\a')
		if start < 0 || end < 0 {
			t.Fatalf("not an OSC 52 copy: %q", rest)
		}
		text, err := base64.StdEncoding.DecodeString(string(rest[start+len(osc52) : start+end]))
		if err != nil {
			t.Fatalf("the copy is not base64: %v", err)
		}
		out = append(out, string(text))
		rest = rest[start+end+1:]
	}
	return out
}
