package editor_test

import (
	"testing"

	"github.com/campaigns-cli/campaigns/model"
)

// A new locale or variation is the one shown next; removing one (its
// content goes too) asks first, and only y removes it.
func TestAddSelectsAndRemoveAsks(t *testing.T) {
	e, tm := draftOpen(t, 0, "Locales")
	keys(tm, "2")
	waitFor(t, tm, "Locales and variations")
	down(tm, 3) // Locale, Variation, Platform, then Add locale
	keys(tm, "enter")
	waitFor(t, tm, "Locale name")
	typ(tm, "de")
	keys(tm, "enter")
	// Its first text is being typed into, ready to translate.
	waitFor(t, tm, "‹ de ›", "Remove locale de", "tab next field")
	keys(tm, "esc", "{", "{") // the section's first row, then Locale
	down(tm, 7)
	keys(tm, "enter") // Remove locale de, below Add A/B variation, Copy and the link
	waitFor(t, tm, "Remove locale de?", "there is no undo", "y yes")
	keys(tm, "esc")
	waitFor(t, tm, "enter edit/choose")
	keys(tm, "enter")
	waitFor(t, tm, "Remove locale de?")
	keys(tm, "y")
	waitFor(t, tm, "Remove locale de ✓", "‹ default ›")

	down(tm, 4) // the cursor is on Locale: Add A/B variation is four down, as always
	keys(tm, "enter")
	waitFor(t, tm, "‹ variation_2 ›", "Remove variation_2")
	c := syncNow(t, e, tm, "Locales")
	if cc := c.CampaignContent; cc == nil || len(cc.Locales) != 0 || cc.VariationDetails == nil || *cc.VariationDetails.NoOfVariations != 2 {
		t.Fatalf("service content: %s", model.Encode(c.CampaignContent))
	}
}
