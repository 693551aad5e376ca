package editor

import (
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/internal/resume"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

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
	on(t, m, model.PlatformIOS)
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
	on(t, m, model.PlatformAndroid)
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
	m := openAt(t, c, forms.StepContent)
	if !strings.Contains(view(m), "no · own content") {
		t.Fatalf("differing platforms shown as linked:\n%s", view(m))
	}
}

// Android opens a screen, iOS a deep link; the Web
// redirect URL and the iOS rich-media image typed after them stay on their
// platform (they once rewrote Android's and iOS's click actions and the
// other platforms' images). A title typed on Web is shared, announced at
// the row, and alt+z undoes it on the others.
func TestLinkedEditsNeverCrossPlatformMeanings(t *testing.T) {
	m := blankThree(t)
	k := uitest.Key
	focus(t, m, contentPath(m, "android", "default_click_action"))
	press(m, runes("n")) // NAVIGATE_TO_A_SCREEN, on to its target
	press(m, runes("CoatsScreen"), kEnter)
	on(t, m, model.PlatformIOS)
	focus(t, m, contentPath(m, "ios", "default_click_action"))
	press(m, runes("d"), runes("shop://coats"), kEnter)
	focus(t, m, contentPath(m, "ios", "rich_media_type"))
	press(m, runes("i"), runes("https://img.example.com/snow.jpg"), kEnter)
	on(t, m, model.PlatformWeb)
	focus(t, m, contentPath(m, "web", "redirect_url"))
	press(m, runes("https://shop.example.com/coats"), kEnter)

	for path, want := range map[string]any{
		contentPath(m, "android", "default_click_action"):       "NAVIGATE_TO_A_SCREEN",
		contentPath(m, "android", "default_click_action_value"): "CoatsScreen",
		contentPath(m, "ios", "default_click_action"):           "DEEPLINKING",
		contentPath(m, "ios", "default_click_action_value"):     "shop://coats",
		contentPath(m, "android", "image_url"):                  nil,
		contentPath(m, "web", "image_url"):                      nil,
	} {
		if got := forms.Get(m.d.work, path); got != want {
			t.Errorf("%s = %v, want %v", path, got, want)
		}
	}
	if !strings.Contains(view(m), "yes · Web = Android = iOS") {
		t.Fatalf("click actions and images are not linked fields: the platforms stay linked\n%s", view(m))
	}

	focus(t, m, contentPath(m, "web", "title"))
	press(m, runes("Winter coats"))
	if v := view(m); !strings.Contains(v, "also set on Android, iOS") || !strings.Contains(v, "alt+z") {
		t.Fatalf("the linked write is not announced at the row:\n%s", v)
	}
	press(m, kEnter, k("alt+z"))
	if got := get(t, m, contentPath(m, "android", "title")); got != "" {
		t.Errorf("alt+z left Android's title %q", got)
	}
	if got := get(t, m, contentPath(m, "web", "title")); got != "Winter coats" {
		t.Errorf("alt+z took Web's own title: %q", got)
	}
	if !strings.Contains(view(m), "no · own content") {
		t.Errorf("Web differs now and still shows linked:\n%s", view(m))
	}
}

// Linking is read from the content, so platforms
// that differ in any shared field (key-value pairs too, not only title and
// message) stay unlinked when the draft is opened again (another editor
// on the same content: after leaving, a restart or on another machine),
// and an unlink made while the content was the same is kept with the
// draft's position.
func TestLinkStateSurvivesReopening(t *testing.T) {
	m := blankThree(t)
	m.f.Positions = resume.Open(t.TempDir())
	m.resume.restored = true
	focus(t, m, contentPath(m, "android", "title"))
	press(m, runes("Coats"), kEnter)
	focus(t, m, linkRow)
	press(m, uitest.Key("space")) // Android unlinked
	if v := view(m); !strings.Contains(v, "no · own content") {
		t.Fatalf("space did not unlink Android:\n%s", v)
	}
	// What remember's command writes (press drops the commands).
	if err := m.f.Positions.Put(m.id, m.position()); err != nil {
		t.Fatal(err)
	}
	focus(t, m, contentPath(m, "android", "key_value_pairs"))
	press(m, kEnter, runes("promo=winter"), kEnter)
	if got := forms.Get(m.d.work, contentPath(m, "ios", "key_value_pairs")); got != nil {
		t.Fatalf("unlinked Android wrote its key-value pairs to iOS: %v", got)
	}

	// Another machine: the content alone. Android differs from iOS in its
	// key-value pairs; Web has none, so its title and message are all it
	// shares with Android, and they are the same.
	again, _ := newTestEditor(t, model.Clone(m.d.work), 160, 48)
	again.goStep(forms.StepContent)
	on(t, again, model.PlatformIOS)
	if v := view(again); !strings.Contains(v, "yes · iOS = Web") || strings.Contains(v, "Android") && strings.Contains(v, "yes · iOS = Web = Android") {
		t.Fatalf("reopened, iOS is not linked to Web alone:\n%s", v)
	}
	focus(t, again, contentPath(again, "ios", "title"))
	press(again, kEnter, runes("!"), kEnter)
	if got := get(t, again, contentPath(again, "android", "title")); got != "Coats" {
		t.Errorf("an iOS edit reached Android, whose key-value pairs differ: %q", got)
	}
	if got := get(t, again, contentPath(again, "web", "title")); got != "Coats!" {
		t.Errorf("an iOS edit did not reach the linked Web: %q", got)
	}

	// This machine, reopened: the unlink is kept with the position.
	c, _ := newTestEditor(t, model.Clone(m.d.work), 160, 48)
	c.f.Positions = m.f.Positions
	c.id = m.id
	c.resume.restored = false
	c.restore()
	on(t, c, model.PlatformAndroid)
	focus(t, c, linkRow)
	if v := view(c); !strings.Contains(v, "no · own content") {
		t.Fatalf("reopened here, the unlinked Android shows linked:\n%s", v)
	}
}
