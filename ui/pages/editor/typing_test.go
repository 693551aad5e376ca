package editor

import (
	"testing"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
)

// D3: on an empty text row every letter and digit is text, the command
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

func rowOf(t *testing.T, m *Model, path string) forms.Field {
	t.Helper()
	for _, f := range m.list.rows {
		if f.Path == path {
			return f
		}
	}
	t.Fatalf("no row %s", path)
	return forms.Field{}
}

// A letter picks any choice on a choice row, even a letter that is a
// command elsewhere (n no, c custom_segments); digits pick numeric choices
// (APNs 10, relevance 1).
func TestALetterPicksAnyChoice(t *testing.T) {
	m := blankThree(t)
	m.goStep(forms.StepMore)
	pick := func(path, typed, want string) {
		t.Helper()
		m.goStep(forms.StepMore)
		focus(t, m, path)
		for _, r := range typed {
			press(m, runes(string(r)))
		}
		if got := m.fieldText(rowOf(t, m, path)); got != want {
			t.Fatalf("%q on %s picked %v, want %s", typed, path, got, want)
		}
	}
	const prio = "advanced.platform_level_priority.ios_specific_priority."
	pick(prio+"apns_priority", "10", "10")
	pick(prio+"relevance_score", "1", "1")
	pick("control_group_details.is_campaign_control_group_enabled", "n", "no")
	m.goStep(forms.StepAudience)
	focus(t, m, "@add:segmentation_details.included_filters.filters")
	press(m, kEnter)
	path := "segmentation_details.included_filters.filters[0].filter_type"
	focus(t, m, path)
	press(m, runes("c"))
	if got := forms.Get(m.d.work, path); got != model.FilterCustomSegments {
		t.Fatalf("c on the filter type picked %v", got)
	}
}

// D5: the key after a choice picked by letter (which goes on to the next
// field, ready to type) is still a command when it is one of { } [ ]:
// } after "y" on a yes/no once landed in the next text field as "}".
func TestKeyAfterAChoiceIsNoText(t *testing.T) {
	m := blankThree(t)
	m.goStep(forms.StepMore)
	focus(t, m, "control_group_details.is_campaign_control_group_enabled")
	press(m, runes("y")) // yes, on to the percentage, ready to type
	if m.edit == nil {
		t.Fatalf("y did not go on to the next field")
	}
	next := m.edit.field.Path
	press(m, runes("}"))
	if got := get(t, m, next); got != "" {
		t.Fatalf("} landed in %s as %q", next, got)
	}
	if m.edit != nil || m.list.rows[m.list.cur].Path == next {
		t.Fatalf("} did not go to the next section")
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

// A person who types a numeric choice whole goes on after it is already
// picked: the rest of it belongs to the choice, not to a command ("0.5":
// 5 is step 5 elsewhere). After a word picked by its first letters, the
// next letter is the next field's, as before ("a" actions, then the action
// name "coat_viewed" keeps its c).
func TestTypingANumberWholeStaysWithTheChoice(t *testing.T) {
	m := blankThree(t)
	const score = "advanced.platform_level_priority.ios_specific_priority.relevance_score"
	m.goStep(forms.StepMore)
	focus(t, m, score)
	for _, r := range "0.5" {
		press(m, runes(string(r)))
	}
	if got := m.fieldText(rowOf(t, m, score)); got != "0.5" {
		t.Fatalf("0.5 picked %q", got)
	}
	if m.step != forms.StepMore {
		t.Fatalf("the 5 of 0.5 went to step %v", m.step)
	}
}
