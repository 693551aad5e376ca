package common

import tea "github.com/charmbracelet/bubbletea"

// AddressedMsg is an answer for one screen (gh-dash's section messages):
// the root hands Msg to To alone, and drops it when To has been closed, so a
// late answer never lands on another screen or another campaign.
type AddressedMsg struct {
	To  Screen
	Msg tea.Msg
}

// OrphanNotice is implemented by answers worth telling even when the screen
// that asked is gone (the outcome of an action the user confirmed).
type OrphanNotice interface{ OrphanNotice() NoticeMsg }

// forRoot marks the messages the root itself handles: they are never
// addressed to a screen.
type forRoot interface{ forRoot() }

// Address wraps cmds so that their results reach screen s only. Batches are
// followed (each command of a batch is addressed in turn); messages meant
// for the root (navigation, notices, quitting) pass unwrapped.
func Address(s Screen, cmds ...tea.Cmd) tea.Cmd {
	out := make([]tea.Cmd, 0, len(cmds))
	for _, c := range cmds {
		if c != nil {
			out = append(out, addressCmd(s, c))
		}
	}
	return tea.Batch(out...)
}

func addressCmd(s Screen, cmd tea.Cmd) tea.Cmd {
	return func() tea.Msg { return address(s, cmd()) }
}

func address(s Screen, msg tea.Msg) tea.Msg {
	switch m := msg.(type) {
	case nil, AddressedMsg, forRoot, tea.QuitMsg:
		return msg
	case tea.BatchMsg:
		out := make(tea.BatchMsg, 0, len(m))
		for _, c := range m {
			if c != nil {
				out = append(out, addressCmd(s, c))
			}
		}
		return out
	}
	return AddressedMsg{To: s, Msg: msg}
}
