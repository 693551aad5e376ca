package editor_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/model"
)

// Review: the audience with the service's estimate, "Validate on the
// service" with its verdict, and the summary in words.
func TestReviewValidatesOnTheServiceAndEstimatesTheAudience(t *testing.T) {
	e := newEnv(t)
	tm, _ := e.runAt(t, 0, 200, 60)
	c := openMarketerPush(t, e, tm)
	reach, err := e.client.Reach(context.Background(), c.SegmentationDetails)
	if err != nil {
		t.Fatal(err)
	}
	keys(tm, "8")
	waitFor(t, tm, "[ Publish… ]", "[ Validate on the service ]",
		"users in City Madrid or Sevilla, or in segment VIP customers",
		fmt.Sprintf("Reach          %d of the service's %d users", reach.Count, reach.Total),
		"30 minutes after product_viewed", "Europe/Madrid", "your time, UTC")
	keys(tm, "down", "enter")
	waitFor(t, tm, "The service checked the draft: nothing stops publishing.")
}

// The service's verdict on a draft with problems: the same checks as the
// checklist, so it says it agrees instead of repeating them; an edit after
// it marks it old.
func TestReviewShowsTheServiceVerdictOnAnUnfinishedDraft(t *testing.T) {
	e := newEnv(t)
	tm, _ := e.runAt(t, 0, 200, 60)
	newDraft(t, tm, false, "Verdict")
	d := find(t, e.client, "Verdict")
	res, err := e.client.Validate(context.Background(), *d.CampaignID)
	if err != nil || res.Valid || len(res.Errors) == 0 {
		t.Fatalf("a blank draft: %+v, %v", res, err)
	}
	keys(tm, "8", "down", "enter")
	waitFor(t, tm, fmt.Sprintf("The service agrees with the checklist below: %d problems to fix.", len(res.Errors)),
		fmt.Sprintf("Publish checklist: %d items left", len(res.Errors)))
	// An edit after the verdict: it says it is older than the edits.
	keys(tm, "1")
	rename(t, tm, "Verdict", 1, "!")
	keys(tm, "8")
	waitFor(t, tm, "given before your latest edits: validate again")
}

// At 80×24 the Review scrolls to the content matrix, and publishes end to
// end: it syncs, confirms with the name and when, and shows the new state.
func TestReviewAt80x24ScrollsAndPublishes(t *testing.T) {
	e := newEnv(t)
	tm, _ := e.runAt(t, 0, 80, 24)
	openMarketerPush(t, e, tm)
	// An edit first, so the publish syncs it. Nobody is named as the
	// author here, so the service names the credential: never the draft's
	// created_by, who is not the person acting (decisions.md §2 "author").
	rename(t, tm, "Viewed but not bought", 1, "T!")
	keys(tm, "8")
	waitFor(t, tm, "▸[ Publish… ]", "↓ more below")
	keys(tm, "pgdown") // the matrix (what goes out per platform follows it)
	waitFor(t, tm, "Locale   Variation     Android  iOS", "es       variation 2   ✓        ✓")
	keys(tm, "pgup", "pgup", "pgup")
	waitFor(t, tm, "▸[ Publish… ]")
	keys(tm, "enter")
	waitFor(t, tm, "Publish “Viewed but not boughT!”?", "Europe/Madrid", "your time")
	keys(tm, "y")
	waitFor(t, tm, "Published: the campaign is now SCHEDULED")
	c := find(t, e.client, "Viewed but not boughT!")
	if st := model.Str(c.Status); st != model.StatusScheduled {
		t.Errorf("status %s on the service", st)
	}
	if by := model.Str(c.UpdatedBy); !strings.HasPrefix(by, "api-key@") {
		t.Errorf("updated_by %q, want the credential, not the draft's author lucia.romero@example.com", by)
	}
}
