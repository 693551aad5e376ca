package editor_test

import (
	"testing"
	"time"

	"github.com/campaigns-cli/campaigns/model"
	"github.com/charmbracelet/x/exp/teatest"
)

// A marketer types her address once: the next new draft, in this program
// or the next one started on this machine, starts "Created by" her, and
// enter keeps it (created_by on the service).
func TestNewDraftStartsWithTheLastAuthor(t *testing.T) {
	e := newEnv(t)
	tm, stop := e.run(t, 0)
	newDraft(t, tm, false, "First")
	stop()

	tm, stop = e.run(t, 0) // started again on the same data directory
	defer stop()
	waitFor(t, tm, "browse")
	keys(tm, "n")
	waitFor(t, tm, "New draft", "┃ Channel")
	keys(tm, "enter")
	waitFor(t, tm, "┃ Delivery type")
	keys(tm, "enter")
	waitFor(t, tm, "┃ Created by", "ana@example.com")
	keys(tm, "enter")
	waitFor(t, tm, "┃ Name")
	tm.Type("Second")
	keys(tm, "enter")
	waitFor(t, tm, "Second", "DRAFT")
	got := findByName(t, e, "Second")
	if by := model.Str(got.CreatedBy); by != "ana@example.com" {
		t.Errorf("created_by %q, want the author last used here", by)
	}
}

// The profile's author wins over the last one used, and the dialog shows
// it as a value that can be changed.
func TestNewDraftStartsWithTheProfilesAuthor(t *testing.T) {
	e := newEnv(t)
	e.author = "lucia.romero@example.com"
	tm, stop := e.run(t, 0)
	defer stop()
	newDraft(t, tm, false, "Hers") // types ana@example.com over it
	if by := model.Str(findByName(t, e, "Hers").CreatedBy); by != "ana@example.com" {
		t.Errorf("created_by %q: the author typed over the profile's is the one sent", by)
	}
	keys(tm, "esc")
	waitFor(t, tm, "browse")
	keys(tm, "n")
	waitFor(t, tm, "New draft", "┃ Channel")
	keys(tm, "enter")
	waitFor(t, tm, "┃ Delivery type")
	keys(tm, "enter")
	waitFor(t, tm, "┃ Created by", "lucia.romero@example.com")
	_ = tm.Quit()
	tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
}

// The new draft's lists pick by letter: "e" on the delivery types is
// EVENT_TRIGGERED (the one beginning with e) and goes on to the author.
func TestNewDraftPicksTheDeliveryTypeByLetter(t *testing.T) {
	e := newEnv(t)
	tm, stop := e.run(t, 0)
	defer stop()
	waitFor(t, tm, "browse")
	keys(tm, "n")
	waitFor(t, tm, "New draft", "┃ Channel", "a–z pick")
	keys(tm, "enter")
	waitFor(t, tm, "┃ Delivery type")
	tm.Type("e")
	// The list left behind marks the type chosen, not only in colour.
	waitFor(t, tm, "┃ Created by", "✓ EVENT_TRIGGERED")
	tm.Type("ana@example.com")
	keys(tm, "enter")
	waitFor(t, tm, "┃ Name")
	tm.Type("By letter")
	keys(tm, "enter")
	waitFor(t, tm, "By letter", "EVENT_TRIGGERED", "DRAFT")
	if dt := model.Str(findByName(t, e, "By letter").CampaignDeliveryType); dt != "EVENT_TRIGGERED" {
		t.Errorf("delivery type %q after e, want EVENT_TRIGGERED", dt)
	}
}
