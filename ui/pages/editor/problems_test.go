package editor

import (
	"strings"
	"testing"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

// An emptied title shows its problem beside the field; from another step,
// enter on the problem in the panel goes back to it (step, locale and
// row), and retyping the title clears it.
func TestProblemShowsBesideFieldAndJumps(t *testing.T) {
	m := summerSale(t, 160, 48)
	if len(m.probs.items) != 0 {
		t.Fatalf("fixture not publishable: %v", m.probs.items)
	}
	m.goStep(forms.StepContent)
	m.sel.Locale = "fr-FR"
	m.rebuild()
	title := forms.MessagePath(m.d.work, "fr-FR", "variation_1") + ".push.android.basic_details.title"
	focus(t, m, title)
	press(m, kEnter)
	for range len(m.edit.Value()) {
		press(m, uitest.Key("backspace"))
	}
	press(m, kEsc)
	if len(m.list.problems[m.list.cur]) == 0 || !strings.Contains(m.View(), "✗") {
		t.Fatalf("no problem beside the emptied title:\n%s", m.View())
	}
	// Go elsewhere, then jump back from the panel.
	m.sel.Locale = "default"
	m.goStep(forms.StepBasic)
	m.pane = 1
	for i, it := range m.probs.items {
		if it.p.Target == title {
			m.probs.cur = i
		}
	}
	press(m, kEnter)
	if m.step != forms.StepContent || m.sel.Locale != "fr-FR" || m.list.rows[m.list.cur].Path != title {
		t.Fatalf("jumped to %s %v %s", m.step, m.sel, m.list.rows[m.list.cur].Path)
	}
	press(m, kEnter, runes("Salut"), kEsc)
	if len(m.probs.items) != 0 {
		t.Fatalf("problem stays after retyping: %v", m.probs.items)
	}
}

// An email without a body shows the problem
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

// A problem only the service finds (its workspace differs, or it has an
// older copy) is listed in the form's words, without its JSON path.
func TestServiceOnlyProblemsInPlainWords(t *testing.T) {
	m := summerSale(t, 160, 48)
	press(m, runes("8"))
	m.Update(validatedMsg{res: api.ValidateResult{Errors: []api.ValidateError{
		{Field: "delivery_controls.queue_duration", Issue: "delivery_controls.queue_duration must be between 1 and 72."},
	}}})
	flat := strings.Join(strings.Fields(ansiStrip(m.View())), " ")
	if !strings.Contains(flat, "The service found 1 problem:") || !strings.Contains(flat, "✗ Queue duration") || strings.Contains(flat, "delivery_controls.queue_duration") {
		t.Fatalf("verdict:\n%s", m.View())
	}
}

// An image URL typed as htp://… or
// javascript:… is refused beside its field; a one-slide carousel is "1
// slide" in the preview.
func TestImageURLAndOneSlideWithKeys(t *testing.T) {
	m := summerSale(t, 160, 48)
	press(m, runes("2"))
	img := forms.MessagePath(m.d.work, forms.DefaultLocale, "variation_1") + ".push.android.basic_details.image_url"
	for _, bad := range []string{"htp://cdn.example.com/a.png", "javascript:alert(1)"} {
		focus(t, m, img)
		press(m, kEnter)
		for range len(m.edit.Value()) {
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
	c := marketerPush(t)
	for _, l := range []string{"default", "es"} {
		cr := c.CampaignContent.Content.Keyed[l]["variation_2"].Push.Android.BasicDetails.CarouselContent
		cr.SlideData = cr.SlideData[:1]
	}
	return c
}
