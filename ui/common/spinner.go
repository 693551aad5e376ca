package common

import (
	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"
)

// Spin advances s on its tick while busy and lets the ticks stop once the
// screen is idle (the next load starts them again).
func Spin(s *spinner.Model, busy bool, tick spinner.TickMsg) tea.Cmd {
	if !busy {
		return nil
	}
	var cmd tea.Cmd
	*s, cmd = s.Update(tick)
	return cmd
}
