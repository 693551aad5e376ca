package common

import (
	"cmp"
	"os"
	"strings"
	"time"

	osc52 "github.com/aymanbagabas/go-osc52/v2"
	tea "github.com/charmbracelet/bubbletea"
)

// Clock is the time now by the program's clock.
func (c *Common) Clock() time.Time {
	if c.Now != nil {
		return c.Now()
	}
	return time.Now()
}

// Zone is the reader's zone and its label for the checklist and summary.
func (c *Common) Zone() (*time.Location, string) {
	if c.Local == nil {
		return time.Local, cmp.Or(c.LocalLabel, "your time")
	}
	return c.Local, cmp.Or(c.LocalLabel, "your time")
}

// Visible reports whether s is on show (so its timers may work).
func (c *Common) Visible(s Screen) bool { return c.IsTop == nil || c.IsTop(s) }

// Copy puts text on the terminal's clipboard through OSC 52, written to the
// program's output (the SSH session over SSH, so the visitor's own
// terminal gets it), and tells what was copied as a notice.
func (c *Common) Copy(text, what string) tea.Cmd {
	out := c.Output
	if out == nil {
		return Notice("Nothing copied: this program has no terminal to copy to.", true)
	}
	seq := osc52.New(text)
	// GNU screen passes a sequence on only wrapped in its own.
	if t := os.Getenv("TERM"); strings.HasPrefix(t, "screen") && os.Getenv("TMUX") == "" {
		seq = seq.Screen()
	}
	return func() tea.Msg {
		if _, err := seq.WriteTo(out); err != nil {
			return NoticeMsg{Text: "Could not copy: " + err.Error(), Err: true}
		}
		return NoticeMsg{Text: "Copied " + what + " to the clipboard (OSC 52; your terminal must allow it)."}
	}
}
