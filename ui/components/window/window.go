// Package window is the scroll position of a list drawn line by line: the
// first line shown and how many fit. It moves only as far as the cursor
// needs (a list never jumps under the reader), and the lists draw only the
// lines it shows, so a key costs the same however long the list is.
//
// It stands beside bubbles/viewport, which the editor uses for text that
// scrolls as a whole (a test's results, a conflict's two sides): a
// viewport pads every line through lipgloss on every View, which a list
// redrawn on each key press cannot afford.
package window

// Model is a window of Height lines over a list, from Top.
type Model struct {
	Top, Height int
}

// SetHeight sets the lines shown (at least one).
func (w *Model) SetHeight(h int) { w.Height = max(1, h) }

// Follow scrolls just enough to show line cur of a list of n lines.
func (w *Model) Follow(cur, n int) {
	if cur >= 0 && cur < w.Top {
		w.Top = cur
	}
	if cur >= w.Top+w.Height {
		w.Top = cur - w.Height + 1
	}
	w.clamp(n)
}

// Scroll moves the window d lines (up when d < 0) over n lines.
func (w *Model) Scroll(d, n int) {
	w.Top += d
	w.clamp(n)
}

// GotoTop shows the list from its first line.
func (w *Model) GotoTop() { w.Top = 0 }

// Range is the lines shown of a list of n: [from, to).
func (w Model) Range(n int) (from, to int) {
	from = min(max(0, w.Top), n)
	return from, min(n, from+max(1, w.Height))
}

// Below is how many of n lines lie below the window.
func (w Model) Below(n int) int { _, to := w.Range(n); return n - to }

func (w *Model) clamp(n int) { w.Top = max(0, min(w.Top, n-w.Height)) }
