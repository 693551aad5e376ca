package editor

// The Review step's summary, drawn by forms' one renderer (the inspector's
// Summary tab draws the same).

import (
	"github.com/campaigns-cli/campaigns/forms"
	"github.com/campaigns-cli/campaigns/themes"
)

// summaryLines renders sum in width w. Nothing is cut: long sentences wrap
// under their own column.
func summaryLines(s themes.Styles, sum forms.Summary, w int) []string {
	return sum.Render(w, forms.Paint{Head: s.Subtitle.Render, Text: s.Text.Render, OK: s.OK.Render, Bad: s.Error.Render, Muted: s.Muted.Render})
}
