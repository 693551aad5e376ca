package editor

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// A campaign past DRAFT reaches people: it opens in view mode (every row
// read-only, a banner says so) until the person asks to edit it (E, asked
// once). While a live campaign is edited nothing goes after a pause in
// typing: ctrl+s first shows, component by component and in words, what
// would change, what would go, and what it would break, and sends only on
// y (decisions.md §2 "writes to live campaigns"). Drafts keep their
// automatic sync.

// live reports a campaign past DRAFT.
func (m *Model) live() bool {
	return m.d.loaded && m.d.state != "" && m.d.state != model.StatusDraft
}

// enterView puts a live campaign just loaded in view mode; one the person
// already chose to edit stays editable. On a read-only profile every
// campaign stays in view mode: the Review and the preview still show.
func (m *Model) enterView() {
	if m.f.ReadOnly != "" || (m.live() && !m.editingLive) {
		m.d.viewOnly = true
	}
}

// liveKey handles the keys that differ on a live campaign; ok is false for
// every other key.
func (m *Model) liveKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	k := m.keys
	switch {
	case m.f.ReadOnly != "" && key.Matches(msg, k.Unlock, k.Sync, k.Test):
		m.setNotice("Read-only: "+m.f.ReadOnly+".", true)
		return nil, true
	case !m.live():
		return nil, false
	case m.d.viewOnly && key.Matches(msg, k.Unlock):
		if m.d.lockedAll {
			m.setNotice(m.d.lockReason(""), true)
			return nil, true
		}
		m.dialog = &confirmDialog{title: "Edit a live campaign",
			text: fmt.Sprintf("Edit the live campaign '%s'? Changes reach recipients.", common.Clean(m.d.name())),
			yes: func(m *Model) tea.Cmd {
				m.d.viewOnly, m.editingLive = false, true
				m.setNotice("Editing the live campaign: nothing is sent until ctrl+s, which shows the changes first.", false)
				return nil
			}}
		return nil, true
	case m.d.viewOnly && key.Matches(msg, k.Sync):
		m.setNotice(m.viewReason(), false)
		return nil, true
	case key.Matches(msg, k.Sync):
		return m.askSend(), true
	}
	return nil, false
}

// viewReason is what view mode answers an edit.
func (m *Model) viewReason() string {
	return fmt.Sprintf("View mode: this %s campaign is live. E edits it.", m.d.state)
}

// banner is view mode's (or live editing's) line above the rows; "" for a
// draft.
func (m *Model) banner() string {
	s := m.c.Styles
	switch {
	case m.f.ReadOnly != "":
		return s.Locked.Render("View mode: read-only, " + m.f.ReadOnly)
	case !m.live():
		return ""
	case m.d.viewOnly:
		return s.Warning.Render(fmt.Sprintf("View mode: %s, read-only · E edits it (changes reach recipients)", m.d.state))
	}
	return s.Warning.Render(fmt.Sprintf("Editing a live %s campaign · nothing is sent until ctrl+s", m.d.state))
}

// bannerHeight is the banner's lines.
func (m *Model) bannerHeight() int {
	if m.live() || m.f.ReadOnly != "" {
		return 1
	}
	return 0
}

// askSend shows what ctrl+s would send to the live campaign, and asks.
func (m *Model) askSend() tea.Cmd {
	patch := nextPatch(m.d.base, m.d.work, nil)
	if patch == nil {
		m.setNotice("Nothing to send: the service has every edit.", false)
		return nil
	}
	m.dialog = &sendDialog{v: ops.CheckPatch(m.d.base, patch, m.f.Options)}
	return nil
}

// sendDialog asks before a live campaign's changes are sent.
type sendDialog struct{ v ops.Verdict }

// sendable: the state and the update's own checks let it go (what it
// breaks only needs the person's y).
func (d *sendDialog) sendable() bool { return d.v.Refusal == nil && len(d.v.Problems) == 0 }

func (d *sendDialog) update(m *Model, msg tea.KeyMsg) tea.Cmd {
	if msg.String() != "y" {
		if key.Matches(msg, m.keys.Cancel) || msg.String() == "n" {
			m.dialog = nil
		}
		return nil
	}
	m.dialog = nil
	if !d.sendable() || m.d.h == nil {
		return nil
	}
	h, ctx, force := m.d.h, m.c.Context(), len(d.v.Introduced) > 0
	m.setNotice("Sending to the live campaign…", false)
	return m.own(func() tea.Msg { return flushedMsg{err: h.Send(ctx, force)} })
}

func (d *sendDialog) footer() []key.Binding {
	if !d.sendable() {
		return []key.Binding{hint("esc", "keep editing")}
	}
	if len(d.v.Introduced) > 0 {
		return []key.Binding{hint("y", "send anyway"), hint("esc", "keep editing")}
	}
	return []key.Binding{hint("y", "send"), hint("esc", "keep editing")}
}

func (d *sendDialog) view(m *Model) string {
	s := m.c.Styles
	where := ""
	if m.f.Core != nil {
		where = " in " + m.f.Core.Target().String()
	}
	lines := []string{s.Text.Render(fmt.Sprintf("Send these changes to the %s campaign '%s'%s? Recipients get them.", d.v.State, m.d.name(), where)), ""}
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
	return m.box("Send to a live campaign", strings.Join(lines, "\n"))
}
