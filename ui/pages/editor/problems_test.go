package editor

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/muesli/termenv"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

// Defect 4 with key presses: an email without a body shows the problem
// beside HTML (not Sender name), and enter on it in the problems panel
// lands on the HTML row.
func TestMissingEmailBodyJumpsToHTML(t *testing.T) {
	c := fixture(t, "email_one_time.json")
	em := forms.Message(c, forms.DefaultLocale, "variation_1").Email
	em.HTMLContent, em.CustomTemplateID = nil, nil
	m, _ := newTestEditor(t, c, 160, 48)
	found := -1
	for i, it := range m.probs.items {
		if it.p.Rule == "email.html_or_template" {
			found = i
		}
	}
	if found < 0 {
		t.Fatalf("no missing-body problem: %v", m.probs.items)
	}
	press(m, uitest.Key("tab")) // the problems panel
	for range found {
		press(m, uitest.Key("down"))
	}
	press(m, kEnter)
	if m.step != forms.StepContent || m.list.rows[m.list.cur].Label != "HTML" {
		t.Fatalf("enter landed on %s / %q", m.step, m.list.rows[m.list.cur].Label)
	}
	for i, f := range m.list.rows {
		probs := strings.Join(m.list.problems[i], " ")
		if f.Label == "Sender name" && strings.Contains(probs, "body") {
			t.Errorf("the missing body is flagged beside Sender name")
		}
		if f.Label == "HTML" && !strings.Contains(probs, "Email body is missing") {
			t.Errorf("no missing-body problem beside HTML: %q", probs)
		}
	}
}

// Defect 8 with key presses: ← / → on an audience filter's type leaves no
// field of the old type (data_type "string" on an actions filter).
func TestFilterTypeKeysLeaveNoStrayFields(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	m, _ := newTestEditor(t, c, 160, 48)
	press(m, runes("3"))
	p := "segmentation_details.included_filters.filters[0]"
	if got := forms.Get(m.d.work, p+".filter_type"); got != model.FilterUserAttributes {
		t.Fatalf("the fixture's first filter is %v", got)
	}
	focus(t, m, p+".filter_type")
	seen := map[any]bool{}
	for range 3 { // through every type and back
		press(m, kRight)
		js := string(model.Encode(m.d.work.SegmentationDetails.IncludedFilters.Filters[0]))
		typ := forms.Get(m.d.work, p+".filter_type")
		seen[typ] = true
		if typ != model.FilterUserAttributes {
			for _, stray := range []string{`"data_type"`, `"operator"`, `"negate"`} {
				if strings.Contains(js, stray) {
					t.Errorf("%v filter keeps %s: %s", typ, stray, js)
				}
			}
		}
		if typ != model.FilterActions && strings.Contains(js, `"action_name"`) {
			t.Errorf("%v filter keeps action_name: %s", typ, js)
		}
	}
	if !seen[model.FilterActions] || !seen[model.FilterCustomSegments] {
		t.Fatalf("→ went through %v only", seen)
	}
}

// Defect 3 in the editor: with the high-contrast theme an empty Start shows
// its hint in the placeholder style, never in the style of a value; keys
// reach the Schedule step.
func TestEmptyStartLooksEmptyInHighContrast(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	c.SchedulingDetails.StartTime = nil
	m, _ := newTestEditor(t, c, 160, 48)
	r := common.NewRenderer(&bytes.Buffer{})
	r.SetColorProfile(termenv.TrueColor)
	r.SetHasDarkBackground(true)
	m.c.Styles = themes.New(themes.HighContrast(), r)
	m.list.drawn = nil
	press(m, runes("5"))
	focus(t, m, "scheduling_details.start_time")
	press(m, uitest.Key("up")) // the Start row is not under the cursor
	hint := "2026-12-01T09:00:00"
	s := m.c.Styles
	v := m.View()
	if !strings.Contains(v, s.Placeholder.Render(hint)) || strings.Contains(v, s.Text.Render(hint)) {
		t.Fatalf("the empty Start is not drawn as a placeholder:\n%q", v)
	}
}

// A problem only the service finds (its workspace differs, or it has an
// older copy) is listed in the form's words, without its JSON path.
func TestServiceOnlyProblemsInPlainWords(t *testing.T) {
	m, _ := newTestEditor(t, fixture(t, "push_one_time.json"), 160, 48)
	press(m, runes("8"))
	m.Update(validatedMsg{res: api.ValidateResult{Errors: []api.ValidateError{
		{Field: "delivery_controls.queue_duration", Issue: "delivery_controls.queue_duration must be between 1 and 72."},
	}}})
	flat := strings.Join(strings.Fields(ansiStrip(m.View())), " ")
	if !strings.Contains(flat, "The service found 1 problem:") || !strings.Contains(flat, "✗ Queue duration") || strings.Contains(flat, "delivery_controls.queue_duration") {
		t.Fatalf("verdict:\n%s", m.View())
	}
}

// Defect 10 with key presses: an image URL typed as htp://… or
// javascript:… is refused beside its field; a one-slide carousel is "1
// slide" in the preview.
func TestImageURLAndOneSlideWithKeys(t *testing.T) {
	c := fixture(t, "push_one_time.json")
	m, _ := newTestEditor(t, c, 160, 48)
	press(m, runes("2"))
	img := forms.MessagePath(m.d.work, forms.DefaultLocale, "variation_1") + ".push.android.basic_details.image_url"
	for _, bad := range []string{"htp://cdn.example.com/a.png", "javascript:alert(1)"} {
		focus(t, m, img)
		press(m, kEnter)
		for range len(m.edit.value()) {
			press(m, uitest.Key("backspace"))
		}
		press(m, runes(bad), kEsc)
		if got := forms.Get(m.d.work, img); got != bad {
			t.Fatalf("typed %q, stored %v", bad, got)
		}
		if len(m.list.problems[m.list.cur]) == 0 {
			t.Errorf("%s accepted without a problem beside Image URL", bad)
		}
	}

	car := marketerCarousel(t)
	m, _ = newTestEditor(t, car, 160, 48)
	press(m, runes("2"))
	m.sel.Variation = "variation_2"
	m.rebuild()
	m.Update(msgOf(m.refreshPreview()))
	if v := ansiStrip(m.View()); !strings.Contains(v, "1 slide") || strings.Contains(v, "1 slides") {
		t.Fatalf("one-slide carousel:\n%s", v)
	}
}

// marketerCarousel is the marketer fixture with one slide in its Android
// carousel (variation 2).
func marketerCarousel(t *testing.T) *model.Campaign {
	b, err := os.ReadFile("../../../testdata/fixtures/marketer-push.json")
	if err != nil {
		t.Fatal(err)
	}
	c, err := model.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	id, st := "c-carousel", model.StatusDraft
	c.CampaignID, c.ID, c.Status = &id, &id, &st
	for _, l := range []string{"default", "es"} {
		cr := c.CampaignContent.Content.Keyed[l]["variation_2"].Push.Android.BasicDetails.CarouselContent
		cr.SlideData = cr.SlideData[:1]
	}
	return c
}
