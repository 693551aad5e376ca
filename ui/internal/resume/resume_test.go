package resume

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestPositionsSurviveReopen(t *testing.T) {
	dir := t.TempDir()
	b := Open(dir)
	want := Position{Step: 1, Locale: "es", Variation: "variation_2", Platform: "IOS", Path: "campaign_content.content.es.variation_2.push.ios.basic_details.title"}
	if err := b.Put("c-1", want); err != nil {
		t.Fatal(err)
	}
	got, ok := Open(dir).Get("c-1")
	want.At = got.At
	if !ok || got != want {
		t.Fatalf("got %+v %v", got, ok)
	}
	if _, ok := Open(dir).Get("c-2"); ok {
		t.Fatal("a position for a campaign never opened")
	}
}

func TestBrokenFileIsEmptyAndBounded(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "editor-positions.json"), []byte("{torn"), 0o600); err != nil {
		t.Fatal(err)
	}
	b := Open(dir)
	if _, ok := b.Get("x"); ok {
		t.Fatal("broken file read")
	}
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := 0; i < MaxKept+10; i++ {
		if err := b.Put(fmt.Sprint(i), Position{At: t0.Add(time.Duration(i) * time.Minute)}); err != nil {
			t.Fatal(err)
		}
	}
	b = Open(dir)
	if _, ok := b.Get("0"); ok {
		t.Error("the oldest position is kept past the bound")
	}
	if _, ok := b.Get(fmt.Sprint(MaxKept + 9)); !ok {
		t.Error("the newest position is lost")
	}
}

// Writes that ran out of order (the editor records from goroutines) leave
// the newest position, in memory and on disk.
func TestOlderPositionNeverReplacesANewerOne(t *testing.T) {
	dir := t.TempDir()
	b := Open(dir)
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	newer := Position{Step: 3, Path: "trigger_condition", At: t0.Add(time.Second)}
	if err := b.Put("c", newer); err != nil {
		t.Fatal(err)
	}
	if err := b.Put("c", Position{Step: 1, At: t0}); err != nil {
		t.Fatal(err)
	}
	for _, bk := range []*Book{b, Open(dir)} {
		if got, _ := bk.Get("c"); got.Step != 3 || got.Path != "trigger_condition" {
			t.Fatalf("got %+v, want the newer position", got)
		}
	}
}

// TestNotedPositionIsSavedAtClose: a move noted but not yet saved (the
// program ended before its background save ran) is in the file after the
// Save that closing does, and a stale note never replaces a newer one.
func TestNotedPositionIsSavedAtClose(t *testing.T) {
	dir := t.TempDir()
	b := Open(dir)
	now := time.Now()
	b.Note("c1", Position{Step: 4, Path: "value", At: now})
	b.Note("c1", Position{Step: 1, Path: "stale", At: now.Add(-time.Second)})
	if _, ok := Open(dir).Get("c1"); ok {
		t.Fatal("a note reached the file before any save")
	}
	if err := b.Save(); err != nil {
		t.Fatal(err)
	}
	if p, ok := Open(dir).Get("c1"); !ok || p.Path != "value" || p.Step != 4 {
		t.Fatalf("after the save: %+v %v", p, ok)
	}
}
