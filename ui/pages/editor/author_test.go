package editor_test

import (
	"testing"

	"github.com/campaigns-cli/campaigns/model"
)

// A marketer types her address once: the next new draft, in this program
// or the next one started on this machine, starts "Created by" her, and
// enter keeps it (created_by on the service).
func TestNewDraftStartsWithTheLastAuthor(t *testing.T) {
	e := newEnv(t)
	tm, stop := e.run(t, 0)
	newDraft(t, tm, false, "First")
	stop()

	tm, _ = e.run(t, 0) // started again on the same data directory
	openNewDraft(t, tm)
	pushOneTime(t, tm, "ana@example.com")
	keys(tm, "enter") // keeps it
	waitFor(t, tm, "┃ Name")
	typ(tm, "Second")
	keys(tm, "enter")
	waitFor(t, tm, "Second", "DRAFT")
	got := find(t, e.client, "Second")
	if by := model.Str(got.CreatedBy); by != "ana@example.com" {
		t.Errorf("created_by %q, want the author last used here", by)
	}
}

// The profile's author wins over the last one used, and the dialog shows
// it as a value that can be changed.
func TestNewDraftStartsWithTheProfilesAuthor(t *testing.T) {
	e := newEnv(t)
	e.author = "lucia.romero@example.com"
	tm, _ := e.run(t, 0)
	newDraft(t, tm, false, "Hers") // types ana@example.com over it
	if by := model.Str(find(t, e.client, "Hers").CreatedBy); by != "ana@example.com" {
		t.Errorf("created_by %q: the author typed over the profile's is the one sent", by)
	}
	keys(tm, "esc")
	openNewDraft(t, tm)
	pushOneTime(t, tm, "lucia.romero@example.com")
}

// The new draft's lists pick by letter: "e" on the delivery types is
// EVENT_TRIGGERED (the one beginning with e) and goes on to the author.
func TestNewDraftPicksTheDeliveryTypeByLetter(t *testing.T) {
	e := newEnv(t)
	tm, _ := e.run(t, 0)
	openNewDraft(t, tm, "a–z pick")
	keys(tm, "enter")
	waitFor(t, tm, "┃ Delivery type")
	typ(tm, "e")
	// The list left behind marks the type chosen, not only in colour.
	waitFor(t, tm, "┃ Created by", "✓ EVENT_TRIGGERED")
	authorAndName(t, tm, "ana@example.com", "By letter")
	waitFor(t, tm, "By letter", "EVENT_TRIGGERED", "DRAFT")
	if dt := model.Str(find(t, e.client, "By letter").CampaignDeliveryType); dt != "EVENT_TRIGGERED" {
		t.Errorf("delivery type %q after e, want EVENT_TRIGGERED", dt)
	}
}
