package dialogs

import (
	"fmt"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/themes"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/components/dialog"
)

// Leave asks before leaving (esc) or quitting (q) with edits that have not
// reached the service. It closes by itself once they have (SyncMsg).
type Leave struct {
	frame
	quit bool
	sync string // the sync state in words
}

// NewLeave asks before leaving, or quitting when quit; sync is the sync
// state in words.
func NewLeave(s themes.Styles, quit bool, sync string) *Leave {
	return &Leave{frame: frame{s: s}, quit: quit, sync: sync}
}

func (d *Leave) ID() string { return "leave" }

func (d *Leave) Update(msg tea.Msg) (tea.Msg, tea.Cmd) {
	switch msg := msg.(type) {
	case SyncMsg:
		// The debounce sent every edit while it was open: the reason to
		// ask is gone, so it does what was asked.
		d.sync = msg.Text
		if msg.Synced {
			return dialog.Close(LeaveMsg{Quit: d.quit, Settled: true}), nil
		}
	case tea.KeyMsg:
		switch msg.String() {
		case "s":
			return dialog.Close(LeaveMsg{Sync: true, Quit: d.quit}), nil
		case "l", "q":
			return dialog.Close(LeaveMsg{Quit: d.quit}), nil
		case "esc", "n":
			return dialog.Close(nil), nil
		}
	}
	return nil, nil
}

func (d *Leave) ShortHelp() []key.Binding {
	if d.quit {
		return []key.Binding{dialog.Hint("s", "sync, then quit"), dialog.Hint("q", "quit"), dialog.Hint("esc", "stay")}
	}
	return []key.Binding{dialog.Hint("s", "sync, then leave"), dialog.Hint("l", "leave"), dialog.Hint("esc", "stay")}
}

func (d *Leave) View() string {
	s := d.s
	title, verb, key := "Leave the editor?", "leave", "l"
	if d.quit {
		title, verb, key = "Quit campaigns?", "quit", "q"
	}
	// The sync state on a line of its own: run on, it wraps and leaves its
	// "●" alone at the end of the line above.
	return d.box(title,
		s.Warning.Render("Some edits have not reached the service:"),
		d.sync,
		s.Text.Render("They are kept in the local journal either way and sync when you reopen the draft."),
		"",
		s.Key.Render("s")+" sync now, then "+verb+"   "+s.Key.Render(key)+" "+verb+", keep them local   "+s.Key.Render("esc")+" stay")
}

// SendLive asks before a live campaign's changes are sent: what would
// change, what would go, what it would break.
type SendLive struct {
	frame
	v            ops.Verdict
	name, target string
	cancel       key.Binding
}

// NewSendLive shows verdict v for the campaign name; target names the
// service ("" when not known); cancel is the editor's cancel key.
func NewSendLive(s themes.Styles, v ops.Verdict, name, target string, cancel key.Binding) *SendLive {
	return &SendLive{frame: frame{s: s}, v: v, name: name, target: target, cancel: cancel}
}

func (d *SendLive) ID() string { return "send-live" }

// sendable: the state and the update's own checks let it go (what it
// breaks only needs the person's y).
func (d *SendLive) sendable() bool { return d.v.Refusal == nil && len(d.v.Problems) == 0 }

func (d *SendLive) Update(msg tea.Msg) (tea.Msg, tea.Cmd) {
	k, ok := msg.(tea.KeyMsg)
	switch {
	case !ok:
		return nil, nil
	case k.String() == "y" && d.sendable():
		return dialog.Close(SendLiveMsg{Force: len(d.v.Introduced) > 0}), nil
	case k.String() == "y", key.Matches(k, d.cancel), k.String() == "n":
		return dialog.Close(nil), nil
	}
	return nil, nil
}

func (d *SendLive) ShortHelp() []key.Binding {
	switch {
	case !d.sendable():
		return []key.Binding{dialog.Hint("esc", "keep editing")}
	case len(d.v.Introduced) > 0:
		return []key.Binding{dialog.Hint("y", "send anyway"), dialog.Hint("esc", "keep editing")}
	}
	return []key.Binding{dialog.Hint("y", "send"), dialog.Hint("esc", "keep editing")}
}

func (d *SendLive) View() string {
	s := d.s
	where := ""
	if d.target != "" {
		where = " in " + d.target
	}
	lines := []string{s.Text.Render(fmt.Sprintf("Send these changes to the %s campaign '%s'%s? Recipients get them.", d.v.State, d.name, where)), ""}
	add := func(title string, style func(...string) string, items []string) {
		if len(items) == 0 {
			return
		}
		lines = append(lines, style(title))
		for _, it := range items {
			lines = append(lines, "  • "+it)
		}
	}
	add("Changes:", s.Title.Render, d.v.Changes)
	add("Removes:", s.Warning.Render, d.v.Removes)
	var breaks, blocks []string
	for _, p := range d.v.Introduced {
		breaks = append(breaks, p.Target+": "+p.Message)
	}
	for _, p := range d.v.Problems {
		blocks = append(blocks, p.Target+": "+p.Message)
	}
	if d.v.Refusal != nil {
		blocks = append(blocks, d.v.Refusal.Message)
	}
	add("It would break the campaign (it could not be published like this):", s.Error.Render, breaks)
	add("Cannot be sent (fix these first):", s.Error.Render, blocks)
	lines = append(lines, "")
	switch {
	case !d.sendable():
		lines = append(lines, s.Key.Render("esc")+" keep editing")
	case len(breaks) > 0:
		lines = append(lines, s.Key.Render("y")+" send anyway   "+s.Key.Render("esc")+" keep editing")
	default:
		lines = append(lines, s.Key.Render("y")+" send   "+s.Key.Render("esc")+" keep editing")
	}
	for i, l := range lines {
		lines[i] = common.Clean(l)
	}
	return d.box("Send to a live campaign", lines...)
}
