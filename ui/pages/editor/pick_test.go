package editor

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

// A letter on a choice row picks the first choice it begins; letters add
// up; when one choice is left the cursor goes on to the next field. A letter
// no choice begins with changes nothing and says so.
func TestLetterPicksAChoice(t *testing.T) {
	m := openAt(t, fixture(t, "push_one_time.json"), forms.StepContent)
	at := slices.IndexFunc(m.list.rows, func(f forms.Field) bool {
		return f.Kind == forms.Enum && slices.Contains(f.Options, model.TemplateSimpleImageCarousel)
	})
	if at < 0 {
		t.Fatal("no template row on the content step")
	}
	tpl := m.list.rows[at]
	m.list.cur = at
	_, cmd := m.Update(runes("z"))
	notices := noticesOf(cmd)
	if got := get(t, m, tpl.Path); got == "" || strings.HasPrefix(got, "Z") {
		t.Fatalf("z set the template to %q", got)
	}
	if !strings.Contains(strings.Join(notices, " "), "No choice begins with “z”") {
		t.Fatalf("notices %q after a letter no choice begins with", notices)
	}
	press(m, runes("s"))
	if got := get(t, m, tpl.Path); got != model.TemplateStylizedBasic {
		t.Fatalf("s picked %q, want the first choice it begins, STYLIZED_BASIC", got)
	}
	if m.list.cur != at {
		t.Fatal("s left the row though two choices begin with it")
	}
	press(m, runes("i"))
	if got := get(t, m, tpl.Path); got != model.TemplateSimpleImageCarousel {
		t.Fatalf("s i picked %q, want SIMPLE_IMAGE_CAROUSEL", got)
	}
	if m.list.cur == at {
		t.Fatal("the one choice left was picked but the cursor stayed on the row")
	}
	// Another key in between: the letters start again.
	m.list.cur = at
	press(m, runes("s"), kDown, uitest.Key("up"), runes("b"))
	if got := get(t, m, tpl.Path); got != model.TemplateBasic {
		t.Fatalf("b after moving picked %q, want BASIC", got)
	}
	var help []string
	for _, col := range m.FullHelp() {
		for _, b := range col {
			help = append(help, b.Help().Key+" "+b.Help().Desc)
		}
	}
	if h := strings.Join(help, " · "); !strings.Contains(h, "a–z pick a choice") {
		t.Fatalf("the help does not say letters pick a choice: %s", h)
	}
}

// The letters after the first go on picking, even one that is a key of its
// own elsewhere: "i" on a string operator is "in" or "is", "n" then "in"
// (not next to fill).
func TestLettersAfterTheFirstAddUp(t *testing.T) {
	m := openAt(t, fixture(t, "push_one_time.json"), forms.StepAudience)
	at := slices.IndexFunc(m.list.rows, func(f forms.Field) bool {
		return strings.HasSuffix(f.Path, ".operator") && slices.Contains(f.Options, "is") && slices.Contains(f.Options, "in")
	})
	if at < 0 {
		t.Skip("no string operator row in the fixture's audience")
	}
	op := m.list.rows[at]
	m.list.cur = at
	press(m, runes("i"), runes("s"))
	if got := get(t, m, op.Path); got != "is" {
		t.Fatalf("i s picked %q, want is", got)
	}
	if m.edit == nil {
		t.Fatal("is picked: the value after it is not being typed into")
	}
	press(m, kEsc)
	m.list.cur = at
	press(m, runes("i"), runes("n"))
	if got := get(t, m, op.Path); got != "in" {
		t.Fatalf("i n picked %q, want in", got)
	}
	if m.list.cur == at || m.list.rows[m.list.cur].Path == op.Path {
		t.Fatal("the one choice left was picked but the cursor stayed")
	}
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

// The key after a choice picked by letter (which goes on to the next
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
	next := m.edit.Field.Path
	press(m, runes("}"))
	if got := get(t, m, next); got != "" {
		t.Fatalf("} landed in %s as %q", next, got)
	}
	if m.edit != nil || m.list.rows[m.list.cur].Path == next {
		t.Fatalf("} did not go to the next section")
	}
}

// In the platforms' list a letter ticks the platform it begins, and again
// unticks it; esc puts the list back as it was.
func TestLetterTicksAPlatform(t *testing.T) {
	m := openAt(t, fixture(t, "push_one_time.json"), forms.StepBasic)
	focus(t, m, "basic_details.platforms")
	before := platforms(m)
	if strings.Contains(before, "WEB") {
		t.Fatalf("the fixture already has WEB: %s", before)
	}
	press(m, kEnter, runes("w"))
	if got := platforms(m); !strings.Contains(got, "WEB") {
		t.Fatalf("w did not tick WEB: %s", got)
	}
	if v := ansiStrip(m.View()); !strings.Contains(v, "[x] WEB") || !strings.Contains(v, "a–z: tick") {
		t.Fatalf("the list does not show WEB ticked, or the key:\n%s", v)
	}
	press(m, runes("w"))
	if got := platforms(m); got != before {
		t.Fatalf("w again left %s, want %s", got, before)
	}
	press(m, runes("w"), kEsc)
	if got := platforms(m); got != before {
		t.Fatalf("esc left %s, want %s", got, before)
	}
}

func platforms(m *Model) string { return fmt.Sprint(forms.Get(m.d.work, "basic_details.platforms")) }
