package editor

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/model"
)

// changeText is change for text typed into the row at path: that one value
// changes (and, linked, the same field of the message's other platforms:
// the same message), so the problems panel has the engine check again only
// what lies at path. Any other change is judged in full.
func (m *Model) changeText(path string, fn func(c *model.Campaign) error) tea.Cmd {
	m.probs.at = path
	defer func() { m.probs.at = "" }()
	return m.change(path, fn)
}
