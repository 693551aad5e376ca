package editor

import (
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/key"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

// On an empty text row every letter and digit is text, the command
// letters too: "email" on an empty UTM Source once opened the
// event-attributes dialog on its e, and 2 on an empty "Expire after" went
// to step 2.
func TestLettersAndDigitsOnAnEmptyRowAreText(t *testing.T) {
	m := blankThree(t)
	m.d.work.UTMParams, m.d.work.Advanced = nil, nil // empty rows
	m.goStep(forms.StepMore)
	focus(t, m, "utm_params.utm_source")
	for _, r := range "email" {
		press(m, runes(string(r)))
	}
	press(m, kEnter)
	if got := get(t, m, "utm_params.utm_source"); got != "email" || !m.dialogs.Empty() {
		t.Fatalf("UTM source %q, dialog %T", got, m.dialogs.Top())
	}
	m.goStep(forms.StepMore)
	focus(t, m, "advanced.expiration_settings.expire_notification_after_value")
	press(m, runes("2"), kEnter)
	if m.step != forms.StepMore {
		t.Fatalf("2 on an empty Expire after went to %s", m.step)
	}
	if got := m.fieldText(m.list.rows[m.list.cur]); got != "2" {
		t.Fatalf("Expire after %q after typing 2", got)
	}
}

// A letter typed on an empty text row starts typing into it; on a row
// that holds text it does nothing (no value is lost to a stray key).
func TestTypingStartsAnEmptyField(t *testing.T) {
	m := blankPush(t)
	title := contentPath(m, "android", "title")
	focus(t, m, title)
	press(m, runes("H"), runes("i"), kEnter)
	if got := get(t, m, title); got != "Hi" {
		t.Fatalf("title %q after typing Hi on the empty row", got)
	}
	press(m, runes("x"))
	if m.edit != nil || get(t, m, title) != "Hi" {
		t.Fatalf("a letter on a filled row started editing (%v) or changed it to %q", m.edit != nil, get(t, m, title))
	}
	// Every letter is text on an empty row, the command letters too
	// (j, e, p, u, c, n); digits too (2 is not step 2 here).
	msg := contentPath(m, "android", "message")
	focus(t, m, contentPath(m, "android", "notification_channel"))
	press(m, runes("j"), runes("e"), runes("p"), runes("u"), runes("c"), runes("n"), runes("2"), kEnter)
	if got := get(t, m, contentPath(m, "android", "notification_channel")); got != "jepucn2" || !m.dialogs.Empty() || m.step != forms.StepContent {
		t.Fatalf("typed %q on an empty row (dialog %T, step %s)", got, m.dialogs.Top(), m.step)
	}
	// Their commands are alt+key there: alt+2 is step 2's neighbour, alt+3.
	focus(t, m, msg)
	press(m, uitest.Key("alt+3"))
	if m.step != forms.StepAudience {
		t.Fatalf("alt+3 on an empty row went to %s", m.step)
	}
}

// Edit from the text: enter on a filled row (a one-line title, a long
// message) edits it with the cursor at its end; a selected row (reached
// with tab) keeps its text on → and is edited at its end too.
func TestEditingAFilledRowStartsAtItsEnd(t *testing.T) {
	m := blankThree(t)
	title, msg := contentPath(m, "android", "title"), contentPath(m, "android", "message")
	focus(t, m, title)
	press(m, runes("Winter coats"), kEnter)
	press(m, kEnter, runes(" are back"), kEnter)
	if got := get(t, m, title); got != "Winter coats are back" {
		t.Fatalf("title %q after editing it from its text", got)
	}
	focus(t, m, msg)
	press(m, runes("Warm"), kEsc)
	press(m, kEnter, runes(" and light"), kEsc)
	if got := get(t, m, msg); got != "Warm and light" {
		t.Fatalf("message %q after editing it from its text", got)
	}
	focus(t, m, title)
	press(m, kEnter, kTab) // the message, selected
	press(m, kRight, runes("!"), kEsc)
	if got := get(t, m, msg); got != "Warm and light!" {
		t.Fatalf("message %q after → on its selected text", got)
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
	on(t, m, model.PlatformIOS)
	editsFrom(t, m, contentPath(m, "ios", "title"), "Spring")
	press(m, runes(" sale"), kEsc)
	on(t, m, model.PlatformAndroid)
	if got := get(t, m, title); got != "Spring sale" {
		t.Fatalf("Android title %q after appending on iOS", got)
	}
	// tab: the message, selected; typing replaces it.
	focus(t, m, title)
	press(m, kEnter, kTab)
	if m.edit == nil || m.edit.Field.Path != msg {
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
	press(m, runes("ab"), k("space"), runes("cd"), k("alt+b"), runes("X"))
	if got := m.edit.Text(); got != "ab Xcd" {
		t.Fatalf("alt+b is the text input's word back: %q", got)
	}
	press(m, k("alt+3"))
	if m.edit != nil || m.step != forms.StepAudience || get(t, m, url) != "ab Xcd" {
		t.Fatalf("alt+3 while typing: editing %v, step %s", m.edit != nil, m.step)
	}
}
