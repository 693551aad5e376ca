package editor

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

var (
	kTab   = uitest.Key("tab")
	kSpace = uitest.Key("space")
)

// blankPush is a push draft for Android and iOS with no content yet.
func blankPush(t *testing.T) *Model {
	t.Helper()
	c := fixture(t, "push_one_time.json")
	c.CampaignContent = nil
	forms.Normalize(c)
	m, _ := newTestEditor(t, c, 160, 48)
	m.goStep(forms.StepContent)
	return m
}

func contentPath(m *Model, platform, field string) string {
	return forms.MessagePath(m.d.work, m.sel.Locale, m.sel.Variation) + ".push." + platform + ".basic_details." + field
}

func get(t *testing.T, m *Model, path string) string {
	t.Helper()
	s, _ := forms.Get(m.d.work, path).(string)
	return s
}

// Same content on all platforms: a new draft's platforms are linked; a
// title typed on Android is iOS's too, until iOS is unlinked; unlinking
// keeps what each platform has.
func TestLinkedPlatformsFollowTheEditedOne(t *testing.T) {
	m := blankPush(t)
	if !strings.Contains(view(m), "Platforms linked") || !strings.Contains(view(m), "yes · Android = iOS") {
		t.Fatalf("the link row does not say which platforms are linked:\n%s", view(m))
	}
	focus(t, m, contentPath(m, "android", "title"))
	press(m, kEnter, runes("Hi there"), kEnter)
	if got := get(t, m, contentPath(m, "ios", "title")); got != "Hi there" {
		t.Fatalf("iOS title %q after typing the Android one", got)
	}
	// The click target too (a shared field), but not the Android-only
	// notification channel.
	focus(t, m, contentPath(m, "android", "notification_channel"))
	press(m, kEnter, runes("offers"), kEnter)
	if v := forms.Get(m.d.work, forms.MessagePath(m.d.work, "default", "variation_1")+".push.ios.basic_details.notification_channel"); v != nil {
		t.Fatalf("an Android-only field reached iOS: %v", v)
	}

	// Unlink iOS: edits stay on their platform.
	m.sel.Platform = model.PlatformIOS
	m.rebuild()
	focus(t, m, linkRow)
	press(m, kSpace)
	if !strings.Contains(view(m), "no · own content") {
		t.Fatalf("the row does not show iOS unlinked:\n%s", view(m))
	}
	focus(t, m, contentPath(m, "ios", "title"))
	press(m, kBackspace, runes("Only iOS"), kEnter)
	if got := get(t, m, contentPath(m, "android", "title")); got != "Hi there" {
		t.Fatalf("Android title %q after editing the unlinked iOS one", got)
	}
	m.sel.Platform = model.PlatformAndroid
	m.rebuild()
	focus(t, m, contentPath(m, "android", "title"))
	press(m, kBackspace, runes("Android"), kEnter)
	if got := get(t, m, contentPath(m, "ios", "title")); got != "Only iOS" {
		t.Fatalf("iOS title %q: an unlinked platform followed Android", got)
	}
}

// A message whose platforms already differ opens unlinked: nothing is
// overwritten by surprise.
func TestDifferingPlatformsOpenUnlinked(t *testing.T) {
	c := fixture(t, "push_one_time.json") // Android and iOS titles differ
	m, _ := newTestEditor(t, c, 160, 48)
	m.goStep(forms.StepContent)
	if !strings.Contains(view(m), "no · own content") {
		t.Fatalf("differing platforms shown as linked:\n%s", view(m))
	}
}

// Enter edits a filled (or copied) field from its text; tab goes on to the
// next field with its text selected, so typing replaces it; ⌫ on a row
// clears it and types into it.
func TestEditStartsFromTextTabSelectsBackspaceClears(t *testing.T) {
	m := blankPush(t)
	title, msg := contentPath(m, "android", "title"), contentPath(m, "android", "message")
	focus(t, m, title)
	press(m, kEnter, runes("Spring"), kEnter)
	// Copied to iOS (linked): its title edits from the copied text.
	m.sel.Platform = model.PlatformIOS
	m.rebuild()
	focus(t, m, contentPath(m, "ios", "title"))
	press(m, kEnter)
	if m.edit == nil || m.edit.value() != "Spring" {
		t.Fatalf("editing the copied title starts from %q", m.edit.value())
	}
	press(m, runes(" sale"), kEsc)
	m.sel.Platform = model.PlatformAndroid
	m.rebuild()
	if got := get(t, m, title); got != "Spring sale" {
		t.Fatalf("Android title %q after appending on iOS", got)
	}
	// tab: the message, selected; typing replaces it.
	focus(t, m, title)
	press(m, kEnter, kTab)
	if m.edit == nil || m.edit.field.Path != msg {
		t.Fatalf("tab did not go on to the message")
	}
	press(m, runes("Up to 50% off"), kTab, kEsc) // on to Summary, then done
	if got := get(t, m, msg); got != "Up to 50% off" {
		t.Fatalf("message %q", got)
	}
	focus(t, m, title)
	press(m, kEnter, kTab, runes("New"), kEsc)
	if got := get(t, m, msg); got != "New" {
		t.Fatalf("typing over a selected message left %q", got)
	}
	// ⌫ clears and types.
	focus(t, m, title)
	press(m, kBackspace, runes("Summer"), kEnter)
	if got := get(t, m, title); got != "Summer" {
		t.Fatalf("⌫ then typing left %q", got)
	}
	var help []string
	for _, b := range m.ShortHelp() {
		help = append(help, b.Help().Key+" "+b.Help().Desc)
	}
	if !strings.Contains(strings.Join(help, " · "), "n next to fill") {
		t.Fatalf("the footer does not show n: %v", help)
	}
}

// n goes to the next field that needs a value: here the missing template.
// On the Locale row (a choice row, where n would pick a choice) it is
// alt+n.
func TestNextToFill(t *testing.T) {
	m := blankPush(t)
	press(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("n"), Alt: true})
	if f := m.list.rows[m.list.cur]; !strings.HasSuffix(f.Path, ".push.android.template_type") {
		t.Fatalf("n went to %s", f.Path)
	}
}

// view draws the editor as the program would after an Update.
func view(m *Model) string {
	defer m.hold()()
	m.settle()
	return ansiStrip(m.View())
}

// With two variations, typing one share sets the other to the rest of
// 100 %.
func TestOtherShareFollows(t *testing.T) {
	m := blankPush(t)
	focus(t, m, "@add-variation")
	press(m, kEnter)
	share := "campaign_content.variation_details.manual_distribution_percentage.variation_1"
	focus(t, m, share)
	press(m, kBackspace, runes("70"), kEnter)
	if got := m.fieldText(m.list.rows[m.list.cur+1]); got != "30" {
		t.Fatalf("share of variation 2 is %q after typing 70", got)
	}
}

// An event-triggered campaign sent after its event gets the trigger
// attribute "If Action" when the relation is chosen.
func TestTriggerAttrFollowsRelation(t *testing.T) {
	c := fixture(t, "push_event_triggered.json")
	c.TriggerCondition.TriggerAttr, c.TriggerCondition.TriggerRelation = nil, nil
	d := model.DelayFixed
	c.TriggerCondition.TriggerDelayType = &d
	m, _ := newTestEditor(t, c, 160, 48)
	m.goStep(forms.StepTrigger)
	focus(t, m, "trigger_condition.trigger_relation")
	press(m, kRight)
	if got := m.d.work.TriggerCondition.TriggerAttr; got != "If Action" {
		t.Fatalf("trigger_attr %v after choosing AFTER", got)
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
	m.sel.Platform = model.PlatformIOS
	m.rebuild()
	focus(t, m, contentPath(m, "ios", "title"))
	press(m, kEnter)
	if m.edit == nil || m.edit.value() != "Spring" {
		t.Fatalf("editing the copied title starts from %q", m.edit.value())
	}
	press(m, runes("!"), kEnter)
	if got := get(t, m, contentPath(m, "ios", "title")); got != "Spring!" {
		t.Fatalf("iOS title %q", got)
	}
}
