package editor

import (
	"fmt"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/campaigns-cli/campaigns/api/ops"
	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/common"
	"github.com/campaigns-cli/campaigns/ui/pages/editor/dialogs"
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
		m.confirm("Edit a live campaign", fmt.Sprintf("Edit the live campaign '%s'? Changes reach recipients.", common.Clean(m.d.name())), editLiveMsg{})
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
	target := ""
	if m.f.Core != nil {
		target = m.f.Core.Target().String()
	}
	m.open(dialogs.NewSendLive(m.c.Styles, ops.CheckPatch(m.d.base, patch, m.f.Options), m.d.name(), target, m.keys.Cancel))
	return nil
}
