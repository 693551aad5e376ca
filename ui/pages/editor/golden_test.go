package editor

import (
	"testing"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

// Goldens are testdata/<Test>/<case>.golden beside this file, drawn in the
// default theme's colours; go test ./ui/pages/editor -run Golden -update
// rewrites them.

func TestGoldenViews(t *testing.T) {
	cases := []struct {
		name   string
		file   string
		w, h   int
		step   forms.Step
		locale string
	}{
		{"push_content_160x48", "push_one_time.json", 160, 48, forms.StepContent, "fr-FR"},
		{"push_basic_80x24", "push_one_time.json", 80, 24, forms.StepBasic, ""},
		{"email_content_120x40", "email_one_time.json", 120, 40, forms.StepContent, ""},
		{"push_review_120x40", "push_event_triggered.json", 120, 40, forms.StepReview, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m, _ := newTestEditor(t, fixture(t, tc.file), tc.w, tc.h)
			styled(m)
			if tc.locale != "" {
				m.sel.Locale = tc.locale
			}
			m.goStep(tc.step)
			m.Update(msgOf(m.refreshPreview())) // the preview renders as in the program
			uitest.Golden(t, "", m.View())
		})
	}
}

// TestGoldenRowForms draws rows being edited through their huh forms: a
// one-line input in its row, a select and a multi-select as dialogs.
func TestGoldenRowForms(t *testing.T) {
	cases := []struct {
		name string
		step forms.Step
		path func(m *Model) string
	}{
		{"edit_title_inline_120x40", forms.StepContent, func(m *Model) string {
			return forms.MessagePath(m.d.work, "default", "variation_1") + ".push.android.basic_details.title"
		}},
		{"edit_template_select_120x40", forms.StepContent, func(m *Model) string {
			return forms.MessagePath(m.d.work, "default", "variation_1") + ".push.android.template_type"
		}},
		{"edit_platforms_multi_120x40", forms.StepBasic, func(*Model) string { return "basic_details.platforms" }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := summerSale(t, 120, 40)
			styled(m)
			m.goStep(tc.step)
			focus(t, m, tc.path(m))
			press(m, kEnter)
			if m.edit == nil {
				t.Fatal("enter did not open the row's form")
			}
			m.Update(msgOf(m.refreshPreview())) // the preview renders as in the program
			uitest.Golden(t, "", m.View())
		})
	}
}

// styled draws m in the default theme's colours, as a person sees it.
func styled(m *Model) {
	m.c.Styles = uitest.StyledCommon(m.c.Width, m.c.Height).Styles
}
