package editor

import (
	"slices"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/forms"
)

// switchPlatform shows platform p's content in one key: the locale and
// variation stay, and the cursor stays on the same field (the title stays
// the title), or on the nearest field above it that p has too.
func (m *Model) switchPlatform(p string) tea.Cmd {
	if !slices.Contains(forms.Platforms(m.d.work), p) {
		m.setNotice("The campaign is not sent to "+forms.PlatformName(p)+" (Basic details, Platforms).", true)
		return nil
	}
	old := forms.MessagePath(m.d.work, m.sel.Locale, m.sel.Variation) + ".push." + strings.ToLower(m.sel.Platform) + "."
	var wanted []string // the fields from the cursor up, as p names them
	if m.step == forms.StepContent {
		now := forms.MessagePath(m.d.work, m.sel.Locale, m.sel.Variation) + ".push." + strings.ToLower(p) + "."
		for i := min(m.list.cur, len(m.list.rows)-1); i >= 0; i-- {
			if rest, ok := strings.CutPrefix(m.list.rows[i].Path, old); ok {
				wanted = append(wanted, now+rest)
			}
		}
	}
	m.sel.Platform = p
	m.goStep(forms.StepContent)
	for _, w := range wanted {
		if i := slices.IndexFunc(m.list.rows, func(f forms.Field) bool { return f.Path == w }); i >= 0 {
			m.list.cur = i
			return m.schedulePreview()
		}
	}
	// Not on a field of the content: its first (the template).
	if i := slices.IndexFunc(m.list.rows, func(f forms.Field) bool { return strings.HasSuffix(f.Path, ".template_type") }); i >= 0 {
		m.list.cur = i
	}
	return m.schedulePreview()
}
