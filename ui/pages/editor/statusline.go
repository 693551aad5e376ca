package editor

import (
	"fmt"
	"strings"

	"github.com/campaigns-cli/campaigns/model"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// statusLine is the editor's own line: the sync state, the channel,
// delivery type and status, and how far the draft is from publishable. It
// fits the window: at 80 columns the longer wordings give way in order of
// least use (the delivery type, then the long form of the check, then the
// channel) rather than being cut mid-word ("2 to fix befo").
func (m *Model) statusLine() string {
	s := m.c.Styles
	sync := m.syncText()
	state := s.Status(m.d.state).Render(m.d.state)
	long, short := m.checkText(), m.checkShort()
	full := s.Muted.Render(fmt.Sprintf("   %s · %s · ", m.d.channel(), m.d.delivery())) + state
	brief := s.Muted.Render(fmt.Sprintf("  %s · ", m.d.channel())) + state
	for _, c := range []struct{ mid, right string }{
		{full, long}, {brief, long}, {full, short}, {brief, short}, {"  " + state, short}, {"", short},
	} {
		left := sync + c.mid
		if common.Width(left)+2+common.Width(c.right) <= m.width {
			return left + strings.Repeat(" ", m.width-common.Width(left)-common.Width(c.right)) + c.right
		}
	}
	// Even the sync state alone is too long (a list of invalid
	// components): it is cut, the check stays whole.
	w := max(1, m.width-common.Width(short)-2)
	return common.Truncate(sync, w) + strings.Repeat(" ", max(2, m.width-common.Width(common.Truncate(sync, w))-common.Width(short))) + short
}

// checkShort is checkText in a few cells: "2 to fix", "✓ ready".
func (m *Model) checkShort() string {
	s := m.c.Styles
	if n := len(m.probs.items); n > 0 {
		return s.Warning.Render(fmt.Sprintf("%d to fix", n))
	}
	if m.d.state != "" && m.d.state != model.StatusDraft {
		return s.OK.Render("✓ no problems")
	}
	return s.OK.Render("✓ ready")
}
