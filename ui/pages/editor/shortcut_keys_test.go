package editor

import (
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

// Typing, alt+key finishes the field and is the key's command (the footer
// says so): a title typed, alt+i shows iOS on the same field; alt+3 goes
// to step 3. The text input's own alt keys stay its own: alt+b is a word
// back.
func TestAltKeyWhileTypingEndsTheFieldAndRunsTheCommand(t *testing.T) {
	k := uitest.Key
	m := blankThree(t)
	title := contentPath(m, "android", "title")
	focus(t, m, title)
	press(m, runes("W"), runes("i"), runes("n"))
	if m.edit == nil || !slices.ContainsFunc(m.ShortHelp(), func(b key.Binding) bool { return b.Help().Desc == "done, then its command" }) {
		t.Fatalf("typing: editing %v, the footer does not say what alt+key does", m.edit != nil)
	}
	press(m, k("alt+i"))
	if m.edit != nil || m.sel.Platform != model.PlatformIOS || get(t, m, title) != "Win" {
		t.Fatalf("alt+i while typing: editing %v, platform %s, Android title %q", m.edit != nil, m.sel.Platform, get(t, m, title))
	}
	if f := m.list.rows[m.list.cur]; f.Path != contentPath(m, "ios", "title") {
		t.Fatalf("alt+i went to %s, not iOS's title", f.Path)
	}

	on(t, m, model.PlatformWeb)
	url := contentPath(m, "web", "redirect_url")
	focus(t, m, url)
	press(m, runes("ab"), tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}}, runes("cd"), k("alt+b"), runes("X"))
	if got := m.edit.text; got != "ab Xcd" {
		t.Fatalf("alt+b is the text input's word back: %q", got)
	}
	press(m, k("alt+3"))
	if m.edit != nil || m.step != forms.StepAudience || get(t, m, url) != "ab Xcd" {
		t.Fatalf("alt+3 while typing: editing %v, step %s", m.edit != nil, m.step)
	}
}

// + adds another item to the list under the cursor (another button, another
// filter), or to the first list below the cursor in its section, typed
// into at once; where the section has no list it says so and changes
// nothing.
func TestPlusAddsAnotherItem(t *testing.T) {
	k := uitest.Key
	m := blankThree(t)
	on(t, m, model.PlatformWeb)
	buttons := forms.MessagePath(m.d.work, m.sel.Locale, m.sel.Variation) + ".push.web.buttons"
	// On an empty text row + is text: alt++ adds.
	focus(t, m, contentPath(m, "web", "image_url"))
	press(m, runes("+"))
	if get(t, m, contentPath(m, "web", "image_url")) != "+" || forms.Len(m.d.work, buttons) != 0 {
		t.Fatalf("+ on an empty Image URL: %q", get(t, m, contentPath(m, "web", "image_url")))
	}
	press(m, k("backspace"), kEsc)
	// The buttons are below the cursor, in Web's section.
	focus(t, m, contentPath(m, "web", "auto_dismiss_notification"))
	press(m, runes("+"))
	press(m, runes("See coats"), k("alt++"), runes("Help"), kEnter)
	if n := forms.Len(m.d.work, buttons); n != 2 {
		t.Fatalf("%d Web buttons after + and alt++, want 2", n)
	}
	if a, b := get(t, m, buttons+"[0].title"), get(t, m, buttons+"[1].title"); a != "See coats" || b != "Help" {
		t.Fatalf("button labels %q, %q: each new button is typed into at once", a, b)
	}

	m.goStep(forms.StepAudience)
	const incl, excl = "segmentation_details.included_filters.filters", "segmentation_details.excluded_filters.filters"
	in, ex := forms.Len(m.d.work, incl), forms.Len(m.d.work, excl)
	focus(t, m, "segmentation_details.included_filters.filter_operator")
	press(m, runes("+"))
	focus(t, m, incl+"[0].filter_type")
	press(m, runes("+"))
	if a, b := forms.Len(m.d.work, incl), forms.Len(m.d.work, excl); a != in+2 || b != ex {
		t.Fatalf("%d included, %d excluded filters after + twice in Include", a, b)
	}

	m.goStep(forms.StepSchedule)
	before := model.Encode(m.d.work)
	_, cmd := m.Update(runes("+"))
	if notices := noticesOf(cmd); string(model.Encode(m.d.work)) != string(before) || !strings.Contains(strings.Join(notices, " "), "No list here") {
		t.Fatalf("+ where there is no list: notices %q", notices)
	}
}

// A fallback (older devices) opens what the message opens: its click action
// and target follow the platform's own as they are edited, unless it has
// its own. The cursor stays on the field being filled while the fallback's
// target row appears above it (it once moved up a row and the target was
// typed into the wrong field).
func TestFallbackFollowsTheClickAndTheCursorKeepsItsField(t *testing.T) {
	k := uitest.Key
	m := blankThree(t)
	focus(t, m, forms.MessagePath(m.d.work, m.sel.Locale, m.sel.Variation)+".push.android.template_type")
	press(m, runes("s"), runes("t"), kEsc) // STYLIZED_BASIC: it has a fallback
	backup := forms.MessagePath(m.d.work, m.sel.Locale, m.sel.Variation) + ".push.android.template_backup."
	focus(t, m, contentPath(m, "android", "default_click_action"))
	press(m, runes("d")) // DEEPLINKING, on to its target
	press(m, runes("shop://coats"), kEnter)
	for path, want := range map[string]string{
		contentPath(m, "android", "default_click_action"):       "DEEPLINKING",
		contentPath(m, "android", "default_click_action_value"): "shop://coats",
		backup + "default_click_action":                         "DEEPLINKING",
		backup + "default_click_action_value":                   "shop://coats",
	} {
		if got := get(t, m, path); got != want {
			t.Errorf("%s = %q, want %q", path, got, want)
		}
	}

	// Its own target is kept.
	focus(t, m, backup+"default_click_action_value")
	press(m, k("backspace"), runes("shop://old"), kEnter)
	focus(t, m, contentPath(m, "android", "default_click_action_value"))
	press(m, kEnter, runes("?x=1"), kEnter)
	if got := get(t, m, backup+"default_click_action_value"); got != "shop://old" {
		t.Errorf("the fallback's own target became %q", got)
	}
}
