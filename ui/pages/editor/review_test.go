package editor_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/teatest"

	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

// openMarketerPush creates testdata/fixtures/marketer-push.json on the
// sandbox and opens it from the browser.
// createMarketerPush creates the marketer's push draft on the service.
func createMarketerPush(t *testing.T, e *env) string {
	t.Helper()
	b, err := os.ReadFile("../../../testdata/fixtures/marketer-push.json")
	if err != nil {
		t.Fatal(err)
	}
	body, err := model.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	res, err := e.client.Create(context.Background(), body)
	if err != nil {
		t.Fatal(err)
	}
	return res.ID
}

func openMarketerPush(t *testing.T, e *env, tm *teatest.TestModel) *model.Campaign {
	t.Helper()
	createMarketerPush(t, e)
	keys(tm, "esc", "r")
	waitFor(t, tm, "Viewed but not bought")
	c := findDraft(t, e.client, "Viewed but not bought")
	keys(tm, "g", "enter") // the newest draft is listed first
	waitFor(t, tm, "Viewed but not bought", "ready to publish")
	return c
}

// Review: the audience with the service's estimate, "Validate on the
// service" with its verdict, and the summary in words.
func TestReviewValidatesOnTheServiceAndEstimatesTheAudience(t *testing.T) {
	e := newEnv(t)
	tm, stop := e.runAt(t, 0, 200, 60)
	defer stop()
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
	tm, stop := e.runAt(t, 0, 200, 60)
	defer stop()
	newDraft(t, tm, false, "Verdict")
	d := findDraft(t, e.client, "Verdict")
	res, err := e.client.Validate(context.Background(), *d.CampaignID)
	if err != nil || res.Valid || len(res.Errors) == 0 {
		t.Fatalf("a blank draft: %+v, %v", res, err)
	}
	keys(tm, "8", "down", "enter")
	waitFor(t, tm, fmt.Sprintf("The service agrees with the checklist below: %d problems to fix.", len(res.Errors)),
		fmt.Sprintf("Publish checklist: %d items left", len(res.Errors)))
	// An edit after the verdict: it says it is older than the edits.
	keys(tm, "1", "enter", "backspace")
	tm.Type("!")
	keys(tm, "enter", "8")
	waitFor(t, tm, "given before your latest edits: validate again")
}

// At 80×24 the Review scrolls to the content matrix, and publishes end to
// end: it syncs, confirms with the name and when, and shows the new state.
func TestReviewAt80x24ScrollsAndPublishes(t *testing.T) {
	e := newEnv(t)
	tm, stop := e.runAt(t, 0, 80, 24)
	defer stop()
	openMarketerPush(t, e, tm)
	// An edit first, so the publish syncs it. Nobody is named as the
	// author here, so the service names the credential: never the draft's
	// created_by, who is not the person acting (decisions.md §2 "author").
	keys(tm, "enter", "backspace")
	tm.Type("T!")
	keys(tm, "enter")
	waitFor(t, tm, "Viewed but not boughT!")
	keys(tm, "8")
	waitFor(t, tm, "▸[ Publish… ]", "↓ more below")
	pages(tm, "pgdown", 1) // the matrix (what goes out per platform follows it)
	waitFor(t, tm, "Locale   Variation     Android  iOS", "es       variation 2   ✓        ✓")
	pages(tm, "pgup", 3)
	waitFor(t, tm, "▸[ Publish… ]")
	keys(tm, "enter")
	waitFor(t, tm, "Publish “Viewed but not boughT!”?", "Europe/Madrid", "your time")
	keys(tm, "y")
	waitFor(t, tm, "Published: the campaign is now SCHEDULED")
	c := findByName(t, e, "Viewed but not boughT!")
	if st := model.Str(c.Status); st != model.StatusScheduled {
		t.Errorf("status %s on the service", st)
	}
	if by := model.Str(c.UpdatedBy); !strings.HasPrefix(by, "api-key@") {
		t.Errorf("updated_by %q, want the credential, not the draft's author lucia.romero@example.com", by)
	}
}

// pages presses page down or page up n times.
func pages(tm *teatest.TestModel, k string, n int) {
	for range n {
		tm.Send(uitest.Key(k))
	}
}
