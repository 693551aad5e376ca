package editor

import (
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

// Defect 2: with NO_COLOR (the plain theme) the cursor on a [ button ]
// row is visible; real key presses move it there.
func TestCursorVisibleOnButtonsWithoutColour(t *testing.T) {
	m, _ := newTestEditor(t, fixture(t, "push_one_time.json"), 120, 40)
	m.Update(uitest.Key("2"))
	for i := 0; i < 10 && !strings.Contains(m.View(), "▸[ Add locale ]"); i++ {
		m.Update(uitest.Key("down"))
	}
	if !strings.Contains(m.View(), "▸[ Add locale ]") {
		t.Fatalf("no cursor on the focused button:\n%s", m.View())
	}
}

// Part 4 and defect 10: Review shows the campaign in words; a published
// campaign opened for editing is not "ready to publish".
func TestReviewSummaryAndStateAwareCheck(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	m, _ := newTestEditor(t, c, 120, 48)
	m.Update(uitest.Key("8"))
	flat := strings.Join(strings.Fields(m.View()), " ")
	for _, want := range []string{"Campaign Push · One time", "Audience", "Schedule", "Variation"} {
		if !strings.Contains(flat, want) {
			t.Errorf("review lacks %q:\n%s", want, m.View())
		}
	}
	active := fixture(t, "push_one_time.json")
	st := model.StatusActive
	active.Status = &st
	m, _ = newTestEditor(t, active, 120, 40)
	if v := m.View(); strings.Contains(v, "ready to publish") {
		t.Fatalf("an active campaign says ready to publish:\n%s", v)
	}
}

// Defect 10: the iOS audience list (a choice that must hold a value) opens
// on its first option, without a "(not set)" row; enter takes it.
func TestIOSAudienceOpensOnItsFirstChoice(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	c.BasicDetails.PlatformSpecificDetails = nil
	m, _ := newTestEditor(t, c, 120, 40)
	for i := 0; i < 20 && !strings.Contains(m.View(), "▸iOS audience"); i++ {
		m.Update(uitest.Key("down"))
	}
	m.Update(uitest.Key("enter"))
	v := m.View()
	if strings.Contains(v, "(not set)") || !strings.Contains(v, "▸ All eligible devices") {
		t.Fatalf("the list opened as:\n%s", v)
	}
	m.Update(uitest.Key("enter"))
	ios := m.d.work.BasicDetails.PlatformSpecificDetails.IOS
	if ios == nil || ios.SendToAllEligibleDevice == nil || !*ios.SendToAllEligibleDevice {
		t.Fatalf("enter did not take the first choice: %s", model.Encode(m.d.work.BasicDetails))
	}
}

// Part 3: "Copy this content to…" is a picker; Android's title and message
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
