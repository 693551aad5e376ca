package ops

import (
	"slices"
	"testing"
	"time"
)

var t0 = time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)

func TestPacerKeepsTheUpdateWindows(t *testing.T) {
	l := NewPacer(nil)
	now := t0
	sent := 0
	// Send as fast as allowed for two minutes of fake time.
	for now.Before(t0.Add(2 * time.Minute)) {
		if wait := l.Reserve(ClassUpdate, now); wait > 0 {
			now = now.Add(wait)
			continue
		}
		sent++
	}
	if sent != 200 {
		t.Errorf("%d sends in 2 minutes, want 200 (100/min)", sent)
	}
	l = NewPacer(nil)
	for i := range 10 {
		if w := l.Reserve(ClassUpdate, t0); w != 0 {
			t.Fatalf("send %d refused", i)
		}
	}
	if w := l.Reserve(ClassUpdate, t0.Add(500*time.Millisecond)); w != 500*time.Millisecond {
		t.Errorf("11th in a second waits %v, want 500ms", w)
	}
	if w := l.Reserve(ClassUpdate, t0.Add(time.Second)); w != 0 {
		t.Errorf("a second later waits %v", w)
	}
}

// A client creating drafts keeps under both the request rate and the
// successful-creation rate: per span, the tighter of the two.
func TestCreatesArePacedByTheTighterOfBothLimits(t *testing.T) {
	want := []Window{{N: 5, Per: time.Second}, {N: 5, Per: time.Minute}, {N: 25, Per: time.Hour}, {N: 100, Per: 24 * time.Hour}}
	if !slices.Equal(CreateLimits, want) {
		t.Errorf("create limits %v, want %v", CreateLimits, want)
	}
}
