package inspector

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/ui/common"
)

// handleKey is the inspector's keys: the confirmation's and the menu's
// while open, else the panes'.
func (in *Inspector) handleKey(msg tea.KeyMsg) tea.Cmd {
	k := in.c.Keys
	if in.confirm != nil {
		switch {
		case key.Matches(msg, k.Confirm):
			action := in.confirm.action
			in.confirm = nil
			return in.run(action)
		case key.Matches(msg, k.Cancel):
			in.confirm = nil
			return common.Notice("Cancelled: nothing was changed", false)
		}
		return nil
	}
	if in.menu != nil {
		switch {
		case key.Matches(msg, k.Up):
			in.menu.move(-1)
		case key.Matches(msg, k.Down):
			in.menu.move(1)
		case key.Matches(msg, k.Back):
			in.menu = nil
		case key.Matches(msg, k.Open):
			item := in.menu.items[in.menu.cursor]
			in.menu = nil
			return in.choose(item.action)
		default:
			for _, it := range in.menu.items {
				if msg.String() == it.key {
					in.menu = nil
					return in.choose(it.action)
				}
			}
			// A key the campaign does not allow says why, instead of doing
			// nothing (s on an active event-triggered campaign, p on a
			// one-time one).
			if why := in.refusal(msg.String()); why != "" {
				in.menu = nil
				return common.Notice(common.Clean(why), true)
			}
		}
		return nil
	}
	switch {
	case key.Matches(msg, k.Back):
		return common.Pop()
	case key.Matches(msg, k.NextPane):
		in.pane = (in.pane + 1) % paneCount
		if in.wide() && in.pane == paneOverview {
			in.pane++
		}
		in.rebuildVersions()
		in.clamp()
	case key.Matches(msg, k.PrevPane):
		in.pane = (in.pane + paneCount - 1) % paneCount
		if in.wide() && in.pane == paneOverview {
			in.pane--
		}
		in.rebuildVersions()
		in.clamp()
	case key.Matches(msg, k.Refresh):
		return tea.Batch(in.reload(), in.loadVersions())
	case key.Matches(msg, k.CopyID):
		if in.camp != nil {
			return in.c.Copy(in.id, "the campaign id "+in.id)
		}
	case key.Matches(msg, k.CopyReport):
		if in.camp != nil {
			return in.c.Copy(in.report(), "a report on “"+common.Clean(common.CampaignName(in.camp))+"”")
		}
	case in.pane == paneVersions && key.Matches(msg, k.Open):
		return in.openVersion()
	case in.pane == paneVersions && key.Matches(msg, k.Mark):
		if in.vmark == in.vcursor {
			in.vmark = -1
		} else {
			in.vmark = in.vcursor
		}
		in.rebuildVersions()
		in.clamp()
	case in.pane == paneVersions && key.Matches(msg, k.Diff):
		return in.compare()
	case in.doc != nil && (key.Matches(msg, k.Actions) || key.Matches(msg, k.Validate) || key.Matches(msg, k.Edit)):
		return common.Notice("Read-only: "+in.versionNote()+". Open the campaign itself to act on it.", true)
	case key.Matches(msg, k.Actions):
		if in.camp == nil || in.busy != "" {
			return nil
		}
		in.menu = newMenu(in.menuItems())
	case key.Matches(msg, k.Validate):
		if in.camp == nil || in.busy != "" {
			return nil
		}
		return in.choose(actValidate)
	case key.Matches(msg, k.Edit):
		if in.editable() || in.viewable() {
			return common.OpenEditor(in.id)
		}
	case key.Matches(msg, k.Duplicate):
		if in.camp != nil && in.c.ReadOnly == "" {
			return common.Duplicate(in.id)
		}
	case key.Matches(msg, k.OpenParent):
		if p := in.parentID(); p != "" {
			return common.OpenInspector(p, nil)
		}
	case in.pane == paneChecks && key.Matches(msg, k.ShowInTree) && len(in.problems) > 0:
		in.jumpTo(in.problems[in.pcursor].target)
	case in.pane == paneComponents && key.Matches(msg, k.Toggle):
		if vis := visible(in.roots); in.tcursor < len(vis) && vis[in.tcursor].kind != 0 {
			vis[in.tcursor].open = !vis[in.tcursor].open
		}
		in.clamp()
	case in.pane == paneComponents && key.Matches(msg, k.ExpandAll):
		for _, n := range in.roots {
			setOpen(n, true)
		}
		in.clamp()
	case in.pane == paneComponents && key.Matches(msg, k.CollapseAll):
		for _, n := range in.roots {
			setOpen(n, false)
		}
		in.tcursor = min(in.tcursor, len(in.roots)-1)
		in.clamp()
	case key.Matches(msg, k.Up):
		in.scroll(-1)
	case key.Matches(msg, k.Down):
		in.scroll(1)
	case key.Matches(msg, k.PageUp):
		in.scroll(-in.contentHeight())
	case key.Matches(msg, k.PageDown):
		in.scroll(in.contentHeight())
	case key.Matches(msg, k.Top):
		in.scroll(-1 << 30)
	case key.Matches(msg, k.Bottom):
		in.scroll(1 << 30)
	}
	return nil
}
