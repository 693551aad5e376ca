package editor

import (
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

// "Copy this content to…" is a picker; Android's title and message
// reach iOS with real key presses.
func TestCopyToPicksOtherPlatforms(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	c.CampaignContent.Locales, c.CampaignContent.VariationDetails = nil, nil
	m, _ := newTestEditor(t, c, 120, 40)
	m.Update(uitest.Key("2"))
	for i := 0; i < 12 && !strings.Contains(m.View(), "▸[ Copy this content to… ]"); i++ {
		m.Update(uitest.Key("down"))
	}
	m.Update(uitest.Key("enter"))
	if v := m.View(); !strings.Contains(v, "[ ] iOS") {
		t.Fatalf("no picker:\n%s", v)
	}
	m.Update(uitest.Key("space"))
	m.Update(uitest.Key("enter"))
	msg := forms.Message(m.d.work, "default", "variation_1")
	if msg == nil || msg.Push.IOS == nil || *msg.Push.IOS.BasicDetails.Title != *msg.Push.Android.BasicDetails.Title {
		t.Fatalf("iOS title not copied: %s", model.Encode(msg))
	}
}

// After "Copy this content to…", editing the copied title starts from its
// text.
func TestCopiedFieldEditsFromItsText(t *testing.T) {
	m := blankPush(t)
	focus(t, m, linkRow)
	press(m, kSpace) // unlinked: only the copy carries the title
	focus(t, m, contentPath(m, "android", "title"))
	press(m, kEnter, runes("Spring"), kEnter)
	focus(t, m, "@copy")
	press(m, kEnter, kSpace, kEnter)
	if got := get(t, m, contentPath(m, "ios", "title")); got != "Spring" {
		t.Fatalf("iOS title %q after the copy", got)
	}
	on(t, m, model.PlatformIOS)
	editsFrom(t, m, contentPath(m, "ios", "title"), "Spring")
	press(m, runes("!"), kEnter)
	if got := get(t, m, contentPath(m, "ios", "title")); got != "Spring!" {
		t.Fatalf("iOS title %q", got)
	}
}
