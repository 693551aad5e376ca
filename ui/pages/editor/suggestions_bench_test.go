package editor

import (
	"fmt"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/api/suggest"
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/internal/uitest"
)

// BenchmarkSuggestKeystroke is one key typed into an event-name field of
// the large campaign at 160×48 with 2,000 events known (api/suggest's
// index): Update (apply, validate, rebuild rows, match names) and View.
func BenchmarkSuggestKeystroke(b *testing.B) {
	c := largeCampaign(b)
	p := "segmentation_details.included_filters.filters[0]"
	if err := forms.SetFilterType(c, p, model.FilterActions); err != nil {
		b.Fatal(err)
	}
	m, _ := newTestEditor(b, c, 160, 48)
	var idx suggest.Index
	for i := range 2000 {
		idx.Add(model.NameEvent, fmt.Sprintf("event_%04d_viewed", i))
	}
	m.f.Names = &idx
	m.goStep(forms.StepAudience)
	for i, f := range m.list.rows {
		if f.Path == p+".action_name" {
			m.list.cur = i
		}
	}
	m.Update(uitest.Key("enter"))
	if m.edit == nil || m.suggestions() == nil {
		b.Fatal("the action name is not being edited with suggestions")
	}
	m.Update(uitest.Key("event_1"))
	keys := []tea.KeyMsg{uitest.Key("2"), uitest.Key("backspace")}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m.Update(keys[i%2])
		_ = m.View()
	}
}
