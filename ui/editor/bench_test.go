package editor

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"campaigns/forms"
)

// BenchmarkEditorKeystroke is one key typed into a content field of the
// large campaign (10 locales × 5 variations × 3 platforms) at 160×48:
// Update (apply, validate both phases, rebuild rows) and View.
func BenchmarkEditorKeystroke(b *testing.B) {
	c := largeCampaign(b)
	m, _ := newTestEditor(b, c, 160, 48)
	m.sel = forms.Selection{Locale: "l5", Variation: "variation_3", Platform: "ANDROID"}
	m.goStep(forms.StepContent)
	for i, f := range m.rows {
		if f.Label == "Title" {
			m.cur = i
		}
	}
	m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	if m.edit == nil || !m.edit.inline {
		b.Fatal("title is not being edited")
	}
	keys := []tea.KeyMsg{{Type: tea.KeyRunes, Runes: []rune{'x'}}, {Type: tea.KeyBackspace}}
	m.queue.drain()
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		m.Update(keys[i%2])
		_ = m.View()
	}
	b.StopTimer()
	// The journal worker runs on its own goroutine; its share is included,
	// which makes this an upper bound for the key press itself.
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
	}
	m.queue.close()
}
