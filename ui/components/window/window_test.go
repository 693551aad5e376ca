package window

import "testing"

func TestWindowMovesOnlyAsFarAsTheCursorNeeds(t *testing.T) {
	for _, c := range []struct {
		name              string
		top, h, cur, n    int
		wantTop, from, to int
	}{
		{"cursor inside: stays", 2, 3, 3, 10, 2, 2, 5},
		{"cursor below: last line", 0, 3, 5, 10, 3, 3, 6},
		{"cursor above: first line", 5, 3, 2, 10, 2, 2, 5},
		{"list shorter than the window", 4, 5, 1, 3, 0, 0, 3},
		{"past the end: the last page", 8, 3, 9, 10, 7, 7, 10},
		{"no cursor: kept in the list", 9, 3, -1, 10, 7, 7, 10},
	} {
		w := Model{Top: c.top}
		w.SetHeight(c.h)
		w.Follow(c.cur, c.n)
		from, to := w.Range(c.n)
		if w.Top != c.wantTop || from != c.from || to != c.to {
			t.Errorf("%s: top %d, range [%d,%d); want %d, [%d,%d)", c.name, w.Top, from, to, c.wantTop, c.from, c.to)
		}
	}
	w := Model{}
	w.SetHeight(4)
	w.Scroll(100, 10)
	if w.Top != 6 || w.Below(10) != 0 {
		t.Errorf("scrolled past the end: top %d, %d below", w.Top, w.Below(10))
	}
	w.Scroll(-2, 10)
	if w.Top != 4 || w.Below(10) != 2 {
		t.Errorf("scrolled back: top %d, %d below", w.Top, w.Below(10))
	}
}
