package editor_test

import (
	"testing"

	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// A Push draft made from nothing with real key presses reaches
// publishable: platforms, content, audience and schedule; a problem comes
// and goes as the title is erased and retyped, and enter on it in the
// problems panel goes to its field; a locale and a variation are added;
// the service's copy is publishable and the draft reopens where it was
// left.
func TestPushDraftToPublishable(t *testing.T) {
	e, tm := draftOpen(t, 0, "Push flow")

	// Basic details: platforms through the picker.
	down(tm, 4)
	keys(tm, "enter")
	waitFor(t, tm, "[ ] ANDROID")
	keys(tm, "space", "enter")
	waitFor(t, tm, "{ANDROID}")

	// Content: template, title, message.
	keys(tm, "2")
	waitFor(t, tm, "Locales and variations")
	down(tm, 5)
	keys(tm, "right")
	waitFor(t, tm, "‹ BASIC ›")
	keys(tm, "down", "enter")
	typ(tm, "Hello {{ UserAttribute['First Name'] }}")
	keys(tm, "enter", "down", "enter")
	typ(tm, "Spring is here")
	keys(tm, "esc")             // the message is edited in a multi-line editor
	waitFor(t, tm, "Hello Ada") // the preview personalises for the sample user

	// Audience and schedule.
	keys(tm, "3", "right")
	keys(tm, "5", "right")
	waitFor(t, tm, "‹ ASAP ›", "ready to publish")

	// A problem appears as the title is erased and goes as it is retyped.
	keys(tm, "2")
	down(tm, 6)
	keys(tm, "enter")
	for range len("Hello {{ UserAttribute['First Name'] }}") {
		keys(tm, "backspace")
	}
	waitFor(t, tm, "Android title is required before publishing")
	typ(tm, "Hi")
	waitFor(t, tm, "ready to publish")

	// Jump from a problem to its field: erase again, go elsewhere, then
	// select the problem in the panel.
	keys(tm, "backspace", "backspace", "enter", "alt+1", "tab") // alt+1: 1 on the empty title is text
	waitFor(t, tm, "enter: go to field")
	keys(tm, "enter")
	waitFor(t, tm, "campaign_content.content.push.android.basic_details.title")
	keys(tm, "enter")
	typ(tm, "Hi")
	keys(tm, "enter")
	waitFor(t, tm, "ready to publish")

	// A locale and an A/B variation.
	keys(tm, "up", "up", "up", "enter")
	waitFor(t, tm, "Locale name")
	typ(tm, "fr")
	keys(tm, "enter")
	// The new locale is the one shown; its title (a copy of default's) is
	// being typed into, ready to translate.
	waitFor(t, tm, "‹ fr ›", "Remove locale fr", "enter done · tab next field")
	keys(tm, "esc", "{", "{") // { to the content's first row, then the one above: Locale
	down(tm, 4)               // Variation, Platform, Add locale, Add A/B variation (as in default: Remove locale fr is below)
	keys(tm, "enter")
	waitFor(t, tm, "A/B test", "Share of variation 1")

	// The service has it all.
	c := syncNow(t, e, tm, "Push flow")
	keys(tm, "8")
	waitFor(t, tm, "locales: default, fr", "variations: 2")
	cc := c.CampaignContent
	if cc == nil || len(cc.Locales) != 1 || cc.Locales[0] != "fr" || cc.VariationDetails == nil || *cc.VariationDetails.NoOfVariations != 2 {
		t.Fatalf("service content: %s", model.Encode(cc))
	}
	title := cc.Content.Keyed["fr"]["variation_2"].Push.Android.BasicDetails.Title
	if title == nil || *title != "Hi" {
		t.Fatalf("fr/variation_2 title = %v", title)
	}
	if probs := engine.Validate(asBody(c), engine.PhasePublish, engine.Options{}); len(probs) != 0 {
		t.Fatalf("service copy not publishable: %v", probs)
	}

	// Leave and reopen: everything is there.
	keys(tm, "esc")
	// Drafts are listed by default, the one just edited first.
	waitFor(t, tm, "browse", "Push flow")
	keys(tm, "enter")
	// It reopens where it was left: the Review.
	waitFor(t, tm, "Push flow", "ready to publish", "locales: default, fr", "variations: 2")
}

// An Email draft made from nothing reaches publishable, and the service
// has its content.
func TestEmailDraftToPublishable(t *testing.T) {
	e := newEnv(t)
	tm, _ := e.run(t, 0)
	newDraft(t, tm, true, "Email flow")

	keys(tm, "2")
	waitFor(t, tm, "Locales and variations")
	down(tm, 4) // Sender name
	keys(tm, "enter")
	typ(tm, "Shop")
	keys(tm, "enter", "down", "enter")
	typ(tm, "news@example.com")
	keys(tm, "enter")
	down(tm, 4) // Subject
	keys(tm, "enter")
	typ(tm, "Spring sale")
	keys(tm, "enter")
	down(tm, 4) // HTML
	keys(tm, "enter")
	typ(tm, "<h1>Sale</h1><p>Everything <b>half</b> price.</p>")
	keys(tm, "esc")
	waitFor(t, tm, "Spring sale", "half")

	keys(tm, "3", "right")
	keys(tm, "5", "right")
	waitFor(t, tm, "ready to publish")
	c := syncNow(t, e, tm, "Email flow")
	if probs := engine.Validate(asBody(c), engine.PhasePublish, engine.Options{}); len(probs) != 0 {
		t.Fatalf("service copy not publishable: %v\n%s", probs, model.Encode(c))
	}
	if got := *c.CampaignContent.Content.Flat.Email.Subject; got != "Spring sale" {
		t.Fatalf("subject %q", got)
	}
}

// asBody drops the record's read-only fields, as a publish request would.
func asBody(c *model.Campaign) *model.Campaign {
	b := model.Clone(c)
	b.ID, b.CampaignID, b.VersionNumber, b.Status, b.CreatedBy, b.UpdatedBy, b.CreatedAt, b.UpdatedAt = nil, nil, nil, nil, nil, nil, nil, nil
	return b
}
