package editor

import (
	"strings"

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

// under reports whether target is path or lies under it (path.x, path[i]).
// It runs for every problem on every row at each key press, so it builds
// no strings.
func under(target, path string) bool {
	if !strings.HasPrefix(target, path) {
		return false
	}
	return len(target) == len(path) || target[len(path)] == '.' || target[len(path)] == '['
}
