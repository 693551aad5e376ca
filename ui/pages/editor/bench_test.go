package editor

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/huh"

	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/components/dialog"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
	"github.com/campaigns-cli/campaigns/ui/pages/editor/rowform"
)

// BenchmarkEditorKeystroke is one key typed into a content field of the
// large campaign (10 locales × 5 variations × 3 platforms) at 160×48:
// Update (apply, validate both phases, rebuild rows) and View.
func BenchmarkEditorKeystroke(b *testing.B) {
	c := largeCampaign(b)
	m, _ := newTestEditor(b, c, 160, 48)
	m.sel = forms.Selection{Locale: "l5", Variation: "variation_3", Platform: "ANDROID"}
	m.goStep(forms.StepContent)
	focusWhere(b, m, func(f forms.Field) bool { return f.Label == "Title" })
	m.Update(kEnter)
	if m.edit == nil || !m.edit.Inline {
		b.Fatal("title is not being edited")
	}
	benchKeys(b, m, uitest.Key("x"), uitest.Key("backspace"))
}

// benchKeys hands m the keys in turn, b.N in all, each followed by a View.
// The journal worker runs on its own goroutine; its share of the CPU time
// is included, which makes cpu-ns/op an upper bound for the key press.
func benchKeys(b *testing.B, m *Model, keys ...tea.KeyMsg) {
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		m.Update(keys[i%len(keys)])
		_ = m.View()
	}
	b.StopTimer()
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
	}
}

// BenchmarkZonePickerKeystroke is one key typed into the time zone
// picker's search over every IANA name, with the dialog drawn.
func BenchmarkZonePickerKeystroke(b *testing.B) {
	m, _ := newTestEditor(b, fixture(b, "push_one_time.json"), 160, 48)
	m.goStep(forms.StepSchedule)
	focusWhere(b, m, func(f forms.Field) bool { return f.Kind == forms.Zone })
	m.openZone(m.list.rows[m.list.cur])
	keys := []tea.KeyMsg{uitest.Key("a"), uitest.Key("backspace")}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m.dialogs.Update(keys[i%2])
		_ = m.dialogs.View()
	}
}

// BenchmarkZoneHuhSelectFilter is the alternative the picker is kept
// against: a filtering huh.Select over the same names (it renders every
// matching option on each key).
func BenchmarkZoneHuhSelectFilter(b *testing.B) {
	m, _ := newTestEditor(b, fixture(b, "push_one_time.json"), 160, 48)
	var v string
	sel := huh.NewSelect[string]().Options(huh.NewOptions(forms.ZoneNames()...)...).Height(rowform.ListHeight(m.height)).Filtering(true).Value(&v)
	f := huh.NewForm(huh.NewGroup(sel)).WithTheme(common.HuhTheme(m.c.Styles)).WithWidth(dialog.Width(m.width) - 6)
	f.Init()
	f.Update(tea.WindowSizeMsg{Width: 160, Height: 48})
	keys := []tea.KeyMsg{uitest.Key("a"), uitest.Key("backspace")}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		f.Update(keys[i%2])
		_ = f.View()
	}
}

// BenchmarkTemplateSelectKeystroke is one arrow key in the huh select of
// an Android template on the large campaign: the hovered template is
// applied (rows come and go, cleared values are stashed or given back),
// validated and drawn.
func BenchmarkTemplateSelectKeystroke(b *testing.B) {
	m, _ := newTestEditor(b, largeCampaign(b), 160, 48)
	m.sel = forms.Selection{Locale: "l5", Variation: "variation_3", Platform: "ANDROID"}
	m.goStep(forms.StepContent)
	focusWhere(b, m, func(f forms.Field) bool { return f.Label == "Template" })
	m.Update(kEnter)
	if m.edit == nil || m.edit.Inline {
		b.Fatal("the template select is not open")
	}
	benchKeys(b, m, kDown, uitest.Key("up"))
}

// BenchmarkMessageDialogKeystroke is one key typed into a push message,
// a long text edited in its dialog, at 200×60.
func BenchmarkMessageDialogKeystroke(b *testing.B) {
	m, _ := newTestEditor(b, fixture(b, "push_one_time.json"), 200, 60)
	m.goStep(forms.StepContent)
	focusWhere(b, m, func(f forms.Field) bool { return f.Label == "Message" })
	m.Update(kEnter)
	if m.edit == nil || m.edit.Inline {
		b.Fatal("the message dialog is not open")
	}
	benchKeys(b, m, uitest.Key("x"), uitest.Key("backspace"))
}

// BenchmarkLongEmailKeystroke is one key typed at the end of a 50 KB
// email body in its dialog, at 200×60.
func BenchmarkLongEmailKeystroke(b *testing.B) {
	c := fixture(b, "email_one_time.json")
	m, _ := newTestEditor(b, c, 200, 60)
	m.goStep(forms.StepContent)
	focusWhere(b, m, func(f forms.Field) bool { return f.Kind == forms.LongText })
	m.Update(kEnter)
	if m.edit == nil || m.edit.Inline {
		b.Fatal("the body's dialog is not open")
	}
	m.Update(uitest.Text(strings.Repeat("<p>A paragraph of the newsletter.</p>\n", 1300)))
	benchKeys(b, m, uitest.Key("x"), uitest.Key("backspace"))
}
