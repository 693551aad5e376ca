package shared

import (
	"errors"
	"testing"
)

// TestOneValuePerKeyUntilTheLastRelease: callers of one key share the value
// opened once; a release called twice counts once; the last release closes
// it, and the next caller opens a new one.
func TestOneValuePerKeyUntilTheLastRelease(t *testing.T) {
	var r Registry[string, *int]
	opened, closed := 0, 0
	open := func() (*int, error) { opened++; n := opened; return &n, nil }
	done := func(*int) { closed++ }
	a, releaseA, _ := r.Get("k", open, done)
	b, releaseB, _ := r.Get("k", open, done)
	if a != b || opened != 1 {
		t.Fatalf("two values for one key (opened %d times)", opened)
	}
	releaseA()
	releaseA()
	if closed != 0 {
		t.Fatal("closed while a caller holds it")
	}
	releaseB()
	if closed != 1 {
		t.Fatalf("closed %d times after the last release", closed)
	}
	if c, _, _ := r.Get("k", open, done); c == a || opened != 2 {
		t.Fatal("a released value was handed out again")
	}
}

// TestOpenErrorKeepsNothing: a value that fails to open is not kept; the
// next caller tries again.
func TestOpenErrorKeepsNothing(t *testing.T) {
	var r Registry[string, int]
	if _, _, err := r.Get("k", func() (int, error) { return 0, errors.New("no") }, nil); err == nil {
		t.Fatal("no error")
	}
	v, release, err := r.Get("k", func() (int, error) { return 7, nil }, nil)
	if err != nil || v != 7 {
		t.Fatalf("after a failed open: %d %v", v, err)
	}
	release()
}
