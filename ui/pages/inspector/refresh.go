package inspector

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/ui/common"
)

// refreshMsg is the inspector's refresh timer going off; gen tells a
// superseded timer's.
type refreshMsg struct{ gen int }

// scheduleRefresh starts the timer of the next refresh (none when refresh
// is off or this is one version as searched).
func (in *Inspector) scheduleRefresh() tea.Cmd {
	every := in.c.Refresh
	if every <= 0 || in.doc != nil {
		return nil
	}
	in.refreshGen++
	gen := in.refreshGen
	return common.Address(in, tea.Tick(every, func(time.Time) tea.Msg { return refreshMsg{gen: gen} }))
}

// refresh re-reads the campaign while it is on show and nothing is being
// asked or done, then waits again: the cursor and the pane stay (set keeps
// them), and a change of state is told as a notice (Update).
func (in *Inspector) refresh(m refreshMsg) tea.Cmd {
	if m.gen != in.refreshGen {
		return nil
	}
	next := in.scheduleRefresh()
	if !in.c.Visible(in) || in.busy != "" || in.menu != nil || in.confirm != nil || in.loading {
		return next
	}
	in.refreshing = true
	return tea.Batch(in.reload(), in.loadVersions(), next)
}
